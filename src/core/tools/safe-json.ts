/**
 * JSON text for any value a page may hand over: a tool's result, a thrown value, a part's `value`.
 * `JSON.stringify` throws on cycles and BigInts, drops functions, turns Maps, Sets and Errors into
 * `{}` and walks a DOM node's whole page; the old fallback, `String(value)`, sent the model
 * `[object Object]`. This writer never throws, says what JSON cannot carry, and stops at a size bound
 * with a note of what it left out, so the model always reads something true. Loaded with the first
 * value that needs it (tool-result-text.ts writes plain JSON data itself).
 */

import { cutText, MAX_TOOL_RESULT_CHARS } from './tool-result-text.js';

/** Nesting depth past which a value is left out with a note. */
const MAX_DEPTH = 64;
/** The longest text kept of a DOM node's content. */
const NODE_TEXT_CHARS = 1000;

interface Walk {
  /** Characters left before values are left out (leaves and punctuation count as written). */
  left: number;
  /** The objects being written, outermost first, and their paths: a cycle names its target. */
  readonly stack: object[];
  readonly paths: string[];
}

/** JSON text for `value`, bounded to about `maxChars` (see the module comment); `undefined` is `null`. */
export function safeJson(value: unknown, maxChars = MAX_TOOL_RESULT_CHARS): string {
  // Room for the closing brackets and the notes written once the bound is reached.
  return write(value, { left: Math.max(64, maxChars) - 48, stack: [], paths: [] }, '$', 0) ?? 'null';
}

const note = (text: string) => JSON.stringify(`[${text}]`);

/** Counts `text` against the bound and returns it. */
function spend(walk: Walk, text: string): string {
  walk.left -= text.length;
  return text;
}

/** One value's JSON text, or `undefined` where JSON leaves it out (an undefined property). */
function write(value: unknown, walk: Walk, path: string, depth: number): string | undefined {
  switch (typeof value) {
    case 'undefined':
      return undefined;
    case 'string':
      return spend(walk, JSON.stringify(cutText(value, Math.max(64, walk.left))));
    case 'number':
      // NaN and the infinities say what they are, not JSON's `null`.
      return spend(walk, Number.isFinite(value) ? String(value) : `"${value}"`);
    case 'bigint':
      // JSON numbers have no size limit: the digits stay exact.
      return spend(walk, String(value));
    case 'symbol':
      return spend(walk, note(String(value)));
    case 'function':
      return spend(walk, note(`function ${value.name}`.trim()));
    case 'object':
      if (value === null) return spend(walk, 'null');
      break;
    default:
      return spend(walk, String(value));
  }
  const cycle = walk.stack.indexOf(value);
  if (cycle >= 0) return spend(walk, note(`circular reference to ${walk.paths[cycle]}`));
  walk.stack.push(value);
  walk.paths.push(path);
  try {
    if (depth >= MAX_DEPTH) return spend(walk, note(`${kindOf(value)} nested too deep, left out`));
    return writeObject(value, walk, path, depth);
  } catch (error) {
    // A throwing getter, toJSON or Proxy trap spoils only this value.
    return spend(walk, note(`unreadable ${kindOf(value)}: ${error instanceof Error ? error.message : String(error)}`));
  } finally {
    walk.stack.pop();
    walk.paths.pop();
  }
}

