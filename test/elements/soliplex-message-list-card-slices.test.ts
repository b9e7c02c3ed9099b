import { expect, fixture, html } from '@open-wc/testing';
import { ToolRegistry, type ClientTool } from '../../src/index.js';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQueryAll, settled, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import '../../src/index.js';

/**
 * Many tool cards that arrive together (a hop of many calls, issue 26 item 7) show a few per frame
 * while the turn runs, so no single frame lays out and paints them all (the page reads the network
 * between frames), in their order, every one of them in the end; a call awaiting approval shows at once.
 */

const CALLS = 12;

const tool = (i: number, approval = false): ClientTool => ({
  name: `tool_${i}`,
  description: `Tool ${i}`,
  parameters: { type: 'object', properties: { q: { type: 'string' } } },
  ...(approval ? { requiresApproval: true } : {}),
  execute: ({ q }: { q?: string }) => `result ${i} for ${q}`,
});

const calls = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    { type: 'TOOL_CALL_START', toolCallId: `c${i}`, toolCallName: `tool_${i}`, parentMessageId: 'm1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: `c${i}`, delta: JSON.stringify({ q: `q${i}` }) },
    { type: 'TOOL_CALL_END', toolCallId: `c${i}` },
  ]).flat();

/** The call ids of the tool cards shown, in document order, sampled every animation frame until `stop()`. */
function sampleCards(el: SoliplexChat) {
  const samples: string[][] = [];
  /** Per sample: the call ids of the approval cards shown. */
  const approvals: string[][] = [];
  let on = true;
  const sample = () => {
    samples.push(deepQueryAll(el, 'soliplex-tool-call-card').map((card) => card.dataset['callId']!));
    approvals.push(deepQueryAll(el, 'soliplex-approval-card').map((card) => card.dataset['callId']!));
    if (on) requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  return {
    samples,
    approvals,
    stop: () => (on = false),
  };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

describe('soliplex-message-list: many tool cards at once', () => {
  it('shows a running turn’s new cards a few per frame, in order, and all of them', async function () {
    this.timeout(30_000);
    // The pause keeps the run open while the cards show.
    const s = await script([
      [started, ...say('m1', 'Let me check.'), ...calls(CALLS), { $delay: 600 }, finished],
      [started, ...say('m2', 'Done.'), finished],
    ]);
    const tools = Array.from({ length: CALLS }, (_, i) => tool(i));
    const el = await fixture<SoliplexChat>(
      html`<soliplex-chat style="height: 400px" agent-url=${s.agentUrl} thread=${`card-slices-${Math.random().toString(36).slice(2)}`} .toolRegistry=${new ToolRegistry(tools)}></soliplex-chat>`,
    );
    const ended = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    const watch = sampleCards(el);
    el.send('Go');
    // All twelve show while the run is still open (its RUN_FINISHED waits 600 ms).
    await until(() => watch.samples.at(-1)?.length === CALLS, 10_000);
    expect((await ended).outcome).to.equal('success');
    watch.stop();

    // Every frame showed the first cards in their order, never one out of place…
    for (const shown of watch.samples) expect(shown).to.deep.equal(ids(shown.length));
    // …and some frame showed only some of them: they came in slices, not all in one frame.
    const counts = watch.samples.map((shown) => shown.length);
    expect(counts.some((n) => n > 0 && n < CALLS), `cards per frame: ${counts.join(' ')}`).to.equal(true);
    await settled(el);
    await until(() => deepQueryAll(el, '[part~="tool-status"]').filter((x) => x.textContent?.includes('Completed')).length === CALLS, 10_000);
    el.remove();
  });

  it('holds the next cards while a finished run’s stream is still open, then shows them while it stays open', async function () {
    this.timeout(30_000);
    // RUN_FINISHED, then the stream stays open for 6 s: the continuation waits for its end.
    const s = await script([
      [started, ...say('m1', 'Let me check.'), ...calls(CALLS), finished, { $delay: 6000 }],
      [started, ...say('m2', 'Done.'), finished],
    ]);
    const tools = Array.from({ length: CALLS }, (_, i) => tool(i));
    const el = await fixture<SoliplexChat>(
      html`<soliplex-chat style="height: 400px" agent-url=${s.agentUrl} thread=${`card-slices-${Math.random().toString(36).slice(2)}`} .toolRegistry=${new ToolRegistry(tools)}></soliplex-chat>`,
    );
    const ended = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    el.send('Go');
    // Every card shows before the stream ends (the hold is for one wait, not for as long as the stream stays open).
    await until(() => deepQueryAll(el, 'soliplex-tool-call-card').length === CALLS, 10_000);
    expect((await s.requests()).length, 'the continuation has not gone out yet').to.equal(1);
    expect(deepQueryAll(el, 'soliplex-tool-call-card').map((card) => card.dataset['callId'])).to.deep.equal(ids(CALLS));
    expect((await ended).outcome).to.equal('success');
    el.remove();
  });

  it('shows a call awaiting approval at once, with every card before it', async function () {
    this.timeout(30_000);
    const n = 10;
    const s = await script([
      [started, ...say('m1', 'Let me check.'), ...calls(n), finished],
      [started, ...say('m2', 'Done.'), finished],
    ]);
    // The ninth call needs the user's approval.
    const tools = Array.from({ length: n }, (_, i) => tool(i, i === 8));
    const el = await fixture<SoliplexChat>(
      html`<soliplex-chat style="height: 400px" agent-url=${s.agentUrl} thread=${`card-slices-${Math.random().toString(36).slice(2)}`} .toolRegistry=${new ToolRegistry(tools)}></soliplex-chat>`,
    );
    const watch = sampleCards(el);
    el.send('Go');
    await until(() => watch.approvals.at(-1)?.length === 1, 10_000);
    watch.stop();
    // The frame the approval card first showed in showed its call's card and every one before it.
    const first = watch.approvals.findIndex((shown) => shown.length > 0);
    expect(watch.approvals[first]).to.deep.equal(['c8']);
    expect(watch.samples[first]!.slice(0, 9)).to.deep.equal(ids(9));
    for (const shown of watch.samples) expect(shown).to.deep.equal(ids(shown.length));
    el.remove();
  });
});
