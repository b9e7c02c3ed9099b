#!/usr/bin/env node
// `npm start`: checks the ports, builds the widget (saying so while it works: a first build takes
// minutes on a slow machine), then starts the demo AG-UI server and the static server for the repo
// root (so /demo/ can load /dist/cdn/soliplex-chat.js; built host apps are at /hosts/<name>/) and
// ends with the URL. Settings: PORT (page server, default 8080), AGUI_PORT (AG-UI server, default
// 8787), HOST (default localhost: it serves the whole repo, node_modules included).
// `npm start -- --no-build` skips the build (dist/ from an earlier one).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portFromEnv, portProblem, startDemoServers } from './demo-servers.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fail = (message) => {
  console.error(message);
  process.exit(1);
};

let port;
let aguiPort;
try {
  port = portFromEnv(process.env, 'PORT', 8080);
  aguiPort = portFromEnv(process.env, 'AGUI_PORT', 8787);
} catch (error) {
  fail(error.message);
}
const host = process.env.HOST || 'localhost';
if (port !== 0 && port === aguiPort) fail(`PORT and AGUI_PORT are both ${port}: the two servers need two ports.`);

// Before the build, so a busy port is reported at once (port 0 is always free).
for (const problem of await Promise.all([
  port ? portProblem({ port, host, variable: 'PORT', what: 'the page server' }) : null,
  aguiPort ? portProblem({ port: aguiPort, host, variable: 'AGUI_PORT', what: 'the AG-UI demo server' }) : null,
])) {
  if (problem) fail(problem);
}

/** `npm run build`, its own output shown, with a line every 15 s so a long first build is not silent. */
function build() {
  const started = Date.now();
  console.log('Building the widget (npm run build: rollup, then the typings; a first build can take a few minutes)…');
  const ticker = setInterval(() => console.log(`  …still building (${Math.round((Date.now() - started) / 1000)} s)`), 15_000);
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', (error) => done(error.message));
    child.on('close', (code) => {
      clearInterval(ticker);
      if (code === 0) console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
      done(code === 0 ? null : `exit code ${code}`);
    });
  });
}

if (process.argv.includes('--no-build')) {
  if (!existsSync(join(repoRoot, 'dist/cdn/soliplex-chat.js'))) console.warn('--no-build, but nothing is built yet (no dist/cdn/soliplex-chat.js): the demo page needs `npm start` without it once.');
} else {
  const problem = await build();
  if (problem) fail(`The build failed (${problem}); its messages are above. Fix them and run \`npm start\` again.`);
}

console.log('Starting the demo AG-UI server and the page server…');
let servers;
try {
  servers = await startDemoServers({ port, aguiPort, host });
} catch (error) {
  fail(error.message);
}
// Every interface (0.0.0.0, ::) includes this machine's loopback: the URLs name localhost then.
const urlHost = ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
const agui = `http://${urlHost}:${new URL(servers.aguiUrl).port}`;
console.log(`Agent (AG-UI): ${agui}/agent; Soliplex API: ${agui}/api`);
console.log('Host apps (after `npm run build:hosts`): /hosts/react/, /hosts/vue/, /hosts/angular/');
console.log(`\nReady: open http://${urlHost}:${new URL(servers.url).port}/demo/ (Ctrl-C stops it)`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await servers.close();
    process.exit(0);
  });
}
