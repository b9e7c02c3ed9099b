import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SpeechToText, SpeechToTextSession } from '../../src/index.js';
import { deepQuery, until } from './chat-fixture.js';
import { server } from '../helpers/agui-server.js';

// Issue 24, item 5: "Dictate" where the browser or the page can recognise speech.

const dictate = (el: SoliplexChat) => deepQuery<HTMLButtonElement>(el, '[part~="dictate-button"]');
const input = (el: SoliplexChat) => deepQuery<HTMLTextAreaElement>(el, '[part~="input"]')!;
const notice = (el: SoliplexChat) => deepQuery(el, '[part~="dictation-notice"]');

/** A page's speech-to-text that the test speaks through. */
function scriptedSpeech() {
  let session: SpeechToTextSession | undefined;
  let end: ((error?: Error) => void) | undefined;
  const adapter: SpeechToText = {
    listen: (s) =>
      new Promise<void>((resolve, reject) => {
        session = s;
        end = (error) => (error ? reject(error) : resolve());
        s.signal.addEventListener('abort', () => resolve());
      }),
  };
  return { adapter, say: (words: string) => session!.onText(words), fail: (error: Error) => end!(error), session: () => session };
}

/** Replaces the browser's speech recognition for one test (restored after). */
function withRecognition(Recognition: unknown) {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'webkitSpeechRecognition');
  const savedStd = Object.getOwnPropertyDescriptor(globalThis, 'SpeechRecognition');
  Object.defineProperty(globalThis, 'webkitSpeechRecognition', { value: Recognition, configurable: true, writable: true });
  delete (globalThis as Record<string, unknown>)['SpeechRecognition'];
  return () => {
    if (saved) Object.defineProperty(globalThis, 'webkitSpeechRecognition', saved);
    else delete (globalThis as Record<string, unknown>)['webkitSpeechRecognition'];
    if (savedStd) Object.defineProperty(globalThis, 'SpeechRecognition', savedStd);
  };
}

describe('<soliplex-chat> dictation', () => {
  it("with the page's speechToText: the words appear after what was typed, as spoken; pressed again it stops; the text sends", async () => {
    const speech = scriptedSpeech();
    const el = await fixture<SoliplexChat>(html`<soliplex-chat lang="de-AT" no-persist agent-url=${`${server}/agent`} .speechToText=${speech.adapter}></soliplex-chat>`);
    await until(() => !!dictate(el));
    expect(dictate(el)!.textContent!.trim()).to.equal('Dictate');
    expect(dictate(el)!.getAttribute('aria-pressed')).to.equal('false');
    input(el).value = 'Hello';
    input(el).dispatchEvent(new Event('input'));
    dictate(el)!.click();
    await until(() => !!speech.session());
    expect(speech.session()!.lang).to.equal('de-AT');
    await until(() => dictate(el)!.getAttribute('aria-pressed') === 'true');
    speech.say('how are');
    await until(() => input(el).value === 'Hello how are');
    speech.say('how are you');
    await until(() => input(el).value === 'Hello how are you');
    dictate(el)!.click();
    await until(() => dictate(el)!.getAttribute('aria-pressed') === 'false');
    expect(speech.session()!.signal.aborted).to.equal(true);
    expect(notice(el)).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('a refused microphone is explained, and the draft stays', async () => {
    const speech = scriptedSpeech();
    const el = await fixture<SoliplexChat>(html`<soliplex-chat no-persist agent-url=${`${server}/agent`} .speechToText=${speech.adapter}></soliplex-chat>`);
    await until(() => !!dictate(el));
    input(el).value = 'Draft';
    input(el).dispatchEvent(new Event('input'));
    dictate(el)!.click();
    await until(() => !!speech.session());
    speech.fail(new DOMException('Permission denied', 'NotAllowedError'));
    await until(() => !!notice(el));
    expect(notice(el)!.getAttribute('role')).to.equal('alert');
    expect(notice(el)!.textContent).to.contain('The microphone is blocked');
    expect(input(el).value).to.equal('Draft');
    expect(dictate(el)!.getAttribute('aria-pressed')).to.equal('false');
  });

  it("the browser's own speech recognition, when the page gives none: continuous results in the draft, and not-allowed explained", async () => {
    const made: FakeRecognition[] = [];
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      onresult: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      started = false;
      constructor() {
        made.push(this);
      }
      start() {
        this.started = true;
      }
      stop() {
        this.onend?.();
      }
      results(...texts: string[]) {
        this.onresult?.({ results: texts.map((transcript) => [{ transcript }]) });
      }
    }
    const restore = withRecognition(FakeRecognition);
    try {
      const el = await fixture<SoliplexChat>(html`<soliplex-chat no-persist agent-url=${`${server}/agent`}></soliplex-chat>`);
      await until(() => !!dictate(el));
      dictate(el)!.click();
      await until(() => made[0]?.started === true);
      expect(made[0]!.continuous).to.equal(true);
      expect(made[0]!.interimResults).to.equal(true);
      made[0]!.results('Book a table');
      made[0]!.results('Book a table', ' for two');
      await until(() => input(el).value === 'Book a table for two');
      dictate(el)!.click();
      await until(() => dictate(el)!.getAttribute('aria-pressed') === 'false');

      dictate(el)!.click();
      await until(() => made[1]?.started === true);
      made[1]!.onerror?.({ error: 'not-allowed' });
      made[1]!.onend?.();
      await until(() => !!notice(el));
      expect(notice(el)!.textContent).to.contain('The microphone is blocked');
      expect(input(el).value).to.equal('Book a table for two');
    } finally {
      restore();
    }
  });

  it('no Dictate button where neither the browser nor the page can recognise speech', async () => {
    const restore = withRecognition(undefined);
    delete (globalThis as Record<string, unknown>)['webkitSpeechRecognition'];
    try {
      const el = await fixture<SoliplexChat>(html`<soliplex-chat no-persist agent-url=${`${server}/agent`}></soliplex-chat>`);
      await until(() => !!deepQuery(el, '[part~="send-button"]'));
      expect(dictate(el)).to.equal(undefined);
    } finally {
      restore();
    }
  });
});
