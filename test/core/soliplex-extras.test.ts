import { expect } from '@open-wc/testing';
import {
  RunOrchestrator,
  SoliplexApi,
  SoliplexTransport,
  ToolRegistry,
  TransportError,
  buildDocumentFilter,
  discoverOidc,
  documentFilterState,
  feedbackFromRating,
  fetchLoginSystems,
  getChunk,
  getInstallation,
  getInstallationIdentity,
  getInstallationVersions,
  getRunFeedback,
  getRunUsage,
  latestDocumentFilter,
  listDocuments,
  loginUrl,
  logoutUrl,
  parseDocumentFilter,
  readLoginReturn,
  refreshTokens,
  refreshingTokenSource,
  seedTurnState,
  sendRunFeedback,
  turnCitations,
  type SoliplexTokens,
} from '../../src/core/index.js';
import { script, server, setServerToken } from '../helpers/agui-server.js';

/** Sets the demo identity provider's lifetimes, or issues a token set at once (test routes). */
const idp = async (path: '' | '/tokens', body: object) =>
  (await fetch(`${server}/api/test/idp${path}`, { method: 'POST', body: JSON.stringify(body) })).json();

const asTokens = (set: { access_token: string; refresh_token: string }): SoliplexTokens => ({ accessToken: set.access_token, refreshToken: set.refresh_token, expiresAt: 0 });

const authRooms: string[] = [];

/** A script room that needs a token (only this room: test files share the server). */
async function authRoom() {
  const { room } = await script([]);
  await setServerToken(`static-${room}`, room);
  authRooms.push(room);
  return room;
}

/**
 * Goes through the real browser sign-in in an iframe: Soliplex's login redirect, the provider's
 * authorize step, Soliplex's callback, and back to a page on this origin; answers where it landed.
 */
async function signInInFrame(returnTo: string): Promise<string> {
  const frame = document.createElement('iframe');
  frame.src = loginUrl(server, 'demo', returnTo);
  document.body.append(frame);
  try {
    for (let i = 0; i < 500; i++) {
      await new Promise((r) => setTimeout(r, 20));
      try {
        const href = frame.contentWindow?.location.href;
        if (href?.startsWith(location.origin)) return href;
      } catch {
        /* still on the server's origin */
      }
    }
    throw new Error('sign-in did not come back');
  } finally {
    frame.remove();
  }
}

