// Two builds from src/:
//  - dist/npm: ES modules 1:1 with src (preserveModules) + .d.ts; every dependency external so
//    the consumer's bundler dedupes lit/zod/@ag-ui with the rest of their app.
//  - dist/cdn: self-contained, minified ES modules for <script type="module">. The entry
//    (soliplex-chat.js, from src/cdn.ts) holds what an empty chat's first paint needs; the engine,
//    the message list and the transports are dynamic import()s started when a chat connects, and
//    the JSON-Schema validator (zod) loads only when a tool declared with JSON Schema is validated.
//    A second entry, core.js, is the whole engine API for pages that build their own engine; it
//    shares its chunks with the element's. Nothing here imports @ag-ui/client: a page that passes an
//    `agent` brings it.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';
import { a2uiZodV3Rollup } from './scripts/a2ui-zod-v3.mjs';
import { inlineEventTypes } from './scripts/inline-event-types.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const deps = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
// Bare package name or any subpath of it (lit/decorators.js, @ag-ui/core/schemas, zod/v4 …).
const isDependency = (id) => deps.some((d) => id === d || id.startsWith(`${d}/`));

// Don't let rollup swallow warnings that usually mean a broken bundle.
function onwarn(warning, warn) {
  const inDeps = /node_modules/.test(warning.id ?? warning.ids?.[0] ?? '');
  // Noise from dependencies' own builds: zod's misplaced /*@__PURE__*/ comments, TS-downlevel
  // helpers `(this && this.__extends)` at module top level (this === undefined in ESM is fine).
  if (inDeps && ['CIRCULAR_DEPENDENCY', 'INVALID_ANNOTATION', 'THIS_IS_UNDEFINED'].includes(warning.code)) return;
  if (['UNRESOLVED_IMPORT', 'MISSING_EXPORT', 'MISSING_NODE_BUILTINS'].includes(warning.code)) {
    throw new Error(`rollup: ${warning.message}`);
  }
  warn(warning);
}

// plugin-typescript's maps under preserveModules name src/ one folder too high (outside the
// package); point them at the shipped src/ (package.json `files`) instead. Dependencies' sources
// keep their node_modules path; their text is in sourcesContent.
const root = dirname(fileURLToPath(import.meta.url));
function shippedSource(source, mapPath) {
  const at = source.lastIndexOf('src/');
  if (source.includes('node_modules/') || at < 0) return source;
  return relative(dirname(mapPath), join(root, source.slice(at)));
}

// Empty the output dir first: chunk names carry hashes, so stale chunks would pile up (and be
// counted by scripts/size.mjs).
const clean = (dir) => ({ name: 'clean', buildStart: () => rmSync(dir, { recursive: true, force: true }) });

const npm = {
  input: { index: 'src/index.ts', 'core/index': 'src/core/index.ts', 'react/index': 'src/react/index.ts', 'testing/index': 'src/testing/index.ts', inspector: 'src/inspector.ts', a2ui: 'src/a2ui.ts' },
  external: isDependency,
  onwarn,
  plugins: [
    clean('dist/npm'),
    typescript({
      tsconfig: 'tsconfig.build.json',
      outDir: 'dist/npm',
      declarationDir: 'dist/npm',
    }),
  ],
  output: {
    dir: 'dist/npm',
    format: 'es',
    sourcemap: true,
    sourcemapPathTransform: shippedSource,
    preserveModules: true,
    preserveModulesRoot: 'src',
    // plugin-typescript forces importHelpers, so decorators import `tslib`. tslib is not a
    // runtime dependency, so its (tree-shaken) helpers get bundled; preserveModules would put
    // them under dist/npm/node_modules/, which npm refuses to publish — rename to vendor/.
    entryFileNames: (chunk) =>
      chunk.name.includes('node_modules/')
        ? `vendor/${chunk.name.slice(chunk.name.lastIndexOf('node_modules/') + 'node_modules/'.length)}.js`
        : '[name].js',
  },
};

