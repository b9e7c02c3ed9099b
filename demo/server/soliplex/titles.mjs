// Thread titles as Soliplex makes them: after a run that ends with RUN_FINISHED, a thread without a
// name (no metadata, a null name or "New Thread") gets one, written with the wholesale metadata update
// (`{name}`: a description is dropped). Soliplex asks an LLM (at most 8 words, or none when there is
// not enough context); the demo is deterministic: the first user message's first 8 words.

export const DEFAULT_THREAD_NAME = 'New Thread';

/** @param {{ name: string | null } | null} metadata */
export function needsTitle(metadata) {
  return metadata === null || metadata.name === null || metadata.name === DEFAULT_THREAD_NAME;
}

/**
 * The demo's title for a transcript, or null when it has no user text.
 * @param {Array<{ role?: string, content?: unknown }>} messages
 */
export function titleFor(messages) {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const text = typeof message.content === 'string'
      ? message.content
      : Array.isArray(message.content)
        ? message.content.filter((part) => part?.type === 'text').map((part) => part.text).join(' ')
        : '';
    const words = text.split(/\s+/).filter(Boolean);
    if (words.length) return words.slice(0, 8).join(' ');
  }
  return null;
}
