import { expect, fixture, html } from '@open-wc/testing';
import { ThreadIndex, type Conversation, type SoliplexChat } from '../../src/index.js';
import { deepQuery, deepQueryAll, statusLine, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

// Issue 24, item 6: suggestions on every backend, as chips that send their text.

const chips = (el: SoliplexChat) => deepQueryAll(el, '[part~="suggestion"]').map((b) => b.textContent!.trim());
const group = (el: SoliplexChat) => deepQuery(el, '[part~="suggestions"]');
const userTexts = (el: SoliplexChat) => deepQueryAll(el, '[part~="user-message"]').map((m) => m.textContent!.trim().replace(/^You:\s*/, ''));
const lastText = (conversation: Conversation) => {
  const last = conversation.messages.at(-1);
  return last && 'text' in last ? String(last.text) : '';
};

describe('<soliplex-chat> suggestions', () => {
  it('an array: starter chips in the empty chat, named as a group; a chip sends its text; none after the answer', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Oslo is rainy.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat no-persist agent-url=${agentUrl} .suggestions=${['Weather in Oslo', 'Plan a trip']}></soliplex-chat>`);
    await until(() => chips(el).length === 2);
    expect(chips(el)).to.deep.equal(['Weather in Oslo', 'Plan a trip']);
    expect(group(el)!.getAttribute('role')).to.equal('group');
    expect(group(el)!.getAttribute('aria-label')).to.equal('Suggestions');
    await expect(el).to.be.accessible();
    deepQuery(el, '[part~="suggestion"]')!.click();
    await until(() => statusLine(el)?.dataset['state'] === 'success');
    expect(userTexts(el)).to.deep.equal(['Weather in Oslo']);
    expect(chips(el)).to.deep.equal([]);
  });

  it('a function: asked for the empty chat and after each answer (with the conversation), its chips under the answer; gone while a turn runs', async () => {
    const { agentUrl } = await script([
      [started, ...say('a1', 'Oslo is rainy.'), finished],
      [started, { $delay: 300 }, ...say('a2', 'Pack an umbrella.'), finished],
    ]);
    const asked: string[] = [];
    const suggestions = async (conversation: Conversation) => {
      asked.push(lastText(conversation));
      await new Promise((resolve) => setTimeout(resolve, 20));
      return conversation.messages.length === 0 ? ['Weather in Oslo'] : [`More about: ${lastText(conversation)}`, '', 42 as unknown as string];
    };
    const el = await fixture<SoliplexChat>(html`<soliplex-chat no-persist agent-url=${agentUrl} .suggestions=${suggestions}></soliplex-chat>`);
    await until(() => chips(el).length === 1);
    expect(chips(el)).to.deep.equal(['Weather in Oslo']);
    deepQuery(el, '[part~="suggestion"]')!.click();
    await until(() => chips(el).length === 1 && chips(el)[0] !== 'Weather in Oslo');
    expect(chips(el), 'blank and non-text entries are dropped').to.deep.equal(['More about: Oslo is rainy.']);
    expect(asked).to.deep.equal(['', 'Oslo is rainy.']);

    deepQuery(el, '[part~="suggestion"]')!.click();
    await until(() => statusLine(el)?.dataset['state'] === 'running');
    expect(chips(el), 'no chips while the turn runs').to.deep.equal([]);
    await until(() => chips(el)[0] === 'More about: Pack an umbrella.');
    expect(userTexts(el)).to.deep.equal(['Weather in Oslo', 'More about: Oslo is rainy.']);
    await expect(el).to.be.accessible();
  });

  it('an answer that comes after the conversation moved on is dropped, and a throwing function shows nothing', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello.'), finished]]);
    const pending: (() => void)[] = [];
    const slow = () => new Promise<string[]>((resolve) => pending.push(() => resolve(['Too late'])));
    const el = await fixture<SoliplexChat>(html`<soliplex-chat no-persist agent-url=${agentUrl} .suggestions=${slow}></soliplex-chat>`);
    await until(() => pending.length === 1);
    el.send('hi');
    await until(() => statusLine(el)?.dataset['state'] === 'success');
    el.suggestions = () => {
      throw new Error('no ideas');
    };
    expect(pending).to.have.length(2, 'asked for the empty chat and after the answer');
    for (const release of pending) release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chips(el)).to.deep.equal([]);
  });

  it('after a reload, the function is asked about the reopened conversation', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'The answer before the reload.'), finished]]);
    const suggestions = (conversation: Conversation) => (conversation.messages.length ? [`Follow up on: ${lastText(conversation)}`] : []);
    const thread = `suggest-${Math.random().toString(36).slice(2)}`;
    const first = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread} .suggestions=${suggestions}></soliplex-chat>`);
    first.send('hello');
    await until(() => chips(first).length === 1);
    const engine = first.engine!;
    first.remove();
    await ThreadIndex.for(engine).flush();

    const again = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread} .suggestions=${suggestions}></soliplex-chat>`);
    await until(() => chips(again).length === 1);
    expect(chips(again)).to.deep.equal(['Follow up on: The answer before the reload.']);
  });
});
