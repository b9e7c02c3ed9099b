/**
 * RFC 6902 JSON Patch applied without mutating its input, for `STATE_DELTA`. Small on purpose: the
 * engine entry must load without `@ag-ui/client` (and its `fast-json-patch`).
 */

export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

type Container = Record<string, unknown> | unknown[];

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`Invalid JSON pointer "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function get(doc: unknown, tokens: string[]): unknown {
  let node = doc;
  for (const token of tokens) {
    if (!isContainer(node) || !(token in node)) throw new Error(`Path /${tokens.join('/')} does not exist`);
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** Copies the containers along `tokens` and applies `edit` to the last one. */
function withParent(doc: unknown, tokens: string[], edit: (parent: Container, key: string) => void): unknown {
  if (tokens.length === 0) throw new Error('The root cannot be edited in place');
  const root = Array.isArray(doc) ? [...doc] : { ...(doc as Record<string, unknown>) };
  let parent: Container = root;
  for (const token of tokens.slice(0, -1)) {
    const child = (parent as Record<string, unknown>)[token];
    if (!isContainer(child)) throw new Error(`Path /${tokens.join('/')} does not exist`);
    const copy = Array.isArray(child) ? [...child] : { ...child };
    (parent as Record<string, unknown>)[token] = copy;
    parent = copy;
  }
  edit(parent, tokens[tokens.length - 1]!);
  return root;
}

function arrayIndex(array: unknown[], key: string, forInsert: boolean): number {
  if (forInsert && key === '-') return array.length;
  const index = Number(key);
  const max = forInsert ? array.length : array.length - 1;
  if (!/^\d+$/.test(key) || index > max) throw new Error(`Array index ${key} is out of range`);
  return index;
}

function add(doc: unknown, tokens: string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  return withParent(doc, tokens, (parent, key) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
    else parent[key] = value;
  });
}

function remove(doc: unknown, tokens: string[]): unknown {
  get(doc, tokens);
  return withParent(doc, tokens, (parent, key) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
    else delete parent[key];
  });
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Applies `operations` in order; throws on an invalid operation, leaving the input untouched. */
export function applyJsonPatch(doc: unknown, operations: readonly JsonPatchOperation[]): unknown {
  let next = doc;
  for (const operation of operations) {
    const tokens = parsePointer(operation.path);
    switch (operation.op) {
      case 'add':
        next = add(next, tokens, operation.value);
        break;
      case 'remove':
        next = remove(next, tokens);
        break;
      case 'replace':
        next = tokens.length === 0 ? operation.value : add(remove(next, tokens), tokens, operation.value);
        break;
      case 'move': {
        const from = parsePointer(operation.from ?? '');
        const value = get(next, from);
        next = add(remove(next, from), tokens, value);
        break;
      }
      case 'copy':
        next = add(next, tokens, structuredClone(get(next, parsePointer(operation.from ?? ''))));
        break;
      case 'test':
        if (!deepEqual(get(next, tokens), operation.value)) throw new Error(`Test failed at ${operation.path}`);
        break;
      default:
        throw new Error(`Unknown patch operation ${(operation as { op: string }).op}`);
    }
  }
  return next;
}
