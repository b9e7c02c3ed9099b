import type { RunFailureKind } from '../../core/index.js';
import { firstPaintStrings } from './first-paint-strings.js';
import type { SoliplexThreadListStrings } from '../soliplex-thread-list/thread-list-strings.js';

/**
 * Every string the chat shows or announces, so a page can translate it. Functions take the values
 * they interpolate; a page passes a partial object that is merged over `defaultChatStrings`.
 */
export interface SoliplexChatStrings {
  welcome: string;
  inputLabel: string;
  inputPlaceholder: string;
  send: string;
  stop: string;
  retry: string;
  conversationLabel: string;
  you: string;
  assistant: string;
  reasoning: string;
  /** Names a system or developer message the agent streamed (for screen readers). */
  notice: string;
  thinking: string;
  /** While the answer's text streams in. */
  writing: string;
  /** While the first send creates the thread on the server. */
  creatingThread: string;
  /** While a stored thread's history loads. */
  loadingHistory: string;
  /** While a stored thread's history loads, when the server's part count is known. */
  loadingHistoryProgress: (loaded: number, total: number) => string;
  /** While the run waits behind other streams to the same server. */
  waitingForConnection: string;
  /** The server answered 429 (too many requests) or 503 (unavailable): it is busy, not broken. */
  busy: (status: number) => string;
  /** While a busy server is waited for: the countdown to the automatic retry (0: trying now). */
  retryingIn: (seconds: number) => string;
  /** Ends the wait for a busy server: tries again at once. */
  retryNow: string;
  /** After a busy server was not retried (or still busy): when to try again (`Retry-After`, when it said). */
  tryLater: (seconds?: number) => string;
  /** Where stored runs of a thread could not be loaded (a Retry button follows). */
  historyGap: string;
  /** While the chat follows an answer the server was already writing when the thread loaded (sending waits for it). */
  attachedRun: string;
  /** Stop ended following a run the server still writes (Retry follows it again). */
  attachedStopped: string;
  /** Under the welcome when the Soliplex room could not be fetched. */
  roomUnavailable: (reason: string) => string;
  calling: (toolName: string) => string;
  executing: (toolNames: readonly string[]) => string;
  awaitingApproval: (toolNames: readonly string[]) => string;
  /** The status line after a failure, around the person-readable text of `errors`. */
  failed: (reason: string) => string;
  /** What a failure means to a person, by its kind; the technical text goes under "Details". */
  errors: Record<RunFailureKind | 'missing-thread' | 'history', string>;
  /** The expandable technical detail of a failure. */
  errorDetails: string;
  cancelled: string;
  /** The status line of a turn that was in flight when the page was reloaded (it has a Continue button). */
  interrupted: string;
  /** The status line while a turn taken up after a reload waits for the user's word on calls the reload interrupted. */
  interruptedTools: (toolNames: readonly string[]) => string;
  /** Runs the turn a reload interrupted on from where it was (accessible name pinned for integrators). */
  continue: string;
  /** Runs a tool call the reload interrupted once more (accessible name pinned for integrators). */
  runAgain: string;
  toolStatus: Record<'streaming' | 'pending' | 'awaiting-approval' | 'executing' | 'completed' | 'failed' | 'denied' | 'cancelled' | 'interrupted', string>;
  /** A call restored from history that nobody answered before the page was left. */
  toolNotAnswered: string;
  /** A server-side call the user approved (its result shows when the agent sends one). */
  toolApproved: string;
  toolCallLabel: (toolName: string, status: string) => string;
  toolDetails: string;
  arguments: string;
  result: string;
  error: string;
  approvalPrompt: (toolName: string) => string;
  approve: string;
  deny: string;
  /** The approval card's third choice: allow this tool without asking again in this thread. */
  alwaysAllow: string;
  /** What a call changed in the agent's tools (a group expanded, an augmentation). */
  toolChanges: (changes: { addedTools: readonly string[]; removedTools: readonly string[]; addedContext: readonly string[] }) => string;
  /** The one muted line of a call that only changed the agent's tools (a group's expansion): its title. */
  toolsReady: (title: string) => string;
  /** Marks a result that came from the tool's cache. */
  cachedResult: string;
  /** The link that downloads a file a tool returned. */
  download: (filename: string) => string;
  renderFailed: string;
  announceToolStatus: (toolName: string, status: string) => string;
  announceAnswer: (text: string) => string;
  /** Message actions (accessible names). */
  copy: string;
  regenerate: string;
  /** Reads an answer aloud, where the browser can speak (accessible name pinned for integrators); "Stop reading" while it reads. */
  readAloud: string;
  stopReading: string;
  edit: string;
  /** The inline editor of a user message: its label, and its buttons. */
  editLabel: string;
  editSend: string;
  editCancel: string;
  /**
   * The versions of a user turn that was regenerated or edited: the buttons' accessible names
   * (pinned for integrators), what stands between them ("2 / 3"), and the group's name ("Version 2 of 3").
   */
  previousVersion: string;
  nextVersion: string;
  versionPosition: (number: number, count: number) => string;
  versionOf: (number: number, count: number) => string;
  jumpToLatest: string;
  newChat: string;
  /** The button that opens the thread list when the chat is narrow (`thread-list`). */
  threadsLabel: string;
  /** Names the group of suggestion chips (the empty state's, and those after an answer). */
  suggestionsLabel: string;
  /** The composer's dictation button ("Dictate", pressed while listening). */
  dictate: string;
  /** Said when the browser refused the microphone. */
  microphoneBlocked: string;
  /** Said when dictation failed otherwise. */
  dictationFailed: (reason: string) => string;
  /** Soliplex sign-in: the offer's words, its button (one provider, or one per provider), and Sign out. */
  signInPrompt: string;
  signIn: string;
  signInWith: (providerTitle: string) => string;
  signOut: string;
  /** The Soliplex room's Documents picker: its button (with how many are ticked) and its legend. */
  documents: string;
  documentsChosen: (count: number) => string;
  documentsLegend: string;
  /** The built-in thread list's strings (`thread-list`), merged over its English defaults. */
  threadList: Partial<SoliplexThreadListStrings>;
  /** Where a text longer than `MAX_TEXT_CHARS` was cut (a message, tool arguments, a tool result). */
  truncated: string;
  /** A code block's copy button, and what shows beside it after a copy. */
  copyCode: string;
  codeCopied: string;
  codeCopyFailed: string;
  /** While the agent waits for answers to its interrupts. */
  waitingForAnswer: string;
  /** While the agent runs a step (`STEP_STARTED`). */
  step: (stepName: string) => string;
  /** An interrupt card's name when the agent gave no message. */
  interruptLabel: string;
  interruptSubmit: string;
  interruptCancel: string;
  interruptExpired: string;
  interruptAnswered: string;
  /** An answered interrupt, with a short summary of the answer. */
  interruptAnsweredWith: (summary: string) => string;
  /** An interrupt that asked to approve a call, approved or denied. */
  interruptApproved: string;
  interruptDenied: string;
  interruptCancelled: string;
  /** The editable arguments of a tool-call interrupt (when the agent accepts edited arguments). */
  editArguments: string;
  /** Said when edited arguments are not a JSON object. */
  invalidArguments: string;
  /** Marks a required field of an interrupt's form. */
  requiredField: string;
  addItem: string;
  removeItem: string;
  /** An activity's name, from its `activityType`. */
  activityLabel: (activityType: string) => string;
  /** An A2UI surface the agent is still building (`a2ui-surface` activity before it paints). */
  a2uiBuilding: string;
  /** An A2UI surface the agent could not build, or the chat could not draw. */
  a2uiFailed: string;
  /** Names an MCP App's frame (`mcp-apps` activity), from its resource's name or URI. */
  mcpAppTitle: (name: string) => string;
  /** An MCP App whose resource is still being fetched. */
  mcpAppLoading: string;
  /** An MCP App whose resource could not be fetched or is not an app. */
  mcpAppFailed: string;
  subagentStatus: Record<'running' | 'completed' | 'suspended' | 'failed', string>;
  subagentLabel: (name: string, status: string) => string;
  attach: string;
  removeAttachment: (fileName: string) => string;
  /** Why a file was not attached: a type not accepted, too large, or one file too many. */
  attachmentRefused: (fileName: string, why: 'type' | 'size' | 'count', maxBytes: number) => string;
  attachmentFailed: (reason: string) => string;
  /** A user message's attachment, for screen readers. */
  attachmentLabel: (name: string) => string;
  /** Announced when the agent asks something (an interrupt). */
  announceInterrupt: (message: string) => string;
  /** Said once when this browser cannot keep conversations (IndexedDB unavailable, full, or failing). */
  storageFailed: (kind: 'unavailable' | 'quota' | 'failed') => string;
  /** Another tab changed the conversation on screen while this one could not follow (its own turn ran). */
  threadChangedElsewhere: string;
  // Per answer (issue 23): feedback, sources, token usage.
  /** The feedback buttons (accessible names), their group, and the reason field after a choice. */
  goodResponse: string;
  badResponse: string;
  feedbackLabel: string;
  feedbackReason: string;
  feedbackSend: string;
  feedbackThanks: string;
  feedbackFailed: string;
  /** The list of an answer's sources (RAG citations), and one source's parts. */
  sourcesLabel: string;
  sourcePages: (pages: readonly number[]) => string;
  sourceUntitled: string;
  sourceLoading: string;
  sourcePreview: (page: number) => string;
  sourceNoPreview: string;
  /** The token usage line: this answer's tokens, and the thread's (on the last answer). */
  usageAnswer: (input: number, output: number) => string;
  usageThread: (input: number, output: number) => string;
  /** A usage line with its cost (`usagePrices`): the line, and the amount in the chat's currency format. */
  usageCost: (usage: string, cost: string) => string;
  // Export (issue 24): the header's button, its choices, and the words of a Markdown transcript.
  exportButton: string;
  exportMarkdown: string;
  exportJson: string;
  transcriptArguments: string;
  transcriptResult: string;
  /** After a tool call's status in a transcript: the user approved it when asked. */
  transcriptApproved: string;
}

