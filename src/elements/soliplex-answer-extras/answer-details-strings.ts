import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/** A token count as people read it (1,234). */
const count = (n: number) => n.toLocaleString('en');

/**
 * The English defaults of the strings only an answer's sources, its usage line and the reason field after a rating (answer-extras-view.ts), and a transcript's usage use: they load
 * with that code, not with the chat (chat-strings.ts). A page's `strings` and the shipped translations
 * still reach them (`partStrings`).
 */
export const answerDetailsStrings: Readonly<Pick<SoliplexChatStrings, 'feedbackReason' | 'feedbackSend' | 'feedbackThanks' | 'feedbackFailed' | 'sourcesLabel' | 'sourcePages' | 'sourceUntitled' | 'sourceLoading' | 'sourcePreview' | 'sourceNoPreview' | 'usageAnswer' | 'usageThread' | 'usageCost'>> = Object.freeze({
  feedbackReason: 'What was good or bad about it? (optional)',
  feedbackSend: 'Send feedback',
  feedbackThanks: 'Thanks for your feedback.',
  feedbackFailed: 'Your feedback could not be sent. Try again.',
  sourcesLabel: 'Sources',
  sourcePages: (pages: readonly number[]) => (pages.length === 1 ? `p. ${pages[0]}` : `pp. ${pages.join(', ')}`),
  sourceUntitled: 'Untitled document',
  sourceLoading: 'Loading the page preview…',
  sourcePreview: (page: number) => `Page ${page}, the cited passage highlighted`,
  sourceNoPreview: 'No page preview for this source.',
  usageAnswer: (input: number, output: number) => `This answer: ${count(input)} tokens in, ${count(output)} out`,
  usageThread: (input: number, output: number) => `Thread: ${count(input)} in, ${count(output)} out`,
  usageCost: (usage: string, cost: string) => `${usage} (≈ ${cost})`,
});
