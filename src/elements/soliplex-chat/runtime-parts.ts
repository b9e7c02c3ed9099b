import { ContextProvider } from '@lit/context';
import { nothing, type ReactiveControllerHost } from 'lit';
import type { AgentCapabilities } from '@ag-ui/core';
import type { ThreadHandle, ToolRegistry } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import type { AnnouncementController } from '../../controllers/announcement-controller.js';
import type { AnswerExtrasController } from '../../controllers/answer-extras-controller.js';
import type { ChatStrings, SoliplexChatStringsOverrides } from '../shared/chat-strings.js';
import type { LocaleController } from '../shared/locale-controller.js';
import type { ChatSettings } from './chat-settings.js';
import type { LazySuggestions } from './lazy-suggestions.js';
import { chatRuntimeIfLoaded } from './chat-parts.js';
import type { ChatRuntime, ChatView } from './chat-runtime.js';
import type { GetToken } from './thread-panel-view.js';

/** The chat's settings its context carries, and its tools. */
type RuntimePartsHost = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment } &
  Pick<ChatSettings, 'strings' | 'suggestions' | 'interruptRenderers' | 'activityRenderers' | 'toolRenderers' | 'imageOrigins' | 'noFeedback' | 'showUsage' | 'usagePrices'> & {
    readonly toolRegistry: ToolRegistry;
  };

export interface RuntimePartsConfig {
  /** The thread on screen. */
  readonly view: ChatView;
  /** What the agent says it supports (`ChatAttachments.capabilities`). */
  readonly capabilities: () => AgentCapabilities | undefined;
  /** Where focus goes back to (the composer). */
  readonly focusComposer: () => void;
  /** The bearer token for a Soliplex server (feedback and sources are sent with it). */
  readonly token: GetToken;
}

/**
 * The chat's parts that its runtime makes (chat-runtime.ts: not in the first paint), made on the
 * first update after it has loaded: focus, the shipped translation and text direction, the live
 * region, the suggestion chips, each answer's extras; and the context its message list, status line
 * and cards read (one object per change, so they update only when something they read changed).
 */
export class RuntimeParts {
  readonly #host: RuntimePartsHost;
  readonly #config: RuntimePartsConfig;
  readonly #provider: ContextProvider<typeof chatContext, RuntimePartsHost>;
  /** The shipped translation `lang` asks for, and its direction (English until the runtime loads). */
  #locale?: LocaleController;
  /** What the live region says (before the runtime, no turn has anything to say). */
  #announcements?: AnnouncementController;
  /** The suggestion chips (`suggestions`, else the room's). */
  #suggestions?: LazySuggestions;
  /** Each answer's feedback, usage and sources. */
  #answers?: AnswerExtrasController;
  #providedStrings?: SoliplexChatStringsOverrides;

  constructor(host: RuntimePartsHost, config: RuntimePartsConfig) {
    this.#host = host;
    this.#config = config;
    this.#provider = new ContextProvider(host, { context: chatContext });
  }

  /** What the chat's parts read; undefined until the runtime and the engine are there. */
  get context(): ChatContextValue | undefined {
    return this.#provider.value;
  }

  /** `rtl` for a right-to-left translation, else `''` (the direction is inherited). */
  get dir(): 'rtl' | '' {
    return this.#locale?.dir === 'rtl' ? 'rtl' : '';
  }

  /** The `lang` the chat was asked for ('' until the runtime loads). */
  get lang(): string {
    return this.#locale?.requested ?? '';
  }

  /** Before each render: makes the parts once the runtime is there, and provides the context of `thread`. */
  update(thread: ThreadHandle | undefined): void {
    const rt = chatRuntimeIfLoaded();
    if (!rt) return;
    const host = this.#host;
    const view = this.#config.view;
    if (!this.#locale) {
      // Focus goes into cards that ask, on after an answer, back to the composer.
      new rt.FocusController(host, this.#config.focusComposer);
      this.#locale = new rt.LocaleController(host);
      this.#announcements = rt.announcer(host, view, () => this.strings(rt), () => host.toolRegistry);
      this.#suggestions = rt.suggestions(host, view, () => host.suggestions);
    }
    if (!thread) return;
    const { toolRegistry, interruptRenderers, activityRenderers, toolRenderers, imageOrigins, noFeedback, showUsage, usagePrices } = host;
    const answers = (this.#answers ??= rt.answerExtras(host, { threadKey: view.threadKey, token: this.#config.token }));
    const capabilities = this.#config.capabilities();
    const next = { thread, toolRegistry, interruptRenderers, activityRenderers, toolRenderers, imageOrigins, capabilities, answers, noFeedback, showUsage, usagePrices, lang: this.lang };
    const strings = this.localized(); // the same object while neither the page's nor the locale's change
    this.#provider.setValue(rt.chatContextFor(this.context, next, strings, strings !== this.#providedStrings));
    this.#providedStrings = strings;
  }

  /** The page's `strings` over the shipped translation (the page's alone until the runtime has loaded). */
  localized(): SoliplexChatStringsOverrides | undefined {
    return this.#locale ? this.#locale.strings(this.#host.strings) : this.#host.strings;
  }

  /** The chat's strings, the page's translations merged in. */
  strings(rt: ChatRuntime): ChatStrings {
    return this.context?.strings ?? rt.mergeBaseStrings(this.localized());
  }

  /** The suggestion chips: `starters` in the empty state, follow-ups after an answer. */
  renderSuggestions(label: string, send: (text: string) => void, starters?: readonly string[]) {
    return this.#suggestions?.render(label, send, starters) ?? nothing;
  }

  /** The live region's lines. */
  renderAnnouncements() {
    return this.#announcements ? chatRuntimeIfLoaded()!.renderAnnouncements(this.#announcements.lines) : nothing;
  }
}
