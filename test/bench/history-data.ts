import type { BaseEvent } from '@ag-ui/core';
import { emptyConversation, reduceConversation, type ChatMessage, type Conversation } from '../../src/index.js';

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

/**
 * A stored session of `turns` turns with a tool hop each: a question, the assistant's call of a tool
 * (its arguments and result), and the answer after it, as the reducer builds them from the events.
 */
export function toolHopHistory(turns: number): Conversation {
  let conversation: Conversation = emptyConversation;
  for (let i = 0; i < turns; i++) {
    conversation = { ...conversation, messages: [...conversation.messages, { role: 'user', id: `u${i}`, text: `Question ${i}: what is the weather in city ${i}?` }] };
    const events = [
      { type: 'TOOL_CALL_START', toolCallId: `c${i}`, toolCallName: 'get_weather', parentMessageId: `h${i}` },
      { type: 'TOOL_CALL_ARGS', toolCallId: `c${i}`, delta: `{"city":"City ${i}"}` },
      { type: 'TOOL_CALL_END', toolCallId: `c${i}` },
      { type: 'TOOL_CALL_RESULT', messageId: `t${i}`, toolCallId: `c${i}`, content: `{"city":"City ${i}","temperature":${i % 30},"sky":"clear"}` },
      { type: 'TEXT_MESSAGE_START', messageId: `a${i}`, role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: `a${i}`, delta: `${i}. ${ANSWER}` },
      { type: 'TEXT_MESSAGE_END', messageId: `a${i}` },
    ];
    for (const event of events) conversation = reduceConversation(conversation, event as BaseEvent);
  }
  return conversation;
}
