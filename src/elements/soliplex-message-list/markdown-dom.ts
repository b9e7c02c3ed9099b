import { noChange, render, type TemplateResult } from 'lit';
import { Directive, PartType, directive, type PartInfo } from 'lit/directive.js';

/** An element of parsed Markdown: one of the parser's own tags, with attributes it has already made safe. */
export interface MdElement {
  /** '' for no element of its own: the children go straight into the parent (a tight list item's text). */
  readonly tag: string;
  readonly children: readonly MdNode[];
  readonly attrs?: Readonly<Record<string, string>>;
}

/** Parsed Markdown: text (always a text node, never HTML), an element, or a live part that Lit renders (a code block). */
export type MdNode = string | MdElement | TemplateResult;

/** Whether a node is built as DOM here (text or an element), not a live part for Lit. */
export const isMdElement = (node: MdNode): node is string | MdElement => typeof node === 'string' || 'tag' in node;

export const mdElement = (tag: string, children: readonly MdNode[] = [], attrs?: Record<string, string>): MdElement =>
  attrs ? { tag, children, attrs } : { tag, children };

/**
 * Builds the DOM of parsed Markdown with createElement and text nodes. No Lit template per mark: a long
 * answer is thousands of them, and Lit would add its marker comments (about two per binding) and a part
 * object for each, none of which this text, fixed once parsed, ever needs. Live parts (a code block,
 * whose highlighting and "Copied" come later) are rendered by Lit, each in its own root.
 */
export function appendMarkdown(parent: Node, nodes: readonly MdNode[]): void {
  for (const node of nodes) {
    if (typeof node === 'string') parent.appendChild(document.createTextNode(node));
    else if (isMdElement(node)) {
      if (node.tag === '') {
        appendMarkdown(parent, node.children);
        continue;
      }
      const element = document.createElement(node.tag);
      for (const name in node.attrs) element.setAttribute(name, node.attrs[name]!);
      appendMarkdown(element, node.children);
      parent.appendChild(element);
    } else {
      const live = document.createDocumentFragment();
      render(node, live);
      parent.appendChild(live);
    }
  }
}

/** Markdown blocks for `markdownDom`: a key that tells these blocks from any others, and the blocks. */
export interface MarkdownBlocks {
  readonly key: unknown;
  /** How images were shown when the blocks were parsed (off, or the allowed origins): the same key parsed another way is built again. */
  readonly images?: boolean | string;
  /** The strings the blocks were built with (code blocks' buttons): other strings build them again. */
  readonly strings?: unknown;
  readonly nodes: readonly MdNode[];
}

/**
 * Renders Markdown blocks as DOM (see `appendMarkdown`), built again only when their key (or `images`, or `strings`) changes.
 * Only the key is kept: a finished message's parsed text is garbage once it is on screen.
 */
class MarkdownDomDirective extends Directive {
  #key: unknown = MarkdownDomDirective;
  #images?: boolean | string;
  #strings?: unknown;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.CHILD) throw new Error('markdownDom() renders in a child position');
  }

  render(blocks: MarkdownBlocks): unknown {
    const fragment = document.createDocumentFragment();
    appendMarkdown(fragment, blocks.nodes);
    return fragment;
  }

  override update(_part: unknown, [blocks]: [MarkdownBlocks]): unknown {
    if (blocks.key === this.#key && blocks.images === this.#images && blocks.strings === this.#strings) return noChange;
    this.#key = blocks.key;
    this.#images = blocks.images;
    this.#strings = blocks.strings;
    return this.render(blocks);
  }
}

export const markdownDom = directive(MarkdownDomDirective);
