import type { SoliplexChatStringsOverrides } from './chat-strings.js';

/** A shipped translation: the chat's strings and the thread list's (`threadList`). Missing keys fall back to English. */
export type LocaleStrings = SoliplexChatStringsOverrides;

/** The language asked of `el`: its own `lang`, else the closest ancestor's (across shadow roots), else the document's. */
export function requestedLang(el: Element): string {
  for (let node: Element | undefined = el; node; ) {
    const found = node.closest('[lang]');
    if (found) return found.getAttribute('lang') ?? '';
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : undefined;
  }
  return document.documentElement.lang;
}

/** English (the built-in strings) needs no translation: no tag, or an English one. */
export const isEnglish = (tag: string) => !tag || /^en\b/i.test(tag);

/** The shipped right-to-left languages: Arabic and Hebrew. */
export const isRtl = (tag: string) => /^(ar|he)\b/i.test(tag);

