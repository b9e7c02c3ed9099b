/**
 * Dictation: a page's own speech-to-text (`speechToText` on the chat), or the browser's Web Speech API.
 * The composer shows "Dictate" when either exists and loads the rest (dictation.ts, web-speech.ts) on
 * the first use.
 */
export interface SpeechToText {
  /**
   * Listens until `signal` aborts or the speaker stops: calls `onText` with the whole transcript of this
   * session so far (words still being recognised included) each time it grows. Resolves when listening
   * ends; rejects with an error named `NotAllowedError` when the microphone is refused, else with an
   * error saying what failed.
   */
  listen(session: SpeechToTextSession): Promise<void>;
}

export interface SpeechToTextSession {
  /** The chat's language (BCP 47), for the recogniser. */
  readonly lang: string;
  readonly signal: AbortSignal;
  readonly onText: (transcript: string) => void;
}

/** Whether this browser recognises speech itself (Chromium and Safari do, prefixed). */
export const browserHasSpeechRecognition = (): boolean => 'SpeechRecognition' in globalThis || 'webkitSpeechRecognition' in globalThis;
