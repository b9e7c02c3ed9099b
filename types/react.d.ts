// JSX typings for <soliplex-chat> in React 19: `import type {} from 'soliplex-chat/react'` once.
// React 19 sets a prop as a property when the element has one (toolRegistry, engine, strings, token,
// getToken) and as an attribute otherwise, and turns an `on<event-name>` function prop into
// addEventListener('<event-name>'), so `onsoliplex-run-finished` hears 'soliplex-run-finished'.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { SoliplexChat } from '../dist/npm/index.js';
import type { SoliplexChatAttributes, SoliplexChatEventHandlers, SoliplexChatProperties } from './chat-props.js';

export interface SoliplexChatJsxProps
  extends DetailedHTMLProps<HTMLAttributes<SoliplexChat>, SoliplexChat>,
    SoliplexChatAttributes,
    SoliplexChatProperties {
  'onsoliplex-run-started'?: SoliplexChatEventHandlers['runStarted'];
  'onsoliplex-run-finished'?: SoliplexChatEventHandlers['runFinished'];
  'onsoliplex-tool-call'?: SoliplexChatEventHandlers['toolCall'];
  'onsoliplex-tool-result'?: SoliplexChatEventHandlers['toolResult'];
  'onsoliplex-error'?: SoliplexChatEventHandlers['error'];
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'soliplex-chat': SoliplexChatJsxProps;
    }
  }
}
