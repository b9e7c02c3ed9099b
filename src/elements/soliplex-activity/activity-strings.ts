import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only activities: their names, A2UI surfaces and MCP Apps use: they load
 * with that code, not with the chat (chat-strings.ts). A page's `strings` and the shipped translations
 * still reach them (`partStrings`).
 */
export const activityStrings: Readonly<Pick<SoliplexChatStrings, 'activityLabel' | 'a2uiBuilding' | 'a2uiFailed' | 'mcpAppTitle' | 'mcpAppLoading' | 'mcpAppFailed'>> = Object.freeze({
  activityLabel: (type: string) => `Activity: ${type}`,
  a2uiBuilding: 'Building the interface…',
  a2uiFailed: 'The interface could not be built.',
  mcpAppTitle: (name: string) => `App: ${name}`,
  mcpAppLoading: 'Loading the app…',
  mcpAppFailed: 'The app could not be loaded.',
});
