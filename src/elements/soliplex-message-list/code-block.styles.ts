import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';

/**
 * A fenced code block and its token colours, added to the shadow root it lands in when it connects
 * (adopt-styles.ts): they load with the first code block, not with the message list.
 * Token colours follow the chat's theme with `light-dark()`: `<soliplex-chat>` sets `color-scheme` from
 * its `theme` (and `prefers-color-scheme` under `auto`), and the message list inherits it. A page's
 * `--soliplex-chat-code-*` property wins over both defaults.
 */
export const codeBlockStyles = css`
  :host {
    --_sc-code-keyword: var(--soliplex-chat-code-keyword, light-dark(#c4202b, #ff7b72));
    --_sc-code-title: var(--soliplex-chat-code-title, light-dark(#7033c9, #d2a8ff));
    --_sc-code-constant: var(--soliplex-chat-code-constant, light-dark(#0550ae, #79c0ff));
    --_sc-code-string: var(--soliplex-chat-code-string, light-dark(#0a3069, #a5d6ff));
    --_sc-code-built-in: var(--soliplex-chat-code-built-in, light-dark(#8a3b00, #ffa657));
    --_sc-code-comment: var(--soliplex-chat-code-comment, light-dark(#57606a, #9198a1));
    --_sc-code-tag: var(--soliplex-chat-code-tag, light-dark(#116329, #7ee787));
  }

  /* Code blocks: a header with the language and "Copy code" above the code. */
  .code-block {
    display: block;
    margin-block: 0.75em;
    border-radius: var(--_sc-radius);
    background: var(--_sc-code-background);
    overflow: hidden;
  }
  .code-header {
    display: flex;
    align-items: center;
    gap: var(--_sc-gap);
    padding-block: 0.2em;
    padding-inline: var(--_sc-gap) 0.3em;
    border-block-end: 1px solid var(--_sc-border);
    font-size: 0.8em;
    color: var(--_sc-muted);
  }
  .code-language {
    font-family: var(--_sc-mono-font);
  }
  .copy-status {
    margin-inline-start: auto;
  }
  .copy-code {
    font: inherit;
    color: var(--_sc-foreground);
    background: transparent;
    border: 1px solid transparent;
    border-radius: 4px;
    padding: 0.15em 0.5em;
    cursor: pointer;
  }
  .copy-code:hover {
    border-color: var(--_sc-border);
    background: var(--_sc-surface);
  }
  .copy-code:focus-visible {
    outline: ${focusOutline};
    outline-offset: 1px;
  }
  /* Code reads left to right in a right-to-left chat too. */
  .code-block pre {
    direction: ltr;
    text-align: left;
    margin: 0;
    border-radius: 0;
    background: none;
  }
  .code-block pre:focus-visible {
    outline: ${focusOutline};
    outline-offset: -2px;
  }

  /* highlight.js token classes (the names its grammars give; lowlight prefixes them with hljs-). */
  .hljs-keyword,
  .hljs-doctag,
  .hljs-template-tag,
  .hljs-template-variable,
  .hljs-type,
  .hljs-variable.language_,
  .hljs-meta .hljs-keyword {
    color: var(--_sc-code-keyword);
  }
  .hljs-title,
  .hljs-title.class_,
  .hljs-title.function_ {
    color: var(--_sc-code-title);
  }
  .hljs-attr,
  .hljs-attribute,
  .hljs-literal,
  .hljs-meta,
  .hljs-number,
  .hljs-operator,
  .hljs-variable,
  .hljs-selector-attr,
  .hljs-selector-class,
  .hljs-selector-id,
  .hljs-section {
    color: var(--_sc-code-constant);
  }
  .hljs-string,
  .hljs-regexp,
  .hljs-meta .hljs-string {
    color: var(--_sc-code-string);
  }
  .hljs-built_in,
  .hljs-symbol,
  .hljs-bullet {
    color: var(--_sc-code-built-in);
  }
  .hljs-comment,
  .hljs-code,
  .hljs-formula {
    color: var(--_sc-code-comment);
    font-style: italic;
  }
  .hljs-name,
  .hljs-quote,
  .hljs-selector-tag,
  .hljs-selector-pseudo {
    color: var(--_sc-code-tag);
  }
  .hljs-subst {
    color: var(--_sc-foreground);
  }
  .hljs-section,
  .hljs-strong {
    font-weight: bold;
  }
  .hljs-emphasis {
    font-style: italic;
  }
  .hljs-addition {
    color: var(--_sc-success);
  }
  .hljs-deletion {
    color: var(--_sc-danger);
  }
`;
