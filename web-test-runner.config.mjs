// Browser tests: test/**/*.test.ts (not test/node/, those run under node --test) in the system
// Chromium via Playwright, TypeScript compiled on the fly by esbuild.
// A real AG-UI server (demo/server/agui-server.mjs) runs for the whole session; tests find its
// origin in globalThis.__AGUI_SERVER__.
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { findChromium } from './scripts/chromium-path.mjs';
import { a2uiZodV3Wds } from './scripts/a2ui-zod-v3.mjs';
import { defaultReporter } from '@web/test-runner';
import { failureRecapReporter } from './scripts/wtr-failure-recap.mjs';

const executablePath = findChromium();
if (!executablePath) {
  throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH.');
}

/**
 * The property suite's settings (test/core/tool-loop.property.test.ts): FUZZ_RUNS cases (1000 by
 * default), FUZZ_SEED and FUZZ_PATH to replay a failure, FUZZ_SCENARIO (the printed JSON) to rerun one
 * case exactly, FUZZ_EXCLUDE to leave features out. Written into the page as literals.
 */
const env = process.env;
const fuzz = {
  runs: Number(env.FUZZ_RUNS) || 1000,
  seed: env.FUZZ_SEED ? Number(env.FUZZ_SEED) : codeSeed(),
  path: env.FUZZ_PATH ? JSON.stringify(env.FUZZ_PATH) : 'undefined',
  scenario: env.FUZZ_SCENARIO ? JSON.stringify(env.FUZZ_SCENARIO) : 'undefined',
  exclude: JSON.stringify((env.FUZZ_EXCLUDE ?? '').split(',').filter(Boolean)),
};

/**
 * Under CI (and `npm test`), the cases are drawn from a seed the code itself gives: the git trees of
 * `src/` and `test/`. The same code is checked against the same cases on every machine, so a run on
 * this machine before a push checks exactly what CI will; a change of code draws new cases. Outside
 * git, and for `npm run test:fuzz`, a fresh seed each run.
 */
function codeSeed() {
  if (!env.CI && env.FUZZ_RUNS) return 'undefined';
  try {
    const trees = execFileSync('git', ['rev-parse', 'HEAD:src', 'HEAD:test'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return createHash('sha256').update(trees).digest().readUInt32BE(0) & 0x7fffffff;
  } catch {
    return 'undefined';
  }
}

/** @type {{ url: string, close: () => Promise<void> } | undefined} */
let aguiServer;

/** Starts the AG-UI server with the dev server, stops it with the dev server (also on failure). */
const aguiServerPlugin = {
  name: 'agui-server',
  async serverStart() {
    const { startAguiServer } = await import('./demo/server/agui-server.mjs');
    const { scriptedModel } = await import('./demo/server/scripted-model.mjs');
    // The scripted model even where OPENAI_API_KEY is set: tests need its exact answers, offline.
    aguiServer = await startAguiServer({ port: 0, model: scriptedModel });
  },
  async serverStop() {
    await aguiServer?.close();
  },
};

/** @type {Promise<{ url: string, close: () => Promise<void> }> | undefined} */
let mastraServer;

/**
 * A real agent framework for the interop tests (test/interop/): a Mastra agent with a scripted model.
 * Started on the first request for `/__mastra-server` (its URL, as JSON), so only runs that include
 * those tests pay for loading Mastra.
 */
const mastraServerPlugin = {
  name: 'mastra-server',
  serve(context) {
    if (context.path !== '/__mastra-server') return undefined;
    mastraServer ??= import('./test/interop/mastra-server.mjs').then(({ startMastraServer }) => startMastraServer({ port: 0 }));
    return mastraServer.then(({ url }) => ({ body: JSON.stringify({ url }), type: 'json' }));
  },
  async serverStop() {
    await (await mastraServer)?.close();
  },
};

/**
 * `executeServerCommand('emulate-touch', { enabled })`: the test's page as a touch screen (Chromium's
 * touch emulation, which makes \`(hover: none)\` and \`(pointer: coarse)\` match; the test checks
 * that they do). Turned off again, Chromium may keep \`(hover: none)\` until the page reloads: use it
 * last in a file.
 */
const touchEmulationPlugin = {
  name: 'emulate-touch',
  /** @param {{ command: string, payload?: { enabled?: boolean }, session: any }} call */
  async executeCommand({ command, payload, session }) {
    if (command !== 'emulate-touch') return undefined;
    const page = session.browser.getPage(session.id);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: !!payload?.enabled, maxTouchPoints: 1 });
    return true;
  },
};

