import { fixture, html } from '@open-wc/testing';
import { RunOrchestrator, type SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { deepQuery, settled, until } from './chat-fixture.js';

/**
 * A <soliplex-chat> whose agent answers `markdown` (streamed in `chunks` deltas) to one message, sent
 * and finished; returns the chat and the assistant message's rendered text (in the list's shadow DOM).
 */
export async function chatAnswering(
  markdown: string,
  { chunks = 3, noImages = false, theme }: { chunks?: number; noImages?: boolean; theme?: 'light' | 'dark' } = {},
): Promise<{ el: SoliplexChat; message: HTMLElement }> {
  const engine = new RunOrchestrator({ transport: new ScriptedTransport([[runStarted(), ...text('a1', markdown, chunks), runFinished()]]) });
  const el = await fixture<SoliplexChat>(
    html`<soliplex-chat .engine=${engine} thread="t1" ?no-images=${noImages} theme=${theme ?? 'light'} style="height: 40rem"></soliplex-chat>`,
  );
  const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  el.send('show me');
  await finished;
  await settled(el);
  await until(() => deepQuery(el, '[data-message-id="a1"] .text') !== undefined);
  return { el, message: deepQuery(el, '[data-message-id="a1"] .text')! };
}
