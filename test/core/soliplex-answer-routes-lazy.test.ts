// A Soliplex chat's answer routes (answer-extras-soliplex.ts, in the room's chunk) read a run's stored
// rating with every answer shown. Storing a rating (soliplex-send-feedback.ts) loads with the first one
// given, a run's usage route (soliplex-run-usage.ts) with the first usage asked (scripts/size.mjs lists
// both as optional). A file of its own that imports no public index (which would load every module):
// a module, once loaded, stays loaded for the page.
import { expect } from '@open-wc/testing';
import { SoliplexAnswerRoutes } from '../../src/controllers/answer-extras-soliplex.js';
import { SoliplexClient } from '../../src/core/transport/soliplex/soliplex-client.js';
import { server } from '../helpers/agui-server.js';
import { loaded } from '../helpers/module-loads.js';

const SEND_FEEDBACK = '/transport/soliplex/soliplex-send-feedback';
const RUN_USAGE = '/transport/soliplex/soliplex-run-usage';

describe('Soliplex answer routes: storing a rating and a run’s usage load on first use', function () {
  this.timeout(30_000);

  it('reads a run’s rating without the code that stores one; the first rating loads it and is stored; usage loads its route', async () => {
    const api = new SoliplexClient({ serverUrl: server });
    const created = await api.createThread('demo');
    const threadId = created.thread_id;
    const [runId] = Object.keys(created.runs) as [string];
    const input = { threadId, runId, state: {}, messages: [{ id: 'u1', role: 'user', content: 'What can you do?' }], tools: [], context: [], forwardedProps: {} };
    await (await api.request('POST', api.runPath('demo', threadId, runId), { body: input, headers: { Accept: 'text/event-stream' } })).text();

    const routes = new SoliplexAnswerRoutes('') // no token: the demo server's room is open;
    const thread = { server, room: 'demo', thread: threadId };
    const signal = new AbortController().signal;
    expect(await routes.feedback(thread, runId, signal), 'no rating yet').to.equal(null);
    expect(loaded(SEND_FEEDBACK), 'the code that stores a rating, before one is given').to.equal(false);

    await routes.rate(thread, runId, { rating: 'down', reason: 'Too vague' }, signal);
    expect(loaded(SEND_FEEDBACK), 'the code that stores a rating, once one is given').to.equal(true);
    const stored = await (await fetch(`${server}${api.runPath('demo', threadId, runId)}/feedback`)).json();
    expect(stored).to.deep.equal({ feedback: 'thumbs_down', reason: 'Too vague' });
    expect(await routes.feedback(thread, runId, signal)).to.deep.equal({ rating: 'down', reason: 'Too vague' });
    // An empty reason is stored as none, as the chat's rating without a comment.
    await routes.rate(thread, runId, { rating: 'up' }, signal);
    expect(await routes.feedback(thread, runId, signal)).to.deep.equal({ rating: 'up' });

    expect(loaded(RUN_USAGE), 'the usage route before usage is asked').to.equal(false);
    const usage = await routes.usage(thread, runId, signal);
    expect(loaded(RUN_USAGE), 'the usage route once usage is asked').to.equal(true);
    expect(usage?.requests).to.equal(1);
  });
});
