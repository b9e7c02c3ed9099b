#!/usr/bin/env node
// CLI: node demo/server/main.mjs [--port N] [--host H] — starts the demo AG-UI server until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { startAguiServer } from './agui-server.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8787' }, host: { type: 'string', default: '127.0.0.1' } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid --port ${values.port}`);
  process.exit(2);
}

const server = await startAguiServer({ port, host: values.host });
console.log(`AG-UI demo server listening on ${server.url}`);
console.log(`  scripted model:  POST ${server.url}/agent`);
console.log(`  test scripts:    POST ${server.url}/scripts`);

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