const cdn = {
  // inspector.js: <soliplex-inspector>, a developer tool loaded only by pages that import it.
  input: { 'soliplex-chat': 'src/cdn.ts', extras: 'src/cdn-extras.ts', core: 'src/core/index.ts', inspector: 'src/inspector.ts' },
  // The lazy chunks import shared code back from the entry chunk; 'strict' would turn
  // soliplex-chat.js into a 1-line facade over chunks/index-*.js (an extra request on load).
  preserveEntrySignatures: 'allow-extension',
  // The rare page events' modules only declare classes (their static fields read as side effects): the
  // room, which imports its sign-in event through events.ts, must not load them for nothing.
  treeshake: { moduleSideEffects: (id) => !RARE_EVENTS.some((path) => id.endsWith(path)) },
  onwarn,
  plugins: [
    clean('dist/cdn'),
    a2uiZodV3Rollup(),
    nodeResolve({
      browser: true,
      // 'es2015' picks rxjs's ES2015 build over its ES5 one (classes, no down-levelled helpers).
      exportConditions: ['browser', 'es2015'],
      // One copy of each, whatever nested node_modules a future install produces: two Lits
      // break instanceof/registration, and zod is the single biggest dependency.
      dedupe: ['lit', 'lit-html', 'lit-element', '@lit/reactive-element', 'zod'],
    }),
    typescript({
      tsconfig: 'tsconfig.build.json',
      outDir: 'dist/cdn',
      declaration: false,
      declarationMap: false,
    }),
    // AG-UI's event type names as plain strings: the enum object then leaves every chat's bytes.
    inlineEventTypes(),
    // The whitespace and comments inside html`` and css`` templates (terser leaves string contents
    // alone): about a tenth of the CDN bundle.
    minifyHTML(),
    // Default comment handling keeps @license headers (Lit's BSD-3 notice) in the CDN bundle.
    terser({ module: true, ecma: 2022 }),
  ],
  output: {
    dir: 'dist/cdn',
    format: 'es',
    sourcemap: true,
    sourcemapPathTransform: shippedSource,
    entryFileNames: '[name].js',
    // A lazily loaded module keeps its name (own-engine, soliplex-message-list …); code shared by
    // several entries or lazy chunks goes to shared-*.js (rollup would name it after one of them).
    // A translation is chunks/locale-<tag>-*.js (src/elements/shared/locales/), loaded only by `lang`.
    chunkFileNames: (chunk) =>
      chunk.isDynamicEntry && /[\\/]shared[\\/]locales[\\/]/.test(chunk.facadeModuleId ?? '')
        ? 'chunks/locale-[name]-[hash].js'
        : chunk.isDynamicEntry || ['first-paint', 'chat-parts', 'tool-machinery', 'soliplex-room', 'local-threads', 'events-rare'].includes(chunk.name)
          ? 'chunks/[name]-[hash].js'
          : 'chunks/shared-[hash].js',
    // Everything the first paint needs in one chunk, the entry soliplex-chat.js itself (src/cdn.ts is
    // in the group, so no facade file and no second request): rollup would otherwise split what the
    // other entries and the lazy chunks also use into several small chunks, each a request and its own gzip.
    // Likewise what every chat loads on connect (chat-parts.ts: the engine, the message list, the
    // status line, the runtime), but for the transports and the optional features' chunks.
    manualChunks: (id, { getModuleInfo }) => {
      const { firstPaint, chatParts, toolMachinery } = chunkGroups(getModuleInfo);
      // The first paint provides the chat's context; only the lazy parts consume it. (The closure
      // below reaches these through @lit/context's index, which re-exports them.)
      if (CONTEXT_CONSUMER.some((path) => id.endsWith(path))) return 'chat-parts';
      if (firstPaint.has(id)) return 'first-paint';
      // The SSE reader too: both backends' transports read with it (only a page's `agent` does not).
      // And an answer's feedback buttons (soliplex-answer-extras), which every chat loads with its
      // first answer (feedback is on by default): one request and one gzip dictionary with the message
      // list. Its sources, usage line and reason field (answer-extras-view) load on their own, with
      // the first answer that shows one.
      if (chatParts.has(id) || SSE_READER.some((path) => id.endsWith(path)) || ANSWER_EXTRAS.some((path) => id.endsWith(path))) return 'chat-parts';
      // What resolves a page's tools (groups, skills) and runs their calls, loaded with a page's first tools (tool-machinery.ts): one request.
      // The JSON Schema check of a page's tools too: it loads with the first tool declared with JSON Schema.
      if (toolMachinery.has(id) || id.endsWith('src/core/tools/json-schema-check.ts')) return 'tool-machinery';
      // A Soliplex room loads its controller, the sign-in and documents probes, the rooms API, the
      // transport and the feedback and usage routes together: one request, one gzip dictionary.
      if (SOLIPLEX_ROOM.some((path) => id.endsWith(path))) return 'soliplex-room';
      // A generic chat's own engine keeps its threads in this browser (`persist`): both halves at once.
      if (LOCAL_THREADS.some((path) => id.endsWith(path))) return 'local-threads';
      // The page events a plain answer never fires (tools, interrupts, state…), with the public module that
      // exports every event: loaded with the first such engine event. Not with the room (room-extras
      // imports its sign-in event through events.ts), which would pull them in as its dependencies.
      if (RARE_EVENTS.some((path) => id.endsWith(path))) return 'events-rare';
      return undefined;
    },
  },
};

