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

export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.spec.ts', 'src/**/*.stories.ts'],
  outdir: '.',
  litelement: true,
  // Don't rewrite package.json on every run; its "customElements" field is already set.
  packagejson: false,
  plugins: [
    {
      name: 'dist-paths',
      packageLinkPhase: ({ customElementsManifest }) => {
        rewritePaths(customElementsManifest);
        // The glob's order is the file system's; sort so the check passes on every machine.
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      },
    },
  ],
};
