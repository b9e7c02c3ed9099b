// The demo model's AG-UI 1.0 showcase runs over real HTTP: valid 1.0 events, accepted by
// @ag-ui/client's own verifier, and a resumed run that answers what it received.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpAgent } from '@ag-ui/client';
import { EventSchema } from '@ag-ui/core/schemas';
import { startAguiServer } from '../../demo/server/agui-server.mjs';
import { createScriptedModel } from '../../demo/server/scripted-model.mjs';
import { SHOWCASES } from '../../demo/server/showcase-runs.mjs';
import { postJson, readEvents, runInput } from './helpers.mjs';

const user = (/** @type {string} */ content) => [{ id: 'u1', role: 'user', content }];

test('every showcase run is valid AG-UI 1.0 and passes @ag-ui/client', async (t) => {
  const server = await startAguiServer({ model: createScriptedModel({ chunkDelayMs: 1 }) });
  t.after(() => server.close());
  for (const feature of SHOWCASES) {
    const events = await readEvents(await postJson(`${server.url}/agent`, runInput({ messages: user(`show ${feature}`) })));
    for (const event of events) assert.ok(EventSchema.safeParse(event).success, `${feature}: invalid ${JSON.stringify(event)}`);
    assert.equal(events[0].type, 'RUN_STARTED', feature);
    assert.equal(events.at(-1).type, 'RUN_FINISHED', feature);
    const agent = new HttpAgent({ url: `${server.url}/agent` });
    agent.setMessages(user(`show ${feature}`));
    const seen = [];
    await agent.runAgent({}, { onEvent: ({ event }) => void seen.push(event.type) });
    assert.equal(seen.at(-1), 'RUN_FINISHED', `${feature}: the client ran it to the end`);
  }
});

test('show interrupt ends waiting; a resumed run says what it received', async (t) => {
  const server = await startAguiServer({ model: createScriptedModel({ chunkDelayMs: 1 }) });
  t.after(() => server.close());
  const first = await readEvents(await postJson(`${server.url}/agent`, runInput({ messages: user('show interrupt') })));
  const outcome = first.at(-1).outcome;
  assert.equal(outcome.type, 'interrupt');
  assert.equal(outcome.interrupts[0].reason, 'input_required');
  assert.equal(outcome.interrupts[0].responseSchema.properties.city.title, 'Destination city');
  const resume = [{ interruptId: outcome.interrupts[0].id, status: 'resolved', payload: { city: 'Oslo' } }];
  const second = await readEvents(await postJson(`${server.url}/agent`, runInput({ runId: 'run-2', messages: user('show interrupt'), resume })));
  const text = second.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('');
  assert.match(text, /"city":"Oslo"/);
  assert.equal(second.at(-1).outcome, undefined);
});
