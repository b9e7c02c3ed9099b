import { expect } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import {
  RunOrchestrator,
  SoliplexTransport,
  createAgUiHttpTransport,
  retryAfterMs,
  type BusyRetryOptions,
  type RunState,
  type ThreadKey,
  type WaitingToRetryState,
} from '../../src/core/index.js';
import { until } from '../helpers/scripted-transport.js';
import { finished, say, script, server, started, type RecordedRequest } from '../helpers/agui-server.js';

type Recorded = RecordedRequest<{ messages: Message[] }>;

const busy = (status: 429 | 503, retryAfter?: string) => [{ $status: status, body: { error: 'slow down' }, ...(retryAfter !== undefined ? { headers: { 'Retry-After': retryAfter } } : {}) }];
const answer = [started, ...say('a1', 'Here I am.'), finished];

function engineFor(agentUrl: string, busyRetry?: BusyRetryOptions) {
  const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: agentUrl }), ...(busyRetry ? { busyRetry } : {}) });
  const key: ThreadKey = { server: agentUrl, room: '', thread: crypto.randomUUID() };
  const states: RunState[] = [];
  engine.registry.subscribe((snapshot) => states.push(snapshot.run), key);
  return { engine, key, states };
}

const waits = (states: RunState[]) => states.filter((s): s is WaitingToRetryState => s.status === 'running' && s.phase === 'waiting-to-retry');
const lastText = (engine: RunOrchestrator, key: ThreadKey) => (engine.snapshot(key).conversation.messages.at(-1) as { text: string }).text;

describe('a busy server (429, 503) is waited for and asked again', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    expect(retryAfterMs('120', now)).to.equal(120_000);
    expect(retryAfterMs(' 0 ', now)).to.equal(0);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:30 GMT', now)).to.equal(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:00 GMT', now), 'a date in the past').to.equal(0);
    expect(retryAfterMs('soon', now)).to.equal(undefined);
    expect(retryAfterMs(null, now)).to.equal(undefined);
  });

  it('429 with Retry-After in seconds: waits that long, showing until when, then sends the same run again', async () => {
    const { agentUrl, requests } = await script([busy(429, '1'), answer]);
    const { engine, key, states } = engineFor(agentUrl);
    const sentAt = Date.now();
    const outcome = engine.send(key, 'hello');
    await until(() => waits(states).length > 0);
    const wait = waits(states)[0]!;
    expect(wait).to.include({ hop: 0, attempt: 1, attempts: 2 });
    expect(wait.error).to.include({ kind: 'http', status: 429, retryAfterMs: 1000 });
    expect(wait.until - sentAt).to.be.within(900, 5_000);
    expect((await requests()).length, 'nothing is sent while it waits').to.equal(1);
    expect(await outcome).to.equal('success');
    expect(Date.now()).to.be.at.least(wait.until - 50);
    const sent = (await requests()) as Recorded[];
    expect(sent).to.have.length(2);
    expect(sent[1]!.body.messages.map((m) => m.content)).to.deep.equal(['hello']);
    expect(lastText(engine, key)).to.equal('Here I am.');
    // Running throughout: no failed or idle flash between the tries.
    expect(states.slice(0, -1).every((s) => s.status === 'running')).to.equal(true);
    engine.dispose();
  });

  it('503 with Retry-After as an HTTP date', async () => {
    const { agentUrl, requests } = await script([busy(503, new Date(Date.now() + 1500).toUTCString()), answer]);
    const { engine, key, states } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('success');
    const wait = waits(states)[0]!;
    expect(wait.error).to.include({ status: 503 });
    expect(wait.error.retryAfterMs).to.be.within(0, 1500);
    expect((await requests()).length).to.equal(2);
    engine.dispose();
  });

  it('without Retry-After, waits the default and doubles it: at most two automatic retries, then failed', async () => {
    const { agentUrl, requests } = await script([busy(429), busy(503), busy(429), answer]);
    const { engine, key, states } = engineFor(agentUrl, { defaultWaitMs: 100 });
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(waits(states).map((w) => [w.attempt, w.error.status])).to.deep.equal([
      [1, 429],
      [2, 503],
    ]);
    const [first, second] = waits(states);
    expect(second!.until - first!.until, 'the second wait is longer').to.be.at.least(150);
    const run = engine.snapshot(key).run;
    expect(run.status === 'failed' && run.error).to.include({ kind: 'http', status: 429 });
    expect((await requests()).length).to.equal(3);
    // Retry stays available, and works once the server has room.
    expect(await engine.retry(key)).to.equal('success');
    expect(lastText(engine, key)).to.equal('Here I am.');
    engine.dispose();
  });

  it('a server that asks for longer than the cap is not retried by itself: the failure says how long', async () => {
    const { agentUrl, requests } = await script([busy(429, '3600'), answer]);
    const { engine, key, states } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(waits(states)).to.have.length(0);
    const run = engine.snapshot(key).run;
    expect(run.status === 'failed' && run.error).to.include({ status: 429, retryAfterMs: 3_600_000 });
    expect((await requests()).length).to.equal(1);
    engine.dispose();
  });

  it('Stop ends the wait: the turn is cancelled and nothing more is sent', async () => {
    const { agentUrl, requests } = await script([busy(503, '1'), answer]);
    const { engine, key, states } = engineFor(agentUrl);
    const outcome = engine.send(key, 'hello');
    await until(() => waits(states).length > 0);
    engine.cancel(key);
    expect(await outcome).to.equal('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect((await requests()).length).to.equal(1);
    expect(engine.snapshot(key).run.status).to.equal('cancelled');
    engine.dispose();
  });

  it('retry during the wait sends at once, as the same turn', async () => {
    const { agentUrl, requests } = await script([busy(429, '30'), answer]);
    const { engine, key, states } = engineFor(agentUrl);
    const turns: string[] = [];
    engine.on((event) => turns.push(event.type));
    const outcome = engine.send(key, 'hello');
    await until(() => waits(states).length > 0);
    const retried = engine.retry(key);
    expect(await retried).to.equal('success');
    expect(await outcome).to.equal('success');
    expect((await requests()).length).to.equal(2);
    expect(turns.filter((t) => t === 'turn-started')).to.have.length(1);
    engine.dispose();
  });

  it('`busyRetry: { retries: 0 }` fails at once, explained', async () => {
    const { agentUrl } = await script([busy(429, '1'), answer]);
    const { engine, key, states } = engineFor(agentUrl, { retries: 0 });
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(waits(states)).to.have.length(0);
    engine.dispose();
  });

  it('on a Soliplex room: a 429 on the run is waited for and the turn completes', async () => {
    const { room, requests } = await script([busy(429, '1'), answer]);
    const engine = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room }) });
    const key = await engine.createThread(server, room);
    const states: RunState[] = [];
    engine.registry.subscribe((snapshot) => states.push(snapshot.run), key);
    expect(await engine.send(key, 'hello')).to.equal('success');
    expect(waits(states)[0]!.error).to.include({ status: 429, retryAfterMs: 1000 });
    expect(lastText(engine, key)).to.equal('Here I am.');
    expect((await requests()).length).to.equal(2);
    engine.dispose();
  });
});
