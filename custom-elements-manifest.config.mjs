// custom-elements.json (the package's "customElements" field): IDE completions, docs, Storybook.
// `npm run analyze` writes it; `npm run check:manifest` fails when it is stale.

/** Published paths: the package ships dist/npm/**.js, not src/**.ts. */
const toDistPath = (p) => p.replace(/^\/?src\/(.*)\.[jt]s$/, 'dist/npm/$1.js');

function rewritePaths(node) {
  if (Array.isArray(node)) node.forEach(rewritePaths);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'path' || key === 'module') && typeof value === 'string') node[key] = toDistPath(value);
      else rewritePaths(value);
    }
  }
}

/**
 * An event whose `@fires` description starts with "Deprecated:" gets the schema's `deprecated` field
 * (the typings generated from the manifest mark its handlers `@deprecated`).
 */
function markDeprecatedEvents(manifest) {
  for (const declaration of manifest.modules.flatMap((m) => m.declarations ?? [])) {
    for (const event of declaration.events ?? []) {
      const [, reason] = /^Deprecated:\s*(.*)$/s.exec(event.description ?? '') ?? [];
      if (reason !== undefined) event.deprecated = reason || true;
    }
  }
}

export default {
  globs: ['src/elements/**/*.ts'],
  // parts.ts and the exportparts.ts files are the parts table and what it generates, not elements; the
  // shipped translations (shared/locales/) are data that `lang` loads, not API.
  exclude: ['src/**/*.test.ts', 'src/**/*.spec.ts', 'src/**/*.stories.ts', 'src/elements/parts.ts', 'src/elements/*/exportparts.ts', 'src/elements/shared/locales/**'],
  outdir: '.',
  litelement: true,
  // Don't rewrite package.json on every run; its "customElements" field is already set.
  packagejson: false,
  plugins: [
    {
      name: 'dist-paths',
      packageLinkPhase: ({ customElementsManifest }) => {
        rewritePaths(customElementsManifest);
        markDeprecatedEvents(customElementsManifest);
        // The glob's order is the file system's; sort so the check passes on every machine.
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      },
    },
  ],
};
