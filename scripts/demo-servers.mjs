// The demo's two servers, importable by `npm start` and the e2e tests: the demo AG-UI server
// (scripted model) and a dependency-free static server for the repo root, which also serves
// /demo-config.json (so pages find the agent without hard-coding its port) and each built host
// app, demo/hosts/<name>/dist, at /hosts/<name>/. Port 0 = an ephemeral port.
import http from 'node:http';
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

/**
 * Starts both servers. `host` is the static server's interface: loopback unless told otherwise
 * (it serves the whole repo, node_modules included).
 * @returns {Promise<{url: string, agentUrl: string, aguiUrl: string, close: () => Promise<void>}>}
 */
export async function startDemoServers({ port = 0, aguiPort = 0, host = 'localhost', model } = {}) {
  // model: unset means the server's default (a real one when OPENAI_API_KEY is set).
  const agui = await startAguiServer({ port: aguiPort, model, ...soliplexOptionsFromEnv() });
  const agentUrl = `${agui.url}/agent`;

  const server = http.createServer(async (req, res) => {
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed');
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/demo-config.json') {
      return send(200, JSON.stringify({ agentUrl, aguiServer: agui.url }), { 'Content-Type': MIME['.json'] });
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
    throw new Error(`static server: ${error.message}`, { cause: error });
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
