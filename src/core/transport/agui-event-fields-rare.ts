import { EventType } from '@ag-ui/core';
import type { FieldTable, REQUIRED } from './agui-event-fields.js';

/**
 * The fields of the event types the verifier's rare rules take (`needsRareRules`: `*_CHUNK`,
 * tool calls, steps, reasoning, activities, subagents), as agui-event-fields.ts lists the others: in the strip stage's
 * chunk, which loads before the first such event is handed on.
 */
export const RARE_FIELDS = {
  [EventType.STEP_STARTED]: { stepName: 's' },
  [EventType.STEP_FINISHED]: { stepName: 's' },
  [EventType.TOOL_CALL_START]: { toolCallId: 's', toolCallName: 's', parentMessageId: 's?' },
  [EventType.TOOL_CALL_ARGS]: { toolCallId: 's', delta: 's' },
  [EventType.TOOL_CALL_END]: { toolCallId: 's' },
  [EventType.TOOL_CALL_RESULT]: { messageId: 's', toolCallId: 's', content: 'v', role: 's?' },
  [EventType.TEXT_MESSAGE_CHUNK]: { messageId: 's?', role: 's?', delta: 's?', name: 's?' },
  [EventType.TOOL_CALL_CHUNK]: { toolCallId: 's?', toolCallName: 's?', parentMessageId: 's?', delta: 's?' },
  [EventType.ACTIVITY_SNAPSHOT]: { messageId: 's', activityType: 's', content: 'o', replace: 'x' },
  [EventType.ACTIVITY_DELTA]: { messageId: 's', activityType: 's', patch: 'a' },
  [EventType.REASONING_START]: { messageId: 's' },
  [EventType.REASONING_MESSAGE_START]: { messageId: 's', role: 's' },
  [EventType.REASONING_MESSAGE_CONTENT]: { messageId: 's', delta: 's' },
  [EventType.REASONING_MESSAGE_END]: { messageId: 's' },
  [EventType.REASONING_MESSAGE_CHUNK]: { messageId: 's?', delta: 's?' },
  [EventType.REASONING_END]: { messageId: 's' },
  [EventType.REASONING_ENCRYPTED_VALUE]: { subtype: 's', entityId: 's', encryptedValue: 's', encryptedValueType: 's?' },
  [EventType.SUBAGENT_STARTED]: { subagentRunId: 's', name: 's', description: 's?', parentSubagentRunId: 's?', parentToolCallId: 's?', parentMessageId: 's?' },
  [EventType.SUBAGENT_FINISHED]: { subagentRunId: 's', result: 'x', outcome: 'x' },
  [EventType.SUBAGENT_ERROR]: { subagentRunId: 's', message: 's', code: 's?' },
} as const satisfies FieldTable;

/** Every AG-UI event type is in one table or the other: a type `@ag-ui/core` adds fails to compile until it is listed. */
type Unlisted = Exclude<EventType, keyof typeof REQUIRED | keyof typeof RARE_FIELDS>;
type NoneUnlisted<T extends never> = T;
export type EveryEventTypeListed = NoneUnlisted<Unlisted>;
