import type { SpeechToText } from './speech-to-text.js';

/** The slice of the Web Speech API used here (TypeScript's DOM library does not declare it). */
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

/** The browser's speech recognition as a `SpeechToText`: continuous, with the words still being recognised. */
export const webSpeech: SpeechToText = {
  listen({ lang, signal, onText }) {
    const globals = globalThis as unknown as Record<string, (new () => Recognition) | undefined>;
    const Recognition = globals['SpeechRecognition'] ?? globals['webkitSpeechRecognition'];
    if (!Recognition) return Promise.reject(new Error('speech recognition is not available in this browser'));
    const recognition = new Recognition();
    recognition.lang = lang;
    recognition.continuous = true;
    recognition.interimResults = true;
    return new Promise((resolve, reject) => {
      let failure: Error | undefined;
      // Each event holds every result of the session so far: the transcript is their concatenation.
      recognition.onresult = ({ results }) => onText(Array.from(results, (result) => result[0]?.transcript ?? '').join(''));
      recognition.onerror = ({ error, message }) => {
        if (error === 'aborted' || error === 'no-speech') return;
        failure = Object.assign(new Error(message || error), {
          name: error === 'not-allowed' || error === 'service-not-allowed' ? 'NotAllowedError' : 'SpeechRecognitionError',
        });
      };
      recognition.onend = () => (failure ? reject(failure) : resolve());
      signal.addEventListener('abort', () => recognition.stop(), { once: true });
      recognition.start();
    });
  },
};
