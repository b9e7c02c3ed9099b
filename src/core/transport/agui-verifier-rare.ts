import { EventType } from '@ag-ui/core';
import { agrees, continues, fail, opens, type Fields } from './agui-event-verifier.js';
import { AGUI_PROTOCOL_VERSION, compareProtocolVersions } from './protocol-version.js';

/*
 * The verifier's rare rules (agui-event-verifier.ts), in the strip stage's chunk (agui-event-strip.ts
 * re-exports them): `*_CHUNK` expansion, tool calls, steps, reasoning, activities, subagents and the
 * check of a run's outcome and of a declared protocol version. A stream of plain text never takes one (an outcome brings the stage itself); the first event that does loads the stage before it is handed on
 * (`needsRareRules` in agui-strip-stage.ts), as the strip stage's own events do, so events keep
 * their order and the verifier stays synchronous.
 */

/** A chunk stream being expanded: what its first chunk established (a text message's role, a call's name). */
type Lane = { kind: 'text' | 'tool' | 'reasoning'; id: string; role?: unknown; name?: unknown };

/** What the rare rules keep for one run of a stream; a new one with each `RUN_STARTED`. */
export interface RareState {
  /** Chunk streams being expanded, by producer (`subagentRunId`, undefined for the agent). */
  readonly lanes: Map<string | undefined, Lane>;
  /** Open entities by id, each with the producer that opened it. */
  readonly toolCalls: Map<string, string | undefined>;
  readonly reasoningMessages: Map<string, string | undefined>;
  readonly reasoningSpans: Map<string, string | undefined>;
  /** Activity messages by id, with the producer whose snapshot opened them. */
  readonly activities: Map<string, string | undefined>;
  readonly subagents: Set<string>;
  readonly closedSubagents: Set<string>;
  /** Open steps by producer (`subagentRunId`, undefined for the agent itself): a subagent may reuse a step name. */
  readonly steps: Map<string | undefined, Set<string>>;
}

export function rareState(lanes: RareState['lanes'] = new Map()): RareState {
  return { lanes, toolCalls: new Map(), reasoningMessages: new Map(), reasoningSpans: new Map(), activities: new Map(), subagents: new Set(), closedSubagents: new Set(), steps: new Map() };
}

/** Events that close the open chunk stream of their own producer (`subagentRunId`). */
const CLOSES_OWN_LANE = new Set<string>([
  EventType.TEXT_MESSAGE_START, EventType.TEXT_MESSAGE_CONTENT, EventType.TEXT_MESSAGE_END,
  EventType.TOOL_CALL_START, EventType.TOOL_CALL_ARGS, EventType.TOOL_CALL_END, EventType.TOOL_CALL_RESULT,
  EventType.STATE_SNAPSHOT, EventType.STATE_DELTA, EventType.CUSTOM, EventType.STEP_STARTED, EventType.STEP_FINISHED,
  EventType.REASONING_START, EventType.REASONING_MESSAGE_START, EventType.REASONING_MESSAGE_CONTENT,
  EventType.REASONING_MESSAGE_END, EventType.REASONING_END, EventType.SUBAGENT_FINISHED, EventType.SUBAGENT_ERROR,
]);
const CLOSES_ALL_LANES = new Set<string>([EventType.RUN_STARTED, EventType.RUN_FINISHED, EventType.RUN_ERROR, EventType.MESSAGES_SNAPSHOT]);

