#!/usr/bin/env node
// `npm start`: the demo AG-UI server + the static server for the repo root (so /demo/ can load
// /dist/cdn/soliplex-chat.js; built host apps are at /hosts/<name>/). Ports: PORT (static,
// default 8080) and AGUI_PORT (AG-UI, default 8787, as demo/server/main.mjs). Loopback only
// unless HOST is set (it serves the whole repo, node_modules included).
import { startDemoServers } from './demo-servers.mjs';

let servers;
try {
  servers = await startDemoServers({
    port: Number(process.env.PORT ?? 8080),
    aguiPort: Number(process.env.AGUI_PORT ?? 8787),
    host: process.env.HOST ?? 'localhost',
  });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`Demo: ${servers.url}/demo/`);
console.log(`Agent: ${servers.agentUrl}`);
console.log('Host apps (after `node scripts/build-hosts.mjs`): /hosts/react/, /hosts/vue/, /hosts/angular/');
console.log('Ctrl-C to stop.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await servers.close();
    process.exit(0);
  });
}