/** A wait as people say it: seconds, then minutes, then hours (the English defaults' own, parts' too). */
export function duration(seconds: number): string {
  return seconds < 90 ? `${seconds} s` : seconds < 5400 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`;
}

/** "a", "a and b", "a, b and c" (the English defaults' own, parts' too). */
export const and = (names: readonly string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * The strings only optional parts use (their English is in those parts' modules: `partStrings`). A page's
 * `strings` and the shipped translations still carry them; the public `defaultChatStrings` has them all.
 */
export type OptionalPartStringKey =
  | 'feedbackReason' | 'feedbackSend' | 'feedbackThanks' | 'feedbackFailed' | 'sourcesLabel' | 'sourcePages' | 'sourceUntitled' | 'sourceLoading' | 'sourcePreview' | 'sourceNoPreview' | 'usageAnswer' | 'usageThread' | 'usageCost'
  | 'interruptSubmit' | 'interruptCancel' | 'interruptExpired' | 'interruptAnswered' | 'interruptAnsweredWith' | 'interruptApproved' | 'interruptDenied' | 'interruptCancelled' | 'editArguments' | 'invalidArguments' | 'requiredField' | 'addItem' | 'removeItem'
  | 'approvalPrompt' | 'approve' | 'deny' | 'alwaysAllow'
  | 'activityLabel' | 'a2uiBuilding' | 'a2uiFailed' | 'mcpAppTitle' | 'mcpAppLoading' | 'mcpAppFailed'
  | 'signInPrompt' | 'signIn' | 'signInWith' | 'signOut' | 'documents' | 'documentsChosen' | 'documentsLegend'
  | 'attach' | 'removeAttachment' | 'attachmentRefused'
  | 'microphoneBlocked' | 'dictationFailed'
  | 'exportMarkdown' | 'exportJson' | 'transcriptArguments' | 'transcriptResult' | 'transcriptApproved'
  | 'runAgain' | 'toolNotAnswered' | 'toolApproved' | 'toolCallLabel' | 'toolDetails' | 'toolChanges' | 'toolsReady' | 'cachedResult'
  | 'waitingForConnection' | 'retryingIn' | 'retryNow' | 'attachedRun' | 'attachedStopped' | 'awaitingApproval' | 'interrupted' | 'interruptedTools' | 'continue' | 'waitingForAnswer'
  | 'historyGap' | 'editLabel' | 'editSend' | 'editCancel' | 'previousVersion' | 'nextVersion' | 'versionPosition' | 'versionOf' | 'subagentStatus' | 'subagentLabel' | 'attachmentLabel'
  | 'copyCode' | 'codeCopied' | 'codeCopyFailed'
  | 'truncated' | 'renderFailed' | 'arguments' | 'result' | 'error' | 'download';

/** The chat's strings as its parts get them: every string the chat's own code uses; an optional part's only where the page or a translation set it. */
export type ChatStrings = Omit<SoliplexChatStrings, OptionalPartStringKey> & Partial<Pick<SoliplexChatStrings, OptionalPartStringKey>>;

/** The English of every string but the optional parts' (the public `defaultChatStrings` in default-chat-strings.ts adds theirs). */
export const baseChatStrings: Readonly<Omit<SoliplexChatStrings, OptionalPartStringKey>> = Object.freeze({
  ...firstPaintStrings,
  retry: 'Retry',
  conversationLabel: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  reasoning: 'Reasoning',
  notice: 'Notice',
  thinking: 'Thinking…',
  writing: 'Writing…',
  creatingThread: 'Starting the conversation…',
  loadingHistory: 'Loading the conversation…',
  loadingHistoryProgress: (loaded: number, total: number) => `Loading the conversation… (${loaded} of ${total})`,
  busy: (status: number) => (status === 429 ? 'The agent is busy: too many requests right now.' : 'The agent is busy or briefly unavailable.'),
  tryLater: (seconds?: number) => (seconds ? `Try again in ${duration(seconds)}.` : 'Try again later.'),
  calling: (name: string) => `Calling ${name}…`,
  executing: (names: readonly string[]) => `Executing ${and(names)}…`,
  failed: (reason: string) => reason,
  errors: {
    network: "Can't reach the agent. Check your connection and try again.",
    unauthorized: 'The agent needs you to sign in again.',
    http: 'The agent ran into a problem. Try again in a moment.',
    protocol: "The agent's answer could not be read. Try again.",
    agent: 'The agent ran into a problem while answering. Try again.',
    'stream-ended': "The agent's answer was cut off. Try again.",
    'depth-limit': 'The agent kept calling tools, so this turn was stopped. Try asking differently.',
    tool: 'A tool on this page failed, so this answer was stopped. Try again.',
    internal: 'Something went wrong in the chat. Try again.',
    'missing-thread': 'This conversation no longer exists. Start a new chat.',
    history: "The conversation couldn't be loaded. Try again.",
  },
  errorDetails: 'Details',
  cancelled: 'Stopped.',
  toolStatus: {
    streaming: 'Receiving arguments',
    pending: 'Pending',
    'awaiting-approval': 'Awaiting approval',
    executing: 'Executing',
    completed: 'Completed',
    failed: 'Failed',
    denied: 'Denied',
    cancelled: 'Stopped',
    interrupted: 'Interrupted by a reload',
  },
  announceToolStatus: (name: string, status: string) => `${name}: ${status}`,
  announceAnswer: (text: string) => `Assistant: ${text}`,
  copy: 'Copy',
  regenerate: 'Regenerate',
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  edit: 'Edit',
  jumpToLatest: 'Jump to latest',
  threadList: {},
  step: (name: string) => `Step: ${name}`,
  interruptLabel: 'The agent needs your input',
  attachmentFailed: (reason: string) => `The attachments could not be sent: ${reason}`,
  announceInterrupt: (message: string) => `The agent asks: ${message}`,
  storageFailed: (kind: 'unavailable' | 'quota' | 'failed') =>
    kind === 'quota'
      ? 'This browser’s storage is full: this conversation will not be kept after you reload or close the page. It is still here until then.'
      : kind === 'unavailable'
        ? 'This browser cannot keep conversations right now (a private window, blocked storage, or a newer version of this page in another tab): this one will be gone after you reload or close the page. It is still here until then.'
        : 'This conversation could not be saved in this browser: it may be gone after you reload or close the page. It is still here until then.',
  threadChangedElsewhere: 'This conversation was changed in another tab. What happens here from now on is not saved; reload the page to see the saved conversation.',
  // Per answer (issue 23).
  goodResponse: 'Good response',
  badResponse: 'Bad response',
  feedbackLabel: 'Feedback',
  exportButton: 'Export',
});

/**
 * What a page passes as `strings`: any subset, nested objects too (`{ toolStatus: { completed: 'Fertig' } }`).
 */
export type SoliplexChatStringsOverrides = {
  [K in keyof SoliplexChatStrings]?: SoliplexChatStrings[K] extends (...args: never[]) => unknown
    ? SoliplexChatStrings[K]
    : SoliplexChatStrings[K] extends object
      ? Partial<SoliplexChatStrings[K]>
      : SoliplexChatStrings[K];
};

/** Merges a page's partial strings over `base` (the nested `toolStatus`, `errors` and `subagentStatus` too). */
export function mergeStrings<S extends Omit<SoliplexChatStrings, OptionalPartStringKey>>(base: S, partial: SoliplexChatStringsOverrides | undefined): S {
  if (!partial) return base;
  const merged: Record<string, unknown> = { ...base, ...partial };
  // `subagentStatus` is an optional part's (not in the base strings): merged where either has it.
  for (const key of ['toolStatus', 'errors', 'subagentStatus'] as const) {
    const under = (base as Partial<SoliplexChatStrings>)[key];
    if (under || partial[key]) merged[key] = { ...under, ...partial[key] };
  }
  return merged as S;
}

/** Merges a page's partial strings over the base strings. */
export function mergeBaseStrings(partial: SoliplexChatStringsOverrides | undefined): ChatStrings {
  return mergeStrings<ChatStrings>(baseChatStrings, partial);
}

const withParts = new WeakMap<object, Map<object, object>>();
/**
 * The chat's strings (else the base English) with an optional part's English under what the page or a
 * translation set for it: what the part renders with. The same object for the same two (cached).
 */
export function partStrings<P extends Partial<SoliplexChatStrings>>(strings: ChatStrings | undefined, part: Readonly<P>): ChatStrings & P {
  const base = strings ?? baseChatStrings;
  let byPart = withParts.get(base);
  if (!byPart) withParts.set(base, (byPart = new Map()));
  let merged = byPart.get(part);
  if (!merged) {
    const into: Record<string, unknown> = (merged = { ...part });
    // A record the page or a translation gave only some keys of (`subagentStatus`) keeps the part's English for the rest.
    for (const [key, value] of Object.entries(base)) if (value !== undefined) into[key] = typeof value === 'object' && typeof into[key] === 'object' ? { ...into[key], ...value } : value;
    byPart.set(part, merged);
  }
  return merged as ChatStrings & P;
}
