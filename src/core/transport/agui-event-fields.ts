import { EventType } from '@ag-ui/core';

/**
 * What a field must be: a string; an optional string; an array; an object; anything but undefined;
 * anything (a described field the widget does not check). One letter each, so the table stays a table.
 */
export type FieldRule = 's' | 's?' | 'a' | 'o' | 'v' | 'x';

/** The fields of some event types, by type. */
export type FieldTable = Readonly<Partial<Record<EventType, Readonly<Record<string, FieldRule>>>>>;

/**
 * The fields of each event type (AG-UI 1.1's schema, as `@ag-ui/core` is generated from it), checked
 * cheaply instead of with zod. A field the table does not name (beyond `type`, `timestamp`,
 * `rawEvent`, `metadata` and, where the schema allows it, `subagentRunId`) is stripped with a warning
 * before the application sees the event (agui-event-strip.ts). The types the verifier's rare rules
 * take (chunks, tool calls, steps, reasoning, activities, subagents) are in agui-event-fields-rare.ts, which loads with
 * them (`fieldsOf` in agui-strip-stage.ts reads both).
 */
export const REQUIRED = {
  [EventType.TEXT_MESSAGE_START]: { messageId: 's', role: 's?', name: 's?' },
  [EventType.TEXT_MESSAGE_CONTENT]: { messageId: 's', delta: 's' },
  [EventType.TEXT_MESSAGE_END]: { messageId: 's' },
  [EventType.STATE_SNAPSHOT]: { snapshot: 'v' },
  [EventType.STATE_DELTA]: { delta: 'a' },
  [EventType.MESSAGES_SNAPSHOT]: { messages: 'a' },
  [EventType.RAW]: { event: 'v', source: 's?' },
  [EventType.CUSTOM]: { name: 's', value: 'v' },
  [EventType.RUN_STARTED]: { threadId: 's', runId: 's', parentRunId: 's?', protocolVersion: 'x', input: 'x' },
  [EventType.RUN_FINISHED]: { threadId: 's', runId: 's', result: 'x', outcome: 'x', usage: 'x' },
  [EventType.RUN_ERROR]: { message: 's', code: 's?', usage: 'x' },
} as const satisfies FieldTable;
