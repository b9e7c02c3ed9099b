import { EventType, type BaseEvent } from '@ag-ui/core';
import { TransportError } from './transport.js';
import { REQUIRED, type FieldRule } from './agui-event-fields.js';
import { needsStripStage, stripStage, type RetiredState } from './agui-strip-stage.js';
import { AGUI_PROTOCOL_VERSION, protocolVersionWarning } from './protocol-version.js';

const RULE_TEXT: Record<FieldRule, string> = { s: 'a string', 's?': 'a string', a: 'an array', o: 'an object', v: 'a value', x: '' };

type Fields = Record<string, unknown> & { type: string; subagentRunId?: string };
/** A chunk stream being expanded: what its first chunk established (a text message's role, a call's name). */
type Lane = { kind: 'text' | 'tool' | 'reasoning'; id: string; role?: unknown; name?: unknown };

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

/**
 * Checks one AG-UI event stream by AG-UI 1.1's processing model, without zod, rxjs or a copy per
 * event: retired shapes are translated (the compatibility boundary), what the protocol does not
 * describe is stripped with a warning (unknown event types dropped, unknown properties, outcomes,
 * content parts and patch operations removed; both in agui-event-strip.ts, loaded on demand), each
 * frame's known fields are checked against the fields table (agui-event-fields.ts), `*_CHUNK` events
 * are expanded into START/CONTENT/END, and the ordering rules are enforced: a run starts with `RUN_STARTED`; content and end events need an
 * open start, a start needs its id closed; `RUN_FINISHED` needs every message, call, reasoning span,
 * step and subagent closed; after `RUN_FINISHED` only `RUN_ERROR` or a new `RUN_STARTED` may follow,
 * after `RUN_ERROR` only a new `RUN_STARTED`. A continuation must agree with its opener: a later chunk
 * on its role or call name, any continuation on its producer (`subagentRunId`; an untagged one
 * continues whatever its opener owns).
 *
 * A violation throws a `TransportError` of kind `protocol` whose message names the rule broken.
 * Warnings go to the console once per kind of stripped material per run, never per event.
 */
export class AgUiEventVerifier {
  #first = true;
  #runActive = false;
  #runFinished = false;
  #runError = false;
  /** Open entities by id, each with the producer that opened it (`subagentRunId`, undefined for the agent). */
  readonly #messages = new Map<string, string | undefined>();
  readonly #toolCalls = new Map<string, string | undefined>();
  readonly #reasoningMessages = new Map<string, string | undefined>();
  readonly #reasoningSpans = new Map<string, string | undefined>();
  /** Activity messages by id, with the producer whose snapshot opened them. */
  readonly #activities = new Map<string, string | undefined>();
  /** Open steps by producer (`subagentRunId`, undefined for the agent itself): a subagent may reuse a step name. */
  readonly #steps = new Map<string | undefined, Set<string>>();
  readonly #subagents = new Set<string>();
  readonly #closedSubagents = new Set<string>();
  /** Chunk streams being expanded, by producer. */
  readonly #lanes = new Map<string | undefined, Lane>();
  readonly #warned = new Set<string>();
  /** The retired `THINKING_*` spans being translated (agui-event-strip.ts). */
  readonly #retired: RetiredState = {};

