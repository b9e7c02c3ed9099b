// Compile-time checks of the public types (`npm run typecheck` covers test/): each
// `@ts-expect-error` must hit an error, or tsc fails.
import { z } from 'zod';
import type { SoliplexChat, SoliplexRunOutcome } from '../../src/index.js';

declare const chat: SoliplexChat;

// `strings` is a deep partial: one nested string is enough.
chat.strings = { toolStatus: { completed: 'Fertig' } };
chat.strings = { send: 'Senden', calling: (name) => `Rufe ${name} auf` };
// @ts-expect-error an unknown status
chat.strings = { toolStatus: { finished: 'Fertig' } };

// Events carry their data as fields and as `detail`, both typed.
chat.addEventListener('soliplex-run-finished', (event) => {
  const outcome: SoliplexRunOutcome = event.detail.outcome;
  const same: SoliplexRunOutcome = event.outcome;
  // @ts-expect-error no such field
  void event.detail.status;
  return [outcome, same];
});
chat.addEventListener('soliplex-tool-result', (event) => event.detail.call.name.toUpperCase());
chat.addEventListener('soliplex-error', (event) => event.detail.message.length);

// A zod schema types `execute`'s arguments without the package importing zod's types.
chat.toolRegistry = chat.toolRegistry.register({
  name: 'add',
  description: 'Adds',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
});
chat.toolRegistry.register({
  name: 'add',
  description: 'Adds',
  parameters: z.object({ a: z.number() }),
  // @ts-expect-error `a` is a number
  execute: ({ a }) => a.toUpperCase(),
});
