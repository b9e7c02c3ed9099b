// A plain page: the element from npm, a JSON Schema tool, typed events.
import 'soliplex-chat';
import type { SoliplexChatStringsOverrides } from 'soliplex-chat';

const chat = document.querySelector('soliplex-chat')!;
chat.toolRegistry = chat.toolRegistry.register({
  name: 'get_time',
  description: 'The time on the page',
  parameters: { type: 'object', properties: { zone: { $ref: '#/$defs/zone' } }, $defs: { zone: { type: 'string' } } },
  execute: () => new Date().toISOString(),
});
const strings: SoliplexChatStringsOverrides = { toolStatus: { completed: 'Fertig' } };
chat.strings = strings;
chat.addEventListener('soliplex-run-finished', (event) => {
  document.querySelector('#log')!.textContent = `finished: ${event.outcome} ${event.detail.outcome}`;
});
// The new fields are typed: the user's message on run-started, the turn's stats on run-finished.
chat.addEventListener('soliplex-run-started', (event) => console.log(event.message?.text));
chat.addEventListener('soliplex-run-finished', (event) => console.log(event.stats?.runs));
// Wrong props and event fields are in src/wrong.ts, which must fail with exactly the expected errors.
(window as unknown as { consumerReady: boolean }).consumerReady = true;
