import { expect, fixture, html } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, type ClientTool } from '../../src/index.js';
import '../../src/inspector.js';
import type { SoliplexInspector, SoliplexInspectorStrings } from '../../src/inspector.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { until } from './chat-fixture.js';

const lookup: ClientTool = {
  name: 'lookup',
  description: 'Looks a name up',
  parameters: { type: 'object', properties: { name: { type: 'string' } } },
  execute: ({ name }: { name: string }) => `${name} is 42`,
  cache: { ttlMs: 60_000 },
};

/** Every inspector string as a marked translation: «key» (functions with their arguments). */
const strings: SoliplexInspectorStrings = {
  noEngine: '«noEngine»',
  download: '«download»',
  run: (n, thread, events) => `«run ${n} ${thread} ${events}»`,
  request: '«request»',
  events: '«events»',
  stateAfter: (event) => `«stateAfter ${event}»`,
  toolExecutions: '«toolExecutions»',
  tool: '«tool»',
  input: '«input»',
  status: '«status»',
  output: '«output»',
  time: '«time»',
  cached: '«cached»',
  milliseconds: (ms) => `«${ms} ms»`,
};

describe('<soliplex-inspector> strings', () => {
  it('shows every string in the page\'s words, and none of the English ones', async () => {
    const inspector = await fixture<SoliplexInspector>(html`<soliplex-inspector .strings=${strings}></soliplex-inspector>`);
    expect(inspector.shadowRoot!.textContent).to.contain('«noEngine»');

    // Two turns that call the cached tool with the same arguments: the second call is served from the cache.
    const call = (id: string) => [runStarted(`r${id}`), ...toolCall(`c${id}`, 'lookup', { name: 'alice' }), runFinished()];
    const answer = (id: string) => [runStarted(`a${id}`), ...text(`m${id}`, 'Found.'), runFinished()];
    const engine = new RunOrchestrator({ transport: new ScriptedTransport([call('1'), answer('1'), call('2'), answer('2')]), toolRegistry: new ToolRegistry([lookup]) });
    inspector.engine = engine;
    await inspector.updateComplete;
    const key = { server: 'x', room: '', thread: 't1' };
    await engine.send(key, 'Who is alice?');
    await engine.send(key, 'And again?');
    await until(() => inspector.shadowRoot!.querySelectorAll('tr.tool').length === 2);
    inspector.shadowRoot!.querySelector<HTMLButtonElement>('button.event')!.click();
    await inspector.updateComplete;

    const shown = inspector.shadowRoot!.textContent!;
    for (const word of ['«download»', '«run 1 t1 ', '«request»', '«events»', '«stateAfter 1»', '«toolExecutions»', '«tool»', '«input»', '«status»', '«output»', '«time»', '«cached»', ' ms»']) {
      expect(shown, word).to.contain(word);
    }
    for (const english of ['Download recording', 'Run 1', 'Request', 'Events', 'State after', 'Tool executions', 'Output', '(cached)']) {
      expect(shown, english).not.to.contain(english);
    }
  });
});
