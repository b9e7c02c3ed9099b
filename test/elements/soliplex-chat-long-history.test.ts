import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, type HistoryRun, type SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { deepQuery, deepQueryAll, until, waitFor } from './chat-fixture.js';

/** A scripted transport that also serves a stored history (as a Soliplex server would). */
class HistoryTransport extends ScriptedTransport {
  constructor(readonly history: HistoryRun[]) {
    super([]);
  }
  async loadHistory(): Promise<readonly HistoryRun[]> {
    return this.history;
  }
}

const turn = (i: number): HistoryRun => ({
  runId: `r${i}`,
  messages: [{ id: `u${i}`, role: 'user', content: `Question ${i}` }],
  events: [runStarted(`r${i}`), ...text(`a${i}`, `Answer ${i}.`), runFinished()] as BaseEvent[],
});

const answers = (el: SoliplexChat) => deepQueryAll(el, '[part~="assistant-message"]');

describe('<soliplex-chat> long conversations', function () {
  this.timeout(20_000);

  it('shows the latest messages first and the older ones after, also when the chat is moved in the page meanwhile', async () => {
    // 50 turns: 100 messages, many more than the first window.
    const engine = new RunOrchestrator({ transport: new HistoryTransport(Array.from({ length: 50 }, (_, i) => turn(i))) });
    const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 320px" .engine=${engine} server-url="http://127.0.0.1:9" room="r" thread="t1"></soliplex-chat>`);
    const list = await waitFor<HTMLElement & { updateComplete: Promise<unknown> }>(el, 'soliplex-message-list');
    await list.updateComplete;
    // The first render that shows messages (a mutation callback runs before any idle task).
    const first = await new Promise<string[]>((resolve) => {
      const take = () => {
        const shown = answers(el).map((m) => m.textContent ?? '');
        if (!shown.length) return false;
        observer.disconnect();
        // Moved before the older messages are added: the chat leaves the page and comes back.
        const parent = el.parentElement!;
        el.remove();
        parent.append(el);
        resolve(shown);
        return true;
      };
      const observer = new MutationObserver(take);
      if (!take()) observer.observe(list.shadowRoot!, { childList: true, subtree: true });
    });
    expect(first).to.have.length(20);
    expect(first.at(-1)).to.contain('Answer 49.');
    expect(first[0]).to.contain('Answer 30.');
    await until(() => answers(el).length === 50);
    expect(deepQuery(el, '[part~="assistant-message"]')!.textContent).to.contain('Answer 0.');
  });
});
