import { expect, fixture, html } from '@open-wc/testing';
import { ThreadIndex, type SoliplexChat, type SoliplexRunFinishedEvent } from '../../src/index.js';
import '../../src/index.js';
import { deepQueryAll, settled, until } from './chat-fixture.js';
import { finished, script, started } from '../helpers/agui-server.js';

/**
 * What a user sees of two shapes AG-UI 1.1 asks a client to repair rather than lose, from a generic
 * endpoint over HTTP (the demo server), and again after a reload (the thread kept in this browser):
 * a 0.x `binary` image in a messages snapshot shows as the user message's attachment (upgraded to a
 * 1.0 image part), and a text message with a role outside the closed set shows as the agent's.
 */

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const runs = [
  [
    started,
    { type: 'TEXT_MESSAGE_START', messageId: 'n1', role: 'narrator' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'n1', delta: 'A small red square.' },
    { type: 'TEXT_MESSAGE_END', messageId: 'n1' },
    {
      type: 'MESSAGES_SNAPSHOT',
      messages: [
        { id: 'u-legacy', role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'binary', mimeType: 'image/png', data: PNG, filename: 'square.png' }] },
        { id: 'n1', role: 'assistant', content: 'A small red square.' },
      ],
    },
    finished,
  ],
];

const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

/** What the user sees: each user message's text and attached images, and the agent's answers. */
function seen(el: SoliplexChat) {
  return {
    questions: deepQueryAll(el, '[part~="user-message"]').map((m) => ({
      text: (m.textContent ?? '').replace('You:', '').replace(/\s+/g, ' ').trim(),
      // Its source, and its label (which names the file the 0.x part gave).
      images: deepQueryAll<HTMLImageElement>(m, 'img[part~="message-attachment"]').map((img) => [img.getAttribute('src'), img.alt.includes('square.png')]),
    })),
    answers: deepQueryAll(el, '[part~="assistant-message"]').map((m) => (m.textContent ?? '').replace(/\s+/g, ' ').replace('Assistant:', '').trim()),
  };
}

describe('<soliplex-chat> older AG-UI shapes, repaired (AG-UI 1.1)', () => {
  it("shows a snapshot's 0.x binary image as the user message's attachment and a text message of an unknown role as the agent's, again after a reload", async () => {
    const { agentUrl } = await script(runs);
    const warn = console.warn;
    console.warn = () => {};
    try {
      const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
      const done = finishedOnce(el);
      el.send('What is this?');
      expect((await done).outcome).to.equal('success');
      await until(() => seen(el).questions[0]?.images.length === 1);
      await settled(el);
      const expected = { questions: [{ text: 'What is this?', images: [[`data:image/png;base64,${PNG}`, true]] }], answers: ['A small red square.'] };
      expect(seen(el)).to.deep.equal(expected);

      // A reload: the thread kept in this browser shows the same.
      const thread = el.thread;
      const engine = el.engine!;
      el.remove();
      await new Promise((resolve) => setTimeout(resolve, 0));
      await ThreadIndex.for(engine).flush();
      const again = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread}></soliplex-chat>`);
      await until(() => seen(again).questions[0]?.images.length === 1);
      await settled(again);
      expect(seen(again)).to.deep.equal(expected);
    } finally {
      console.warn = warn;
    }
  });
});
