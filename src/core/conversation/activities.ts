import type { ActivityMessage, Conversation } from './conversation.js';
import { applyJsonPatch, type JsonPatchOperation } from './json-patch.js';

/**
 * Activity messages (AG-UI 1.0 `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`): structured progress (a plan,
 * a search, a checklist) kept in the transcript for the views, never sent back to the agent. A
 * snapshot creates or (unless `replace: false`) replaces one; a delta is a JSON Patch on its content.
 */

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function applyActivitySnapshot(conversation: Conversation, event: Loose): Conversation {
  const id = event['messageId'];
  const activityType = event['activityType'];
  const content = event['content'];
  if (typeof id !== 'string' || typeof activityType !== 'string' || !isRecord(content)) return conversation;
  const index = conversation.messages.findIndex((m) => m.id === id);
  const existing = conversation.messages[index];
  const subagentRunId = typeof event['subagentRunId'] === 'string' ? event['subagentRunId'] : undefined;
  if (existing) {
    // Ids are shared with text messages; only an activity is replaced, and only when asked to (default).
    if (existing.role !== 'activity' || event['replace'] === false) return conversation;
    const messages = [...conversation.messages];
    messages[index] = { ...existing, activityType, content, ...(subagentRunId ? { subagentRunId } : {}) };
    return { ...conversation, messages };
  }
  const message: ActivityMessage = {
    role: 'activity',
    id,
    activityType,
    content,
    ...(subagentRunId ? { subagentRunId } : {}),
    runId: conversation.currentRunId,
    runKey: conversation.currentRunKey,
  };
  return { ...conversation, messages: [...conversation.messages, message] };
}

export function applyActivityDelta(conversation: Conversation, event: Loose, warn: (message: string) => void): Conversation {
  const id = event['messageId'];
  const index = conversation.messages.findIndex((m) => m.id === id);
  const existing = conversation.messages[index];
  if (!existing || existing.role !== 'activity') {
    warn(`Activity delta for unknown activity ${String(id)} ignored`);
    return conversation;
  }
  try {
    const content = applyJsonPatch(existing.content, (event['patch'] ?? []) as JsonPatchOperation[]);
    if (!isRecord(content)) throw new Error('the patched content is not an object');
    const activityType = typeof event['activityType'] === 'string' ? event['activityType'] : existing.activityType;
    const messages = [...conversation.messages];
    messages[index] = { ...existing, activityType, content };
    return { ...conversation, messages };
  } catch (error) {
    warn(`Activity delta ignored: ${(error as Error).message}`);
    return conversation;
  }
}
