/* global window, document */ // inside page.evaluate / waitForFunction callbacks (they run in the page)
// The package as integrators get it: `npm pack`'s tarball, checked on its own and installed into
// fresh consumer projects (test/consumers/: Vite vanilla, React 18, React 19, Vue 3 with
// strictTemplates, Angular 21 with strictTemplates), each type-checked and built, and a Jest project
// (the README's ESM recipe, running the test kit). Their apps use the events in inline handlers
// (typed by the package, under noImplicitAny); each has a file of wrong bindings (`src/wrong.*`,
// `src/Wrong.vue`, left out of its build) that must fail `npm run check:wrong` with exactly the
// expected diagnostics: a wrong prop, and wrong fields named on the event's own class, so that an
// event typed `any`, or a handler whose parameter is implicitly `any`, fails the test (an expect-error
// comment would accept any error). The built apps then run in Chromium. Needs `npm run build` first (npm test runs it in test:e2e; packing skips `prepack`);
// the consumers install from the npm registry in parallel (about two minutes, Angular's the longest).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, mkdirSync, renameSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import { chromium } from 'playwright-core';
import { publint } from 'publint';
import { findChromium } from '../../scripts/chromium-path.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const consumersDir = join(root, 'test/consumers');
const packDir = join(consumersDir, '.pack');
/** Web apps (type-checked, built, run in Chromium). */
const APPS = ['vanilla', 'react18', 'react19', 'vue', 'angular'];
const CONSUMERS = [...APPS, 'jest'];
const execFileP = promisify(execFile);

/** Runs a command; rejects with its output. npm_* variables of a parent `npm run` are dropped. */
function run(command, args, cwd, extraEnv = {}) {
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_'))), ...extraEnv };
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', rejectRun);
    child.on('close', (code) =>
      code === 0 ? resolveRun(output) : rejectRun(new Error(`\`${command} ${args.join(' ')}\` in ${relative(root, cwd) || '.'} exited ${code}:\n${output}`)),
    );
  });
}

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));

let unpacked; // the tarball's contents (package/…)
const timings = {};

before(async () => {
  if (!existsSync(join(root, 'dist/npm/index.js')) || !existsSync(join(root, 'dist/types/vue.d.ts'))) {
    await run('npm', ['run', 'build'], root);
  }
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  // --ignore-scripts: dist is already built (just above, or by npm test's test:e2e), so `prepack`
  // (npm run build) would only build it a second time; the files packed are the same.
  await run('npm', ['pack', '--ignore-scripts', '--pack-destination', packDir], root);
  const [tgz] = readdirSync(packDir).filter((f) => f.endsWith('.tgz'));
  renameSync(join(packDir, tgz), join(packDir, 'soliplex-chat.tgz'));
  unpacked = mkdtempSync(join(tmpdir(), 'soliplex-pack-'));
  await execFileP('tar', ['-xzf', join(packDir, 'soliplex-chat.tgz'), '-C', unpacked]);

  // Fresh installs, as a new project gets them (no lockfile), in parallel; then the builds in turn.
  await Promise.all(
    CONSUMERS.map(async (name) => {
      const dir = join(consumersDir, name);
      rmSync(join(dir, 'node_modules/soliplex-chat'), { recursive: true, force: true });
      rmSync(join(dir, 'package-lock.json'), { force: true });
      const t = Date.now();
      await run('npm', ['install', '--no-audit', '--no-fund'], dir, { NG_CLI_ANALYTICS: 'false' });
      timings[name] = { install: Date.now() - t };
    }),
  );
  for (const name of CONSUMERS) {
    const t = Date.now();
    timings[name].output = await run('npm', ['run', 'build'], join(consumersDir, name), { NG_CLI_ANALYTICS: 'false' });
    timings[name].build = Date.now() - t;
  }
  for (const [name, t] of Object.entries(timings)) console.log(`# ${name}: install ${(t.install / 1000).toFixed(1)} s, build ${(t.build / 1000).toFixed(1)} s`);
});

after(() => unpacked && rmSync(unpacked, { recursive: true, force: true }));

