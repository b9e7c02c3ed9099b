import { fromJSONSchema } from 'zod/v4';
import type { JsonSchema } from './tool-registry.js';

/**
 * Builds a validator for a tool declared with plain JSON Schema. Loaded on demand (a named import, so
 * bundlers keep only what it uses: zod's namespace would bring every locale along).
 */
export function compileJsonSchema(schema: JsonSchema) {
  return fromJSONSchema(schema as Parameters<typeof fromJSONSchema>[0]);
}
