import { expect, fixture, html } from '@open-wc/testing';
import { ThreadIndex, defaultChatStrings, defaultThreadListStrings, type SoliplexChat, type SoliplexChatStringsOverrides, type SoliplexThreadList } from '../../src/index.js';
import '../../src/elements/soliplex-thread-list/soliplex-thread-list.js';
import { loadLocale, shippedLocales, type ShippedLocale } from '../../src/elements/shared/locale-loader.js';
import { deepQuery, deepQueryAll, settled, until } from './chat-fixture.js';
import { panelOf } from './thread-fixture.js';
import { server } from '../helpers/agui-server.js';

// Issue 24, item 9: `lang` drives the strings; Arabic and Hebrew lay out right to left.

const sendButton = (el: SoliplexChat) => deepQuery<HTMLButtonElement>(el, '[part~="send-button"]')!;
const input = (el: SoliplexChat) => deepQuery<HTMLTextAreaElement>(el, '[part~="input"]')!;
const sendText = (el: SoliplexChat) => sendButton(el).textContent!.trim();
/** What a translation says for `key` (English where it has none). */
const said = async (locale: ShippedLocale, key: 'send' | 'inputLabel' | 'newChat') => ((await loadLocale(locale))[key] as string | undefined) ?? defaultChatStrings[key];

async function chat(attrs: { lang?: string; strings?: SoliplexChatStringsOverrides; threadList?: boolean; width?: number } = {}) {
  return fixture<SoliplexChat>(
    html`<soliplex-chat
      lang=${attrs.lang ?? ''}
      agent-url=${`${server}/agent`}
      no-persist
      ?thread-list=${attrs.threadList}
      .strings=${attrs.strings}
      style="display: block; width: ${attrs.width ?? 600}px; height: 480px"
    ></soliplex-chat>`,
  );
}

/** Waits until the Send button says `text`. */
const untilSend = (el: SoliplexChat, text: string) => until(() => !!sendButton(el) && sendText(el) === text);

