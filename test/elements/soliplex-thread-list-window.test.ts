import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { RunOrchestrator, ToolRegistry, createAgUiHttpTransport, type SoliplexChat, type SoliplexThreadList, type ThreadKey } from '../../src/index.js';
import { until } from './chat-fixture.js';
import { server } from '../helpers/agui-server.js';
import { heartbeat } from '../helpers/heartbeat.js';
import { entryButtons, nameOf } from './thread-fixture.js';

const THREADS = 200;
/** Far more than a 400 px list shows, far fewer than 200: the list renders what is near the viewport. */
const MOST_ROWS = 60;

const rows = (list: SoliplexThreadList) => [...list.shadowRoot!.querySelectorAll<HTMLElement>('[part~="thread"]')];
const focused = (list: SoliplexThreadList) => list.shadowRoot!.activeElement as HTMLElement | null;
const rowOf = (button: Element | null) => button?.closest<HTMLElement>('[part~="thread"]') ?? null;
const question = (i: number) => `Thread ${i}: what is the secret number for alice?`;

/** The row's place in the list, as a screen reader hears it ("n of 200"). */
const place = (row: HTMLElement | null) => (row ? `${row.getAttribute('aria-posinset')} of ${row.getAttribute('aria-setsize')}` : 'none');

/** True when the row is inside the list's visible box. */
function visibleIn(list: SoliplexThreadList, row: Element): boolean {
  const box = list.getBoundingClientRect();
  const r = row.getBoundingClientRect();
  return r.bottom > box.top && r.top < box.bottom;
}

describe('<soliplex-thread-list>: 200 threads, each a tool hop, rendered as a window of rows', () => {
  it('keeps the DOM to the rows near the viewport while 200 turns run, and scrolling and the keyboard reach the last thread', async function () {
    this.timeout(120_000);
    const tools = new ToolRegistry([
      {
        name: 'get_secret_number',
        description: 'The secret number of a person',
        parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        execute: async () => '42',
      },
    ]);
    const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: `${server}/agent` }), toolRegistry: tools, maxStreamsPerHost: THREADS });
    const root = await fixture<HTMLDivElement>(html`
      <div style="display: flex; height: 400px">
        <soliplex-thread-list no-persist style="width: 280px; height: 400px" .engine=${engine}></soliplex-thread-list>
        <soliplex-chat style="flex: 1; height: 400px" no-persist .engine=${engine} agent-url=${`${server}/agent`} thread="t0"></soliplex-chat>
      </div>
    `);
    const list = root.querySelector<SoliplexThreadList>('soliplex-thread-list')!;
    const chat = root.querySelector<SoliplexChat>('soliplex-chat')!;
    await chat.updateComplete;
    try {
      const keys: ThreadKey[] = Array.from({ length: THREADS }, (_, i) => ({ server: `${server}/agent`, room: '', thread: `t${i}` }));
      // One turn first: the transport and the tool cards load on the first run, not while 200 run.
      expect(await engine.send(keys[0]!, question(0))).to.equal('success');
      let most = 0;
      const watch = setInterval(() => (most = Math.max(most, rows(list).length)), 20);
      const beat = heartbeat();
      const outcomes = await Promise.all(keys.slice(1).map((key, i) => engine.send(key, question(i + 1))));
      const gap = beat.stop();
      clearInterval(watch);
      expect(outcomes.filter((o) => o === 'success')).to.have.length(THREADS - 1);
      // Generous (a shared, loaded machine): a page that froze while 200 turns ran would miss it by far. Not a timing check.
      expect(gap, 'the page answered a heartbeat meanwhile').to.be.below(5000);
      await until(() => rows(list).every((row) => row.getAttribute('aria-setsize') === String(THREADS)));
      expect(most, 'rows in the DOM while the turns ran').to.be.within(1, MOST_ROWS);
      expect(rows(list).length).to.be.within(1, MOST_ROWS);
      // The rendered rows are told their place in the whole list.
      expect(rows(list).map((row) => row.getAttribute('aria-posinset')).slice(0, 3)).to.deep.equal(['1', '2', '3']);
      expect(list.scrollHeight, 'the list is as tall as all its rows').to.be.above(THREADS * 30);

      // Scrolling to the end renders the last thread, in view.
      list.scrollTop = list.scrollHeight;
      await until(() => rows(list).some((row) => row.getAttribute('aria-posinset') === String(THREADS) && visibleIn(list, row)));
      expect(rows(list).length).to.be.within(1, MOST_ROWS);
      const last = rows(list).find((row) => row.getAttribute('aria-posinset') === String(THREADS))!;
      expect(nameOf(last.querySelector('[part~="thread-button"]')!)).to.match(/^Thread \d+: what is the secret number for alice\?/);

      // Back at the top, the keyboard: End moves focus to the last thread (rendered and scrolled to), Up to the one before.
      list.scrollTop = 0;
      await until(() => rows(list).some((row) => row.getAttribute('aria-posinset') === '1' && visibleIn(list, row)));
      entryButtons(list)[0]!.focus();
      expect(place(rowOf(focused(list)))).to.equal(`1 of ${THREADS}`);
      await sendKeys({ press: 'End' });
      await until(() => place(rowOf(focused(list))) === `${THREADS} of ${THREADS}`);
      await until(() => visibleIn(list, rowOf(focused(list))!));
      await sendKeys({ press: 'ArrowUp' });
      await until(() => place(rowOf(focused(list))) === `${THREADS - 1} of ${THREADS}`);
      expect(rows(list).length).to.be.within(1, MOST_ROWS);
      // Home goes back to the first; one roving tab stop throughout.
      await sendKeys({ press: 'Home' });
      await until(() => place(rowOf(focused(list))) === `1 of ${THREADS}`);
      await until(() => visibleIn(list, rowOf(focused(list))!));
      expect(entryButtons(list).filter((b) => b.tabIndex === 0)).to.have.length(1);

      // Enter on a far thread shows it in the chat.
      await sendKeys({ press: 'End' });
      await until(() => place(rowOf(focused(list))) === `${THREADS} of ${THREADS}`);
      const picked = new Promise<Event>((resolve) => list.addEventListener('soliplex-thread-select', resolve, { once: true }));
      await sendKeys({ press: 'Enter' });
      const event = (await picked) as Event & { threadKey: ThreadKey };
      expect(nameOf(focused(list)!)).to.match(new RegExp(`^${question(Number(event.threadKey.thread.slice(1))).replace(/[?]/g, '\\?')}`));
    } finally {
      engine.dispose();
    }
  });
});
