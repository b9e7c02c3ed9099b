import type { ChatStrings } from '../shared/chat-strings.js';
import { dictationStrings } from './dictation-strings.js';
import type { SpeechToText, SpeechToTextSession } from './speech-to-text.js';
import type { SoliplexComposer } from './soliplex-composer.js';
import { webSpeech } from './web-speech.js';

/**
 * One dictation: listens through the page's adapter, else the browser's, until it ends or `signal`
 * aborts. Resolves to what to tell the person ('' when all went well): a refused microphone is
 * explained, any other failure named. Loaded on the first press of Dictate.
 */
export async function dictate(adapter: SpeechToText | undefined, session: SpeechToTextSession, strings: Partial<ChatStrings>): Promise<string> {
  try {
    await (adapter ?? webSpeech).listen(session);
    return '';
  } catch (error) {
    const refused = (error as { name?: unknown } | null)?.name === 'NotAllowedError';
    if (refused) return strings.microphoneBlocked ?? dictationStrings.microphoneBlocked;
    // Stopped by the person (or a send): whatever the recogniser says about it is not news.
    if (session.signal.aborted) return '';
    return (strings.dictationFailed ?? dictationStrings.dictationFailed)((error as Error)?.message ?? String(error));
  }
}

/** Dictates into `composer`'s draft, after what was typed, until Dictate is pressed again, a send, or the end. */
export async function dictateInto(composer: SoliplexComposer): Promise<void> {
  const listening = new AbortController();
  const stop = (composer.stopDictation = () => listening.abort());
  composer.listening = true;
  composer.dictationNotice = '';
  const draft = composer.draft;
  const typed = draft && !/\s$/.test(draft) ? `${draft} ` : draft;
  const lang = composer.speechLang || navigator.language;
  composer.dictationNotice = await dictate(composer.speechToText, { lang, signal: listening.signal, onText: (words) => composer.setDraft(typed + words) }, composer.strings);
  if (composer.stopDictation === stop) {
    composer.stopDictation = undefined;
    composer.listening = false;
  }
}
