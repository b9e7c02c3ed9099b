import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { deepQueryAll, settled, statusLine, until, turn } from './chat-fixture.js';
import { loaded } from '../helpers/module-loads.js';

// What only some chats show loads with its first use: the suggestion chips (chat-suggestions.ts), and the
// status line's step, call, tools and history states (run-status-extras.ts). A plain answer loads neither.
// This file runs in a page of its own, so the loads below are the page's first (dynamic imports are real
// here, as they are in the CDN build).

const chips = (el: SoliplexChat) => deepQueryAll(el, '[part~="suggestion"]').map((b) => b.textContent!.trim());

describe('<soliplex-chat>: suggestions and the status line\'s step and tool states load on use', () => {
  it('a plain answer loads neither; a step shows in the line from its chunk; suggestions set later show their chips', async function () {
    this.timeout(20_000);
    const { agentUrl } = await script([
      [started, ...say('a1', 'A plain answer.'), finished],
      // The step stays open (the stream hangs) until the test has seen it and pressed Stop: no race with the chunk's load.
      [started, { type: 'STEP_STARTED', stepName: 'planning' }, { $hang: true }],
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat no-persist agent-url=${agentUrl}></soliplex-chat>`);
    expect((await turn(el, 'hello')).outcome).to.equal('success');
    expect(loaded('chat-suggestions'), 'a chat without suggestions does not load their code').to.equal(false);
    expect(loaded('run-status-extras'), 'a plain answer does not load the line\'s rare states').to.equal(false);
    expect(chips(el)).to.deep.equal([]);

    // An agent's step: the line names it (a frame later the first time: its code loads).
    const done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    el.send('plan');
    await until(() => statusLine(el)?.textContent?.includes('Step: planning') ?? false);
    expect(loaded('run-status-extras')).to.equal(true);
    el.stop();
    expect((await done).outcome).to.equal('cancelled');
    await settled(el);

    // Suggestions asked of a function at rest: their code loads, the chips show.
    el.suggestions = (conversation) => [`After ${conversation.messages.filter((m) => m.role === 'user').length} questions`];
    await until(() => chips(el).length === 1);
    expect(chips(el)).to.deep.equal(['After 2 questions']);
    expect(loaded('chat-suggestions')).to.equal(true);
  });
});
