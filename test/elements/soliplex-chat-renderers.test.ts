import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { BaseEvent } from '@ag-ui/core';
import type { SoliplexRunFinishedEvent, ToolCall } from '../../src/index.js';
import { parsePartialJson } from '../../src/elements/shared/partial-json.js';
import { runFinished, runStarted, text, toolArgs, toolEnd, toolResult, toolStart } from '../helpers/agui-events.js';
import { deferred } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, settled, until } from './chat-fixture.js';

describe('partial JSON for streaming arguments', () => {
  it('closes what has streamed so far', () => {
    expect(parsePartialJson('{"city":"Os')).to.deep.equal({ city: 'Os' });
    expect(parsePartialJson('{"a":[1,2')).to.deep.equal({ a: [1, 2] });
    expect(parsePartialJson('{"a":1,"b"')).to.deep.equal({ a: 1 });
    expect(parsePartialJson('{"a":1,')).to.deep.equal({ a: 1 });
    expect(parsePartialJson('{"q":"say \\"hi')).to.deep.equal({ q: 'say "hi' });
    expect(parsePartialJson('')).to.equal(undefined);
    expect(parsePartialJson('{"a":1}')).to.deep.equal({ a: 1 });
  });
});

describe('<soliplex-chat> host renderers', () => {
  it('toolRenderers: generative UI for a server-run call, from partial arguments to the result', async () => {
    const gate = deferred();
    const { el } = await chatWith([
      [
        runStarted('r1'),
        toolStart('w1', 'weather', 'a1'),
        toolArgs('w1', '{"city":"Os'),
        { $wait: gate.promise },
        toolArgs('w1', 'lo"}'),
        toolEnd('w1'),
        toolResult('w1', '{"temp":21}'),
        ...text('a2', 'Warm.'),
        runFinished(),
      ],
    ]);
    const seen: { status: string; args: unknown; result?: unknown }[] = [];
    el.toolRenderers = {
      weather: (call: ToolCall, args: unknown) => {
        seen.push({ status: call.status, args, result: call.resultValue });
        const city = (args as { city?: string } | undefined)?.city ?? '…';
        return html`<p class="weather">${city}${call.status === 'completed' ? `: ${call.result}` : ''}</p>`;
      },
    };
    const finished = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve));
    el.send('weather in Oslo?');
    await until(() => deepQuery(el, '[part~="tool-view"] .weather')?.textContent === 'Os');
    expect(seen.at(-1)).to.deep.include({ status: 'streaming', args: { city: 'Os' } });
    gate.resolve();
    await finished;
    await settled(el);
    expect(deepQuery(el, '[part~="tool-view"] .weather')!.textContent).to.equal('Oslo: {"temp":21}');
    expect(seen.at(-1)).to.deep.include({ status: 'completed', args: { city: 'Oslo' } });
  });

  it('stateRenderer: shows the agent state, again on every snapshot and delta', async () => {
    const gate = deferred();
    const { el } = await chatWith([
      [
        runStarted('r1'),
        { type: 'STATE_SNAPSHOT', snapshot: { step: 'search', found: 0 } } as BaseEvent,
        { $wait: gate.promise },
        { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/found', value: 3 }] } as BaseEvent,
        runFinished(),
      ],
    ]);
    el.stateRenderer = (state) => {
      const { step, found } = (state ?? {}) as { step?: string; found?: number };
      return html`<span class="progress">${step ?? 'idle'}: ${found ?? 0}</span>`;
    };
    await settled(el);
    expect(deepQuery(el, '[part~="state"] .progress')!.textContent).to.equal('idle: 0');
    el.send('search');
    await until(() => deepQuery(el, '[part~="state"] .progress')?.textContent === 'search: 0');
    gate.resolve();
    await until(() => deepQuery(el, '[part~="state"] .progress')?.textContent === 'search: 3');
  });
});
