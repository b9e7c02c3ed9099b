import { expect, fixture, html } from '@open-wc/testing';
import { ThreadIndex, type SoliplexChat, type SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, until } from './chat-fixture.js';
import { accessibleInBothThemes } from './a11y-themes.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * Sources from metadata (issue 25 item 6): AG-UI 1.1 puts a search hit's source and title in a text
 * part's `metadata`. A generic endpoint's tool result carrying such parts shows them as numbered
 * sources under the answer of that turn, with the rendering of the Soliplex citations, across a reload.
 */

const hits = [
  { type: 'text', text: 'AG-UI is an open protocol that connects agents to user-facing apps.', metadata: { source: 'https://docs.ag-ui.com/introduction', title: 'Introduction' } },
  { type: 'text', text: 'Unrecognised material is not an error. A malformed known value is.', metadata: { source: 'https://docs.ag-ui.com/spec/1.1/basic/processing', title: 'Processing Model' } },
  { type: 'text', text: 'A part with no source in its metadata is not a source.', metadata: { score: 0.4 } },
];

const runs = [
  [
    started,
    { type: 'TOOL_CALL_START', toolCallId: 'search-1', toolCallName: 'search_docs', parentMessageId: 'a1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'search-1', delta: '{"q":"AG-UI"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'search-1' },
    { type: 'TOOL_CALL_RESULT', messageId: 'search-r1', toolCallId: 'search-1', content: hits },
    ...say('a2', 'AG-UI connects agents to apps [1], and strips what it does not know [2].'),
    finished,
  ],
  [started, ...say('a3', 'No search this time.'), finished],
];

const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

async function turn(el: SoliplexChat, text: string): Promise<void> {
  const done = finishedOnce(el);
  expect(el.send(text)).to.equal(true);
  expect((await done).outcome).to.equal('success');
  await shown(el);
}

async function shown(el: SoliplexChat): Promise<void> {
  await settled(el);
  await customElements.whenDefined('soliplex-answer-extras');
  await settled(el);
}

const extras = (el: SoliplexChat) => deepQueryAll(el, 'soliplex-answer-extras');
const sourcesOf = (host: Element) => deepQueryAll(host, '[part~="source"]');
const seen = (host: Element) => sourcesOf(host).map((s) => `${s.querySelector('.number')!.textContent} ${s.querySelector('.title')!.textContent!.trim()}`);

describe('<soliplex-chat> sources from metadata (AG-UI 1.1)', () => {
  it('shows the sources a tool result’s text parts name in their metadata, numbered under the answer they belong to, again after a reload', async function () {
    this.timeout(30_000); // axe in both themes on a shared machine
    const { agentUrl } = await script(runs);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
    await turn(el, 'what is AG-UI?');
    await turn(el, 'thanks');
    const [first, second] = extras(el);
    expect(first!.getAttribute('data-answer-for')).to.equal('a2');
    await until(() => sourcesOf(first!).length > 0); // the sources' code loads with the first answer that has some
    expect(seen(first!)).to.deep.equal(['1 Introduction', '2 Processing Model']);
    expect(sourcesOf(second!)).to.have.length(0); // the next answer cited nothing
    expect(deepQuery(first!, '[part~="sources"]')!.getAttribute('aria-label')).to.equal('Sources');

    // Opened: the cited text and its address, as for a Soliplex citation; no page preview to load.
    sourcesOf(first!)[0]!.querySelector('summary')!.click();
    await until(() => !!sourcesOf(first!)[0]!.querySelector('[part~="source-chunk"]'));
    const chunk = sourcesOf(first!)[0]!.querySelector('[part~="source-chunk"]')!;
    expect(chunk.textContent).to.contain('connects agents to user-facing apps');
    expect(chunk.querySelector('a')!.getAttribute('href')).to.equal('https://docs.ag-ui.com/introduction');
    expect(chunk.querySelector('.note')).to.equal(null);
    await accessibleInBothThemes(el, 'a source from metadata, open');

    // A reload: the thread kept in this browser brings the sources back under the same answer.
    const thread = el.thread;
    const engine = el.engine!;
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await ThreadIndex.for(engine).flush();
    const again = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread}></soliplex-chat>`);
    await until(() => extras(again).length === 2);
    await shown(again);
    expect(extras(again)[0]!.getAttribute('data-answer-for')).to.equal('a2');
    await until(() => sourcesOf(extras(again)[0]!).length > 0);
    expect(seen(extras(again)[0]!)).to.deep.equal(['1 Introduction', '2 Processing Model']);
  });
});
