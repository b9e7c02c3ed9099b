import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import type { ThreadSnapshot } from '../../src/core/index.js';
import { deepQueryAll, leave, until } from './chat-fixture.js';
import { finished, script, started } from '../helpers/agui-server.js';
import '../../src/index.js';

/**
 * Streaming at the floor (issue 26, item 8): the text deltas one network chunk brings are reduced one by
 * one but reach a thread's subscribers (the view, the local keeping, the thread index) as a few
 * snapshots, not one each; every delta is still in the snapshot they hear by the end of the microtasks
 * of the task that read it, the page still hears each raw event in order (`agui-events`), and the
 * whole answer is on screen, and kept across a reload.
 */

const DELTAS = 500;
const words = Array.from({ length: DELTAS }, (_, i) => `w${i} `);
/** All the deltas as one write of the server: they arrive in one or a few chunks. */
const burst = words.map((delta) => `data: ${JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'answer', delta })}\n\n`).join('');
const run = [started, { type: 'TEXT_MESSAGE_START', messageId: 'answer', role: 'assistant' }, { $raw: burst }, { type: 'TEXT_MESSAGE_END', messageId: 'answer' }, finished];

type AgUiEvent = Event & { event: { type: string; delta?: string } };

const answerOf = (snapshot: ThreadSnapshot) => snapshot.conversation.messages.find((m) => m.id === 'answer');
const textOf = (snapshot: ThreadSnapshot) => {
  const message = answerOf(snapshot);
  return message && 'text' in message ? message.text : '';
};

describe('soliplex-chat: a burst of text deltas', () => {
  it('reaches subscribers as a few snapshots, each delta in them by the end of its task, every raw event in order, and across a reload', async function () {
    this.timeout(60_000);
    const s = await script([run]);
    const thread = `stream-batching-${Math.random().toString(36).slice(2)}`;
    const open = () => fixture<SoliplexChat>(html`<soliplex-chat style="height: 300px" agent-url=${s.agentUrl} thread=${thread} agui-events></soliplex-chat>`);
    const el = await open();
    const engine = await el.engineReady;

    // What a subscriber last heard, and how many snapshots carried streamed text.
    let heard = '';
    let streamedSnapshots = 0;
    const stop = engine.registry.subscribe((snapshot) => {
      const message = answerOf(snapshot);
      if (message && 'complete' in message && !message.complete && textOf(snapshot) !== heard) streamedSnapshots++;
      heard = textOf(snapshot);
    });
    const deltas: string[] = [];
    const late: string[] = [];
    el.addEventListener('soliplex-agui-event', (e) => {
      const { event } = e as AgUiEvent;
      if (event.type !== 'TEXT_MESSAGE_CONTENT') return;
      const delta = event.delta!;
      deltas.push(delta);
      const through = words.slice(0, deltas.length).join('');
      // Queued after the engine's own notice: by the time it runs, a subscriber has heard this delta.
      queueMicrotask(() => {
        if (!heard.startsWith(through)) late.push(delta);
      });
    });

    const ended = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    expect(el.send('Stream please')).to.equal(true);
    expect((await ended).outcome).to.equal('success');
    stop();

    expect(deltas, 'every delta heard by the page, in order').to.deep.equal(words);
    expect(late, 'deltas a subscriber had not heard by the end of their task').to.deep.equal([]);
    expect(heard).to.equal(words.join(''));
    // One snapshot per delta before; now one per chunk read (or per slice of the reading).
    expect(streamedSnapshots, `snapshots for ${DELTAS} deltas`).to.be.greaterThan(0).and.at.most(DELTAS / 10);
    const shown = () => deepQueryAll(el, '[part~="assistant-message"]').some((m) => m.textContent?.includes('w499'));
    await until(shown, 10_000);

    // As after a reload: a new chat on the thread shows the whole answer the chat kept.
    await leave(el);
    const reopened = await open();
    await until(() => deepQueryAll(reopened, '[part~="assistant-message"]').some((m) => m.textContent?.includes('w0 w1 w2') && m.textContent.includes('w498 w499')), 20_000);
    reopened.remove();
  });
});
