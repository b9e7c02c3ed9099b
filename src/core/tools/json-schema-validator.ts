import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { ArgumentCheck, ArgumentIssue, JsonSchema } from './tool-registry.js';

/*
 * Validates tool arguments against a plain JSON Schema with @cfworker/json-schema: an interpreter
 * (no `new Function`, no eval, so it runs under a strict CSP) with `$ref`, `definitions`/`$defs`,
 * `if`/`then`/`else` and formats, drafts 4 to 2020-12. Loaded on demand: a page whose tools use zod
 * schemas, or none, never fetches it.
 */

const DRAFTS: [RegExp, SchemaDraft][] = [
  [/draft-04/, '4'],
  [/draft-0[67]/, '7'],
  [/2019-09/, '2019-09'],
  [/2020-12/, '2020-12'],
];

/** `#/a/0/b~1c` → ['a', '0', 'b/c'] */
function pathOf(instanceLocation: string): string[] {
  const pointer = instanceLocation.replace(/^#/, '');
  return pointer === '' ? [] : pointer.slice(1).split('/').map((k) => decodeURIComponent(k).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Only the innermost errors: "A subschema had errors." and the like only wrap the ones below them. */
function leafErrors(errors: readonly OutputUnit[]): OutputUnit[] {
  return errors.filter((e) => !errors.some((other) => other !== e && other.keywordLocation.startsWith(`${e.keywordLocation}/`)));
}

/**
 * Compiled validators by schema text: a page that builds registries anew (a framework re-render, an
 * augmentation adding a group) reuses them instead of compiling in the middle of a tool hop. Bounded:
 * the oldest go first.
 */
const compiled = new Map<string, (args: unknown) => ArgumentCheck>();
const MAX_COMPILED = 256;

/**
 * Compiles `schema` (checked by `checkJsonSchema` at register), or reuses the validator of an equal
 * schema. The validator gets its own copy: it annotates the objects it walks, and the page's object
 * is also what the model is sent.
 */
export function compileJsonSchema(schema: JsonSchema): (args: unknown) => ArgumentCheck {
  const text = JSON.stringify(schema);
  let check = compiled.get(text);
  if (!check) {
    check = compile(JSON.parse(text) as Schema);
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(text, check);
  }
  return check;
}

function compile(copy: Schema): (args: unknown) => ArgumentCheck {
  const declared = typeof copy.$schema === 'string' ? copy.$schema : '';
  // 2019-09 by default: it reads both `definitions` and `$defs`, and `items` as a schema or a tuple.
  const draft = DRAFTS.find(([pattern]) => pattern.test(declared))?.[1] ?? '2019-09';
  const validator = new Validator(copy, draft, false);
  return (args) => {
    const result = validator.validate(args);
    if (result.valid) return { success: true, data: args };
    const issues: ArgumentIssue[] = leafErrors(result.errors).map((e) => {
      // A missing property is reported on its parent; name the property itself, as zod does.
      const missing = e.keyword === 'required' ? /property "(.*)"\.$/.exec(e.error)?.[1] : undefined;
      const path = pathOf(e.instanceLocation);
      return { path: missing === undefined ? path : [...path, missing], message: missing === undefined ? e.error : 'Required' };
    });
    return { success: false, issues };
  };
}
