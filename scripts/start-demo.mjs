#!/usr/bin/env node
// `npm start`: the demo AG-UI server + a dependency-free static file server for the repo root
// (so /demo/ can load /dist/cdn/soliplex-chat.js). Ports: PORT (static, default 8080) and
// AGUI_PORT (AG-UI, default 8787, as demo/server/main.mjs). Loopback only unless HOST is set
// (it serves the whole repo, node_modules included).
import http from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAguiServer } from '../demo/server/agui-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 8080);
const aguiPort = Number(process.env.AGUI_PORT ?? 8787);
const host = process.env.HOST ?? 'localhost';

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

const agui = await startAguiServer({ port: aguiPort });
const agentUrl = `${agui.url}/agent`;

const server = http.createServer(async (req, res) => {
  const send = (status, body, headers = {}) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    res.end(body);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed');
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  // Lets the demo page find the agent without hard-coding the AG-UI port.
  if (pathname === '/demo-config.json') {
    return send(200, JSON.stringify({ agentUrl, aguiServer: agui.url }), { 'Content-Type': MIME['.json'] });
  }
  let file;
  try {
    file = resolve(root, `.${decodeURIComponent(pathname)}`);
  } catch {
    return send(400, 'bad path');
  }
  if (file !== root && !file.startsWith(root + sep)) return send(403, 'forbidden');
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

server.on('error', async (err) => {
  console.error(`static server: ${err.message}`);
  await agui.close();
  process.exit(1);
});
server.listen(port, host, () => {
  console.log(`Demo: http://localhost:${port}/demo/`);
  console.log(`Agent: ${agentUrl}`);
  console.log('Ctrl-C to stop.');
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    server.closeAllConnections();
    server.close();
    await agui.close();
    process.exit(0);
  });
}
