import { EventType, type BaseEvent } from '@ag-ui/core';
import { TransportError } from './transport.js';

/**
 * What a field must be: a string; an optional string; an array; an object; anything but undefined.
 * One letter each, so the table below stays a table.
 */
type FieldRule = 's' | 's?' | 'a' | 'o' | 'v';

/**
 * The fields each event type must carry (from `@ag-ui/core`'s 1.0 event schemas), checked cheaply
 * instead of with zod. `timestamp`, `rawEvent`, `metadata` and the like are not checked: nothing in
 * the widget reads them. Unlisted fields pass through untouched (the schemas are loose objects too).
 */
const REQUIRED: Readonly<Record<EventType, Readonly<Record<string, FieldRule>>>> = {
  [EventType.TEXT_MESSAGE_START]: { messageId: 's', role: 's?', name: 's?' },
  [EventType.TEXT_MESSAGE_CONTENT]: { messageId: 's', delta: 's' },
  [EventType.TEXT_MESSAGE_END]: { messageId: 's' },
  [EventType.TEXT_MESSAGE_CHUNK]: { messageId: 's?', role: 's?', delta: 's?', name: 's?' },
  [EventType.TOOL_CALL_START]: { toolCallId: 's', toolCallName: 's', parentMessageId: 's?' },
  [EventType.TOOL_CALL_ARGS]: { toolCallId: 's', delta: 's' },
  [EventType.TOOL_CALL_END]: { toolCallId: 's' },
  [EventType.TOOL_CALL_CHUNK]: { toolCallId: 's?', toolCallName: 's?', parentMessageId: 's?', delta: 's?' },
  [EventType.TOOL_CALL_RESULT]: { messageId: 's', toolCallId: 's', content: 'v' },
  [EventType.STATE_SNAPSHOT]: { snapshot: 'v' },
  [EventType.STATE_DELTA]: { delta: 'a' },
  [EventType.MESSAGES_SNAPSHOT]: { messages: 'a' },
  [EventType.ACTIVITY_SNAPSHOT]: { messageId: 's', activityType: 's', content: 'o' },
  [EventType.ACTIVITY_DELTA]: { messageId: 's', activityType: 's', patch: 'a' },
  [EventType.RAW]: { event: 'v', source: 's?' },
  [EventType.CUSTOM]: { name: 's', value: 'v' },
  [EventType.RUN_STARTED]: { threadId: 's', runId: 's', parentRunId: 's?' },
  [EventType.RUN_FINISHED]: { threadId: 's', runId: 's' },
  [EventType.RUN_ERROR]: { message: 's', code: 's?' },
  [EventType.STEP_STARTED]: { stepName: 's' },
  [EventType.STEP_FINISHED]: { stepName: 's' },
  [EventType.REASONING_START]: { messageId: 's' },
  [EventType.REASONING_MESSAGE_START]: { messageId: 's', role: 's' },
  [EventType.REASONING_MESSAGE_CONTENT]: { messageId: 's', delta: 's' },
  [EventType.REASONING_MESSAGE_END]: { messageId: 's' },
  [EventType.REASONING_MESSAGE_CHUNK]: { messageId: 's?', delta: 's?' },
  [EventType.REASONING_END]: { messageId: 's' },
  [EventType.REASONING_ENCRYPTED_VALUE]: { subtype: 's', entityId: 's', encryptedValue: 's' },
  [EventType.SUBAGENT_STARTED]: { subagentRunId: 's', name: 's' },
  [EventType.SUBAGENT_FINISHED]: { subagentRunId: 's' },
  [EventType.SUBAGENT_ERROR]: { subagentRunId: 's', message: 's' },
};

const RULE_TEXT: Record<FieldRule, string> = { s: 'a string', 's?': 'a string', a: 'an array', o: 'an object', v: 'a value' };

