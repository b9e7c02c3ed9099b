import type { Conversation } from '../../core/index.js';
import type { ChatStrings } from '../shared/chat-strings.js';
import type { ToolRegistry } from '../../core/tools/tool-registry.js';
import { toolTitle } from '../shared/tool-label.js';

/** Tool statuses worth telling a screen-reader user about (not the streaming ones). */
const ANNOUNCED_TOOL_STATUSES = new Set(['awaiting-approval', 'executing', 'completed', 'failed', 'denied', 'cancelled', 'interrupted']);

/**
 * What changed between two renders that a screen reader should hear: answers once they are complete
 * (never each streamed token), tool calls reaching a new status, and the agent's questions (interrupts).
 */
export function describeChanges(
  previous: Conversation,
  next: Conversation,
  strings: ChatStrings,
  /** The page's tools: a call is named by its tool's `title`. */
  tools?: ToolRegistry,
): string[] {
  if (previous === next) return [];
  const lines: string[] = [];
  // Per render, in a long chat too: only the messages that changed are looked at (a streamed token
  // replaces the last one), and the ids of the old ones are indexed only when one moved.
  const old = previous.messages;
  let byId: Map<string, (typeof old)[number]> | undefined;
  const before = (message: (typeof old)[number], i: number) =>
    old[i]?.id === message.id ? old[i] : (byId ??= new Map(old.map((m) => [m.id, m]))).get(message.id);
  next.messages.forEach((message, i) => {
    if (old[i] === message) return;
    if (message.role === 'assistant' && message.complete && message.text.trim()) {
      const was = before(message, i);
      if (!was || (was.role === 'assistant' && !was.complete)) lines.push(strings.announceAnswer(plainText(message.text)));
    }
  });
  // A question of the agent (an interrupt) is announced when it arrives.
  next.messages.forEach((message, i) => {
    if (old[i] === message) return;
    if (message.role === 'interrupt' && message.status === 'open' && !before(message, i)) {
      lines.push(strings.announceInterrupt(message.interrupt.message ?? strings.interruptLabel));
    }
  });
  if (next.toolCalls === previous.toolCalls) return lines;
  for (const call of Object.values(next.toolCalls)) {
    const old = previous.toolCalls[call.id];
    if (old?.status === call.status || !ANNOUNCED_TOOL_STATUSES.has(call.status)) continue;
    lines.push(strings.announceToolStatus(toolTitle(tools, call.name), strings.toolStatus[call.status]));
  }
  return lines;
}

/** A line that is only a table's header rule (`| --- | :-: |`) or a fence or thematic break: nothing to say. */
const SILENT_LINE = /^\s*(?:\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?|`{3,}.*|~{3,}.*|(?:[-*_]\s*){3,})\s*$/;

/**
 * What a screen reader should say for a Markdown answer: its words, without the marks (`**`, `~~`,
 * backticks, table pipes, fences, heading and list markers); links and images by their text. Line by
 * line and linear, so a hostile answer costs no more than its length.
 */
export function plainText(markdown: string): string {
  const out: string[] = [];
  for (const raw of markdown.split('\n')) {
    if (SILENT_LINE.test(raw)) continue;
    const line = raw
      .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)/, '')
      .replace(/!?\[([^[\]\n]*)\]\([^()\n]*\)/g, '$1')
      .replace(/(\*{1,3}|~~|`+)(?=\S)|(?<=\S)(\*{1,3}|~~|`+)/g, '')
      .replace(/^\s*\||\|\s*$/g, '')
      .replace(/\s*\|\s*/g, ', ')
      .trim();
    if (line) out.push(line);
  }
  return out.join('\n');
}