function writeObject(object: object, walk: Walk, path: string, depth: number): string | undefined {
  if (isNode(object)) return spend(walk, note(describeNode(object)));
  if (typeof (object as { then?: unknown }).then === 'function') return spend(walk, note('Promise: not awaited'));
  if (object instanceof RegExp) return spend(walk, JSON.stringify(String(object)));
  if (object instanceof Error) {
    // Name and message first (not enumerable), then its own fields (`code`…), `cause` and `errors`.
    const { cause, errors } = object as Error & { cause?: unknown; errors?: unknown };
    const entries = [['name', object.name], ['message', object.message], ...ownEntries(object), ['cause', cause], ['errors', errors]];
    return writeEntries(entries.filter(([key], i) => i < 2 || (key !== 'name' && key !== 'message')) as [string, unknown][], walk, path, depth);
  }
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const replaced: unknown = toJSON.call(object);
    if (replaced !== object) return write(replaced, walk, path, depth + 1);
  }
  if (Array.isArray(object) || (ArrayBuffer.isView(object) && 'length' in object)) {
    return writeList(object as ArrayLike<unknown>, walk, path, depth);
  }
  if (object instanceof Set) return writeList([...object], walk, path, depth);
  if (object instanceof Map) {
    const pairs = [...object];
    // Keys that read as text make an object; other keys keep their [key, value] pairs.
    return pairs.every(([key]) => typeof key !== 'object' && typeof key !== 'function' && typeof key !== 'symbol')
      ? writeEntries(pairs.map(([key, item]) => [String(key), item]), walk, path, depth)
      : writeList(pairs, walk, path, depth);
  }
  const entries = ownEntries(object);
  // An object that keeps everything internal (Blob, WeakMap, ArrayBuffer…) is named, not shown as `{}`.
  if (entries.length === 0 && kindOf(object) !== 'object') return spend(walk, note(kindOf(object)));
  return writeEntries(entries, walk, path, depth);
}

function writeList(list: ArrayLike<unknown>, walk: Walk, path: string, depth: number): string {
  const parts: string[] = [];
  for (let i = 0; i < list.length; i++) {
    if (walk.left <= 0) {
      parts.push(note(`… ${list.length - i} more items left out`));
      break;
    }
    // Holes and undefined items are `null`, as in JSON.
    parts.push(write(list[i], walk, `${path}[${i}]`, depth + 1) ?? spend(walk, 'null'));
    walk.left -= 1;
  }
  walk.left -= 2;
  return `[${parts.join(',')}]`;
}

function writeEntries(entries: readonly (readonly [string, unknown])[], walk: Walk, path: string, depth: number): string {
  const parts: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    if (walk.left <= 0) {
      parts.push(`"…":${note(`${entries.length - i} more properties left out`)}`);
      break;
    }
    const [key, item] = entries[i]!;
    const name = JSON.stringify(key);
    const text = write(item, walk, /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${name}]`, depth + 1);
    if (text !== undefined) parts.push(spend(walk, `${name}:`) + text);
    walk.left -= 1;
  }
  walk.left -= 2;
  return `{${parts.join(',')}}`;
}

/** Own enumerable string-keyed properties, each read on its own (a throwing getter spoils only itself). */
function ownEntries(object: object): [string, unknown][] {
  return Object.keys(object).map((key) => {
    try {
      return [key, (object as Record<string, unknown>)[key]];
    } catch (error) {
      return [key, `[unreadable: ${error instanceof Error ? error.message : String(error)}]`];
    }
  });
}

type NodeLike = Partial<Element> & Pick<Node, 'nodeType' | 'nodeName' | 'textContent'>;

/** A DOM node, from this window or another (an iframe's nodes fail `instanceof Node`). */
function isNode(object: object): object is NodeLike {
  const node = object as Partial<Node>;
  return typeof node.nodeType === 'number' && typeof node.nodeName === 'string' && typeof node.cloneNode === 'function';
}

/** A node in words: what it is and the start of its text, never its markup or its tree. */
function describeNode(node: NodeLike): string {
  const text = cutText((node.textContent ?? '').replace(/\s+/g, ' ').trim(), NODE_TEXT_CHARS);
  const what =
    node.nodeType === 1
      ? `DOM element <${node.localName}${node.id ? ` id="${node.id}"` : ''}${typeof node.className === 'string' && node.className ? ` class="${node.className}"` : ''}>`
      : `DOM node ${node.nodeName}`;
  return text ? `${what}, text: ${JSON.stringify(text)}` : what;
}

function kindOf(object: object): string {
  try {
    const name = Array.isArray(object) ? 'array' : (object.constructor as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' && name && name !== 'Object' ? name : 'object';
  } catch {
    return 'object';
  }
}