describe('the packed tarball', () => {
  const pkgDir = () => join(unpacked, 'package');

  it('has a LICENSE matching package.json, and repository, homepage, bugs and keywords', () => {
    const pkg = JSON.parse(readFileSync(join(pkgDir(), 'package.json'), 'utf8'));
    assert.equal(pkg.license, 'MIT');
    assert.match(readFileSync(join(pkgDir(), 'LICENSE'), 'utf8'), /^MIT License/);
    assert.ok(pkg.repository?.url && pkg.homepage && pkg.bugs?.url && pkg.keywords?.length);
  });

  it('passes publint, suggestions included', async () => {
    const { messages } = await publint({ pkgDir: pkgDir(), pack: false, level: 'suggestion' });
    assert.deepEqual(messages, []);
  });

  it('ships sourcemaps whose sources are in the package or inlined', () => {
    const maps = walk(join(pkgDir(), 'dist')).filter((f) => f.endsWith('.map'));
    assert.ok(maps.length > 50);
    const problems = [];
    for (const map of maps) {
      const { sources, sourcesContent } = JSON.parse(readFileSync(map, 'utf8'));
      sources.forEach((source, i) => {
        const at = resolve(dirname(map), source);
        const shipped = at.startsWith(pkgDir() + sep) && existsSync(at);
        const ours = !source.includes('node_modules/');
        // Our sources must resolve to the shipped src/; a dependency's (tslib, lit in the CDN build) are inlined.
        if (ours ? !shipped : !(shipped || sourcesContent?.[i])) problems.push(`${relative(pkgDir(), map)}: ${source}`);
        if (!map.endsWith('.d.ts.map') && !sourcesContent?.[i]) problems.push(`${relative(pkgDir(), map)}: no sourcesContent for ${source}`);
      });
    }
    assert.deepEqual(problems.slice(0, 10), []);
  });

  it('has no eval or new Function in its JavaScript', () => {
    const offenders = walk(join(pkgDir(), 'dist'))
      .filter((f) => f.endsWith('.js'))
      .filter((f) => /\bnew Function\s*\(|\beval\s*\(/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(offenders.map((f) => relative(pkgDir(), f)), []);
  });

  it('imports in a runtime without a DOM (node --conditions=browser) and leaves no stand-ins behind', async () => {
    const code = `const m = await import('soliplex-chat'); const c = await import('soliplex-chat/core');
      console.log(typeof m.SoliplexChat, typeof c.RunOrchestrator, typeof document, typeof HTMLElement, typeof customElements);`;
    const { stdout } = await execFileP(process.execPath, ['--conditions=browser', '--input-type=module', '-e', code], { cwd: join(consumersDir, 'vanilla') });
    assert.equal(stdout.trim(), 'function function undefined undefined undefined');
  });

  it('resolves for require() (an ESM-only package: Node >= 20.19 loads it with require)', async () => {
    const code = `const { resolve } = require; console.log(require.resolve('soliplex-chat').endsWith('dist/npm/index.js'));
      const [major, minor] = process.versions.node.split('.').map(Number);
      if (major > 20 || (major === 20 && minor >= 19)) console.log(typeof require('soliplex-chat/core').ToolRegistry); else console.log('function');`;
    const { stdout } = await execFileP(process.execPath, ['-e', code], { cwd: join(consumersDir, 'vanilla') });
    assert.equal(stdout.trim(), 'true\nfunction');
  });
});

describe('consumer projects (installed from the tarball, type-checked, built)', () => {
  const bundle = (name) => {
    const assets = join(consumersDir, name, name === 'angular' ? 'dist' : 'dist/assets');
    return readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
  };
  /** zod cores inlined in a bundle (zod 4 carries `{major:4,minor:…,patch:…}`; zod 3 `ZodFirstPartyTypeKind`). */
  const zodCopies = (code) => (code.match(/\{major:\d+,minor:\d+,patch:\d+\}/g) ?? []).length + (code.match(/ZodFirstPartyTypeKind\s*=/g) ?? []).length;
  const zodInstalls = async (name) => {
    const { stdout } = await execFileP('npm', ['ls', 'zod', '--all', '--parseable'], { cwd: join(consumersDir, name) }).catch((e) => e);
    return new Set(stdout.split('\n').filter((l) => l.includes('node_modules'))).size;
  };

  it('jest: the README recipe (ESM mode, no transform) runs a test written with soliplex-chat/testing', async () => {
    assert.match(timings.jest.output, /Tests:\s+1 passed, 1 total/);
    assert.equal(await zodInstalls('jest'), 0);
  });

  for (const name of APPS) {
    it(`${name}: built, with at most the app's own zod in its install and bundle`, async () => {
      assert.ok(existsSync(join(consumersDir, name, 'dist/index.html')));
      const expected = name === 'react19' ? 1 : 0; // only react19 declares a tool with zod (its own zod 4)
      // The Angular CLI (a dev dependency) has a zod 4 of its own; the widget's packages share it.
      assert.equal(await zodInstalls(name), name === 'angular' ? 1 : expected, 'zod packages installed');
      assert.equal(zodCopies(bundle(name)), expected, 'zod copies bundled');
    });
  }

  /** What each app's `npm run check:wrong` must report, and nothing else. */
  const WRONG = {
    vanilla: [
      "TS2322 Type 'number' is not assignable to type 'string'.",
      "TS2339 Property 'outcome' does not exist on type 'SoliplexToolResultEvent'.",
      "TS2551 Property 'outcom' does not exist on type 'SoliplexRunFinishedEvent'. Did you mean 'outcome'?",
    ],
    react18: [
      "TS2322 Type 'number' is not assignable to type 'string'.",
      "TS2339 Property 'outcome' does not exist on type 'SoliplexToolResultEvent'.",
      "TS2551 Property 'outcom' does not exist on type 'SoliplexRunFinishedEvent'. Did you mean 'outcome'?",
    ],
    react19: [
      "TS2322 Type '\"sepia\"' is not assignable to type '\"auto\" | \"dark\" | \"light\" | undefined'.",
      "TS2322 Type 'number' is not assignable to type 'string'.",
      "TS2339 Property 'outcome' does not exist on type 'SoliplexToolResultEvent'.",
      "TS2551 Property 'outcom' does not exist on type 'SoliplexRunFinishedEvent'. Did you mean 'outcome'?",
    ],
    vue: [
      "TS2322 Type 'number' is not assignable to type 'string'.",
      "TS2339 Property 'outcome' does not exist on type 'SoliplexToolResultEvent'.",
      "TS2551 Property 'outcom' does not exist on type 'SoliplexRunFinishedEvent'. Did you mean 'outcome'?",
    ],
    angular: [
      "NG8002 Can't bind to 'agentUrll' since it isn't a known property of 'soliplex-chat'.",
      "TS2322 Type 'number' is not assignable to type 'string'.",
      "TS2339 Property 'outcome' does not exist on type 'SoliplexToolResultEvent'.",
      "TS2551 Property 'outcom' does not exist on type 'SoliplexRunFinishedEvent'. Did you mean 'outcome'?",
    ],
  };
  for (const [name, expected] of Object.entries(WRONG)) {
    it(`${name}: the type checker rejects a wrong value and wrong event fields, each on the event's own class`, async () => {
      const failure = await run('npm', ['run', 'check:wrong'], join(consumersDir, name), { NG_CLI_ANALYTICS: 'false' }).then(
        (output) => assert.fail(`the wrong bindings compiled:\n${output}`),
        (error) => error.message,
      );
      const diagnostics = [...stripVTControlCharacters(failure).matchAll(/ error (TS\d+|NG\d+): (.*)/g)].map(([, code, text]) => `${code} ${text.trim()}`);
      assert.deepEqual(diagnostics.sort(), expected);
    });
  }

  describe('in Chromium', () => {
    let browser;
    let server;
    let base;
    before(async () => {
      const types = { '.html': 'text/html', '.js': 'text/javascript' };
      server = createServer((req, res) => {
        const path = join(consumersDir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
        if (!path.startsWith(consumersDir) || !existsSync(path)) return res.writeHead(404).end();
        res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${server.address().port}`;
      browser = await chromium.launch({
        executablePath: findChromium(),
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      });
    });
    after(async () => {
      await browser?.close();
      server?.close();
    });

    for (const name of APPS) {
      it(`${name}: the chat gets its tools as a property and the app hears soliplex-run-finished`, async () => {
        const page = await browser.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        try {
          await page.goto(`${base}/${name}/dist/index.html`);
          await page.waitForFunction(() => window.consumerReady === true && document.querySelector('soliplex-chat')?.shadowRoot);
          const chat = await page.evaluate(() => {
            const el = document.querySelector('soliplex-chat');
            return { tools: el.toolRegistry.tools.map((t) => t.name), attribute: el.getAttribute('toolregistry'), agentUrl: el.agentUrl };
          });
          assert.deepEqual(chat, { tools: ['get_time'], attribute: null, agentUrl: 'http://127.0.0.1:9/agent' });
          // Nothing listens on port 9: the turn fails, and the app's handler shows the outcome.
          await page.evaluate(() => document.querySelector('soliplex-chat').send('hello'));
          await page.waitForFunction(() => document.querySelector('#log')?.textContent?.startsWith('finished:'), null, { timeout: 20_000 });
          assert.equal(await page.textContent('#log'), 'finished: failed failed');
          if (name === 'angular') {
            // A boolean input set by a bare attribute (`noCopy`, through booleanAttribute), and the
            // template reference's `element` (`chat.element.send(…)` from a click).
            assert.equal(await page.evaluate(() => document.querySelector('soliplex-chat').noCopy), true);
            await page.evaluate(() =>
              document.querySelector('soliplex-chat').addEventListener('soliplex-run-finished', (e) => (window.clicked = e.outcome), { once: true }),
            );
            await page.click('button');
            await page.waitForFunction(() => window.clicked === 'failed', null, { timeout: 20_000 });
          }
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
      });
    }
  });
});
