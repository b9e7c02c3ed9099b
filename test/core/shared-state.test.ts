// Shared state both ways in the engine (issue 25, item 5): `setState` makes the page's state the
// thread's (its next run sends it, a turn's `state` option merged over it); `state-changed` reports
// each change the agent makes, never the page's; a kept thread restored after `setState` keeps it.
import { expect } from '@open-wc/testing';
import { EventType, type BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, ToolRegistry, type EngineEvent, type ThreadKey } from '../../src/core/index.js';
import { emptyConversation } from '../../src/core/conversation/empty-conversation.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };
const snapshot = (value: unknown) => ({ type: EventType.STATE_SNAPSHOT, snapshot: value }) as BaseEvent;
const delta = (ops: object[]) => ({ type: EventType.STATE_DELTA, delta: ops }) as BaseEvent;

function stateChanges(engine: RunOrchestrator): unknown[] {
  const seen: unknown[] = [];
  engine.on((event: EngineEvent) => {
    if (event.type === 'state-changed') seen.push(event.state);
  });
  return seen;
}

describe('shared state in the engine (setState, state-changed)', () => {
  it("sends the page's state with the next run, the turn's state option merged over it; the agent's changes are announced once each", async () => {
    const transport = new ScriptedTransport([
      [
        runStarted('r1'),
        delta([{ op: 'replace', path: '/recipe/servings', value: 3 }]),
        delta([{ op: 'test', path: '/recipe/servings', value: 99 }]), // fails: no change, no event
        snapshot({ recipe: { title: 'Soup', servings: 5 } }),
        ...text('a1', 'Done.'),
        runFinished(),
      ],
    ]);
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry() });
    const changes = stateChanges(engine);
    expect(engine.thread(key).setState({ recipe: { title: 'Soup', servings: 2 }, rag: { top_k: 3 } })).to.equal(true);
    expect(engine.snapshot(key).conversation.state).to.deep.equal({ recipe: { title: 'Soup', servings: 2 }, rag: { top_k: 3 } });
    expect(changes, 'the page setting the state is not a change of the agent').to.deep.equal([]);

    const outcome = await engine.send(key, 'hi', { state: () => ({ rag: { document_filter: "id = 'd1'" } }) });
    expect(outcome).to.equal('success');
    expect(transport.requests[0].state).to.deep.equal({ recipe: { title: 'Soup', servings: 2 }, rag: { top_k: 3, document_filter: "id = 'd1'" } });
    expect(changes).to.deep.equal([
      { recipe: { title: 'Soup', servings: 3 }, rag: { top_k: 3 } },
      { recipe: { title: 'Soup', servings: 5 } },
    ]);
  });

  it('a kept thread restored after setState keeps the state the page set; setState is refused once disposed', () => {
    const engine = new RunOrchestrator({ transport: new ScriptedTransport([]), toolRegistry: new ToolRegistry() });
    engine.setState(key, { recipe: 'newer' });
    const kept = { ...emptyConversation, messages: [{ id: 'u1', role: 'user' as const, content: 'hi' }], state: { recipe: 'older' } };
    expect(engine.restore(key, { conversation: kept as never, inFlight: false })).to.equal(true);
    expect(engine.snapshot(key).conversation.messages.map((m) => m.id)).to.deep.equal(['u1']);
    expect(engine.snapshot(key).conversation.state).to.deep.equal({ recipe: 'newer' });

    const other: ThreadKey = { ...key, thread: 't2' };
    expect(engine.restore(other, { conversation: kept as never, inFlight: false })).to.equal(true);
    expect(engine.snapshot(other).conversation.state, 'without setState, the kept state').to.deep.equal({ recipe: 'older' });

    engine.dispose();
    expect(engine.setState(key, { recipe: 'late' })).to.equal(false);
  });
});