/** The pre-1.0 reasoning events `@ag-ui/client` still translates; the same translation is kept here. */
const THINKING: Readonly<Record<string, EventType>> = {
  THINKING_START: EventType.REASONING_START,
  THINKING_END: EventType.REASONING_END,
  THINKING_TEXT_MESSAGE_START: EventType.REASONING_MESSAGE_START,
  THINKING_TEXT_MESSAGE_CONTENT: EventType.REASONING_MESSAGE_CONTENT,
  THINKING_TEXT_MESSAGE_END: EventType.REASONING_MESSAGE_END,
};

type Fields = Record<string, unknown> & { type: string; subagentRunId?: string };
type Lane = { kind: 'text' | 'tool' | 'reasoning'; id: string };

/** Events that close the open chunk stream of their own producer (`subagentRunId`). */
const CLOSES_OWN_LANE = new Set<string>([
  EventType.TEXT_MESSAGE_START, EventType.TEXT_MESSAGE_CONTENT, EventType.TEXT_MESSAGE_END,
  EventType.TOOL_CALL_START, EventType.TOOL_CALL_ARGS, EventType.TOOL_CALL_END, EventType.TOOL_CALL_RESULT,
  EventType.STATE_SNAPSHOT, EventType.STATE_DELTA, EventType.CUSTOM, EventType.STEP_STARTED, EventType.STEP_FINISHED,
  EventType.REASONING_START, EventType.REASONING_MESSAGE_START, EventType.REASONING_MESSAGE_CONTENT,
  EventType.REASONING_MESSAGE_END, EventType.REASONING_END, EventType.SUBAGENT_FINISHED, EventType.SUBAGENT_ERROR,
]);
/** Events that close every open chunk stream. */
const CHUNKS = new Set<string>([EventType.TEXT_MESSAGE_CHUNK, EventType.REASONING_MESSAGE_CHUNK, EventType.TOOL_CALL_CHUNK]);
const CLOSES_ALL_LANES = new Set<string>([EventType.RUN_STARTED, EventType.RUN_FINISHED, EventType.RUN_ERROR, EventType.MESSAGES_SNAPSHOT]);

const OUTCOMES = new Set(['success', 'interrupt', 'cancelled']);

/**
 * Checks one AG-UI event stream as `@ag-ui/client` 1.0 did, without zod, rxjs or a copy per event:
 * each frame's fields against the table above, `*_CHUNK` events expanded into START/CONTENT/END (so the
 * sink sees what it saw from the client), pre-1.0 `THINKING_*` events translated, unknown event types
 * dropped with a warning, and the client's ordering rules enforced: a run starts with `RUN_STARTED`;
 * content and end events need an open start, a start needs its id closed; `RUN_FINISHED` needs every
 * message, call, reasoning span, step and subagent closed; after `RUN_FINISHED` only `RUN_ERROR` or a
 * new `RUN_STARTED` may follow, after `RUN_ERROR` only a new `RUN_STARTED`.
 *
 * A violation throws a `TransportError` of kind `protocol` whose message names the rule broken.
 * (Subagent attribution checks — a continuation tagged with another producer than its opener — are
 * not repeated here: the widget does not attribute content to subagents.)
 */
export class AgUiEventVerifier {
  #first = true;
  #runActive = false;
  #runFinished = false;
  #runError = false;
  readonly #messages = new Set<string>();
  readonly #toolCalls = new Set<string>();
  readonly #reasoningMessages = new Set<string>();
  readonly #reasoningSpans = new Set<string>();
  /** Open steps by producer (`subagentRunId`, undefined for the agent itself): a subagent may reuse a step name. */
  readonly #steps = new Map<string | undefined, Set<string>>();
  readonly #subagents = new Set<string>();
  readonly #closedSubagents = new Set<string>();
  /** Chunk streams being expanded, by producer. */
  readonly #lanes = new Map<string | undefined, Lane>();
  readonly #warned = new Set<string>();
  #thinkingSpan?: string;
  #thinkingMessage?: string;

