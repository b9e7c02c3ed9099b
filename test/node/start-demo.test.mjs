// `npm start` as a newcomer meets it: scripts/start-demo.mjs run as a child process (with
// --no-build: these tests are about its ports, not the build), on loopback ports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/start-demo.mjs', import.meta.url));

/** A port nothing listens on right now (the OS picks it). */
function freePort() {
  return new Promise((done, fail) => {
    const probe = net.createServer();
    probe.once('error', fail);
    probe.listen(0, 'localhost', () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => done(port));
    });
  });
}

/** Listens on a free port until the test ends: a port someone else is using. */
async function busyPort(/** @type {import('node:test').TestContext} */ t) {
  const server = net.createServer();
  await new Promise((done) => server.listen(0, 'localhost', done));
  t.after(() => new Promise((done) => server.close(done)));
  return /** @type {net.AddressInfo} */ (server.address()).port;
}

/**
 * Runs the start script; resolves when it exits, or when its output matches `until` (then it is
 * stopped with SIGTERM after the test). Only this test's child is ever signalled.
 */
function start(t, env, { until, args = ['--no-build'] } = {}) {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, OPENAI_API_KEY: '', SOLIPLEX_DELIVERY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => child.exitCode === null && child.kill('SIGTERM'));
  let stdout = '';
  let stderr = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no answer from the start script:\n${stdout}\n${stderr}`)), 30_000);
    const check = () => {
      if (until && until.test(stdout)) {
        clearTimeout(timer);
        done({ stdout, stderr, code: null });
      }
    };
    child.stdout.on('data', (chunk) => ((stdout += chunk), check()));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ stdout, stderr, code });
    });
  });
}

test('a busy PORT is explained in a sentence with what to do, before any build starts', async (t) => {
  const port = await busyPort(t);
  // Without --no-build: the port check comes first, so nothing is built.
  const { stdout, stderr, code } = await start(t, { PORT: String(port), AGUI_PORT: String(await freePort()) }, { args: [] });
  assert.equal(code, 1);
  assert.match(stderr, new RegExp(`Port ${port} \\(the page server\\) is already in use`));
  assert.match(stderr, new RegExp(`PORT=${port + 1} npm start`), 'says how to pick another port');
  assert.doesNotMatch(stderr, /^Error|EADDRINUSE|at .*\.mjs/m, 'a sentence, not a stack trace');
  assert.doesNotMatch(stdout, /Building/, 'failed before building');
});

test('a busy AGUI_PORT names the AG-UI server and AGUI_PORT', async (t) => {
  const aguiPort = await busyPort(t);
  const { stderr, code } = await start(t, { PORT: String(await freePort()), AGUI_PORT: String(aguiPort) });
  assert.equal(code, 1);
  assert.match(stderr, new RegExp(`Port ${aguiPort} \\(the AG-UI demo server\\) is already in use.*AGUI_PORT=${aguiPort + 1} npm start`));
});

test('a PORT that is not a port is named', async (t) => {
  const { stderr, code } = await start(t, { PORT: 'eighty' });
  assert.equal(code, 1);
  assert.match(stderr, /PORT=eighty is not a port/);
});

test('PORT and AGUI_PORT are honoured: it ends with the demo URL, whose page finds the agent on AGUI_PORT', async (t) => {
  const [port, aguiPort] = [await freePort(), await freePort()];
  const { stdout } = await start(t, { PORT: String(port), AGUI_PORT: String(aguiPort) }, { until: /Ready: open \S+/ });
  assert.match(stdout, new RegExp(`Ready: open http://localhost:${port}/demo/ `));
  const page = await fetch(`http://localhost:${port}/demo/`);
  assert.equal(page.status, 200);
  const config = await (await fetch(`http://localhost:${port}/demo-config.json`)).json();
  assert.equal(new URL(config.agentUrl).port, String(aguiPort));
  const agent = await (await fetch(`http://127.0.0.1:${aguiPort}/`)).json();
  assert.equal(agent.ok, true);
});