  /**
   * Checks one parsed frame and returns the events to deliver, in order: none (an unknown type), the
   * event itself (the usual case, the same object), or the events a chunk expands to. An event that
   * needs the strip stage (`needsStripStage`) needs it loaded first (`loadStripStage`): the
   * transports load it in their frame loops before they hand such an event on.
   */
  accept(json: unknown): BaseEvent[] {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('a frame is not a JSON object');
    let event = json as Fields;
    if (typeof event.type !== 'string' || !event.type) fail('a frame carries no event type');
    const needed = needsStripStage(event);
    const stage = needed ? stripStage : undefined;
    if (needed && !stage) throw new Error('soliplex-chat: the AG-UI strip stage was not loaded before an event that needs it');
    // Compatibility first (retired shapes translated), then enforcement (spec 1.1, versioning).
    if (stage) event = stage.translateRetired(event, this.#retired, (kind, message) => this.#warn(kind, message)) as Fields;
    const rules = (REQUIRED as Record<string, Record<string, FieldRule>>)[event.type];
    if (!rules) {
      this.#warn(event.type, `dropping unknown AG-UI event type '${event.type}'`);
      return [];
    }
    const type = event.type;
    if (stage) {
      event = stage.stripEvent(event, rules, (kind, path) =>
        this.#warn(`${type} ${kind}`, `stripped ${path} from a ${type} event: AG-UI ${AGUI_PROTOCOL_VERSION} does not describe it`),
      ) as Fields;
    }
    checkFields(event, rules);
    const out: Fields[] = [];
    this.#expand(event, out);
    for (const e of out) this.#verify(e);
    return out as unknown as BaseEvent[];
  }

  /** One console warning per kind of material, for as long as this verifier (one run's stream) lives. */
  #warn(kind: string, message: string): void {
    if (this.#warned.has(kind)) return;
    this.#warned.add(kind);
    console.warn(`[soliplex-chat] ${message} (further ones in this run are not reported)`);
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
    // What expansion carries to the events it makes: attribution, metadata and the raw event.
    const tag = {
      ...(owner !== undefined ? { subagentRunId: owner } : {}),
      ...(event['metadata'] !== undefined ? { metadata: event['metadata'] } : {}),
      ...(event['rawEvent'] !== undefined ? { rawEvent: event['rawEvent'] } : {}),
    };
    const chunk = (kind: Lane['kind'], id: unknown, start: () => Fields, content: (id: string) => Fields | undefined, role?: unknown, name?: unknown) => {
      const lane = this.#laneFor(kind, id as string | undefined, owner);
      const open = this.#lanes.get(lane);
      let laneId: string;
      if (open?.kind === kind && (id === undefined || id === open.id)) {
        laneId = open.id;
        // A continuation may repeat what its first chunk said, never say something else.
        if (role !== undefined && role !== open.role) fail(`a ${event.type}'s role '${String(role)}' does not match the open stream's role '${String(open.role)}'`);
        if (name !== undefined && name !== open.name) fail(`a ${event.type}'s toolCallName '${String(name)}' does not match the open stream's toolCallName '${String(open.name)}'`);
      } else {
        this.#closeLane(lane, out);
        if (id === undefined) fail(`the first ${event.type} has no ${kind === 'tool' ? 'toolCallId' : 'messageId'}`);
        laneId = id as string;
        const opener = start();
        this.#lanes.set(lane, { kind, id: laneId, role: opener['role'], name: opener['toolCallName'] });
        out.push(opener);
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
          event['role'],
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
          undefined,
          event['toolCallName'],
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
    const owner = event.subagentRunId;
    switch (type) {
      case EventType.RUN_STARTED: {
        if (this.#runActive && !this.#runFinished && !this.#runError) fail('RUN_STARTED arrived while a run is still active');
        this.#reset();
        this.#runActive = true;
        const warning = protocolVersionWarning(event['protocolVersion']);
        if (warning) this.#warn('protocolVersion', warning);
        return;
      }
      case EventType.RUN_ERROR:
        this.#runError = true;
        return;
      case EventType.RUN_FINISHED: {
        const open = (what: string, ids: Iterable<string>) => {
          const list = [...ids];
          if (list.length) fail(`RUN_FINISHED arrived while ${what} still open: ${list.join(', ')}`);
        };
        open('steps are', [...this.#steps.values()].flatMap((names) => [...names]));
        open('text messages are', this.#messages.keys());
        open('reasoning messages are', this.#reasoningMessages.keys());
        open('reasoning spans are', this.#reasoningSpans.keys());
        open('tool calls are', this.#toolCalls.keys());
        open('subagents are', this.#subagents);
        checkOutcome(event['outcome']);
        this.#runFinished = true;
        return;
      }
      case EventType.TEXT_MESSAGE_START:
        return opens(this.#messages, id, owner, type, 'text message', 'TEXT_MESSAGE_END');
      case EventType.TEXT_MESSAGE_CONTENT:
      case EventType.TEXT_MESSAGE_END:
        return continues(this.#messages, id, owner, type, 'text message', 'TEXT_MESSAGE_START', type === EventType.TEXT_MESSAGE_END);
      case EventType.TOOL_CALL_START:
        return opens(this.#toolCalls, id, owner, type, 'tool call', 'TOOL_CALL_END');
      case EventType.TOOL_CALL_ARGS:
      case EventType.TOOL_CALL_END:
        return continues(this.#toolCalls, id, owner, type, 'tool call', 'TOOL_CALL_START', type === EventType.TOOL_CALL_END);
      case EventType.REASONING_START:
        return opens(this.#reasoningSpans, id, owner, type, 'reasoning span', 'REASONING_END');
      case EventType.REASONING_END:
        return continues(this.#reasoningSpans, id, owner, type, 'reasoning span', 'REASONING_START', true);
      case EventType.REASONING_MESSAGE_START:
        // The schema pins the role: anything else is a malformed known value, not a newer one.
        if (event['role'] !== 'reasoning') fail(`REASONING_MESSAGE_START needs role to be "reasoning" (expected "reasoning", got ${JSON.stringify(event['role'])})`);
        return opens(this.#reasoningMessages, id, owner, type, 'reasoning message', 'REASONING_MESSAGE_END');
      case EventType.REASONING_MESSAGE_CONTENT:
      case EventType.REASONING_MESSAGE_END:
        return continues(this.#reasoningMessages, id, owner, type, 'reasoning message', 'REASONING_MESSAGE_START', type === EventType.REASONING_MESSAGE_END);
      case EventType.ACTIVITY_SNAPSHOT:
        if (!this.#activities.has(id)) this.#activities.set(id, owner);
        else agrees(this.#activities.get(id), owner, type, 'activity', id);
        return;
      case EventType.ACTIVITY_DELTA:
        if (this.#activities.has(id)) agrees(this.#activities.get(id), owner, type, 'activity', id);
        return;
      case EventType.STEP_STARTED:
      case EventType.STEP_FINISHED: {
        const name = event['stepName'] as string;
        let steps = this.#steps.get(owner);
        if (!steps) this.#steps.set(owner, (steps = new Set()));
        if (type === EventType.STEP_STARTED) {
          if (steps.has(name)) fail(`step "${name}" is already active`);
          steps.add(name);
        } else if (!steps.delete(name)) fail(`STEP_FINISHED for step "${name}", which was not started`);
        return;
      }
      case EventType.SUBAGENT_STARTED: {
        const sub = owner!;
        if (this.#subagents.has(sub) || this.#closedSubagents.has(sub)) fail(`subagent '${sub}' was already started in this run`);
        const parent = event['parentSubagentRunId'] as string | undefined;
        if (parent !== undefined && !this.#subagents.has(parent) && !this.#closedSubagents.has(parent)) {
          fail(`subagent '${sub}' names parent '${parent}', which does not match a subagent announced in this run`);
        }
        this.#subagents.add(sub);
        return;
      }
      case EventType.SUBAGENT_FINISHED:
      case EventType.SUBAGENT_ERROR: {
        const sub = owner!;
        if (!this.#subagents.delete(sub)) fail(`'${type}' for subagent '${sub}', which is not active`);
        this.#closedSubagents.add(sub);
        return;
      }
    }
  }

  #reset(): void {
    this.#runFinished = this.#runError = false;
    for (const map of [this.#messages, this.#toolCalls, this.#reasoningMessages, this.#reasoningSpans, this.#activities]) map.clear();
    this.#subagents.clear();
    this.#closedSubagents.clear();
    this.#steps.clear();
  }
}

function fail(reason: string): never {
  throw new TransportError('protocol', `The agent sent a stream this client cannot follow: ${reason}.`);
}

function checkFields(event: Fields, rules: Readonly<Record<string, FieldRule>>): void {
  // The protocol has no null attribution: absent is the only spelling (as @ag-ui/client enforces).
  if ('subagentRunId' in event && typeof event.subagentRunId !== 'string') fail(`'${event.type}' has a subagentRunId that is not a string`);
  if ('metadata' in event && (typeof event['metadata'] !== 'object' || event['metadata'] === null || Array.isArray(event['metadata']))) {
    fail(`'${event.type}' has metadata that is not an object`);
  }
  for (const field in rules) {
    const rule = rules[field]!;
    if (rule === 'x') continue;
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

/** A known outcome's own fields (an unknown kind was stripped before this). */
function checkOutcome(outcome: unknown): void {
  if (outcome === undefined) return;
  const o = outcome as { type?: unknown; interrupts?: unknown; pendingToolCallIds?: unknown };
  if (o.type === 'interrupt' && (!Array.isArray(o.interrupts) || o.interrupts.length === 0)) fail('an interrupt outcome lists no interrupts');
  if (o.pendingToolCallIds !== undefined && !Array.isArray(o.pendingToolCallIds)) fail('pendingToolCallIds is not an array');
}

function opens(open: Map<string, string | undefined>, id: string, owner: string | undefined, type: string, what: string, closer: string): void {
  if (open.has(id)) fail(`'${type}' for ${what} '${id}', which is already in progress (no ${closer} yet)`);
  open.set(id, owner);
}

function continues(open: Map<string, string | undefined>, id: string, owner: string | undefined, type: string, what: string, opener: string, closes: boolean): void {
  if (!open.has(id)) fail(`'${type}' for ${what} '${id}', which no ${opener} opened`);
  agrees(open.get(id), owner, type, what, id);
  if (closes) open.delete(id);
}

/** A continuation's producer must be its opener's; an untagged continuation continues whatever the opener owns. */
function agrees(opener: string | undefined, owner: string | undefined, type: string, what: string, id: string): void {
  if (owner !== undefined && owner !== opener) {
    fail(`'${type}' for ${what} '${id}' is attributed to subagent '${owner}', which does not match its opener's (${opener === undefined ? 'the agent itself' : `subagent '${opener}'`})`);
  }
}
