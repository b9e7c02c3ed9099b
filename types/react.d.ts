// Types of `soliplex-chat/react`: the `<SoliplexChat>` component (React 18 and 19, built with
// @lit/react), and JSX props for the `<soliplex-chat>` tag itself in React 19, generated from
// custom-elements.json (dist/types/jsx.d.ts): attributes by their HTML names, properties, and one
// `on<event-name>` handler per event, typed with the event's class.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { SoliplexChat as SoliplexChatElement } from '../dist/npm/index.js';
import type { SoliplexChatProps as SoliplexChatTagProps } from '../dist/types/jsx.js';

export * from '../dist/npm/react/index.js';
export type { SoliplexChatTagProps };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'soliplex-chat': SoliplexChatTagProps & DetailedHTMLProps<HTMLAttributes<SoliplexChatElement>, SoliplexChatElement>;
    }
  }
}
