// Compile-time checks of the public types (`npm run typecheck` covers test/): each
// `@ts-expect-error` must hit an error, or tsc fails.
import { z } from 'zod';
import { createElement } from 'react';
import type { SoliplexChat, SoliplexRunOutcome } from '../../src/index.js';
import { SoliplexChat as SoliplexChatComponent } from '../../src/react/index.js';

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
// One event per moment: run-started carries the user's message, run-finished the turn's stats.
chat.addEventListener('soliplex-run-started', (event) => [event.message?.text, event.detail.message?.id, event.retry]);
chat.addEventListener('soliplex-run-finished', (event) => [event.stats?.runs, event.detail.stats?.usage, event.error?.message]);
// @ts-expect-error a user message has `text`, not `content`
chat.addEventListener('soliplex-run-started', (event) => event.message?.content);
// The deprecated exchange events stay typed while they fire.
chat.addEventListener('soliplex-exchange-response', (event) => event.stats?.durationMs);
// React: `<SoliplexChat>`'s event props give handlers the event's class.
createElement(SoliplexChatComponent, { onRunStarted: (event) => event.message?.text, onMessage: (event) => event.message.id });
// @ts-expect-error no such field on the run-finished event
createElement(SoliplexChatComponent, { onRunFinished: (event) => event.outcom });
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
