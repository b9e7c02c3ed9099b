// A Model (see agui-server.mjs) backed by an OpenAI-compatible Chat Completions API with streaming.
// Streams text as TEXT_MESSAGE_* and client tool calls as TOOL_CALL_START/ARGS/END (no results:
// the page runs them), then RUN_FINISHED. HTTP and network failures become RUN_ERROR.
import { randomUUID } from 'node:crypto';
import { EventType } from '@ag-ui/core';
import { chatCompletionsBody } from './openai-request.mjs';

/**
 * Yields the JSON payloads of an SSE body's `data:` frames until `[DONE]`.
 * @param {ReadableStream<Uint8Array>} body
 */
async function* sseData(body) {
  const decoder = new TextDecoder();
  let buffer = '';
  /** @type {string[]} */
  let data = [];
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (body))) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      else if (line === '' && data.length) {
        const payload = data.join('\n');
        data = [];
        if (payload === '[DONE]') return;
        yield JSON.parse(payload);
      }
    }
  }
}

/** Best-effort error text from an error response body (`{error: {message}}` is the usual shape). */
async function errorText(/** @type {Response} */ response) {
  const text = await response.text().catch(() => '');
  try {
    const json = JSON.parse(text);
    return json?.error?.message ?? json?.detail ?? json?.message ?? text;
  } catch {
    return text.slice(0, 500) || response.statusText;
  }
}

/**
 * @param {{ apiKey: string, baseUrl?: string, model?: string, fetch?: typeof fetch }} options
 * @returns {import('./agui-server.mjs').Model}
 */
export function createOpenAiModel({ apiKey, baseUrl = 'https://api.openai.com/v1', model = 'gpt-4o-mini', fetch = globalThis.fetch }) {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;

  return async function* openAiModel(input, { signal }) {
    const threadId = input?.threadId ?? randomUUID();
    const runId = input?.runId ?? randomUUID();
    yield { type: EventType.RUN_STARTED, threadId, runId };

    /** @type {Response} */
    let response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}`, Accept: 'text/event-stream' },
        body: JSON.stringify(chatCompletionsBody(input, model)),
        signal,
      });
    } catch (err) {
      if (signal.aborted) return;
      const cause = /** @type {any} */ (err)?.cause?.message ?? /** @type {Error} */ (err)?.message;
      yield { type: EventType.RUN_ERROR, message: `Could not reach the model API at ${endpoint}: ${cause}`, code: 'model_unreachable' };
      return;
    }
    if (!response.ok || !response.body) {
      const message = `Model API answered HTTP ${response.status}: ${await errorText(response)}`;
      yield { type: EventType.RUN_ERROR, message, code: `model_http_${response.status}` };
      return;
    }

    const messageId = `msg-${randomUUID()}`;
    let textOpen = false;
    /** @type {Map<number, { id: string, name: string, started: boolean, pendingArgs: string }>} by delta index */
    const calls = new Map();
    try {
      for await (const chunk of sseData(response.body)) {
        if (chunk?.error) throw new Error(chunk.error.message ?? JSON.stringify(chunk.error));
        const delta = chunk?.choices?.[0]?.delta ?? {};
        if (typeof delta.content === 'string' && delta.content) {
          if (!textOpen) {
            textOpen = true;
            yield { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' };
          }
          yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: delta.content };
        }
        for (const part of delta.tool_calls ?? []) {
          const index = part.index ?? 0;
          let call = calls.get(index);
          if (!call) calls.set(index, (call = { id: '', name: '', started: false, pendingArgs: '' }));
          if (part.id) call.id ||= part.id;
          if (part.function?.name && !call.started) call.name += part.function.name;
          call.pendingArgs += part.function?.arguments ?? '';
          if (!call.started && call.name) {
            if (textOpen) {
              textOpen = false; // tool calls follow the text they belong to
              yield { type: EventType.TEXT_MESSAGE_END, messageId };
            }
            call.started = true;
            call.id ||= `call-${randomUUID()}`;
            yield { type: EventType.TOOL_CALL_START, toolCallId: call.id, toolCallName: call.name, parentMessageId: messageId };
          }
          if (call.started && call.pendingArgs) {
            yield { type: EventType.TOOL_CALL_ARGS, toolCallId: call.id, delta: call.pendingArgs };
            call.pendingArgs = '';
          }
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      yield { type: EventType.RUN_ERROR, message: `Model stream failed: ${/** @type {Error} */ (err)?.message ?? err}`, code: 'model_stream' };
      return;
    }

    if (textOpen) yield { type: EventType.TEXT_MESSAGE_END, messageId };
    // Calls stay open until the stream ends, since providers may interleave their deltas by index.
    for (const call of calls.values()) if (call.started) yield { type: EventType.TOOL_CALL_END, toolCallId: call.id };
    yield { type: EventType.RUN_FINISHED, threadId, runId };
  };
}

/**
 * The model configured by OPENAI_API_KEY / OPENAI_BASE_URL / OPENAI_MODEL, or undefined without a key.
 * @param {Record<string, string | undefined>} [env]
 */
export function openAiModelFromEnv(env = process.env) {
  if (!env.OPENAI_API_KEY) return undefined;
  const modelName = env.OPENAI_MODEL || 'gpt-4o-mini';
  const model = createOpenAiModel({ apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL || undefined, model: modelName });
  return { model, modelName };
}
