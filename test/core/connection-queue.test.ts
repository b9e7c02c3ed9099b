import { expect, fixture, html } from '@open-wc/testing';
import { RunOrchestrator, type ThreadKey } from '../../src/core/index.js';
import type { SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { ScriptedTransport, deferred, until } from '../helpers/scripted-transport.js';
import '../../src/index.js';

const keyOn = (thread: string, server = 'https://agent.example/run'): ThreadKey => ({ server, room: '', thread });

/** Each thread's transport answers once, after `gate` opens. */
function gatedEngine(gates: Record<string, Promise<unknown>>, maxStreamsPerHost = 1) {
  const transports = new Map<string, ScriptedTransport>();
  const engine = new RunOrchestrator({
    maxStreamsPerHost,
    transport: ({ thread }) => {
      let transport = transports.get(thread);
      if (!transport) {
        transport = new ScriptedTransport([[runStarted(), { $wait: gates[thread] ?? Promise.resolve() }, ...text(`a-${thread}`, `Answer ${thread}.`), runFinished()]]);
        transports.set(thread, transport);
      }
      return transport;
    },
  });
  return { engine, transports };
}

describe('streams per host', () => {
  it('a run beyond the limit waits (and says so), then streams when a slot frees; each finishes', async () => {
    const openA = deferred();
    const { engine, transports } = gatedEngine({ a: openA.promise });
    const a = engine.send(keyOn('a'), 'first');
    const b = engine.send(keyOn('b'), 'second');
    await until(() => transports.get('a')?.requests.length === 1);
    expect(engine.snapshot(keyOn('b')).run).to.include({ status: 'running', phase: 'waiting-for-connection' });
    expect(transports.get('b')?.requests.length ?? 0).to.equal(0);
    openA.resolve();
    expect(await a).to.equal('success');
    expect(await b).to.equal('success');
    expect(transports.get('b')!.requests).to.have.length(1);
  });

  it('other hosts are not held back', async () => {
    const { engine, transports } = gatedEngine({ a: new Promise(() => {}) });
    void engine.send(keyOn('a'), 'blocked');
    expect(await engine.send(keyOn('c', 'https://other.example/run'), 'elsewhere')).to.equal('success');
    expect(transports.get('c')!.requests).to.have.length(1);
    engine.dispose();
  });

  it('cancelling a queued run gives up its place; the next in line gets the slot', async () => {
    const openA = deferred();
    const { engine, transports } = gatedEngine({ a: openA.promise });
    const a = engine.send(keyOn('a'), 'first');
    const b = engine.send(keyOn('b'), 'second');
    const c = engine.send(keyOn('c'), 'third');
    await until(() => engine.snapshot(keyOn('c')).run.status === 'running');
    engine.cancel(keyOn('b'));
    expect(await b).to.equal('cancelled');
    openA.resolve();
    expect(await a).to.equal('success');
    expect(await c).to.equal('success');
    expect(transports.get('b')?.requests.length ?? 0).to.equal(0);
  });

  it('the chat shows "Waiting for a free connection…" while its run is queued', async () => {
    const openA = deferred();
    const { engine } = gatedEngine({ a: openA.promise });
    void engine.send(keyOn('a'), 'first');
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} agent-url="https://agent.example/run" thread="b"></soliplex-chat>`);
    el.send('second');
    await until(() => el.shadowRoot!.querySelector('soliplex-run-status')?.shadowRoot?.textContent?.includes('Waiting for a free connection…') ?? false);
    openA.resolve();
    await until(() => engine.snapshot(keyOn('b')).run.status === 'success');
  });
});
