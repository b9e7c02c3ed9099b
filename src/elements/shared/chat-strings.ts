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
  thinking: string;
  /** While the first send creates the thread on the server. */
  creatingThread: string;
  /** While a stored thread's history loads. */
  loadingHistory: string;
  /** While a stored thread's history loads, when the server's part count is known. */
  loadingHistoryProgress: (loaded: number, total: number) => string;
  /** While the run waits behind other streams to the same server. */
  waitingForConnection: string;
  /** Under the welcome when the Soliplex room could not be fetched. */
  roomUnavailable: (reason: string) => string;
  calling: (toolName: string) => string;
  executing: (toolNames: readonly string[]) => string;
  awaitingApproval: (toolNames: readonly string[]) => string;
  failed: (reason: string) => string;
  cancelled: string;
  toolStatus: Record<'streaming' | 'pending' | 'awaiting-approval' | 'executing' | 'completed' | 'failed' | 'denied', string>;
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
  /** Marks a result that came from the tool's cache. */
  cachedResult: string;
  /** The link that downloads a file a tool returned. */
  download: (filename: string) => string;
  renderFailed: string;
  announceToolStatus: (toolName: string, status: string) => string;
  announceAnswer: (text: string) => string;
}

export const defaultChatStrings: Readonly<SoliplexChatStrings> = Object.freeze({
  welcome: 'How can I help you today?',
  inputLabel: 'Message',
  inputPlaceholder: 'Write a message… (Enter sends, Shift+Enter adds a line)',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  conversationLabel: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  reasoning: 'Reasoning',
  thinking: 'Thinking…',
  creatingThread: 'Starting the conversation…',
  loadingHistory: 'Loading the conversation…',
  loadingHistoryProgress: (loaded: number, total: number) => `Loading the conversation… (${loaded} of ${total})`,
  waitingForConnection: 'Waiting for a free connection…',
  roomUnavailable: (reason: string) => `The room's details could not be loaded (${reason}). You can still send a message.`,
  calling: (name: string) => `Calling: ${name}`,
  executing: (names: readonly string[]) => `Executing: ${names.join(', ')}`,
  awaitingApproval: (names: readonly string[]) => `Waiting for your approval: ${names.join(', ')}`,
  failed: (reason: string) => `Failed: ${reason}`,
  cancelled: 'Cancelled.',
  toolStatus: {
    streaming: 'Receiving arguments',
    pending: 'Pending',
    'awaiting-approval': 'Awaiting approval',
    executing: 'Executing',
    completed: 'Completed',
    failed: 'Failed',
    denied: 'Denied',
  },
  toolCallLabel: (name: string, status: string) => `Tool call ${name}: ${status}`,
  toolDetails: 'Details',
  arguments: 'Arguments',
  result: 'Result',
  error: 'Error',
  approvalPrompt: (name: string) => `The assistant wants to run ${name}. Allow it?`,
  approve: 'Approve',
  deny: 'Deny',
  alwaysAllow: 'Always allow this tool in this thread',
  toolChanges: ({ addedTools, removedTools, addedContext }: { addedTools: readonly string[]; removedTools: readonly string[]; addedContext: readonly string[] }) =>
    [
      addedTools.length ? `Added tools: ${addedTools.join(', ')}` : '',
      removedTools.length ? `Removed tools: ${removedTools.join(', ')}` : '',
      addedContext.length ? `Added context: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  cachedResult: 'Cached result',
  download: (filename: string) => `Download ${filename}`,
  renderFailed: 'This result could not be displayed.',
  announceToolStatus: (name: string, status: string) => `${name}: ${status}`,
  announceAnswer: (text: string) => `Assistant: ${text}`,
});

/** Merges a page's partial strings over the defaults (the nested `toolStatus` too). */
export function mergeChatStrings(partial: Partial<SoliplexChatStrings> | undefined): SoliplexChatStrings {
  if (!partial) return defaultChatStrings;
  return {
    ...defaultChatStrings,
    ...partial,
    toolStatus: { ...defaultChatStrings.toolStatus, ...partial.toolStatus },
  };
}
