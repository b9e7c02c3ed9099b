import { expect, fixture, html } from '@open-wc/testing';
import { RunOrchestrator, SoliplexRegisterToolEvent, SoliplexUnregisterToolEvent, ToolRegistry } from '../../src/index.js';
import type { ClientTool, SoliplexChat, SoliplexErrorEvent } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, settled, until } from './chat-fixture.js';

const tool = (name: string, result: unknown = name): ClientTool => ({
  name,
  description: `The ${name} tool`,
  parameters: { type: 'object', properties: {} },
  execute: () => result,
});

const done = [runStarted(), ...text('a', 'ok'), runFinished()];

async function sentTools(el: SoliplexChat, transport: ScriptedTransport): Promise<string[]> {
  const count = transport.requests.length;
  const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  el.send('which tools?');
  await finished;
  return transport.requests[count]!.tools.map((t) => t.name);
}

describe('<soliplex-chat> tool registration', () => {
  it('registers by property and pushes the registry to the engine', async () => {
    const { el, engine, transport } = await chatWith([done, done]);
    expect(el.toolRegistry.tools).to.have.length(0);
    el.toolRegistry = el.toolRegistry.register(tool('get_selection'));
    expect(engine.toolRegistry).to.equal(el.toolRegistry);
    expect(await sentTools(el, transport)).to.deep.equal(['get_selection']);
  });

  it('registers by event from a light-DOM child and unregisters by name', async () => {
    const { el, transport } = await chatWith([done, done]);
    const child = document.createElement('span');
    el.append(child);
    const outer: Event[] = [];
    document.addEventListener('soliplex-register-tool', (e) => outer.push(e), { once: true });
    child.dispatchEvent(new CustomEvent('soliplex-register-tool', { bubbles: true, composed: true, detail: { tool: tool('a_tool') } }));
    child.dispatchEvent(new SoliplexRegisterToolEvent(tool('b_tool')));
    expect(el.toolRegistry.tools.map((t) => t.name)).to.deep.equal(['a_tool', 'b_tool']);
    expect(outer, 'the nearest chat takes the event').to.have.length(0);
    expect(await sentTools(el, transport)).to.deep.equal(['a_tool', 'b_tool']);

    child.dispatchEvent(new SoliplexUnregisterToolEvent('a_tool'));
    expect(await sentTools(el, transport)).to.deep.equal(['b_tool']);
  });

  it('reports an invalid or duplicate tool sent by event as soliplex-error', async () => {
    const { el } = await chatWith([], [tool('dup')]);
    const errors: SoliplexErrorEvent[] = [];
    el.addEventListener('soliplex-error', (e) => errors.push(e));
    el.dispatchEvent(new SoliplexRegisterToolEvent(tool('dup')));
    el.dispatchEvent(new SoliplexRegisterToolEvent(tool('bad name!')));
    expect(errors.map((e) => e.message)).to.have.length(2);
    expect(errors[0]!.message).to.contain('already registered');
    expect(el.toolRegistry.tools.map((t) => t.name)).to.deep.equal(['dup']);
  });

  it('a registration during a turn applies to its continuation', async () => {
    const late = tool('late_tool', 'late');
    const holder: { chat?: SoliplexChat } = {};
    const first: ClientTool = {
      ...tool('first_tool'),
      execute: () => {
        holder.chat!.toolRegistry = holder.chat!.toolRegistry.register(late);
        return 'first';
      },
    };
    const { el, transport } = await chatWith([[runStarted(), ...toolCall('c1', 'first_tool', {}), runFinished()], done], [first]);
    holder.chat = el;
    const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve));
    el.send('go');
    await finished;
    expect(transport.requests[1]!.tools.map((t) => t.name)).to.deep.equal(['first_tool', 'late_tool']);
  });

  it('keeps a toolRegistry (and strings) set before the element upgraded', async () => {
    const inert = document.implementation.createHTMLDocument('');
    const el = inert.createElement('soliplex-chat') as SoliplexChat;
    const registry = new ToolRegistry([tool('early')]);
    el.toolRegistry = registry;
    el.strings = { welcome: 'Bonjour !' };
    document.body.append(el); // adopting + connecting upgrades it
    try {
      expect(el).to.be.instanceOf(customElements.get('soliplex-chat')!);
      expect(el.toolRegistry).to.equal(registry);
      await el.updateComplete;
      expect(el.toolRegistry).to.equal(registry);
      expect(el.engine!.toolRegistry).to.equal(registry);
      expect(el.shadowRoot!.textContent).to.contain('Bonjour !');
    } finally {
      el.remove();
    }
  });
});

describe('<soliplex-chat> engine ownership and threads', () => {
  it('makes its own engine and disposes it when removed', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url="http://127.0.0.1:9/none"></soliplex-chat>`);
    const engine = el.engine!;
    expect(engine).to.be.instanceOf(RunOrchestrator);
    el.remove();
    await Promise.resolve();
    await Promise.resolve();
    expect(el.engine).to.equal(undefined);
    let rejected = false;
    await engine.send({ server: 'x', room: '', thread: 'y' }, 'hi').catch(() => (rejected = true));
    expect(rejected, 'a disposed engine refuses to send').to.equal(true);
  });

  it('two widgets share one engine on different threads; a veto in one does not affect the other', async () => {
    const transport = new ScriptedTransport([done, done]);
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([tool('shared_tool')]) });
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <soliplex-chat .engine=${engine} thread="one"></soliplex-chat>
      <soliplex-chat .engine=${engine} thread="two"></soliplex-chat>
    </div>`);
    const [a, b] = [...wrapper.querySelectorAll('soliplex-chat')] as [SoliplexChat, SoliplexChat];
    expect(a.toolRegistry.has('shared_tool'), 'adopts the engine tools').to.equal(true);
    const finished = new Promise((resolve) => a.addEventListener('soliplex-run-finished', resolve));
    const heardByB: Event[] = [];
    b.addEventListener('soliplex-run-finished', (e) => heardByB.push(e));
    a.send('hello from one');
    await finished;
    await settled(a);
    await settled(b);
    expect(deepQuery(a, '[part~="user-message"]')!.textContent).to.contain('hello from one');
    expect(deepQuery(b, '[part~="user-message"]')).to.equal(undefined);
    expect(heardByB).to.have.length(0);
    expect(transport.requests[0]!.threadId).to.equal('one');
  });

  it('newChat() starts an empty thread', async () => {
    const { el } = await chatWith([done]);
    const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve));
    el.send('first');
    await finished;
    await settled(el);
    const old = el.thread;
    const id = el.newChat();
    await settled(el);
    expect(id).to.not.equal(old);
    expect(el.thread).to.equal(id);
    expect(deepQuery(el, '[part~="user-message"]')).to.equal(undefined);
    expect(deepQuery(el, '[part~="empty-state"]')).to.exist;
  });

  it('gives a fresh thread id when none is set', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat></soliplex-chat>`);
    expect(el.thread).to.match(/^[0-9a-f-]{32,36}$/);
  });

  it('send() refuses empty text and a second message while a turn runs', async () => {
    const { el } = await chatWith([[runStarted(), { $hang: true }]]);
    expect(el.send('   ')).to.equal(false);
    expect(el.send('first')).to.equal(true);
    expect(el.send('second')).to.equal(false);
    el.stop();
    await until(() => deepQuery(el, '[part~="status"]')?.dataset['state'] === 'cancelled');
  });
});