/** The keys of a strings object, nested records as `key.sub` (functions and strings are leaves). */
function keysOf(strings: object, prefix = ''): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && key !== 'threadList' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('<soliplex-chat>: languages (lang)', () => {
  const documentLang = document.documentElement.lang;
  afterEach(() => {
    document.documentElement.lang = documentLang;
  });

  for (const locale of shippedLocales) {
    it(`${locale}: lang="${locale}" shows its Send button and names the input in it`, async () => {
      const el = await chat({ lang: locale });
      const send = await said(locale, 'send');
      expect(send, 'a translation of Send').to.not.equal('Send');
      await untilSend(el, send);
      expect(input(el).getAttribute('aria-label')).to.equal(await said(locale, 'inputLabel'));
    });
  }

  it('every locale has every key of the English strings (the thread list\'s too), of the same kind', async () => {
    const english = keysOf(defaultChatStrings).filter((k) => k !== 'threadList').sort();
    const englishList = Object.keys(defaultThreadListStrings).sort();
    const missing: string[] = [];
    for (const locale of shippedLocales) {
      const strings = (await loadLocale(locale)) as Record<string, unknown>;
      const keys = new Set(keysOf(strings));
      for (const key of english) if (!keys.has(key)) missing.push(`${locale}: ${key}`);
      for (const key of keys) if (key !== 'threadList' && !english.includes(key)) missing.push(`${locale}: ${key} is not an English key`);
      const list = (strings['threadList'] ?? {}) as Record<string, unknown>;
      for (const key of englishList) if (!(key in list)) missing.push(`${locale}: threadList.${key}`);
      for (const key of english.filter((k) => !k.includes('.'))) {
        const kind = typeof (defaultChatStrings as unknown as Record<string, unknown>)[key];
        if (key in strings && typeof strings[key] !== kind) missing.push(`${locale}: ${key} is a ${typeof strings[key]}, not a ${kind}`);
      }
    }
    expect(missing).to.deep.equal([]);
  });

  it('resolves lang from an ancestor, across a shadow root, then the document; by base language; else English', async () => {
    // An ancestor's lang, with a region: de-AT → de.
    const wrapper = await fixture<HTMLDivElement>(html`<div lang="de-AT"><soliplex-chat agent-url=${`${server}/agent`} no-persist></soliplex-chat></div>`);
    await untilSend(wrapper.querySelector('soliplex-chat')!, await said('de', 'send'));

    // Inside another component's shadow root: the host's lang.
    const host = await fixture<HTMLElement>(html`<section lang="ja"></section>`);
    const inner = host.attachShadow({ mode: 'open' });
    inner.innerHTML = '<div><soliplex-chat no-persist></soliplex-chat></div>';
    await untilSend(inner.querySelector('soliplex-chat')!, await said('ja', 'send'));

    // The document's, by base language and script: zh-Hans → zh-CN, pt → pt-BR.
    document.documentElement.lang = 'zh-Hans';
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${`${server}/agent`} no-persist></soliplex-chat>`);
    await untilSend(el, await said('zh-CN', 'send'));
    document.documentElement.lang = 'pt';
    await untilSend(el, await said('pt-BR', 'send'));
    // A language not shipped: English.
    document.documentElement.lang = 'sw';
    await untilSend(el, 'Send');
  });

  it("a page's strings win over the translation, key by key (nested ones too)", async () => {
    const fr = await loadLocale('fr');
    const el = await chat({ lang: 'fr', strings: { send: 'Envoyer !', threadList: { newChat: 'Nouveau fil' } }, threadList: true });
    await until(() => input(el).getAttribute('aria-label') === fr.inputLabel);
    expect(sendText(el)).to.equal('Envoyer !');
    const list = await panelOf(el);
    await until(() => deepQueryAll(list, '[part~="new-chat-button"]').some((b) => b.textContent!.trim() === 'Nouveau fil'));
    // The rest of the list is French.
    expect(list.shadowRoot!.querySelector('nav')!.getAttribute('aria-label')).to.equal(fr.threadList!.listLabel);
  });

  it('switches when lang changes at run time, on the element and on the document', async () => {
    const el = await chat({ lang: 'de' });
    await untilSend(el, await said('de', 'send'));
    el.setAttribute('lang', 'es');
    await untilSend(el, await said('es', 'send'));
    el.removeAttribute('lang');
    document.documentElement.lang = 'ko';
    await untilSend(el, await said('ko', 'send'));
    document.documentElement.lang = 'en';
    await untilSend(el, 'Send');
  });

  for (const locale of ['ar', 'he'] as const) {
    it(`${locale}: right to left — Send at the inline end (left), user bubbles on the left, the drawer from the right`, async () => {
      const el = await chat({ lang: locale, threadList: true, width: 360 });
      await untilSend(el, await said(locale, 'send'));
      const box = el.getBoundingClientRect();
      expect(sendButton(el).getBoundingClientRect().right, 'Send left of the input').to.be.at.most(input(el).getBoundingClientRect().left + 0.5);

      el.send('hello');
      await until(() => deepQueryAll(el, '[part~="assistant-message"]').length > 0);
      await settled(el);
      const user = deepQuery(el, '[part~="user-message"]')!.getBoundingClientRect();
      const messages = deepQuery(el, '[part~="messages"]')!.getBoundingClientRect();
      expect(user.left - messages.left, 'the user bubble hugs the left').to.be.below(messages.right - user.right);

      const list = await panelOf(el);
      const toggle = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="threads-toggle"]')!;
      await until(() => toggle.getBoundingClientRect().width > 0);
      // Closed, the drawer waits beyond the right edge; open, it sits against it.
      expect(list.getBoundingClientRect().left, 'closed: off to the right').to.be.at.least(box.right - 1);
      toggle.click();
      await until(() => getComputedStyle(list).visibility === 'visible' && getComputedStyle(list).transform === 'none');
      const open = list.getBoundingClientRect();
      expect(Math.abs(open.right - box.right), 'open: against the right edge').to.be.below(2);
      expect(open.left, 'open: not across the whole chat').to.be.above(box.left + 10);
    });
  }

  it('left to right stays left to right: the drawer from the left, Send at the right (English)', async () => {
    const el = await chat({ threadList: true, width: 360 });
    await untilSend(el, 'Send');
    expect(sendButton(el).getBoundingClientRect().left).to.be.at.least(input(el).getBoundingClientRect().right - 0.5);
    const list = await panelOf(el);
    await until(() => el.shadowRoot!.querySelector<HTMLElement>('[part~="threads-toggle"]')!.getBoundingClientRect().width > 0);
    expect(list.getBoundingClientRect().right).to.be.at.most(el.getBoundingClientRect().left + 1);
  });

  it("a page's own dir on the chat wins over the locale's", async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat lang="ar" dir="ltr" no-persist style="display: block; width: 600px"></soliplex-chat>`);
    await untilSend(el, await said('ar', 'send'));
    expect(getComputedStyle(input(el)).direction).to.equal('ltr');
    el.removeAttribute('dir');
    await until(() => getComputedStyle(input(el)).direction === 'rtl');
  });

  it('<soliplex-thread-list> on its own follows its lang, under its strings', async () => {
    const ko = (await loadLocale('ko')).threadList!;
    const list = await fixture<SoliplexThreadList>(html`<soliplex-thread-list lang="ko" no-persist></soliplex-thread-list>`);
    const newChat = () => list.shadowRoot!.querySelector('[part~="new-chat-button"]')!.textContent!.trim();
    await until(() => newChat() === ko.newChat);
    expect(list.shadowRoot!.querySelector('nav')!.getAttribute('aria-label')).to.equal(ko.listLabel);
    list.strings = { newChat: '새 대화' };
    await until(() => newChat() === '새 대화');
    expect(list.shadowRoot!.querySelector('nav')!.getAttribute('aria-label')).to.equal(ko.listLabel);
  });

  it('across a reload: the new chat on the same thread is German again, its restored thread and its time too', async () => {
    const thread = `lang-reload-${Date.now()}`;
    const open = () =>
      fixture<SoliplexChat>(
        html`<soliplex-chat lang="de" agent-url=${`${server}/agent`} thread=${thread} thread-list style="display: block; width: 900px; height: 480px"></soliplex-chat>`,
      );
    const el = await open();
    await untilSend(el, await said('de', 'send'));
    const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    el.send('hallo');
    await finished;
    const engine = el.engine!;
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await ThreadIndex.for(engine).flush();

    const de = await loadLocale('de');
    const again = await open();
    await untilSend(again, await said('de', 'send'));
    await until(() => deepQueryAll(again, '[part~="user-message"]').some((m) => m.textContent!.includes('hallo')));
    const list = await panelOf(again);
    await until(() => !!list.shadowRoot!.querySelector('time'));
    const time = list.shadowRoot!.querySelector('time')!;
    await until(() => time.textContent === new Intl.DateTimeFormat('de', { hour: '2-digit', minute: '2-digit' }).format(new Date(time.getAttribute('datetime')!)));
    expect(list.shadowRoot!.querySelector('[part~="new-chat-button"]')!.textContent!.trim()).to.equal(de.threadList!.newChat);
    await until(() => deepQuery(again, '[part~="copy-button"]')?.textContent?.trim() === de.copy);
  });

  it('formats a thread time through Intl in the chat\'s language (de)', async () => {
    const el = await chat({ lang: 'de', threadList: true });
    await untilSend(el, await said('de', 'send'));
    el.send('hallo');
    const list = await panelOf(el);
    await until(() => !!list.shadowRoot!.querySelector('time'));
    const time = list.shadowRoot!.querySelector('time')!;
    const when = new Date(time.getAttribute('datetime')!);
    await until(() => time.textContent === new Intl.DateTimeFormat('de', { hour: '2-digit', minute: '2-digit' }).format(when));
    expect(time.textContent).to.not.equal(new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(when));
    expect(list.getAttribute('lang')).to.equal('de');
  });
});
