import type { ThreadActivity } from '../../core/index.js';

/** Every string the thread list shows, for translation (a partial object is merged over the defaults). */
export interface SoliplexThreadListStrings {
  listLabel: string;
  newChat: string;
  /** The title of a new thread with no name and no message yet. */
  untitled: string;
  /** The title of a stored thread the server gives no name (until its history is loaded). */
  untitledStored: string;
  rename: (title: string) => string;
  renameInput: string;
  delete: (title: string) => string;
  confirmDelete: (title: string) => string;
  confirmDeleteButton: string;
  cancel: string;
  room: string;
  /** The badge of a run's activity (`''`: no badge). */
  activity: (activity: ThreadActivity) => string;
  unread: string;
  /** The state words in an entry's accessible name (pinned: "running", "waiting for approval", "failed", "unread"). */
  stateRunning: string;
  stateWaitingForApproval: string;
  stateFailed: string;
  stateInterrupted: string;
  stateUnread: string;
  loadFailed: (reason: string) => string;
}

export const defaultThreadListStrings: Readonly<SoliplexThreadListStrings> = Object.freeze({
  listLabel: 'Chats',
  newChat: 'New chat',
  untitled: 'New chat',
  untitledStored: 'Untitled chat',
  rename: (title: string) => `Rename ${title}`,
  renameInput: 'Chat name',
  delete: (title: string) => `Delete ${title}`,
  confirmDelete: (title: string) => `Delete “${title}”?`,
  confirmDeleteButton: 'Delete',
  cancel: 'Cancel',
  room: 'Room',
  activity: (activity: ThreadActivity) => {
    switch (activity.kind) {
      case 'streaming':
        return 'Streaming';
      case 'calling':
        return `Calling ${activity.tool}`;
      case 'executing':
        return `Executing ${activity.tools.join(', ')}`;
      case 'waiting-for-approval':
        return 'Waiting for approval';
      case 'waiting-for-connection':
        return 'Waiting for a free connection';
      case 'preparing':
        return 'Loading';
      case 'failed':
        return 'Failed';
      case 'interrupted':
        return 'Interrupted';
      default:
        return '';
    }
  },
  unread: 'Unread',
  stateRunning: 'running',
  stateWaitingForApproval: 'waiting for approval',
  stateFailed: 'failed',
  stateInterrupted: 'interrupted',
  stateUnread: 'unread',
  loadFailed: (reason: string) => `The chats could not be loaded: ${reason}`,
});
