// The demo's two servers, importable by `npm start` and the e2e tests: the demo AG-UI server
// (scripted model) and a dependency-free static server for the repo root, which also serves
// /demo-config.json (so pages find the agent without hard-coding its port) and each built host
// app, demo/hosts/<name>/dist, at /hosts/<name>/. Port 0 = an ephemeral port.
import http from 'node:http';
import net from 'node:net';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { soliplexOptionsFromEnv, startAguiServer } from '../demo/server/agui-server.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** /hosts/<name>/rest → demo/hosts/<name>/dist/rest (the built app, not its sources). */
function toRepoPath(pathname) {
  const host = /^\/hosts\/([^/]+)(\/.*)?$/.exec(pathname);
  return host ? `/demo/hosts/${host[1]}/dist${host[2] ?? ''}` : pathname;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * A listen error in a sentence a person can act on (the bare `EADDRINUSE` says neither which
 * server nor what to do). `variable` is the setting that chooses the port (PORT, AGUI_PORT).
 */
export function explainListenError(error, { port, host, variable, what }) {
  const code = /** @type {NodeJS.ErrnoException} */ (error).code;
  if (code === 'EADDRINUSE') {
    return `Port ${port} (${what}) is already in use, perhaps by another \`npm start\`. Stop that program, or choose another port: ${variable}=${port + 1} npm start`;
  }
  if (code === 'EACCES') {
    return `Port ${port} (${what}) needs privileges this user lacks (ports below 1024 usually do). Choose another port: ${variable}=8${String(port).padStart(3, '0')} npm start`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `HOST=${host} is not an address of this machine, so the ${what} cannot listen there. Use HOST=localhost (the default) or HOST=0.0.0.0 (every interface).`;
  }
  return `The ${what} could not listen on ${host}:${port}: ${error.message}`;
}

/** A port setting (PORT, AGUI_PORT) as a number, or an error naming the setting. */
export function portFromEnv(env, variable, fallback) {
  const text = env[variable];
  if (text === undefined || text === '') return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${variable}=${text} is not a port: use a whole number from 1 to 65535 (0 picks a free one).`);
  }
  return port;
}

/**
 * Resolves to an explained message when `port` cannot be listened on at `host`, else to null:
 * `npm start` asks before its build so a busy port is reported at once, not minutes later.
 */
export function portProblem({ port, host, variable, what }) {
  return new Promise((done) => {
    const probe = net.createServer();
    probe.once('error', (error) => done(explainListenError(error, { port, host, variable, what })));
    probe.listen(port, host, () => probe.close(() => done(null)));
  });
}

/**
 * Starts both servers. `host` is the interface both listen on: loopback unless told otherwise
 * (the static server serves the whole repo, node_modules included). Errors are explained (above).
 * @returns {Promise<{url: string, agentUrl: string, aguiUrl: string, close: () => Promise<void>}>}
 */
export async function startDemoServers({ port = 0, aguiPort = 0, host = 'localhost', model } = {}) {
  const loopback = LOOPBACK.has(host);
  let agui;
  try {
    // model: unset means the server's default (a real one when OPENAI_API_KEY is set).
    agui = await startAguiServer({ port: aguiPort, ...(loopback ? {} : { host }), model, ...soliplexOptionsFromEnv() });
  } catch (error) {
    throw new Error(explainListenError(error, { port: aguiPort, host, variable: 'AGUI_PORT', what: 'the AG-UI demo server' }), { cause: error });
  }
  const agentUrl = `${agui.url}/agent`;
  // Off loopback the page may come from another machine: it reaches the agent by the name it
  // used for the page, on the AG-UI server's port.
  const aguiUrlFor = (req) => {
    if (loopback) return agui.url;
    let pageHost = 'localhost';
    try {
      pageHost = new URL(`http://${req.headers.host}`).hostname; // IPv6 comes bracketed
    } catch {
      // no or a malformed Host header: the default
    }
    return `http://${pageHost}:${agui.port}`;
  };

  const server = http.createServer(async (req, res) => {
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed');
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/demo-config.json') {
      const aguiServer = aguiUrlFor(req);
      return send(200, JSON.stringify({ agentUrl: `${aguiServer}/agent`, aguiServer }), { 'Content-Type': MIME['.json'] });
    }
    let file;
    try {
      file = resolve(repoRoot, `.${decodeURIComponent(toRepoPath(pathname))}`);
    } catch {
      return send(400, 'bad path');
    }
    if (file !== repoRoot && !file.startsWith(repoRoot + sep)) return send(403, 'forbidden');
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        // /demo → /demo/ so the page's relative URLs resolve against the folder.
        if (!pathname.endsWith('/')) return send(301, '', { Location: `${pathname}/` });
        file = join(file, 'index.html');
        info = await stat(file);
      }
      res.writeHead(200, {
        'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
        'Content-Length': info.size,
        'Cache-Control': 'no-cache',
      });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file).pipe(res);
    } catch {
      send(404, `not found: ${pathname}`);
    }
  });

  try {
    await new Promise((resolveListen, rejectListen) => {
      server.once('error', rejectListen);
      server.listen(port, host, () => resolveListen());
    });
  } catch (error) {
    await agui.close();
    throw new Error(explainListenError(error, { port, host, variable: 'PORT', what: 'the page server' }), { cause: error });
  }
  const { port: boundPort } = server.address();

  return {
    url: `http://localhost:${boundPort}`,
    agentUrl,
    aguiUrl: agui.url,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(() => done()));
      await agui.close();
    },
  };
}