describe('Soliplex sign-in against the demo server', () => {
  after(async () => {
    for (const room of authRooms) await setServerToken(null, room);
  });

  it('lists the provider, signs in through the login redirect and reads the tokens from the return URL', async () => {
    const room = await authRoom();
    const [system, ...others] = await fetchLoginSystems(server);
    expect(others).to.have.length(0);
    expect(system.id).to.equal('demo');
    expect(system.server_url).to.equal(`${server}/idp`);

    const landed = await signInInFrame(`${location.origin}/signed-in.html#/rooms/${room}`);
    const back = readLoginReturn(landed);
    if (back.kind !== 'signed-in') throw new Error(`not signed in: ${landed}`);
    expect(back.cleanUrl).to.equal(`${location.origin}/signed-in.html#/rooms/${room}`, 'the tokens leave the address');
    expect(back.tokens.refreshToken).to.be.a('string');
    expect(back.tokens.expiresAt).to.be.greaterThan(Date.now());

    const signedIn = new SoliplexApi({ serverUrl: server, token: back.tokens.accessToken });
    expect(await signedIn.listThreads(room)).to.deep.equal([]);
    const anonymous = new SoliplexApi({ serverUrl: server });
    const refused = await anonymous.listThreads(room).catch((e: unknown) => e);
    expect((refused as TransportError).kind).to.equal('unauthorized');
  });

  it('reads a return URL without a fragment of its own, and a provider error', () => {
    const back = readLoginReturn('https://app.test/chat?x=1#token=a&refresh_token=r&expires_in=60&refresh_expires_in=600', 1_000);
    expect(back).to.deep.equal({
      kind: 'signed-in',
      tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: 61_000, refreshExpiresAt: 601_000 },
      cleanUrl: 'https://app.test/chat?x=1',
    });
    expect(readLoginReturn('https://app.test/#/room?error=access_denied&error_description=No')).to.deep.equal({
      kind: 'error',
      error: 'access_denied',
      description: 'No',
      cleanUrl: 'https://app.test/#/room',
    });
    expect(readLoginReturn('https://app.test/#/room')).to.deep.equal({ kind: 'none' });
    expect(readLoginReturn('https://app.test/#/cb?token=a&id_token=i&x=1')).to.deep.include({ tokens: { accessToken: 'a', idToken: 'i' }, cleanUrl: 'https://app.test/#/cb?x=1' });
  });

  it('builds the login and logout addresses as the official client does', async () => {
    expect(loginUrl('https://soliplex.test', 'kc', 'https://app.test/#/auth/callback', { prompt: 'login' })).to.equal(
      'https://soliplex.test/api/login/kc?return_to=https%3A%2F%2Fapp.test%2F%23%2Fauth%2Fcallback&prompt=login',
    );
    await authRoom(); // the provider is listed while auth is on somewhere
    const [system] = await fetchLoginSystems(server);
    const { endSessionEndpoint } = await discoverOidc(system.server_url);
    const out = new URL(logoutUrl(endSessionEndpoint!, { clientId: system.client_id, returnTo: 'https://app.test/', idToken: 'i' }));
    expect(`${out.origin}${out.pathname}`).to.equal(`${server}/idp/logout`);
    expect(Object.fromEntries(out.searchParams)).to.deep.equal({ post_logout_redirect_uri: 'https://app.test/', client_id: system.client_id, id_token_hint: 'i' });
  });

  it('refreshes at the provider (discovery, then the refresh grant) and the new token opens the room', async () => {
    const room = await authRoom();
    const [system] = await fetchLoginSystems(server);
    const { tokenEndpoint } = await discoverOidc(system.server_url);
    expect(tokenEndpoint).to.equal(`${server}/idp/token`);

    const expired = await idp('/tokens', { expires_in: 0 });
    const stale = await new SoliplexApi({ serverUrl: server, token: expired.access_token }).listThreads(room).catch((e: unknown) => e);
    expect((stale as TransportError).kind).to.equal('unauthorized');

    const fresh = await refreshTokens({ tokenEndpoint, clientId: system.client_id, refreshToken: expired.refresh_token });
    expect(fresh.accessToken).to.not.equal(expired.access_token);
    expect(await new SoliplexApi({ serverUrl: server, token: fresh.accessToken }).listThreads(room)).to.deep.equal([]);

    const refused = await refreshTokens({ tokenEndpoint, clientId: system.client_id, refreshToken: 'forged' }).catch((e: unknown) => e);
    expect((refused as TransportError).kind).to.equal('unauthorized');
  });

  it('a refreshing token source renews an expired token before the call, once for concurrent calls', async () => {
    const room = await authRoom();
    const [system] = await fetchLoginSystems(server);
    const seen: SoliplexTokens[] = [];
    const token = refreshingTokenSource({ system, tokens: asTokens(await idp('/tokens', { expires_in: 0 })), onTokens: (t) => seen.push(t) });
    const a = new SoliplexApi({ serverUrl: server, token });
    const b = new SoliplexApi({ serverUrl: server, token });
    const [threadsA, threadsB] = await Promise.all([a.listThreads(room), b.listThreads(room)]);
    expect(threadsA).to.deep.equal([]);
    expect(threadsB).to.deep.equal([]);
    expect(seen).to.have.length(1, 'one refresh');
    expect(await token({ refresh: false })).to.equal(seen[0].accessToken, 'the new token is used until it expires');

    const spent = refreshingTokenSource({ system, tokens: asTokens(await idp('/tokens', { expires_in: 0, refresh_expires_in: 0 })) });
    expect(await spent({ refresh: false })).to.equal(undefined, 'sign in again');
    const revoked = refreshingTokenSource({ system, tokens: { accessToken: 'old', refreshToken: 'forged', expiresAt: 0 } });
    expect(await revoked({ refresh: false })).to.equal(undefined, 'a refresh token the provider refuses ends the session');
  });
});

