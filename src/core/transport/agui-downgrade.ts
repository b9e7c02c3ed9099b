import type { Message } from '@ag-ui/core';
import { compareProtocolVersions } from './protocol-version.js';
import type { AgUiRunInput } from './transport.js';

/**
 * Downgrades for a peer known to speak AG-UI from before 1.0 (spec 1.1, versioning: "a party that
 * knows its peer is older MAY translate the stream into a shape the peer understands"; what it knows
 * is the version configured for it, or the one it declared in-band). The eras are `@ag-ui/client`'s:
 * up to 0.0.39 message content is a string (parts are flattened to their text, a lossy downgrade that
 * warns naming what it dropped; `parentRunId` is left out); up to 0.0.57 there are no subagents
 * (`subagentRunId` leaves the input, silently: lossless; `SUBAGENT_*` events are dropped with a
 * warning, attribution stripped from the rest and from the messages and interrupts they carry);
 * before 1.0 the input declares no version. A downgrade reshapes, never invents: a flattened list
 * with no text part becomes the empty string.
 * Loaded only for such a peer.
 */

/** Reports one kind of downgrade (one warning per kind per run), with the message to show. */
export type DowngradeWarn = (kind: string, message: string) => void;

const atMost = (peer: string, era: string) => (compareProtocolVersions(peer, era) ?? 1) <= 0;

/** `message` with its content parts flattened to their text, for a peer whose content is a string. */
function flatten(message: Message, warn: DowngradeWarn): Message {
  const content = (message as { content?: unknown }).content;
  if (!Array.isArray(content)) return content === undefined && message.role !== 'assistant' ? ({ ...message, content: '' } as Message) : message;
  const text = (part: unknown): part is { type: 'text'; text: string } =>
    typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string';
  for (const part of content) {
    if (text(part)) continue;
    const kind = String((part as { type?: unknown })?.type);
    warn(`flatten ${kind}`, `sent a ${message.role} message's ${kind} part to an agent on AG-UI 0.0.39 or older without it: such an agent takes text only (upgrade the agent to keep media content)`);
  }
  return { ...message, content: content.filter(text).map((part) => part.text).join('') } as Message;
}

/** `item` without its subagent attribution (the same object when it has none). */
function unattributed<T>(item: T): T {
  if (typeof item !== 'object' || item === null || !('subagentRunId' in item)) return item;
  const { subagentRunId: _, ...rest } = item as T & { subagentRunId?: unknown };
  return rest as T;
}

/** `list` (when it is one) with each element unattributed. */
const unattributedAll = (list: unknown) => (Array.isArray(list) ? list.map(unattributed) : list);

/** The run input as a peer speaking `peer` takes it. */
export function downgradeRunInput(input: AgUiRunInput, peer: string, warn: DowngradeWarn): AgUiRunInput {
  let messages: readonly Message[] = input.messages;
  if (atMost(peer, '0.0.57')) messages = messages.map(unattributed);
  if (atMost(peer, '0.0.39')) messages = messages.map((m) => flatten(m, warn));
  const { protocolVersion: _version, parentRunId: _parent, ...rest } = input;
  return {
    ...rest,
    ...(input.parentRunId !== undefined && !atMost(peer, '0.0.39') ? { parentRunId: input.parentRunId } : {}),
    messages,
  } as AgUiRunInput;
}

const SUBAGENT_EVENTS = new Set(['SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR']);

/** An event as a peer speaking `peer` could have sent it: undefined when it is dropped. */
export function downgradeEvent(event: Record<string, unknown>, peer: string, warn: DowngradeWarn): Record<string, unknown> | undefined {
  if (!atMost(peer, '0.0.57')) return event;
  const type = String(event['type']);
  if (SUBAGENT_EVENTS.has(type)) {
    warn(type, `dropped ${type}: the agent is configured as AG-UI 0.0.57 or older, which has no subagents (upgrade it, or its configured version, to see them)`);
    return undefined;
  }
  // Attribution goes from the event and from what it carries (as `@ag-ui/client`'s 0.0.57 shim does):
  // a snapshot's messages, the messages of the input a run declares, the interrupts of an outcome.
  const out = unattributed(event);
  const input = out['input'] as Record<string, unknown> | undefined;
  const outcome = out['outcome'] as Record<string, unknown> | undefined;
  if (type === 'MESSAGES_SNAPSHOT' && Array.isArray(out['messages'])) return { ...out, messages: unattributedAll(out['messages']) };
  if (type === 'RUN_STARTED' && Array.isArray(input?.['messages'])) return { ...out, input: { ...input, messages: unattributedAll(input['messages']) } };
  if (type === 'RUN_FINISHED' && Array.isArray(outcome?.['interrupts'])) return { ...out, outcome: { ...outcome, interrupts: unattributedAll(outcome['interrupts']) } };
  return out;
}

/** The downgrades for one run to a peer speaking `peer`, warning once per kind of downgrade in the run. */
export function downgrader(peer: string) {
  const warned = new Set<string>();
  const warn: DowngradeWarn = (kind, message) => {
    if (warned.has(kind)) return;
    warned.add(kind);
    console.warn(`[soliplex-chat] ${message} (further ones in this run are not reported)`);
  };
  return {
    input: (input: AgUiRunInput) => downgradeRunInput(input, peer, warn),
    event: (event: Record<string, unknown>) => downgradeEvent(event, peer, warn),
  };
}