const SOLIPLEX_ROOM = [
  'src/controllers/soliplex-room-controller.ts',
  'src/elements/soliplex-chat/room-extras.ts',
  'src/controllers/soliplex-sign-in-keys.ts',
  // The requests every run makes (the thread list's calls, soliplex-api.ts, load with the list).
  'src/core/transport/soliplex/soliplex-client.ts',
  'src/core/transport/soliplex/soliplex-transport.ts',
  'src/core/transport/soliplex/soliplex-plain-input.ts',
  'src/core/transport/soliplex/soliplex-follow.ts',
  'src/core/transport/soliplex/soliplex-run-extras.ts',
  // The answers' feedback, usage and chunk routes (asked with the first answer of a Soliplex thread).
  'src/controllers/answer-extras-soliplex.ts',
];
const RARE_EVENTS = ['src/events-rare.ts', 'src/events.ts'];
const LOCAL_THREADS = ['src/core/threads/local-thread-sync.ts', 'src/core/threads/local-thread-store.ts'];
const ANSWER_EXTRAS = ['src/elements/soliplex-answer-extras/soliplex-answer-extras.ts', 'src/elements/soliplex-answer-extras/soliplex-answer-extras.styles.ts'];
const SSE_READER = [
  'src/core/transport/sse-reader.ts',
  'src/core/transport/event-frame.ts',
  'src/core/transport/yield-to-page.ts',
  // The abortable wait: the Soliplex transport's resumes, the busy wait and re-attaching use it as the
  // tool call runner does; in tool-machinery, it made every Soliplex chat load that chunk statically.
  'src/core/abortable-delay.ts',
];

const CONTEXT_CONSUMER = ['@lit/context/lib/controllers/context-consumer.js', '@lit/context/lib/decorators/consume.js'];

let groups;
/**
 * src/cdn.ts and the modules it imports statically, directly or not (the entry chunk), and those
 * the chat parts do, but for the first paint's. Not through the core's index, which re-exports the
 * whole engine: element code imports core modules one by one.
 */
function chunkGroups(getModuleInfo) {
  if (groups) return groups;
  const src = (path) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
  const coreIndex = src('core/index.ts');
  const closure = (roots, except = new Set()) => {
    const found = new Set();
    const visit = (id) => {
      for (const next of getModuleInfo(id)?.importedIds ?? [])
        if (next !== coreIndex && !except.has(next) && !found.has(next)) {
          found.add(next);
          visit(next);
        }
    };
    roots.forEach(visit);
    return found;
  };
  const firstPaint = closure([src('cdn.ts')]).add(src('cdn.ts'));
  const partRoots = getModuleInfo(src('elements/soliplex-chat/chat-parts.ts')).dynamicallyImportedIds;
  const chatParts = closure(partRoots, firstPaint);
  partRoots.filter((id) => !firstPaint.has(id)).forEach((id) => chatParts.add(id));
  const machinery = src('core/tool-loop/tool-machinery.ts');
  const toolMachinery = closure([machinery], new Set([...firstPaint, ...chatParts]));
  toolMachinery.add(machinery);
  groups = { firstPaint, chatParts, toolMachinery };
  return groups;
}

export default [npm, cdn];
