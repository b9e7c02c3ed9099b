import type { ToolCallStatus } from '../conversation/conversation.js';
import { formatCost } from '../conversation/usage-cost.js';
import { transcriptJson, type TranscriptMessage, type TranscriptSource, type TranscriptToolCall } from './transcript-json.js';

/** The words of a Markdown transcript (the chat's strings have them all, translated). */
export interface TranscriptLabels {
  /** The heading when the thread has no title. */
  readonly conversationLabel: string;
  readonly you: string;
  readonly assistant: string;
  readonly reasoning: string;
  readonly notice: string;
  readonly toolStatus: Readonly<Record<ToolCallStatus, string>>;
  readonly transcriptArguments: string;
  readonly transcriptResult: string;
  /** After a call's status: the user approved it when asked. */
  readonly transcriptApproved: string;
  readonly interruptAnsweredWith: (summary: string) => string;
  readonly usageThread: (input: number, output: number) => string;
  readonly usageCost: (usage: string, cost: string) => string;
}

/** Inline text long or many-lined goes in a block. */
const INLINE_MAX = 160;

/** A fence longer than any run of backticks in `text`, so nothing in it closes the block. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** Inline code that nothing inside it can close. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** Text that Markdown shows as written (a tool title, a name). */
const plain = (text: string) => text.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');

const json = (value: unknown, space?: number) => {
  try {
    return JSON.stringify(value, null, space) ?? String(value);
  } catch {
    return String(value);
  }
};

/** A value on one line when it is short, else in a block (JSON pretty-printed). */
function readable(label: string, value: unknown): string {
  const text = typeof value === 'string' ? value : json(value);
  if (text.length <= INLINE_MAX && !text.includes('\n')) return `${label}: ${code(text)}`;
  return typeof value === 'string' ? `${label}:\n\n${fenced(value)}` : `${label}:\n\n${fenced(json(value, 2), 'json')}`;
}

/** The arguments as "name: `value`" pairs when they are a small flat object, else as a value. */
function argumentsText(call: TranscriptToolCall, labels: TranscriptLabels): string | undefined {
  const args = call.arguments ?? call.argumentsText;
  if (args === undefined) return undefined;
  if (args && typeof args === 'object' && !Array.isArray(args)) {
    const entries = Object.entries(args);
    if (entries.length === 0) return undefined; // a call without arguments shows none
    const pairs = entries.map(([k, v]) => `${plain(k)}: ${code(typeof v === 'string' ? v : json(v))}`);
    const line = pairs.join(', ');
    if (line.length <= INLINE_MAX && !line.includes('\n')) return `${labels.transcriptArguments}: ${line}`;
  }
  return readable(labels.transcriptArguments, args);
}

function toolCallBlock(call: TranscriptToolCall, labels: TranscriptLabels): string {
  const head = [`**${plain(call.title ?? call.name)}**`, labels.toolStatus[call.status] ?? call.status];
  if (call.approval?.decision === 'approved' || call.decision === 'approved') head.push(labels.transcriptApproved);
  const lines = [head.join(' · ')];
  const args = argumentsText(call, labels);
  if (args) lines.push(args);
  if (call.error !== undefined && call.status !== 'completed') lines.push(readable(labels.transcriptResult, call.error));
  else if (call.result !== undefined && call.result !== '') lines.push(readable(labels.transcriptResult, call.result));
  return lines.join('\n\n');
}

function interruptBlock(m: Extract<TranscriptMessage, { role: 'interrupt' }>, labels: TranscriptLabels): string {
  const asked = `**${plain(m.message || m.reason)}**`;
  if (m.status === 'resolved') return `${asked}\n\n${labels.interruptAnsweredWith(m.answer === undefined ? '' : typeof m.answer === 'string' ? m.answer : json(m.answer))}`;
  return m.status === 'cancelled' ? `${asked}\n\n${labels.toolStatus.cancelled}` : asked;
}

/**
 * The thread to read, as Markdown: the title, then each turn, the user's words and the answer (the
 * text of every hop, each tool call by its title with its arguments and result, questions the agent
 * asked with their answers), each side headed with its time; the thread's token usage (and cost) at
 * the end. Dates and numbers are formatted for `locale`.
 */
export function transcriptMarkdown(source: TranscriptSource, labels: TranscriptLabels, locale?: string): string {
  const data = transcriptJson(source);
  let dates: Intl.DateTimeFormat;
  try {
    dates = new Intl.DateTimeFormat(locale || undefined, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
  const out: string[] = [`# ${plain(data.title || labels.conversationLabel)}`];
  let side: 'user' | 'assistant' | undefined;
  const heading = (who: 'user' | 'assistant', at: string | undefined) => {
    if (side === who) return;
    side = who;
    const time = at ? ` · ${dates.format(new Date(at))}` : '';
    out.push(`## ${who === 'user' ? labels.you : labels.assistant}${time}`);
  };
  for (const m of data.messages) {
    switch (m.role) {
      case 'user':
        heading('user', m.createdAt);
        if (m.text) out.push(m.text);
        break;
      case 'assistant':
        heading('assistant', m.createdAt);
        if (m.text) out.push(m.text);
        for (const call of m.toolCalls) out.push(toolCallBlock(call, labels));
        break;
      case 'reasoning':
        heading('assistant', m.createdAt);
        if (m.text) out.push(`> *${plain(labels.reasoning)}*\n>\n${m.text.split('\n').map((line) => `> ${line}`).join('\n')}`);
        break;
      case 'interrupt':
        heading('assistant', m.createdAt);
        out.push(interruptBlock(m, labels));
        break;
      case 'system':
      case 'developer':
        if (m.notice) {
          heading('assistant', m.createdAt);
          out.push(`*${plain(labels.notice)}:* ${m.text}`);
        }
        break;
      default:
        break; // activities and gaps are the screen's, not the reader's
    }
  }
  if (data.usage) {
    const usage = labels.usageThread(data.usage.inputTokens, data.usage.outputTokens);
    const cost = data.usage.cost && formatCost(data.usage.cost.amount, data.usage.cost.currency, locale);
    out.push('---', `*${cost ? labels.usageCost(usage, cost) : usage}*`);
  }
  return `${out.join('\n\n')}\n`;
}