let genUiServer;

/**
 * The AG-UI repository's generative UI middlewares for the interop tests (test/interop/genui-server.mjs:
 * A2UI and MCP Apps, with a local MCP server), started on the first request for `/__genui-server`.
 */
const genUiServerPlugin = {
  name: 'genui-server',
  serve(context) {
    if (context.path !== '/__genui-server') return undefined;
    genUiServer ??= import('./test/interop/genui-server.mjs').then(({ startGenUiServer }) => startGenUiServer());
    return genUiServer.then(({ url }) => ({ body: JSON.stringify({ url }), type: 'json' }));
  },
  async serverStop() {
    await (await genUiServer)?.close();
  },
};

/** The system Chromium, headless; `extraArgs` for configs that need more (the benchmarks). */
export function chromium(extraArgs = []) {
  return playwrightLauncher({
    product: 'chromium',
    launchOptions: {
      executablePath,
      headless: true,
      // --no-sandbox: CI runs as root. The rest stop Chromium phoning home on a closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        ...extraArgs,
      ],
    },
  });
}

export default {
  // Not test/consumers/: the consumer projects' node_modules hold other packages' test files.
  files: ['test/**/*.test.ts', '!test/node/**', '!test/consumers/**'],
  // 'development' = Lit's dev build: warns about mistakes (e.g. class fields shadowing reactive
  // properties) that the production build silently ignores.
  nodeResolve: { exportConditions: ['browser', 'development'] },
  plugins: [
    aguiServerPlugin,
    mastraServerPlugin,
    touchEmulationPlugin,
    genUiServerPlugin,
    a2uiZodV3Wds(),
    // The plugin hands tsconfig.json to esbuild as tsconfigRaw, so experimentalDecorators and
    // useDefineForClassFields:false (both required by Lit's TS decorators) apply. Absolute path:
    // it is read relative to the cwd otherwise.
    esbuildPlugin({ ts: true, tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
  ],
  reporters: [defaultReporter(), failureRecapReporter()],
  browsers: [chromium()],
  concurrentBrowsers: 1,
  // Test files run as parallel pages of the one browser; focus-sensitive tests may want 1.
  concurrency: Number(process.env.WTR_CONCURRENCY) || 2,
  browserStartTimeout: 30_000,
  testsStartTimeout: 30_000,
  // A long fuzz run (npm run test:fuzz) takes minutes.
  testsFinishTimeout: env.FUZZ_RUNS ? 1_800_000 : 120_000,
  testFramework: { config: { timeout: 10_000 } },
  // Runs before any test module, so tests can read the server URL (and the property suite its case
// count and seed: FUZZ_RUNS, FUZZ_SEED) synchronously.
  testRunnerHtml: (testFramework) => `<!doctype html>
<html>
  <head>
    <script>
      globalThis.__AGUI_SERVER__ = ${JSON.stringify(aguiServer?.url ?? '')};
      globalThis.__FUZZ_RUNS__ = ${fuzz.runs};
      globalThis.__FUZZ_SEED__ = ${fuzz.seed};
      globalThis.__FUZZ_PATH__ = ${fuzz.path};
      globalThis.__FUZZ_SCENARIO__ = ${fuzz.scenario};
      globalThis.__FUZZ_EXCLUDE__ = ${fuzz.exclude};
    </script>
  </head>
  <body>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  filterBrowserLogs: ({ args }) => !String(args[0] ?? '').startsWith('Lit is in dev mode'),
};