/** Expands `*_CHUNK` events (as `@ag-ui/client`'s transformChunks does) and closes chunk streams other events end. */
export function expandEvent(state: RareState, event: Fields, out: Fields[]): void {
  const { lanes } = state;
  const owner = event.subagentRunId;
  const chunkKind = event.type === EventType.TEXT_MESSAGE_CHUNK ? 'text' : event.type === EventType.REASONING_MESSAGE_CHUNK ? 'reasoning' : event.type === EventType.TOOL_CALL_CHUNK ? 'tool' : undefined;
  if (!chunkKind) {
    if (lanes.size > 0) {
      if (CLOSES_ALL_LANES.has(event.type)) for (const lane of [...lanes.keys()]) closeLane(lanes, lane, out);
      else if (CLOSES_OWN_LANE.has(event.type)) closeLane(lanes, owner, out);
    }
    out.push(event);
    return;
  }
  // What expansion carries to the events it makes: attribution, metadata and the raw event.
  const tag = {
    ...(owner !== undefined ? { subagentRunId: owner } : {}),
    ...(event['metadata'] !== undefined ? { metadata: event['metadata'] } : {}),
    ...(event['rawEvent'] !== undefined ? { rawEvent: event['rawEvent'] } : {}),
  };
  const chunk = (kind: Lane['kind'], id: unknown, start: () => Fields, content: (id: string) => Fields | undefined, role?: unknown, name?: unknown) => {
    const lane = laneFor(lanes, kind, id as string | undefined, owner);
    const open = lanes.get(lane);
    let laneId: string;
    if (open?.kind === kind && (id === undefined || id === open.id)) {
      laneId = open.id;
      // A continuation may repeat what its first chunk said, never say something else.
      if (role !== undefined && role !== open.role) fail(`a ${event.type}'s role '${String(role)}' does not match the open stream's role '${String(open.role)}'`);
      if (name !== undefined && name !== open.name) fail(`a ${event.type}'s toolCallName '${String(name)}' does not match the open stream's toolCallName '${String(open.name)}'`);
    } else {
      closeLane(lanes, lane, out);
      if (id === undefined) fail(`the first ${event.type} has no ${kind === 'tool' ? 'toolCallId' : 'messageId'}`);
      laneId = id as string;
      const opener = start();
      lanes.set(lane, { kind, id: laneId, role: opener['role'], name: opener['toolCallName'] });
      out.push(opener);
    }
    const next = content(laneId);
    if (next) out.push(next);
  };
  switch (chunkKind) {
    case 'text':
      return chunk(
        'text',
        event['messageId'],
        () => ({ type: EventType.TEXT_MESSAGE_START, messageId: event['messageId'], role: event['role'] ?? 'assistant', ...(event['name'] !== undefined ? { name: event['name'] } : {}), ...tag }),
        (messageId) => (event['delta'] !== undefined ? { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: event['delta'], ...tag } : undefined),
        event['role'],
      );
    case 'reasoning':
      return chunk(
        'reasoning',
        event['messageId'],
        () => ({ type: EventType.REASONING_MESSAGE_START, messageId: event['messageId'], role: 'reasoning', ...tag }),
        (messageId) => (event['delta'] !== undefined ? { type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta: event['delta'], ...tag } : undefined),
      );
    case 'tool':
      return chunk(
        'tool',
        event['toolCallId'],
        () => {
          if (event['toolCallName'] === undefined) fail('the first TOOL_CALL_CHUNK has no toolCallName');
          return {
            type: EventType.TOOL_CALL_START,
            toolCallId: event['toolCallId'],
            toolCallName: event['toolCallName'],
            ...(event['parentMessageId'] !== undefined ? { parentMessageId: event['parentMessageId'] } : {}),
            ...tag,
          };
        },
        (toolCallId) => (event['delta'] !== undefined ? { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: event['delta'], ...tag } : undefined),
        undefined,
        event['toolCallName'],
      );
  }
}

/** Which producer's chunk stream a chunk continues: the one holding its id, else its own tag, else the only open one of its kind. */
function laneFor(lanes: RareState['lanes'], kind: Lane['kind'], id: string | undefined, owner: string | undefined): string | undefined {
  if (id !== undefined) {
    for (const [lane, open] of lanes) if (open.kind === kind && open.id === id) return lane;
    return owner;
  }
  if (owner !== undefined || lanes.get(undefined)?.kind === kind) return owner;
  const open = [...lanes].filter(([, l]) => l.kind === kind);
  if (open.length > 1) fail(`a ${kind} chunk names no id while ${open.length} producers have one open`);
  return open[0]?.[0];
}

function closeLane(lanes: RareState['lanes'], lane: string | undefined, out: Fields[]): void {
  const open = lanes.get(lane);
  if (!open) return;
  lanes.delete(lane);
  const tag = lane !== undefined ? { subagentRunId: lane } : {};
  if (open.kind === 'tool') out.push({ type: EventType.TOOL_CALL_END, toolCallId: open.id, ...tag });
  else out.push({ type: open.kind === 'text' ? EventType.TEXT_MESSAGE_END : EventType.REASONING_MESSAGE_END, messageId: open.id, ...tag });
}

/**
 * A readable warning for a producer's `RUN_STARTED.protocolVersion` that is newer than this client's
 * (compared numerically, component by component: 1.10 is newer than 1.9) or that cannot be read; the
 * run goes on either way (spec 1.1, versioning). Undefined for an absent, equal or older declaration. A `RUN_STARTED` that
 * declares another version than 1.0 or 1.1 brings the strip stage, and this, with it (`needsStripStage`).
 */
