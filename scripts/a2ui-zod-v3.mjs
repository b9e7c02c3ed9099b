// @a2ui/web_core (under @a2ui/lit, the A2UI renderer) is written against zod 3: its binder reads zod 3
// internals (`_def.typeName`). The project keeps one zod (4, package.json `overrides`), whose package
// also carries the zod 3 API as `zod/v3`: these plugins hand `zod/v3` to @a2ui's modules, in the CDN
// build (rollup) and in the test server (web-test-runner), so the renderer gets the API it was written
// for without a second zod package. The npm build leaves `zod` to the consumer's install (zod 3 there).
const fromA2ui = (importer) => typeof importer === 'string' && /[\\/]node_modules[\\/]@a2ui[\\/]/.test(importer);

/**
 * Rollup: `zod` imported by @a2ui resolves as `zod/v3` (before node-resolve). Also the one JSON module
 * web_core imports (`import … with { type: 'json' }`, its message schema), as a default export.
 */
export function a2uiZodV3Rollup() {
  return {
    name: 'a2ui-zod-v3',
    async resolveId(source, importer, options) {
      if (source !== 'zod' || !fromA2ui(importer)) return null;
      return this.resolve('zod/v3', importer, { ...options, skipSelf: true });
    },
    transform(code, id) {
      if (!id.endsWith('.json') || !fromA2ui(id)) return null;
      return { code: `export default ${JSON.stringify(JSON.parse(code))};`, map: { mappings: '' } };
    },
  };
}

/** Web dev server / test runner: the same, before its node resolution (the root zod is the project's). */
export function a2uiZodV3Wds() {
  return {
    name: 'a2ui-zod-v3',
    resolveImport({ source, context }) {
      return source === 'zod' && fromA2ui(context.path) ? '/node_modules/zod/v3/index.js' : undefined;
    },
  };
}
