#!/usr/bin/env node
// CLI: node demo/server/main.mjs [--port N] [--host H] — starts the demo AG-UI server until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { soliplexOptionsFromEnv, startAguiServer } from './agui-server.mjs';
import { openAiModelFromEnv } from './openai-model.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' }, // require this bearer token on the Soliplex API (default: no auth)
    delivery: { type: 'string' }, // Soliplex delivery: message (default), token, bounded:DELTAS,BYTES,MS
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid --port ${values.port}`);
  process.exit(2);
}

const openAi = openAiModelFromEnv();
let soliplex;
try {
  soliplex = values.delivery ? soliplexOptionsFromEnv({ SOLIPLEX_DELIVERY: values.delivery }) : soliplexOptionsFromEnv();
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(2);
}
const server = await startAguiServer({ port, host: values.host, soliplexToken: values.token, ...openAi, ...soliplex });
console.log(`AG-UI demo server listening on ${server.url}`);
console.log(`  model:           ${openAi ? `${openAi.modelName} (OpenAI-compatible API)` : 'scripted demo model'}`);
console.log(`  plain AG-UI:     POST ${server.url}/agent`);
console.log(`  Soliplex API:    ${server.url}/api (room "demo"${values.token ? ', bearer token required' : ', no auth'}, ${JSON.stringify(soliplex.soliplexDelivery ?? 'message')} delivery)`);
console.log(`  test scripts:    POST ${server.url}/scripts`);

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
