let loading: Promise<unknown> | undefined;

/** Loads `<soliplex-thread-list>` (once): only chats with the `thread-list` attribute need it. */
export function loadThreadList(): Promise<unknown> {
  loading ??= import('../soliplex-thread-list/soliplex-thread-list.js');
  return loading;
}

/** Loads the chat's thread panel with the list (once; not part of the first paint). */
export const loadThreadPanel = () => import('./thread-panel-view.js');
