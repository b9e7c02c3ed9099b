import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only the tool call cards use (soliplex-tool-call-card.ts,
 * tool-result-view.ts): they load with that code, not with the chat (chat-strings.ts). A page's
 * `strings` and the shipped translations still reach them (`partStrings`).
 */
export const toolCardStrings: Readonly<Pick<SoliplexChatStrings, 'runAgain' | 'toolNotAnswered' | 'toolApproved' | 'toolCallLabel' | 'toolDetails' | 'toolChanges' | 'toolsReady' | 'cachedResult' | 'result' | 'error' | 'download'>> = Object.freeze({
  runAgain: 'Run again',
  toolNotAnswered: 'Not answered — the conversation moved on',
  toolApproved: 'Approved',
  toolCallLabel: (name: string, status: string) => `Tool call ${name}: ${status}`,
  toolDetails: 'Details',
  toolChanges: ({ addedTools, removedTools, addedContext }: { addedTools: readonly string[]; removedTools: readonly string[]; addedContext: readonly string[] }) =>
    [
      addedTools.length ? `Added tools: ${addedTools.join(', ')}` : '',
      removedTools.length ? `Removed tools: ${removedTools.join(', ')}` : '',
      addedContext.length ? `Added context: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title: string) => `${title} ready`,
  cachedResult: 'Cached result',
  result: 'Result',
  error: 'Error',
  download: (filename: string) => `Download ${filename}`,
});
