// A deterministic fake LLM for the demo server. It reads a RunAgentInput and yields Steps (AG-UI
// events plus $delay directives) that look like a real streamed run: text in small chunks, client
// tool calls with fragmented JSON arguments (several calls interleave), then RUN_FINISHED.
// A request in steps ("read the form, then fill the form") takes one tool hop per step.
//
// Model contract (the `model` option of startAguiServer):
//   (input: RunAgentInput, ctx: { signal: AbortSignal }) => Iterable<Step> | AsyncIterable<Step>
import { randomUUID } from 'node:crypto';
import { EventType } from '@ag-ui/core';
import { buildCallArgs, matchTools } from './tool-heuristics.mjs';
import { showcaseSteps } from './showcase-runs.mjs';

/** Text of a message's content: a string, or the text parts of a multimodal array. */
function contentText(/** @type {unknown} */ content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.filter((p) => p?.type === 'text' && typeof p.text === 'string').map((p) => p.text).join(' ');
  }
  return content == null ? '' : JSON.stringify(content);
}

/** `{"name":"alice","n":2}` → `name="alice", n=2` for readable answers. */
function formatArgs(/** @type {string | undefined} */ json) {
  try {
    const args = JSON.parse(json || '{}');
    if (args && typeof args === 'object' && !Array.isArray(args)) {
      return Object.entries(args).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ');
    }
  } catch {
    /* not JSON: show it as sent */
  }
  return json ?? '';
}

