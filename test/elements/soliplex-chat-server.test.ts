import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, settled } from './chat-fixture.js';
import { finished as runFinished, say, script, started } from '../helpers/agui-server.js';


describe('<soliplex-chat> against the real AG-UI server', () => {
  it('runs one send end to end from agent-url and a JSON headers attribute', async () => {
    const { agentUrl, requests } = await script<{ threadId: string; messages: { role: string; content: string }[] }>([
      [started, ...say('m1', 'Hello from the **server**.'), runFinished],
    ]);
    const el = await fixture<SoliplexChat>(
      html`<soliplex-chat agent-url=${agentUrl} headers='{"Authorization":"Bearer element-token"}'></soliplex-chat>`,
    );
    const finished = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve));
    expect(el.send('hi server')).to.equal(true);
    expect((await finished).outcome).to.equal('success');
    await settled(el);
    const answer = deepQuery(el, '[part~="assistant-message"]')!;
    expect(answer.textContent).to.contain('Hello from the server.');
    expect(answer.querySelector('strong')!.textContent).to.equal('server');

    const recorded = await requests();
    expect(recorded).to.have.length(1);
    expect(recorded[0]!.headers['authorization']).to.equal('Bearer element-token');
    expect(recorded[0]!.body.threadId).to.equal(el.thread);
    expect(recorded[0]!.body.messages[0]).to.include({ role: 'user', content: 'hi server' });
  });
});
