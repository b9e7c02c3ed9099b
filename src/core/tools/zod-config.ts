import { config } from 'zod/v4';

/**
 * Stops zod from ever evaluating code. zod 4 probes `new Function` (to JIT-compile object parsers)
 * when it builds its first object schema, and a strict CSP (`script-src` without 'unsafe-eval')
 * reports that as a violation even though zod catches the error. The setting is global (zod keeps it
 * on `globalThis`, shared by every zod copy) and applies to schemas built after it. Idempotent.
 */
export function jitlessZod(): void {
  config({ jitless: true });
}

// At import, so that schemas built by modules imported after this one are jitless. Importers also
// call `jitlessZod()`: a used export keeps this module, and so this call, in bundles that trust the
// package's `sideEffects` list.
jitlessZod();