describe('Soliplex documents, citations and the document filter against the demo server', () => {
  const api = new SoliplexApi({ serverUrl: server });

  it('lists the room documents and opens a chunk preview; a chunk without one is a 404', async () => {
    const documents = await listDocuments(api, 'demo');
    expect(documents.map((d) => d.title)).to.include.members(['Secret Numbers Handbook', 'Tools and Approvals', 'Release Notes']);
    const { room } = await script([]);
    expect(await listDocuments(api, room)).to.deep.equal([]);

    const chunk = await getChunk(api, 'demo', 'c1a0e6b2-4f3d-4c1a-9e8b-7d6c5b4a3f01', { refs: ['#/texts/3'] });
    expect(chunk.images_base_64).to.have.length(1);
    const image = new Image();
    image.src = `data:image/png;base64,${chunk.images_base_64[0]}`;
    await image.decode();
    expect(image.naturalWidth).to.be.greaterThan(0, 'a real PNG');
    const missing = await getChunk(api, 'demo', 'no-such-chunk').catch((e: unknown) => e);
    expect((missing as TransportError).status).to.equal(404);
  });

  it('a turn through the engine ends with citations the turn extracts from the agent state', async () => {
    const transport = new SoliplexTransport({ serverUrl: server, room: 'demo' });
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([]) });
    const key = await engine.createThread(server, 'demo');
    const before = seedTurnState(engine.snapshot(key).conversation.state);
    // (not failed or cancelled: the engine's word for success is being renamed this round)
    expect(await engine.send(key, 'search the documents for the secret number of alice')).to.not.be.oneOf(['failed', 'cancelled']);
    const citations = turnCitations(before, engine.snapshot(key).conversation.state);
    expect(citations.length).to.be.greaterThan(0);
    expect(citations[0]).to.include({ chunkId: 'c1a0e6b2-4f3d-4c1a-9e8b-7d6c5b4a3f01', documentTitle: 'Secret Numbers Handbook', index: 1 });
    expect(citations[0].headings).to.deep.equal(['Secret numbers', 'Alice']);
    expect(citations[0].pageNumbers).to.deep.equal([1]);
    expect(citations[0].content).to.contain('42');
  });

  it('the filter built from a choice of documents limits what the next run cites; the thread remembers it', async () => {
    const documents = await listDocuments(api, 'demo');
    const tools = documents.find((d) => d.title === 'Tools and Approvals')!;
    const filter = buildDocumentFilter([tools.id]);
    expect(parseDocumentFilter(filter)).to.deep.equal([tools.id]);

    const thread = await api.createThread('demo');
    const runId = Object.keys(thread.runs)[0];
    const state = documentFilterState(filter);
    const input = { threadId: thread.thread_id, runId, state, messages: [{ id: 'u1', role: 'user', content: 'show citations' }], tools: [], context: [], forwardedProps: {} };
    await (await api.request('POST', api.runPath('demo', thread.thread_id, runId), { body: input })).text();
    const run = await api.getRun('demo', thread.thread_id, runId);
    const final = (run.events as { type: string; snapshot?: unknown }[]).findLast((e) => e.type === 'STATE_SNAPSHOT')?.snapshot;
    const citations = turnCitations(state, final);
    expect(citations.length).to.be.greaterThan(0);
    expect([...new Set(citations.map((c) => c.documentId))]).to.deep.equal([tools.id]);
    expect(latestDocumentFilter(await api.getThread('demo', thread.thread_id))).to.equal(filter);
  });
});

describe('Soliplex usage, feedback and installation against the demo server', () => {
  const api = new SoliplexApi({ serverUrl: server });

  async function finishedTurn() {
    const transport = new SoliplexTransport({ serverUrl: server, room: 'demo' });
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([]) });
    const key = await engine.createThread(server, 'demo');
    expect(await engine.send(key, 'What can you do?')).to.not.be.oneOf(['failed', 'cancelled']);
    const thread = await api.getThread('demo', key.thread);
    const [runId] = Object.keys(thread.runs);
    return { threadId: key.thread, runId };
  }

  it('reads a finished run’s usage, and null for a run without', async () => {
    const { threadId, runId } = await finishedTurn();
    let usage = await getRunUsage(api, 'demo', threadId, runId);
    for (let i = 0; !usage && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 20)); // stamped when the server's producer ends
      usage = await getRunUsage(api, 'demo', threadId, runId);
    }
    expect(usage!.output_tokens).to.be.greaterThan(0);
    expect(usage!.requests).to.equal(1);
    const unused = await api.createRun('demo', threadId, runId);
    expect(await getRunUsage(api, 'demo', threadId, unused.run_id)).to.equal(null);
  });

  it('sends feedback with a reason, reads it back, replaces it; none is null', async () => {
    const { threadId, runId } = await finishedTurn();
    expect(await getRunFeedback(api, 'demo', threadId, runId)).to.equal(null);
    await sendRunFeedback(api, 'demo', threadId, runId, { feedback: feedbackFromRating('down'), reason: 'Too vague' });
    expect(await getRunFeedback(api, 'demo', threadId, runId)).to.deep.equal({ feedback: 'thumbs_down', reason: 'Too vague' });
    await sendRunFeedback(api, 'demo', threadId, runId, { feedback: feedbackFromRating('up'), reason: '  ' });
    expect(await getRunFeedback(api, 'demo', threadId, runId)).to.deep.equal({ feedback: 'thumbs_up', reason: null });
  });

  it('reads the installation, its versions and identity', async () => {
    expect((await getInstallation(api)).id).to.be.a('string');
    const versions = await getInstallationVersions(api);
    expect(versions.soliplex).to.be.a('string');
    expect((await getInstallationIdentity(api))?.name).to.equal('Soliplex demo');
  });
});
