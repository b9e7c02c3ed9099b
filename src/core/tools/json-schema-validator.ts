import { fromJSONSchema } from 'zod/v4';
import type { JsonSchema } from './tool-registry.js';
import { jitlessZod } from './zod-config.js';

/**
 * Builds a validator for a tool declared with plain JSON Schema. Loaded on demand (a named import, so
 * bundlers keep only what it uses: zod's namespace would bring every locale along).
 */
export function compileJsonSchema(schema: JsonSchema) {
  jitlessZod(); // before the first schema is built: no `new Function` probe under a strict CSP
  return fromJSONSchema(schema as Parameters<typeof fromJSONSchema>[0]);
}
