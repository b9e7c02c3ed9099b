import { html, nothing } from 'lit';
import type { LocalThreadProblem } from '../../core/index.js';
import type { ChatStrings } from '../shared/chat-strings.js';

/**
 * Said when this browser cannot keep the conversation, or another tab changed it. Its words are the
 * chat's strings, which come with the runtime (chat-runtime.ts), and so does this.
 */
export function renderStorageNotice(strings: ChatStrings, problem: LocalThreadProblem | undefined, outOfDate: boolean) {
  const text = problem ? strings.storageFailed(problem.kind) : outOfDate ? strings.threadChangedElsewhere : undefined;
  return text ? html`<p part="storage-notice" class="storage-notice" role="status">${text}</p>` : nothing;
}
