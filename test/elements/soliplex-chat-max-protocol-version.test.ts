import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat } from '../../src/index.js';
import '../../src/index.js';
import { deepQuery, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * `max-protocol-version` on `<soliplex-chat>` (generic endpoint): the chat's own engine downgrades for
 * an endpoint known to speak an AG-UI older than 1.0 (spec 1.1, versioning), through the real HTTP
 * transport against the demo server: what the server received and what the chat shows.
 */

type Body = { protocolVersion?: string; parentRunId?: string; messages: { id: string; role: string; content?: unknown; subagentRunId?: string }[] };

/** A run with a subagent's message: shown as a subagent group by a current chat, flat for a 0.0.57 peer. */
const withSubagent = (n: number) => [
  started,
  { type: 'SUBAGENT_STARTED', subagentRunId: `sub-${n}`, name: 'researcher' },
  { type: 'TEXT_MESSAGE_START', messageId: `s${n}`, role: 'assistant', subagentRunId: `sub-${n}` },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: `s${n}`, delta: `Found source ${n}.`, subagentRunId: `sub-${n}` },
  { type: 'TEXT_MESSAGE_END', messageId: `s${n}`, subagentRunId: `sub-${n}` },
  { type: 'SUBAGENT_FINISHED', subagentRunId: `sub-${n}` },
  ...say(`a${n}`, `Answer ${n}.`),
  finished,
];

const answered = (el: SoliplexChat, text: string) => until(() => (deepQuery(el, '[part~="messages"]')?.textContent ?? '').includes(text) && !deepQuery(el, '[part~="stop-button"]'));

describe('<soliplex-chat max-protocol-version>', () => {
  it('downgrades for an endpoint known to be older (no protocolVersion sent, subagents dropped), read on every run', async () => {
    const { agentUrl, requests } = await script<Body>([withSubagent(1), withSubagent(2)]);
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} max-protocol-version="0.0.57" no-persist></soliplex-chat>`);
      expect(el.maxProtocolVersion).to.equal('0.0.57');
      el.send('first');
      await answered(el, 'Answer 1.');
      // Known from the first run: nothing 1.0 added is sent, the subagent's output is shown flat.
      expect(!!deepQuery(el, '[part~="subagent"]'), 'a subagent group is shown').to.equal(false);
      expect(deepQuery(el, '[part~="messages"]')!.textContent).to.contain('Found source 1.');
      expect(warnings.filter((w) => w.includes('dropped SUBAGENT_'))).to.have.length(2);

      // Unset, the endpoint is taken as current again from the next run on.
      el.removeAttribute('max-protocol-version');
      el.send('second');
      await answered(el, 'Answer 2.');
      await until(() => !!deepQuery(el, '[part~="subagent"]'));
      const [first, second] = await requests();
      expect(first!.body).not.to.have.property('protocolVersion');
      expect(second!.body.protocolVersion).to.equal('1.1');
    } finally {
      console.warn = warn;
    }
  });
});
