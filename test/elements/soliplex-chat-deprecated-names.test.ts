import { expect, fixture, html } from '@open-wc/testing';
import { RunOrchestrator, SoliplexChat } from '../../src/index.js';
import type { SoliplexThreadList } from '../../src/elements/soliplex-thread-list/soliplex-thread-list.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { deepQuery, deepQueryAll, settled, until } from './chat-fixture.js';

/**
 * Issue 22's renames keep the old names for one minor version: each old attribute, property and
 * method still works, and its first use says once in the console what replaces it. The module's
 * "once" is per page, and every test file runs in a page of its own: each old name is first used in
 * the test that checks it.
 */

const warnings: string[] = [];
const originalWarn = console.warn;
before(() => {
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
});
after(() => {
  console.warn = originalWarn;
});

/** The console warnings that name `oldName` as deprecated. */
const warned = (oldName: string) => warnings.filter((w) => w.includes(`"${oldName}" is deprecated`));

const buttons = (el: SoliplexChat, name: string) => deepQueryAll<HTMLButtonElement>(el, 'button').filter((b) => (b.getAttribute('aria-label') ?? b.textContent!.trim()) === name);

/** A chat (made by `make`) on a scripted engine, with one answered turn on screen. */
async function answered(make: (engine: RunOrchestrator) => Promise<SoliplexChat>) {
  const transport = new ScriptedTransport([[runStarted(), ...text('a1', 'An answer.'), runFinished()]]);
  const el = await make(new RunOrchestrator({ transport }));
  const done = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  el.send('a question');
  await done;
  await settled(el);
  return el;
}

/** Markup parsed in an inert template: the element upgrades when it is connected. */
function parsedLater(markup: string): SoliplexChat {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.content.firstElementChild as SoliplexChat;
}

