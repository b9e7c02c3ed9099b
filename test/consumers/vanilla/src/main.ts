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
// Type errors the package's types must catch (never called).
export function rejected(): void {
  // @ts-expect-error a wrong prop: agentUrl is a string
  chat.agentUrl = 5;
  // @ts-expect-error a wrong event field
  chat.addEventListener('soliplex-tool-result', (event) => event.outcome);
}
(window as unknown as { consumerReady: boolean }).consumerReady = true;
