import { emptyConversation, type ChatMessage, type Conversation } from '../../src/index.js';

/** A stored conversation for the benchmarks: questions, and Markdown answers with a list and a code block. */
const ANSWER =
  'Here is **what I found**: the `config` file sets the [timeout](https://example.com/docs) to 30 s.\n\n- first, check the _logs_\n- then restart the service\n\n```sh\nsystemctl restart app\n```\n\nAnything else?';

export function history(n: number): Conversation {
  const messages: ChatMessage[] = [];
  for (let i = 0; i < n; i++) {
    messages.push(
      i % 2 === 0
        ? { role: 'user', id: `u${i}`, text: `Question ${i}: how do I fix the timeout in service ${i}?` }
        : { role: 'assistant', id: `a${i}`, text: `${i}. ${ANSWER}`, toolCallIds: [], complete: true },
    );
  }
  return { ...emptyConversation, messages };
}