/** Joins ["a", "b", "c"] as "a, b and c". */
function joinAnd(/** @type {string[]} */ items) {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Decides what to say and which tools to call. Pure, so it can be unit-tested without a server.
 * @param {any} input RunAgentInput
 * @returns {{ text: string, calls: Array<{ name: string, args: Record<string, unknown> }> }}
 */
export function planReply(input) {
  /** @type {any[]} */
  const messages = Array.isArray(input?.messages) ? input.messages : [];
  /** @type {Array<{ name: string, description?: string, parameters?: any }>} */
  const tools = Array.isArray(input?.tools) ? input.tools.filter((/** @type {any} */ t) => typeof t?.name === 'string') : [];
  const userIndex = messages.findLastIndex((/** @type {any} */ m) => m?.role === 'user');
  if (userIndex < 0) {
    return { text: 'Hello! I am the scripted demo model. Ask me something.', calls: [] };
  }
  const text = contentText(messages[userIndex].content);
  // One hop per step of the request; the hops already taken are the assistant calls since it. A hop
  // that only expanded a tool group or activated a skill does not count: the step is tried again
  // with the tools it made available.
  const steps = text.split(/,?\s+then\s+/i);
  const since = messages.slice(userIndex + 1);
  const hops = since.filter((/** @type {any} */ m) => m?.role === 'assistant' && m.toolCalls?.length);
  const unlocked = hops.map((hop) => unlockedFunctions(hop, since));
  const hopsDone = unlocked.filter((names) => names === undefined).length;
  const step = steps[hopsDone];
  const callsFor = (/** @type {any[]} */ matched, /** @type {string} */ said) =>
    matched.flatMap(({ tool, keywordEnd }) => buildCallArgs(tool, said, keywordEnd).map((args) => ({ name: tool.name, args })));
  let calls = step ? callsFor(matchTools(tools, step), step) : [];
  // Nothing in the step names a tool it just unlocked (a skill's workflow): call what it unlocked.
  const lastUnlocked = unlocked.at(-1);
  if (step && !calls.length && lastUnlocked) {
    calls = callsFor(lastUnlocked.flatMap((name) => tools.filter((t) => t.name === name)).map((tool) => ({ tool, keywordEnd: 0 })), step);
  }
  if (calls.length) {
    const names = [...new Set(calls.map((c) => c.name))];
    return { text: `${hopsDone ? 'Next, ' : 'Let me check that with '}${joinAnd(names)}.`, calls };
  }
  if (hopsDone > 0) return { text: describeToolResults(messages.slice(userIndex + 1)), calls: [] };

  const toolList = tools.length
    ? ` I can call these tools: ${tools.map((t) => (t.description ? `${t.name} (${t.description})` : t.name)).join('; ')}. Mention one and I will use it.`
    : ' No tools were declared, so I can only chat.';
  return { text: `You asked: "${text || '(no text)'}". I am a scripted demo model, not a real LLM.${toolList}`, calls: [] };
}

/**
 * The functions a hop made available when all it did was expand tool groups or activate skills (the
 * client answers those calls "<Group> expanded. Available functions: A, B"); undefined otherwise.
 * @param {any} hop an assistant message with toolCalls @param {any[]} messages
 * @returns {string[] | undefined}
 */
function unlockedFunctions(hop, messages) {
  const ids = new Set(hop.toolCalls.map((/** @type {any} */ c) => c.id));
  const answers = messages.filter((m) => m?.role === 'tool' && ids.has(m.toolCallId)).map((m) => contentText(m.content));
  const found = answers.map((a) => /^\S+ (?:expanded|skill activated)\. Available functions: ([^\n]*)/.exec(a));
  if (!found.length || found.some((m) => !m)) return undefined;
  return found.flatMap((m) => /** @type {RegExpExecArray} */ (m)[1].split(/,\s*/).filter(Boolean));
}

/** States every tool result in `messages`, e.g. `get_secret_number(name="alice") returned 42`. */
function describeToolResults(/** @type {any[]} */ messages) {
  /** @type {Map<string, { name: string, arguments: string }>} */
  const calls = new Map();
  for (const m of messages) {
    if (m?.role !== 'assistant' || !Array.isArray(m.toolCalls)) continue;
    for (const c of m.toolCalls) calls.set(c.id, { name: c.function?.name ?? 'tool', arguments: c.function?.arguments });
  }
  const parts = messages.filter((m) => m?.role === 'tool').map((m) => {
    const call = calls.get(m.toolCallId) ?? { name: `tool call ${m.toolCallId}`, arguments: undefined };
    const label = `${call.name}(${formatArgs(call.arguments)})`;
    const content = contentText(m.content);
    if (m.error) return `${label} failed: ${typeof m.error === 'string' ? m.error : content}`;
    return `${label} returned ${content}`;
  });
  return `Here is what I found: ${joinAnd(parts)}.`;
}

/** Splits text into chunks of a few words, the way token streams arrive. */
function chunkText(/** @type {string} */ text) {
  const words = text.match(/\S+\s*/g) ?? [text];
  const chunks = [];
  for (let i = 0; i < words.length; i += 3) chunks.push(words.slice(i, i + 3).join(''));
  return chunks;
}

/** Splits a JSON string into 2–3 fragments (TOOL_CALL_ARGS deltas). */
function fragment(/** @type {string} */ json) {
  if (json.length < 6) return [json.slice(0, 1), json.slice(1)];
  const a = Math.floor(json.length / 3);
  const b = Math.floor((2 * json.length) / 3);
  return [json.slice(0, a), json.slice(a, b), json.slice(b)];
}

/**
 * Creates the scripted model. `chunkDelayMs` is the pause between streamed pieces.
 * @param {{ chunkDelayMs?: number }} [options]
 */
export function createScriptedModel({ chunkDelayMs = 15 } = {}) {
  /** @param {any} input RunAgentInput */
  return function* scriptedModel(input) {
    const threadId = input?.threadId ?? randomUUID();
    const runId = input?.runId ?? randomUUID();
    const pause = { $delay: chunkDelayMs };
    // "show interrupt", "show activity", … and resumed runs: the AG-UI 1.0 showcase (showcase-runs.mjs).
    const showcase = showcaseSteps(input, { threadId, runId, pause });
    if (showcase) return yield* showcase;
    const { text, calls } = planReply(input);
    const messageId = `msg-${runId}`;

    yield { type: EventType.RUN_STARTED, threadId, runId };
    yield { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' };
    for (const delta of chunkText(text)) {
      yield pause;
      yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta };
    }
    yield { type: EventType.TEXT_MESSAGE_END, messageId };

    // Parallel calls interleave, as real models stream them: all starts, then the argument
    // fragments in turns, then the ends.
    const streams = calls.map((call, i) => ({
      toolCallId: `call-${runId}-${i + 1}`,
      name: call.name,
      fragments: fragment(JSON.stringify(call.args)),
    }));
    for (const { toolCallId, name } of streams) {
      yield pause;
      yield { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: name, parentMessageId: messageId };
    }
    for (let turn = 0; streams.some((s) => turn < s.fragments.length); turn++) {
      for (const { toolCallId, fragments } of streams) {
        if (turn >= fragments.length) continue;
        yield pause;
        yield { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: fragments[turn] };
      }
    }
    for (const { toolCallId } of streams) yield { type: EventType.TOOL_CALL_END, toolCallId };
    // No TOOL_CALL_RESULT: these are client tools; the page runs them and starts a continuation run.
    yield { type: EventType.RUN_FINISHED, threadId, runId };
  };
}

/** The default model: 15 ms between chunks. */
export const scriptedModel = createScriptedModel();
