import type { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { warnDeprecated } from '../shared/deprecation.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a mixin's constructors take anything */
type LitElementClass = abstract new (...args: any[]) => LitElement;

/** The new names the old ones stand for (the chat's own: not declared here, so the manifest keeps them the chat's). */
interface CurrentNames {
  threadList: boolean;
  noNewChat: boolean;
  noCopy: boolean;
  noRegenerate: boolean;
  noEdit: boolean;
  noPersist: boolean;
  newChat(): string;
  stop(): void;
}
const current = (chat: unknown) => chat as CurrentNames;

/** The old names, as the chat's typings show them. */
export declare class DeprecatedChatNamesApi {
  /** @deprecated Use `threadList` (attribute `thread-list`). */
  threads: boolean;
  /** @deprecated Use `noPersist` (attribute `no-persist`): `persist="false"` is `no-persist`. */
  persist: boolean;
  /** @deprecated Use `noNewChat` (attribute `no-new-chat`). */
  hideNewChat: boolean;
  /** @deprecated Use `noCopy` (attribute `no-copy`). */
  hideCopy: boolean;
  /** @deprecated Use `noRegenerate` (attribute `no-regenerate`). */
  hideRegenerate: boolean;
  /** @deprecated Use `noEdit` (attribute `no-edit`). */
  hideEdit: boolean;
  /** @deprecated Use `newChat()`. */
  newThread(): string;
  /** @deprecated Use `stop()`. */
  cancel(): void;
}

/**
 * `<soliplex-chat>`'s names before issue 22, kept for one minor version: each old attribute, property
 * or method works as its replacement does, and the first use of each says once (in the console)
 * what replaces it. Delete this file (and its use in soliplex-chat.ts) in the next minor version.
 */
export function DeprecatedChatNames<Base extends LitElementClass>(base: Base): Base & (abstract new (...args: any[]) => DeprecatedChatNamesApi) {
  abstract class DeprecatedNames extends base {
    /** Deprecated: use `threadList` (attribute `thread-list`). @deprecated Use `threadList` (attribute `thread-list`). */
    @property({ type: Boolean })
    get threads(): boolean {
      return current(this).threadList;
    }
    set threads(value: boolean) {
      warnDeprecated('threads', 'thread-list');
      current(this).threadList = value;
    }

    /** Deprecated: use `noPersist` (attribute `no-persist`): `persist="false"` is `no-persist`. @deprecated Use `noPersist` (attribute `no-persist`): `persist="false"` is `no-persist`. */
    @property({ type: Boolean, converter: { fromAttribute: (value: string | null) => value !== 'false' } })
    get persist(): boolean {
      return !current(this).noPersist;
    }
    set persist(value: boolean) {
      warnDeprecated('persist', 'no-persist');
      current(this).noPersist = !value;
    }

    /** Deprecated: use `noNewChat` (attribute `no-new-chat`). @deprecated Use `noNewChat` (attribute `no-new-chat`). */
    @property({ type: Boolean, attribute: 'hide-new-chat' })
    get hideNewChat(): boolean {
      return current(this).noNewChat;
    }
    set hideNewChat(value: boolean) {
      warnDeprecated('hide-new-chat', 'no-new-chat');
      current(this).noNewChat = value;
    }

    /** Deprecated: use `noCopy` (attribute `no-copy`). @deprecated Use `noCopy` (attribute `no-copy`). */
    @property({ type: Boolean, attribute: 'hide-copy' })
    get hideCopy(): boolean {
      return current(this).noCopy;
    }
    set hideCopy(value: boolean) {
      warnDeprecated('hide-copy', 'no-copy');
      current(this).noCopy = value;
    }

    /** Deprecated: use `noRegenerate` (attribute `no-regenerate`). @deprecated Use `noRegenerate` (attribute `no-regenerate`). */
    @property({ type: Boolean, attribute: 'hide-regenerate' })
    get hideRegenerate(): boolean {
      return current(this).noRegenerate;
    }
    set hideRegenerate(value: boolean) {
      warnDeprecated('hide-regenerate', 'no-regenerate');
      current(this).noRegenerate = value;
    }

    /** Deprecated: use `noEdit` (attribute `no-edit`). @deprecated Use `noEdit` (attribute `no-edit`). */
    @property({ type: Boolean, attribute: 'hide-edit' })
    get hideEdit(): boolean {
      return current(this).noEdit;
    }
    set hideEdit(value: boolean) {
      warnDeprecated('hide-edit', 'no-edit');
      current(this).noEdit = value;
    }

    /** Deprecated: use `newChat()`. @deprecated Use `newChat()`. */
    newThread(): string {
      warnDeprecated('newThread()', 'newChat()');
      return current(this).newChat();
    }

    /** Deprecated: use `stop()`. @deprecated Use `stop()`. */
    cancel(): void {
      warnDeprecated('cancel()', 'stop()');
      current(this).stop();
    }
  }
  return DeprecatedNames;
}
