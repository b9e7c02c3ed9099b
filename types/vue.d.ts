// Template typings for <soliplex-chat> in Vue 3 (vue-tsc): `import type {} from 'soliplex-chat/vue'`
// once. `@soliplex-run-finished` is checked against the `onSoliplexRunFinished` prop declared here.
import type { DefineComponent } from 'vue';
import type { SoliplexChat } from '../dist/npm/index.js';
import type { SoliplexChatAttributes, SoliplexChatEventHandlers, SoliplexChatProperties } from './chat-props.js';

export interface SoliplexChatVueProps extends SoliplexChatAttributes, SoliplexChatProperties {
  onSoliplexRunStarted?: SoliplexChatEventHandlers['runStarted'];
  onSoliplexRunFinished?: SoliplexChatEventHandlers['runFinished'];
  onSoliplexToolCall?: SoliplexChatEventHandlers['toolCall'];
  onSoliplexToolResult?: SoliplexChatEventHandlers['toolResult'];
  onSoliplexError?: SoliplexChatEventHandlers['error'];
}

declare module 'vue' {
  interface GlobalComponents {
    // The instance type is the element itself, so a template ref to it is a SoliplexChat.
    'soliplex-chat': DefineComponent<SoliplexChatVueProps> & (new () => SoliplexChat);
  }
}
