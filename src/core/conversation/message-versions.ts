/**
 * Versions of a user turn (the branch model): a user message that is regenerated or edited keeps what
 * it was — its earlier text and everything that followed it — as an earlier version. The conversation's
 * `messages` stay the flat branch on screen (what every view renders and every run sends); the versions
 * not on screen live beside it in `Conversation.versions`, keyed by the user message's id (a regenerate
 * and an edit keep the id, so all versions of one turn share it). A version left off screen takes the
 * versions of its own later turns with it, so switching back brings the whole branch back as it was.
 *
 * This module holds the model and where a turn stands (what every view reads); making, switching and
 * reading back versions (message-branches.ts) loads with the first regenerate or edit, or with a thread
 * restored with versions: a chat that never runs a turn again never needs it.
 */
import type { ChatMessage, Conversation, ToolCall } from './conversation.js';

/** One version of a user turn that is not on screen: its user message and all that followed, as left. */
export interface BranchTail {
  /** The user message first, then everything after it. */
  readonly messages: readonly ChatMessage[];
  /** The calls those messages carry. */
  readonly toolCalls: Readonly<Record<string, ToolCall>>;
  /** The versions of later user turns within this branch, by user message id. */
  readonly versions?: Readonly<Record<string, MessageVersions>>;
}

/** The versions of one user turn: those not on screen, in order, and where the one on screen stands. */
export interface MessageVersions {
  /** Every version but the one on screen, oldest first. */
  readonly others: readonly BranchTail[];
  /** The position (0-based) of the version on screen among all `others.length + 1`. */
  readonly index: number;
}

/** Which version of a user turn is on screen: `index` (0-based) of `count`. */
export interface VersionPosition {
  readonly index: number;
  readonly count: number;
}

/** Where the user message `messageId` stands among its turn's versions; undefined when it has only one. */
export function versionPosition(conversation: Conversation, messageId: string): VersionPosition | undefined {
  const versions = conversation.versions?.[messageId];
  return versions ? { index: versions.index, count: versions.others.length + 1 } : undefined;
}
