import type { JsonSchema } from './tool-registry.js';

/*
 * A synchronous check of a tool's JSON Schema, run by `register()`: a schema the validator could not
 * use (a `$ref` to nowhere, a bad `pattern`, a keyword of the wrong type) throws there, with the place
 * it is at, instead of failing every call later. The validator itself (json-schema-validator.ts)
 * loads on first use, so this stays small: it checks what would break validation, not every rule of
 * the meta-schema.
 */

/** Keywords whose value is one subschema, an array of them, or a map of them (as the validator walks them). */
const SCHEMA = ['additionalItems', 'unevaluatedItems', 'items', 'contains', 'additionalProperties', 'unevaluatedProperties', 'propertyNames', 'not', 'if', 'then', 'else'];
const SCHEMA_ARRAY = ['prefixItems', 'items', 'allOf', 'anyOf', 'oneOf'];
const SCHEMA_MAP = ['$defs', 'definitions', 'properties', 'patternProperties', 'dependentSchemas'];
const NUMBER = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'];
const TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

type Node = { schema: unknown; pointer: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const encode = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every subschema with its JSON pointer from the root. */
function subschemas(root: unknown): Node[] {
  const out: Node[] = [];
  const visit = (schema: unknown, pointer: string) => {
    out.push({ schema, pointer });
    if (!isObject(schema)) return;
    for (const key of SCHEMA) if (isObject(schema[key]) || typeof schema[key] === 'boolean') visit(schema[key], `${pointer}/${key}`);
    for (const key of SCHEMA_ARRAY) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach((s, i) => visit(s, `${pointer}/${key}/${i}`));
    }
    for (const key of SCHEMA_MAP) {
      const map = schema[key];
      if (isObject(map)) for (const [name, s] of Object.entries(map)) visit(s, `${pointer}/${key}/${encode(name)}`);
    }
  };
  visit(root, '');
  return out;
}

/** The value at a JSON pointer (`/a/b~1c`, percent-decoded as in a URI fragment), or undefined. */
function atPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

function checkOne(schema: unknown, at: string): string | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (!isObject(schema)) return `${at} is not a schema (an object or a boolean)`;
  const type = schema['type'];
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    const bad = types.find((t) => typeof t !== 'string' || !TYPES.has(t));
    if (bad !== undefined) return `${at}: unknown type ${JSON.stringify(bad)}`;
  }
  const required = schema['required'];
  if (required !== undefined && (!Array.isArray(required) || required.some((r) => typeof r !== 'string'))) {
    return `${at}: "required" must be an array of property names`;
  }
  if (schema['enum'] !== undefined && !Array.isArray(schema['enum'])) return `${at}: "enum" must be an array`;
  for (const key of NUMBER) {
    if (schema[key] !== undefined && typeof schema[key] !== 'number') return `${at}: "${key}" must be a number`;
  }
  const patterns = [schema['pattern'], ...(isObject(schema['patternProperties']) ? Object.keys(schema['patternProperties']) : [])];
  for (const pattern of patterns) {
    if (pattern === undefined) continue;
    if (typeof pattern !== 'string') return `${at}: "pattern" must be a string`;
    try {
      new RegExp(pattern, 'u');
    } catch {
      return `${at}: pattern ${JSON.stringify(pattern)} is not a valid regular expression`;
    }
  }
  if (schema['$ref'] !== undefined && typeof schema['$ref'] !== 'string') return `${at}: "$ref" must be a string`;
  return undefined;
}

/**
 * Throws a `TypeError` naming the first problem in `schema`, as the parameters of tool `toolName`.
 * `$ref`s must point into the schema itself (`#/definitions/x`, `#/$defs/x`, an `$anchor`, or an `$id`
 * declared in it): a tool's schema has nowhere to fetch others from.
 */
export function checkJsonSchema(schema: JsonSchema, toolName: string): void {
  const fail = (problem: string): never => {
    throw new TypeError(`Tool "${toolName}" has an invalid JSON Schema in its parameters: ${problem}`);
  };
  const nodes = subschemas(schema);
  const where = (pointer: string) => (pointer ? `"#${pointer}"` : 'the root');
  for (const { schema: node, pointer } of nodes) {
    const problem = checkOne(node, where(pointer));
    if (problem) fail(problem);
  }
  // Bases a `#/…` pointer may be relative to (the root, and any subschema that starts a resource).
  const resources = nodes.filter(({ schema: s, pointer }) => pointer === '' || (isObject(s) && typeof s['$id'] === 'string'));
  const ids = new Set<string>();
  const anchors = new Set<string>();
  for (const { schema: node } of nodes) {
    if (!isObject(node)) continue;
    if (typeof node['$anchor'] === 'string') anchors.add(node['$anchor']);
    const id = node['$id'] ?? node['id'];
    if (typeof id !== 'string') continue;
    if (id.startsWith('#')) anchors.add(id.slice(1));
    else ids.add(id.replace(/#$/, ''));
  }
  for (const { schema: node, pointer } of nodes) {
    if (!isObject(node) || typeof node['$ref'] !== 'string') continue;
    const ref = node['$ref'];
    const hash = ref.indexOf('#');
    const resource = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    const found =
      resource === ''
        ? fragment.startsWith('/') || fragment === ''
          ? resources.some(({ schema: base }) => atPointer(base, fragment) !== undefined)
          : anchors.has(fragment)
        : [...ids].some((id) => id === resource || id.endsWith(`/${resource}`));
    if (!found) fail(`$ref ${JSON.stringify(ref)} at ${where(pointer)} points to nothing in this schema`);
  }
}
