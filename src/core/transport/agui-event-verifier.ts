import { EventType, type BaseEvent } from '@ag-ui/core';
import { TransportError } from './transport.js';
import type { FieldRule } from './agui-event-fields.js';
import { fieldsOf, needsRareRules, needsStripStage, stripStage, type RetiredState } from './agui-strip-stage.js';
import type { RareState } from './agui-verifier-rare.js';
import { AGUI_PROTOCOL_VERSION } from './protocol-version.js';

const RULE_TEXT: Record<FieldRule, string> = { s: 'a string', 's?': 'a string', a: 'an array', o: 'an object', v: 'a value', x: '' };

export type Fields = Record<string, unknown> & { type: string; subagentRunId?: string };

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
  /**
   * What the rare rules keep (chunk streams, tool calls, steps, reasoning, activities, subagents: agui-verifier-rare.ts,
   * in the strip stage's chunk), made with the first event that takes one; the stage is loaded then.
   */
  #rare?: RareState;
  readonly #warned = new Set<string>();
  /** The retired `THINKING_*` spans being translated (agui-event-strip.ts). */
  readonly #retired: RetiredState = {};

  /**
   * Checks one parsed frame and returns the events to deliver, in order: none (an unknown type), the
   * event itself (the usual case, the same object), or the events a chunk expands to. An event that
   * needs the strip stage (`needsStripStage`), or a rare rule (`needsRareRules`: a chunk, a tool call,
   * reasoning, an activity, a subagent), needs it loaded first (`loadStripStage`): the transports load it in
   * their frame loops before they hand such an event on.
   */
  accept(json: unknown): BaseEvent[] {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('a frame is not a JSON object');
    let event = json as Fields;
    if (typeof event.type !== 'string' || !event.type) fail('a frame carries no event type');
    const needed = needsStripStage(event);
    const stage = needed ? stripStage : undefined;
    if ((needed || needsRareRules(event)) && !stripStage) throw new Error('soliplex-chat: the AG-UI strip stage was not loaded before an event that needs it');
    // Compatibility first (retired shapes translated), then enforcement (spec 1.1, versioning).
    if (stage) event = stage.translateRetired(event, this.#retired, (kind, message) => this.#warn(kind, message)) as Fields;
    const rules = fieldsOf(event.type);
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
    // The usual case (every streamed token): no rare rule in this run yet, the event itself.
    if (!this.#rare && needsRareRules(event)) this.#rare = stripStage!.rareState();
    const out: Fields[] = [];
    if (this.#rare) stripStage!.expandEvent(this.#rare, event, out);
    else out.push(event);
    for (const e of out) this.#verify(e);
    return out as unknown as BaseEvent[];
  }

  /** One console warning per kind of material, for as long as this verifier (one run's stream) lives. */
  #warn(kind: string, message: string): void {
    if (this.#warned.has(kind)) return;
    this.#warned.add(kind);
    console.warn(`[soliplex-chat] ${message} (further ones in this run are not reported)`);
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
        // A version other than 1.0 or 1.1 brought the strip stage, which reads it (needsStripStage).
        const warning = stripStage?.protocolVersionWarning(event['protocolVersion']);
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
        const rare = this.#rare;
        open('steps are', [...(rare?.steps.values() ?? [])].flatMap((names) => [...names]));
        open('text messages are', this.#messages.keys());
        open('reasoning messages are', rare?.reasoningMessages.keys() ?? []);
        open('reasoning spans are', rare?.reasoningSpans.keys() ?? []);
        open('tool calls are', rare?.toolCalls.keys() ?? []);
        open('subagents are', rare?.subagents ?? []);
        // An outcome is nested material: the strip stage, which checks it, came with it (needsStripStage).
        if (event['outcome'] !== undefined) stripStage!.checkOutcome(event['outcome']);
        this.#runFinished = true;
        return;
      }
      case EventType.TEXT_MESSAGE_START:
        return opens(this.#messages, id, owner, type, 'text message', 'TEXT_MESSAGE_END');
      case EventType.TEXT_MESSAGE_CONTENT:
      case EventType.TEXT_MESSAGE_END:
        return continues(this.#messages, id, owner, type, 'text message', 'TEXT_MESSAGE_START', type === EventType.TEXT_MESSAGE_END);
      default:
        // Tool calls, steps, reasoning, activities, subagents: the rare rules (their events made the state and loaded them).
        if (this.#rare) stripStage!.verifyRare(this.#rare, event);
    }
  }

  #reset(): void {
    this.#runFinished = this.#runError = false;
    this.#messages.clear();
    // Chunk streams were closed by the RUN_STARTED before it came here; the rest is per run.
    this.#rare = undefined;
  }
}

export function fail(reason: string): never {
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

export function opens(open: Map<string, string | undefined>, id: string, owner: string | undefined, type: string, what: string, closer: string): void {
  if (open.has(id)) fail(`'${type}' for ${what} '${id}', which is already in progress (no ${closer} yet)`);
  open.set(id, owner);
}

export function continues(open: Map<string, string | undefined>, id: string, owner: string | undefined, type: string, what: string, opener: string, closes: boolean): void {
  if (!open.has(id)) fail(`'${type}' for ${what} '${id}', which no ${opener} opened`);
  agrees(open.get(id), owner, type, what, id);
  if (closes) open.delete(id);
}

/** A continuation's producer must be its opener's; an untagged continuation continues whatever the opener owns. */
export function agrees(opener: string | undefined, owner: string | undefined, type: string, what: string, id: string): void {
  if (owner !== undefined && owner !== opener) {
    fail(`'${type}' for ${what} '${id}' is attributed to subagent '${owner}', which does not match its opener's (${opener === undefined ? 'the agent itself' : `subagent '${opener}'`})`);
  }
}