describe('<soliplex-chat> deprecated names', () => {
  it('threads (attribute, before and after upgrade, and property) shows the thread list as thread-list does, and warns once', async () => {
    const early = parsedLater('<soliplex-chat threads agent-url="http://127.0.0.1:9/agent" no-persist></soliplex-chat>');
    expect(early instanceof SoliplexChat, 'not upgraded yet').to.equal(false);
    document.body.append(early);
    await settled(early);
    expect(early.threadList).to.equal(true);
    expect(early.hasAttribute('thread-list'), 'reflected under the new name').to.equal(true);
    await until(() => deepQuery(early, '[part~="thread-list"]') !== undefined);

    const late = await fixture<SoliplexChat>(html`<soliplex-chat agent-url="http://127.0.0.1:9/agent" no-persist></soliplex-chat>`);
    expect(deepQuery(late, '[part~="thread-list"]')).to.equal(undefined);
    late.setAttribute('threads', '');
    await until(() => deepQuery(late, '[part~="threads-toggle"]') !== undefined);
    expect(deepQuery(late, '[part~="threads-toggle"]')!.textContent!.trim()).to.equal('☰ Chats');
    late.threads = false;
    await settled(late);
    expect(deepQuery(late, '[part~="thread-list"]')).to.equal(undefined);
    expect(warned('threads')).to.have.length(1);
    early.remove();
  });

  it('persist="false" keeps conversations out of storage as no-persist does, and warns once', async () => {
    const early = parsedLater('<soliplex-chat persist="false" agent-url="http://127.0.0.1:9/agent"></soliplex-chat>');
    document.body.append(early);
    await settled(early);
    expect(early.noPersist).to.equal(true);
    expect(early.persist).to.equal(false);
    const late = await fixture<SoliplexChat>(html`<soliplex-chat agent-url="http://127.0.0.1:9/agent"></soliplex-chat>`);
    expect(late.noPersist).to.equal(false);
    late.setAttribute('persist', 'false');
    expect(late.noPersist).to.equal(true);
    late.persist = true;
    expect(late.noPersist).to.equal(false);
    expect(warned('persist')).to.have.length(1);
    early.remove();
  });

  it('hide-new-chat hides the header\'s New chat as no-new-chat does, and warns once', async () => {
    const early = parsedLater('<soliplex-chat hide-new-chat no-persist></soliplex-chat>');
    document.body.append(early);
    await settled(early);
    expect(early.noNewChat).to.equal(true);
    expect(buttons(early, 'New chat')).to.have.length(0);
    const late = await fixture<SoliplexChat>(html`<soliplex-chat no-persist></soliplex-chat>`);
    expect(buttons(late, 'New chat')).to.have.length(1);
    late.hideNewChat = true;
    await settled(late);
    expect(buttons(late, 'New chat')).to.have.length(0);
    expect(warned('hide-new-chat')).to.have.length(1);
    early.remove();
  });

  it('hide-copy, hide-regenerate and hide-edit hide their message actions as no-copy, no-regenerate and no-edit do, each warning once', async () => {
    const early = await answered(async (engine) => {
      const el = parsedLater('<soliplex-chat hide-copy thread="t1"></soliplex-chat>');
      el.engine = engine; // a property set before the upgrade
      document.body.append(el);
      await settled(el);
      return el;
    });
    expect(early.noCopy).to.equal(true);
    expect(buttons(early, 'Copy')).to.have.length(0);
    expect(buttons(early, 'Regenerate')).to.have.length(1);
    expect(buttons(early, 'Edit')).to.have.length(1);
    early.setAttribute('hide-regenerate', '');
    early.hideEdit = true;
    await settled(early);
    expect(buttons(early, 'Regenerate')).to.have.length(0);
    expect(buttons(early, 'Edit')).to.have.length(0);
    expect([early.noRegenerate, early.noEdit]).to.deep.equal([true, true]);

    const late = await answered((engine) => fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} thread="t1"></soliplex-chat>`));
    expect(buttons(late, 'Copy')).to.not.have.length(0);
    late.hideCopy = true;
    late.hideRegenerate = true;
    late.setAttribute('hide-edit', '');
    await settled(late);
    expect(buttons(late, 'Copy')).to.have.length(0);
    expect(buttons(late, 'Regenerate')).to.have.length(0);
    expect(buttons(late, 'Edit')).to.have.length(0);
    expect([warned('hide-copy'), warned('hide-regenerate'), warned('hide-edit')].map((w) => w.length)).to.deep.equal([1, 1, 1]);
    early.remove();
  });

  it('newThread() starts a new chat as newChat() does, and warns once', async () => {
    const el = await answered((engine) => fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} thread="t1"></soliplex-chat>`));
    const changes: string[] = [];
    el.addEventListener('soliplex-thread-change', (e) => changes.push(e.threadKey.thread));
    const first = el.newThread();
    await settled(el);
    expect(first).to.not.equal('t1');
    expect(el.thread).to.equal(first);
    expect(changes).to.deep.equal([first]);
    expect(deepQuery(el, '[part~="user-message"]')).to.equal(undefined);
    const second = el.newThread();
    expect(second).to.not.equal(first);
    expect(warned('newThread()')).to.have.length(1);
  });

  it('cancel() stops the running turn as stop() does, and warns once', async () => {
    const transport = new ScriptedTransport([[runStarted(), { $hang: true }], [runStarted(), { $hang: true }]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${new RunOrchestrator({ transport })} thread="t1"></soliplex-chat>`);
    const outcomes: string[] = [];
    el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e.outcome));
    for (let i = 1; i <= 2; i++) {
      expect(el.send(`question ${i}`)).to.equal(true);
      el.cancel();
      await until(() => outcomes.length === i);
    }
    expect(outcomes).to.deep.equal(['cancelled', 'cancelled']);
    expect(warned('cancel()')).to.have.length(1);
  });

  it('<soliplex-thread-list persist="false"> is no-persist there too, and warns once', async () => {
    await import('../../src/elements/soliplex-thread-list/soliplex-thread-list.js');
    const list = await fixture<SoliplexThreadList>(html`<soliplex-thread-list persist="false"></soliplex-thread-list>`);
    expect([list.noPersist, list.persist]).to.deep.equal([true, false]);
    list.persist = true;
    expect(list.noPersist).to.equal(false);
    const plain = await fixture<SoliplexThreadList>(html`<soliplex-thread-list no-persist></soliplex-thread-list>`);
    expect(plain.noPersist).to.equal(true);
    expect(warned('<soliplex-thread-list> persist')).to.have.length(1);
  });

  it('the new names alone warn about nothing', async () => {
    const count = warnings.length;
    const el = await answered((engine) =>
      fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} thread="t1" thread-list no-persist no-new-chat no-copy no-regenerate no-edit></soliplex-chat>`),
    );
    el.newChat();
    el.stop();
    await settled(el);
    expect(warnings.slice(count).filter((w) => w.includes('deprecated'))).to.deep.equal([]);
  });
});
