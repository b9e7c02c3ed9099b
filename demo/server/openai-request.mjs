// Maps an AG-UI RunAgentInput to an OpenAI Chat Completions request body.

/** AG-UI content (string or parts) → OpenAI content (string or parts). */
function mapContent(/** @type {unknown} */ content) {
  if (!Array.isArray(content)) return content ?? '';
  return content.flatMap((part) => /** @type {any[]} */ (partsOf(part)));
}

/** One AG-UI content part → zero or one OpenAI parts. */
function partsOf(/** @type {any} */ part) {
  if (part?.type === 'text') return [{ type: 'text', text: part.text }];
  if (part?.type === 'binary' && String(part.mimeType).startsWith('image/')) {
    const url = part.url ?? (part.data ? `data:${part.mimeType};base64,${part.data}` : null);
    return url ? [{ type: 'image_url', image_url: { url } }] : [];
  }
  return []; // other binary kinds have no portable Chat Completions form
}

/** @param {any} message an AG-UI message @returns {any | null} null for roles the API has no use for */
function mapMessage(message) {
  switch (message?.role) {
    case 'user':
      return { role: 'user', content: mapContent(message.content) };
    case 'system':
    case 'developer': // "system" is the role every OpenAI-compatible server accepts
      return { role: 'system', content: String(message.content ?? '') };
    case 'assistant': {
      const toolCalls = Array.isArray(message.toolCalls) ? message.toolCalls : [];
      return {
        role: 'assistant',
        content: message.content ?? null,
        ...(toolCalls.length && {
          tool_calls: toolCalls.map((/** @type {any} */ c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.function?.name, arguments: c.function?.arguments || '{}' },
          })),
        }),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: String(message.content ?? message.error ?? '') };
    default:
      return null; // activity, reasoning, …
  }
}

/**
 * @param {any} input RunAgentInput
 * @param {string} model
 */
export function chatCompletionsBody(input, model) {
  const messages = (input?.messages ?? []).map(mapMessage).filter(Boolean);
  const context = Array.isArray(input?.context) ? input.context : [];
  if (context.length) {
    const text = context.map((/** @type {any} */ c) => `${c.description}: ${c.value}`).join('\n');
    messages.unshift({ role: 'system', content: `Context from the page:\n${text}` });
  }
  const tools = (input?.tools ?? []).map((/** @type {any} */ t) => ({
    type: 'function',
    function: { name: t.name, description: t.description ?? '', parameters: t.parameters ?? { type: 'object', properties: {} } },
  }));
  return { model, messages, stream: true, ...(tools.length && { tools }) };
}
