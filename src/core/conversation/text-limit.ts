/**
 * The most characters the conversation keeps of one message's text, one tool call's arguments or one
 * tool result (100,000): past it the text is cut there and marked (`truncated`, `argsTruncated`,
 * `resultTruncated`), the chat shows a notice, and later deltas of it are dropped. What is cut is
 * also what goes back to the model. It bounds what one message can cost the page: its Markdown is
 * parsed and laid out at once (laying out 250,000 characters took about 200 ms, Markdown of
 * 100,000 characters of the costliest shapes, long lists, about 170 ms), it is kept in memory
 * and in storage, and it is sent again with every run.
 */
export const MAX_TEXT_CHARS = 100_000;

/** `text + delta` kept to MAX_TEXT_CHARS; `truncated` when some of it was dropped. */
export function appendCapped(text: string, delta: string): { text: string; truncated?: true } {
  if (text.length + delta.length <= MAX_TEXT_CHARS) return { text: text + delta };
  // One character past the limit, so capText sees a surrogate pair the limit would split.
  return { text: capText(text + delta.slice(0, Math.max(0, MAX_TEXT_CHARS - text.length) + 1)), truncated: true };
}

/** `text` cut to MAX_TEXT_CHARS, never between the halves of a surrogate pair. */
export function capText(text: string): string {
  if (text.length <= MAX_TEXT_CHARS) return text;
  const end = isHighSurrogate(text.charCodeAt(MAX_TEXT_CHARS - 1)) ? MAX_TEXT_CHARS - 1 : MAX_TEXT_CHARS;
  // A copy: a slice would keep the whole (possibly megabytes long) string alive.
  return (' ' + text.slice(0, end)).slice(1);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