  /**
   * Checks one parsed frame and returns the events to deliver, in order: none (an unknown type), the
   * event itself (the usual case, the same object), or the events a chunk expands to.
   */
  accept(json: unknown): BaseEvent[] {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('a frame is not a JSON object');
    let event = json as Fields;
    if (typeof event.type !== 'string' || !event.type) fail('a frame carries no event type');
    if (event.type in THINKING) event = this.#translateThinking(event);
    const rules = (REQUIRED as Record<string, Record<string, FieldRule>>)[event.type];
    if (!rules) {
      if (!this.#warned.has(event.type)) {
        this.#warned.add(event.type);
        console.warn(`[soliplex-chat] dropping unknown AG-UI event type '${event.type}'`);
      }
      return [];
    }
    checkFields(event, rules);
    const out: Fields[] = [];
    this.#expand(event, out);
    for (const e of out) this.#verify(e);
    return out as unknown as BaseEvent[];
  }

  #translateThinking(event: Fields): Fields {
    const type = THINKING[event.type]!;
    const { title: _title, ...rest } = event;
    switch (type) {
      case EventType.REASONING_START:
        return { ...rest, type, messageId: (this.#thinkingSpan = crypto.randomUUID()) };
      case EventType.REASONING_END:
        return { ...event, type, messageId: this.#thinkingSpan ?? crypto.randomUUID() };
      case EventType.REASONING_MESSAGE_START:
        return { ...event, type, messageId: (this.#thinkingMessage = crypto.randomUUID()), role: 'reasoning' };
      default:
        return { ...event, type, messageId: this.#thinkingMessage ?? crypto.randomUUID() };
    }
  }

  /** Expands `*_CHUNK` events (as `@ag-ui/client`'s transformChunks does) and closes chunk streams other events end. */
  #expand(event: Fields, out: Fields[]): void {
    const owner = event.subagentRunId;
    if (!CHUNKS.has(event.type)) {
      // The usual case (every streamed token): no chunk stream to continue, nothing to build.
      if (this.#lanes.size > 0) {
        if (CLOSES_ALL_LANES.has(event.type)) for (const lane of [...this.#lanes.keys()]) this.#closeLane(lane, out);
        else if (CLOSES_OWN_LANE.has(event.type)) this.#closeLane(owner, out);
      }
      out.push(event);
      return;
    }
    const tag = owner !== undefined ? { subagentRunId: owner } : {};
    const chunk = (kind: Lane['kind'], id: unknown, start: () => Fields, content: (id: string) => Fields | undefined) => {
      const lane = this.#laneFor(kind, id as string | undefined, owner);
      const open = this.#lanes.get(lane);
      let laneId: string;
      if (open?.kind === kind && (id === undefined || id === open.id)) laneId = open.id;
      else {
        this.#closeLane(lane, out);
        if (id === undefined) fail(`the first ${event.type} has no ${kind === 'tool' ? 'toolCallId' : 'messageId'}`);
        laneId = id as string;
        this.#lanes.set(lane, { kind, id: laneId });
        out.push(start());
      }
      const next = content(laneId);
      if (next) out.push(next);
    };
    switch (event.type) {
      case EventType.TEXT_MESSAGE_CHUNK:
        return chunk(
          'text',
          event['messageId'],
          () => ({ type: EventType.TEXT_MESSAGE_START, messageId: event['messageId'], role: event['role'] ?? 'assistant', ...(event['name'] !== undefined ? { name: event['name'] } : {}), ...tag }),
          (messageId) => (event['delta'] !== undefined ? { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: event['delta'], ...tag } : undefined),
        );
      case EventType.REASONING_MESSAGE_CHUNK:
        return chunk(
          'reasoning',
          event['messageId'],
          () => ({ type: EventType.REASONING_MESSAGE_START, messageId: event['messageId'], role: 'reasoning', ...tag }),
          (messageId) => (event['delta'] !== undefined ? { type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta: event['delta'], ...tag } : undefined),
        );
      case EventType.TOOL_CALL_CHUNK:
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
        );
    }
  }

  /** Which producer's chunk stream a chunk continues: the one holding its id, else its own tag, else the only open one of its kind. */
  #laneFor(kind: Lane['kind'], id: string | undefined, owner: string | undefined): string | undefined {
    if (id !== undefined) {
      for (const [lane, open] of this.#lanes) if (open.kind === kind && open.id === id) return lane;
      return owner;
    }
    if (owner !== undefined || this.#lanes.get(undefined)?.kind === kind) return owner;
    const open = [...this.#lanes].filter(([, l]) => l.kind === kind);
    if (open.length > 1) fail(`a ${kind} chunk names no id while ${open.length} producers have one open`);
    return open[0]?.[0];
  }

  #closeLane(lane: string | undefined, out: Fields[]): void {
    const open = this.#lanes.get(lane);
    if (!open) return;
    this.#lanes.delete(lane);
    const tag = lane !== undefined ? { subagentRunId: lane } : {};
    if (open.kind === 'tool') out.push({ type: EventType.TOOL_CALL_END, toolCallId: open.id, ...tag });
    else out.push({ type: open.kind === 'text' ? EventType.TEXT_MESSAGE_END : EventType.REASONING_MESSAGE_END, messageId: open.id, ...tag });
  }

  #verify(event: Fields): void {
    const type = event.type;
    if (this.#runError && type !== EventType.RUN_STARTED) {
      fail(`'${type}' arrived after RUN_ERROR; only a new RUN_STARTED may follow it`);
    }
    if (this.#runFinished && type !== EventType.RUN_ERROR && type !== EventType.RUN_STARTED) {
      fail(`'${type}' arrived after RUN_FINISHED; start a new run with RUN_STARTED`);
    }
    if (this.#first) {
      this.#first = false;
      if (type !== EventType.RUN_STARTED && type !== EventType.RUN_ERROR) fail(`the first event must be RUN_STARTED, not '${type}'`);
    }
    const id = (event['messageId'] ?? event['toolCallId']) as string;
    switch (type) {
      case EventType.RUN_STARTED:
        if (this.#runActive && !this.#runFinished && !this.#runError) fail('RUN_STARTED arrived while a run is still active');
        this.#reset();
        this.#runActive = true;
        return;
      case EventType.RUN_ERROR:
        this.#runError = true;
        return;
      case EventType.RUN_FINISHED: {
        const open = (what: string, ids: Iterable<string>) => {
          const list = [...ids];
          if (list.length) fail(`RUN_FINISHED arrived while ${what} still open: ${list.join(', ')}`);
        };
        open('steps are', [...this.#steps.values()].flatMap((names) => [...names]));
        open('text messages are', this.#messages);
        open('reasoning messages are', this.#reasoningMessages);
        open('reasoning spans are', this.#reasoningSpans);
        open('tool calls are', this.#toolCalls);
        open('subagents are', this.#subagents);
        checkOutcome(event['outcome']);
        this.#runFinished = true;
        return;
      }
      case EventType.TEXT_MESSAGE_START:
        return opens(this.#messages, id, type, 'text message', 'TEXT_MESSAGE_END');
      case EventType.TEXT_MESSAGE_CONTENT:
      case EventType.TEXT_MESSAGE_END:
        return continues(this.#messages, id, type, 'text message', 'TEXT_MESSAGE_START', type === EventType.TEXT_MESSAGE_END);
      case EventType.TOOL_CALL_START:
        return opens(this.#toolCalls, id, type, 'tool call', 'TOOL_CALL_END');
      case EventType.TOOL_CALL_ARGS:
      case EventType.TOOL_CALL_END:
        return continues(this.#toolCalls, id, type, 'tool call', 'TOOL_CALL_START', type === EventType.TOOL_CALL_END);
      case EventType.REASONING_START:
        return opens(this.#reasoningSpans, id, type, 'reasoning span', 'REASONING_END');
      case EventType.REASONING_END:
        return continues(this.#reasoningSpans, id, type, 'reasoning span', 'REASONING_START', true);
      case EventType.REASONING_MESSAGE_START:
        return opens(this.#reasoningMessages, id, type, 'reasoning message', 'REASONING_MESSAGE_END');
      case EventType.REASONING_MESSAGE_CONTENT:
      case EventType.REASONING_MESSAGE_END:
        return continues(this.#reasoningMessages, id, type, 'reasoning message', 'REASONING_MESSAGE_START', type === EventType.REASONING_MESSAGE_END);
      case EventType.STEP_STARTED:
      case EventType.STEP_FINISHED: {
        const name = event['stepName'] as string;
        let steps = this.#steps.get(event.subagentRunId);
        if (!steps) this.#steps.set(event.subagentRunId, (steps = new Set()));
        if (type === EventType.STEP_STARTED) {
          if (steps.has(name)) fail(`step "${name}" is already active`);
          steps.add(name);
        } else if (!steps.delete(name)) fail(`STEP_FINISHED for step "${name}", which was not started`);
        return;
      }
      case EventType.SUBAGENT_STARTED: {
        const sub = event.subagentRunId!;
        if (this.#subagents.has(sub) || this.#closedSubagents.has(sub)) fail(`subagent '${sub}' was already started in this run`);
        this.#subagents.add(sub);
        return;
      }
      case EventType.SUBAGENT_FINISHED:
      case EventType.SUBAGENT_ERROR: {
        const sub = event.subagentRunId!;
        if (!this.#subagents.delete(sub)) fail(`'${type}' for subagent '${sub}', which is not active`);
        this.#closedSubagents.add(sub);
        return;
      }
    }
  }

  #reset(): void {
    this.#runFinished = this.#runError = false;
    for (const set of [this.#messages, this.#toolCalls, this.#reasoningMessages, this.#reasoningSpans, this.#subagents, this.#closedSubagents]) set.clear();
    this.#steps.clear();
  }
}

function fail(reason: string): never {
  throw new TransportError('protocol', `The agent sent a stream this client cannot follow: ${reason}.`);
}

function checkFields(event: Fields, rules: Readonly<Record<string, FieldRule>>): void {
  // The protocol has no null attribution: absent is the only spelling (as @ag-ui/client enforces).
  if ('subagentRunId' in event && typeof event.subagentRunId !== 'string') fail(`'${event.type}' has a subagentRunId that is not a string`);
  for (const field in rules) {
    const rule = rules[field]!;
    const value = event[field];
    const ok =
      rule === 's' ? typeof value === 'string'
      : rule === 's?' ? value === undefined || typeof value === 'string'
      : rule === 'a' ? Array.isArray(value)
      : rule === 'o' ? typeof value === 'object' && value !== null && !Array.isArray(value)
      : value !== undefined;
    if (!ok) fail(`'${event.type}' needs '${field}' to be ${RULE_TEXT[rule]}`);
  }
}

function checkOutcome(outcome: unknown): void {
  if (outcome === undefined) return;
  const o = outcome as { type?: unknown; interrupts?: unknown; pendingToolCallIds?: unknown } | null;
  if (!o || typeof o !== 'object' || !OUTCOMES.has(o.type as string)) fail('RUN_FINISHED has an outcome of unknown type');
  if (o.type === 'interrupt' && (!Array.isArray(o.interrupts) || o.interrupts.length === 0)) fail('an interrupt outcome lists no interrupts');
  if (o.pendingToolCallIds !== undefined && !Array.isArray(o.pendingToolCallIds)) fail('pendingToolCallIds is not an array');
}

function opens(open: Set<string>, id: string, type: string, what: string, closer: string): void {
  if (open.has(id)) fail(`'${type}' for ${what} '${id}', which is already in progress (no ${closer} yet)`);
  open.add(id);
}

function continues(open: Set<string>, id: string, type: string, what: string, opener: string, closes: boolean): void {
  if (!open.has(id)) fail(`'${type}' for ${what} '${id}', which no ${opener} opened`);
  if (closes) open.delete(id);
}
