import { fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { RunOrchestrator, type SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { deepQuery, settled, until } from './chat-fixture.js';

/**
 * A <soliplex-chat> (with `image-origins` when given) whose agent answers `markdown` (streamed in `chunks` deltas) to one message, sent
 * and finished; returns the chat and the assistant message's rendered text (in the list's shadow DOM).
 */
export async function chatAnswering(
  markdown: string,
  {
    chunks = 3,
    noImages = false,
    theme,
    imageOrigins,
  }: { chunks?: number; noImages?: boolean; theme?: 'light' | 'dark'; imageOrigins?: string } = {},
): Promise<{ el: SoliplexChat; message: HTMLElement }> {
  const engine = new RunOrchestrator({ transport: new ScriptedTransport([[runStarted(), ...text('a1', markdown, chunks), runFinished()]]) });
  const el = await fixture<SoliplexChat>(
    html`<soliplex-chat .engine=${engine} thread="t1" ?no-images=${noImages} image-origins=${ifDefined(imageOrigins)} theme=${theme ?? 'light'} style="height: 40rem"></soliplex-chat>`,
  );
  const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  el.send('show me');
  await finished;
  await settled(el);
  await until(() => deepQuery(el, '[data-message-id="a1"] .text') !== undefined);
  return { el, message: deepQuery(el, '[data-message-id="a1"] .text')! };
}
