import { plainText } from '../soliplex-chat/announcements.js';

/** Reads answers aloud through the browser's speech synthesis; loaded on the first press of Read aloud. */
export interface ReadAloud {
  /** Reads `markdown`'s words (not its marks) in `lang`, stopping whatever was being read; `done` when it ends or is stopped. */
  speak(markdown: string, lang: string, done: () => void): void;
  /** Stops the reading. */
  stop(): void;
}

/**
 * One utterance at a time across the page: speech synthesis is the browser's, one queue for every
 * chat, so a new reading cancels the one before (whose chat then hears `done`).
 */
export const readAloud: ReadAloud = {
  speak(markdown, lang, done) {
    speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(plainText(markdown));
    if (lang) utterance.lang = lang;
    // `end` after the last word, `error` when cancelled or interrupted: either way this reading is over.
    const over = () => done();
    utterance.addEventListener('end', over, { once: true });
    utterance.addEventListener('error', over, { once: true });
    speechSynthesis.speak(utterance);
  },
  stop() {
    speechSynthesis.cancel();
  },
};