export function protocolVersionWarning(declared: unknown): string | undefined {
  if (declared === undefined) return undefined;
  const order = typeof declared === 'string' ? compareProtocolVersions(declared, AGUI_PROTOCOL_VERSION) : undefined;
  if (order === undefined) return `The agent declares AG-UI protocol version ${JSON.stringify(declared)}, which this chat cannot interpret; it speaks ${AGUI_PROTOCOL_VERSION} and goes on as if the agent did.`;
  return order > 0 ? `The agent speaks AG-UI ${declared as string}, newer than this chat's ${AGUI_PROTOCOL_VERSION}: what this chat does not know is stripped.` : undefined;
}

/** A known outcome's own fields (an unknown kind was stripped before this). */
export function checkOutcome(outcome: unknown): void {
  const o = outcome as { type?: unknown; interrupts?: unknown; pendingToolCallIds?: unknown };
  if (o.type === 'interrupt' && (!Array.isArray(o.interrupts) || o.interrupts.length === 0)) fail('an interrupt outcome lists no interrupts');
  if (o.pendingToolCallIds !== undefined && !Array.isArray(o.pendingToolCallIds)) fail('pendingToolCallIds is not an array');
}

/** The ordering rules of tool calls, steps, reasoning, activities and subagents; other events are the verifier's own. */
export function verifyRare(state: RareState, event: Fields): void {
  const type = event.type;
  const id = (event['messageId'] ?? event['toolCallId']) as string;
  const owner = event.subagentRunId;
  switch (type) {
    case EventType.TOOL_CALL_START:
      return opens(state.toolCalls, id, owner, type, 'tool call', 'TOOL_CALL_END');
    case EventType.TOOL_CALL_ARGS:
    case EventType.TOOL_CALL_END:
      return continues(state.toolCalls, id, owner, type, 'tool call', 'TOOL_CALL_START', type === EventType.TOOL_CALL_END);
    case EventType.STEP_STARTED:
    case EventType.STEP_FINISHED: {
      const name = event['stepName'] as string;
      let steps = state.steps.get(owner);
      if (!steps) state.steps.set(owner, (steps = new Set()));
      if (type === EventType.STEP_STARTED) {
        if (steps.has(name)) fail(`step "${name}" is already active`);
        steps.add(name);
      } else if (!steps.delete(name)) fail(`STEP_FINISHED for step "${name}", which was not started`);
      return;
    }
    case EventType.REASONING_START:
      return opens(state.reasoningSpans, id, owner, type, 'reasoning span', 'REASONING_END');
    case EventType.REASONING_END:
      return continues(state.reasoningSpans, id, owner, type, 'reasoning span', 'REASONING_START', true);
    case EventType.REASONING_MESSAGE_START:
      // The schema pins the role: anything else is a malformed known value, not a newer one.
      if (event['role'] !== 'reasoning') fail(`REASONING_MESSAGE_START needs role to be "reasoning" (expected "reasoning", got ${JSON.stringify(event['role'])})`);
      return opens(state.reasoningMessages, id, owner, type, 'reasoning message', 'REASONING_MESSAGE_END');
    case EventType.REASONING_MESSAGE_CONTENT:
    case EventType.REASONING_MESSAGE_END:
      return continues(state.reasoningMessages, id, owner, type, 'reasoning message', 'REASONING_MESSAGE_START', type === EventType.REASONING_MESSAGE_END);
    case EventType.ACTIVITY_SNAPSHOT:
      if (!state.activities.has(id)) state.activities.set(id, owner);
      else agrees(state.activities.get(id), owner, type, 'activity', id);
      return;
    case EventType.ACTIVITY_DELTA:
      if (state.activities.has(id)) agrees(state.activities.get(id), owner, type, 'activity', id);
      return;
    case EventType.SUBAGENT_STARTED: {
      const sub = owner!;
      if (state.subagents.has(sub) || state.closedSubagents.has(sub)) fail(`subagent '${sub}' was already started in this run`);
      const parent = event['parentSubagentRunId'] as string | undefined;
      if (parent !== undefined && !state.subagents.has(parent) && !state.closedSubagents.has(parent)) {
        fail(`subagent '${sub}' names parent '${parent}', which does not match a subagent announced in this run`);
      }
      state.subagents.add(sub);
      return;
    }
    case EventType.SUBAGENT_FINISHED:
    case EventType.SUBAGENT_ERROR: {
      const sub = owner!;
      if (!state.subagents.delete(sub)) fail(`'${type}' for subagent '${sub}', which is not active`);
      state.closedSubagents.add(sub);
      return;
    }
  }
}
