import { expect, fixture, html } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, type ClientTool, type SoliplexChat, type SoliplexRunFinishedEvent, type ToolGroup } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, type ScriptedRun } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';

const call = (id: string, name: string): ScriptedRun => [runStarted(), ...toolCall(id, name, {}, `a-${id}`), runFinished()];
const answer: ScriptedRun = [runStarted(), ...text(`m-${Math.random()}`, 'done'), runFinished()];
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function finishedCount(el: SoliplexChat) {
  const finished: SoliplexRunFinishedEvent[] = [];
  el.addEventListener('soliplex-run-finished', (e) => finished.push(e));
  return finished;
}

describe('<soliplex-chat> tool groups and rich results', () => {
  it('takes a group by the soliplex-register-tool-group event; the card of the expanding call says what was added', async () => {
    const transport = new ScriptedTransport([call('c1', 'maps'), answer]);
    const engine = new RunOrchestrator({ transport });
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} thread="t1"><span id="child"></span></soliplex-chat>`);
    const group: ToolGroup = {
      name: 'maps',
      description: 'Maps',
      tools: [{ name: 'find_place', description: 'Finds a place', execute: () => 'found' }, { name: 'route', description: 'Routes', execute: () => 'ok' }],
    };
    el.querySelector('#child')!.dispatchEvent(new CustomEvent('soliplex-register-tool-group', { bubbles: true, composed: true, detail: { group } }));
    expect(el.toolRegistry.group('maps')).to.equal(group);
    const finished = finishedCount(el);
    el.send('where?');
    await until(() => finished.length === 1);
    await settled(el);
    expect(transport.requests[0]!.tools.map((t) => t.name)).to.deep.equal(['maps']);
    expect(transport.requests[1]!.tools.map((t) => t.name)).to.deep.equal(['find_place', 'route']);
    // One muted line for the expansion (issue 24): the full list on hover.
    const line = await waitFor(el, '[part~="tool-changes"]'); // the card loads with the first call
    expect(line.textContent!.trim()).to.equal('maps ready');
    expect(line.getAttribute('title')).to.equal('Added tools: find_place, route');
  });

  it('shows a structured result: text, pretty JSON, an image preview and a download link', async () => {
    const chart: ClientTool = {
      name: 'chart',
      description: 'A chart',
      execute: () => ({
        content: [
          { type: 'text', text: 'Sales by month' },
          { type: 'json', value: { jan: 1 } },
          { type: 'binary', mimeType: 'image/png', data: PNG, filename: 'chart.png' },
          { type: 'binary', mimeType: 'text/csv', url: 'javascript:alert(1)', filename: 'evil.csv' },
        ],
      }),
    };
    const { el } = await chatWith([call('c1', 'chart'), answer], [chart]);
    const finished = finishedCount(el);
    el.send('chart');
    await until(() => finished.length === 1);
    await settled(el);
    const content = deepQuery(el, '[part~="tool-content"]')!;
    expect(content.textContent).to.contain('Sales by month').and.contain('"jan": 1');
    const img = content.querySelector('img')!;
    expect(img.getAttribute('alt')).to.equal('chart.png');
    expect(img.getAttribute('src')).to.equal(`data:image/png;base64,${PNG}`);
    const links = [...content.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).to.deep.equal(['Download chart.png']);
    expect(links[0]!.getAttribute('download')).to.equal('chart.png');
    // A file URL with an unsafe scheme is named, never linked.
    expect(content.textContent).to.contain('evil.csv');
    expect(deepQueryAll(el, 'a[href^="javascript"]')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('"Always allow this tool in this thread" approves and stops asking for that tool in the thread', async () => {
    const guarded: ClientTool = { name: 'guarded', description: 'g', requiresApproval: true, execute: () => 'ran' };
    const { el, transport } = await chatWith([call('c1', 'guarded'), answer, call('c2', 'guarded'), answer], [guarded]);
    const finished = finishedCount(el);
    el.send('one');
    await waitFor(el, '[part~="always-allow-button"]');
    const button = deepQuery(el, '[part~="always-allow-button"]')!;
    expect(button.textContent).to.equal('Always allow this tool in this thread');
    button.click();
    await until(() => finished.length === 1);
    el.send('two');
    await until(() => finished.length === 2);
    await settled(el);
    expect(transport.requests).to.have.length(4);
    expect(deepQuery(el, '[part~="approval-card"]')).to.equal(undefined);
    expect(deepQueryAll(el, '[part~="tool-card"]').map((c) => c.dataset['status'])).to.deep.equal(['completed', 'completed']);
  });

  it('marks a result from the cache on its card', async () => {
    const lookup: ClientTool = { name: 'lookup', description: 'l', cache: { ttlMs: 60_000 }, execute: () => 'value' };
    const { el } = await chatWith([call('c1', 'lookup'), answer, call('c2', 'lookup'), answer], [lookup]);
    const finished = finishedCount(el);
    el.send('one');
    await until(() => finished.length === 1);
    el.send('two');
    await until(() => finished.length === 2);
    await settled(el);
    expect(deepQueryAll(el, '[part~="tool-cached"]').map((p) => p.textContent)).to.deep.equal(['Cached result']);
  });

  it('keeps registering groups immutably through the toolRegistry property', async () => {
    const { el } = await chatWith([]);
    const before = el.toolRegistry;
    el.toolRegistry = before.registerGroup({ name: 'g', description: 'G', tools: [] });
    expect(before.groups).to.have.length(0);
    expect(el.toolRegistry.groups.map((g) => g.name)).to.deep.equal(['g']);
    expect(new ToolRegistry().groups).to.deep.equal([]);
  });
});

describe('<soliplex-chat> layered events', () => {
  const lookup: ClientTool = { name: 'lookup', description: 'l', execute: () => 'found' };
  const layeredRuns = (): ScriptedRun[] => [call('c1', 'lookup'), answer];
  const LAYERED = ['soliplex-run-started', 'soliplex-tool-planned', 'soliplex-tool-executing', 'soliplex-tool-result', 'soliplex-message', 'soliplex-run-finished'];

  it('fires run, tool and message events in order; soliplex-agui-event only with agui-events', async () => {
    const { el } = await chatWith(layeredRuns(), [lookup]);
    const seen: Event[] = [];
    for (const type of [...LAYERED, 'soliplex-agui-event']) el.addEventListener(type, (e) => seen.push(e));
    const finished = finishedCount(el);
    el.send('look');
    await until(() => finished.length === 1);
    expect(seen.map((e) => e.type)).to.deep.equal([
      'soliplex-run-started',
      'soliplex-tool-planned',
      'soliplex-tool-executing',
      'soliplex-tool-result',
      'soliplex-message',
      'soliplex-message',
      'soliplex-run-finished',
    ]);
    const request = seen[0] as Event & { message?: { text: string } };
    expect(request.message?.text).to.equal('look');
    const response = seen.at(-1) as Event & { outcome: string; stats: { runs: number; toolCalls: number } };
    expect([response.outcome, response.stats.runs, response.stats.toolCalls]).to.deep.equal(['success', 2, 1]);
    expect(seen.every((e) => e.bubbles && e.composed)).to.equal(true);
  });

  it('fires soliplex-agui-event for each raw event when agui-events is set', async () => {
    const { el } = await chatWith(layeredRuns(), [lookup]);
    el.aguiEvents = true;
    await el.updateComplete;
    const raw: Array<Event & { event: { type: string } }> = [];
    el.addEventListener('soliplex-agui-event', (e) => raw.push(e as never));
    const finished = finishedCount(el);
    el.send('look');
    await until(() => finished.length === 1);
    expect(raw.map((e) => e.event.type)).to.include.members(['RUN_STARTED', 'TOOL_CALL_START', 'RUN_FINISHED']);
    expect(raw).to.have.length(layeredRuns().flat().length);
  });
});
