import { html, type ReactiveControllerHost } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { SoliplexThreadChangeEvent, commonDomEventsFor, rareEventsIfLoaded, type RareEvents } from '../../events-default.js';
import { mergeBaseStrings, type SoliplexChatStringsOverrides } from '../shared/chat-strings.js';
import type { ChatContextValue } from '../../context.js';
import { failureText } from '../shared/failure-text.js';
import { describeChanges } from './announcements.js';
import { AnnouncementController } from '../../controllers/announcement-controller.js';
import { LazySuggestions } from './lazy-suggestions.js';
import type { ChatSuggestions } from './suggestion-chips.js';
import type { ChatStrings } from '../shared/chat-strings.js';
import type { EngineEvent, RunFailure, ThreadKey, ThreadSnapshot, ToolRegistry } from '../../core/index.js';
import { emptyConversation } from '../../core/conversation/empty-conversation.js';
import { idleState, isRunning, threadKeyId } from '../../core/tool-loop/run-state.js';
import { FocusController } from '../../controllers/focus-controller.js';
import { ThreadController } from '../../controllers/thread-controller.js';
import { LocaleController } from '../shared/locale-controller.js';
import { provideChatRuntime } from './chat-parts.js';
import { AnswerExtrasController, type AnswerExtrasConfig } from '../../controllers/answer-extras-controller.js';
import { LazyExport, headerButtons } from './chat-export.js';
import { renderStorageNotice } from './storage-notice.js';

/**
 * The chat element's code that matters only once there is something to say: the page's events, all
 * the UI strings, failure words and screen-reader announcements. It loads with the chat's other parts
 * (chat-parts.ts), so the first paint of an empty chat does without it.
 */
/** The thread on screen, as the parts made here read it. */
export interface ChatView {
  readonly snapshot: () => ThreadSnapshot | undefined;
  readonly threadKey: () => ThreadKey;
}

/** What the chat's context carries, besides its strings and what its handle says. */
type ContextInputs = Omit<ChatContextValue, 'engine' | 'threadKey' | 'strings'>;
const CONTEXT_INPUTS = ['thread', 'toolRegistry', 'capabilities', 'interruptRenderers', 'activityRenderers', 'toolRenderers', 'imageOrigins', 'answers', 'noFeedback', 'showUsage', 'usagePrices', 'lang'] as const;

/**
 * The chat's context for its parts: `previous` while nothing it carries changed (consumers update on
 * a new object only), else a new one (`strings` merged again when `stringsChanged`).
 */
function chatContextFor(
  previous: ChatContextValue | undefined,
  next: ContextInputs,
  strings: SoliplexChatStringsOverrides | undefined,
  stringsChanged: boolean,
): ChatContextValue {
  if (previous && !stringsChanged && CONTEXT_INPUTS.every((key) => previous[key] === next[key])) return previous;
  const merged = previous && !stringsChanged ? previous.strings : mergeBaseStrings(strings);
  return { ...next, engine: next.thread.engine, threadKey: next.thread.key, strings: merged };
}

let rareLoading: Promise<RareEvents> | undefined;
let rareModule: RareEvents | undefined;
/** The classes of the events a plain answer never fires (events-rare.ts): `loaded` once there, `load()` to get them. */
const rareEvents = {
  get loaded(): RareEvents | undefined {
    return rareEventsIfLoaded() ?? rareModule;
  },
  load(): Promise<RareEvents> {
    rareLoading ??= import('../../events-rare.js').then(
      (module) => (rareModule = module),
      (error: unknown) => {
        rareLoading = undefined; // a network blip: the next one tries again
        throw error;
      },
    );
    return rareLoading;
  },
};

const chatRuntime = {
  chatContextFor,
  SoliplexThreadChangeEvent,
  /** The page events of an engine event; undefined while their classes (`rareEvents`) are not loaded. */
  domEventsFor: (event: EngineEvent, describe: (failure: RunFailure) => string): Event[] | undefined =>
    commonDomEventsFor(event, describe) ?? rareEvents.loaded?.rareDomEventsFor(event),
  /** The classes of the events a plain answer never fires (tools, interrupts, state, raw AG-UI events): loaded with the first one. */
  rareEvents,
  mergeBaseStrings,
  failureText,
  describeChanges,
  /** Where focus goes once there are cards to answer (nothing at first paint needs it). */
  FocusController,
  /** Follows the thread on screen (its snapshots render the chat again): there is none to follow before an engine. */
  ThreadController,
  /** The header's Export (shown only once there is a conversation) and `exportTranscript()`. */
  LazyExport,
  headerButtons,
  /** Why this browser could not keep the conversation, or that another tab changed it (worded with the chat's strings). */
  renderStorageNotice,
  /** The shipped translation `lang` asks for (an English page loads none). */
  LocaleController,
  /** The suggestion chips: the page's `suggestions` (asked of its function at rest), else the room's; their code loads with the first. */
  suggestions: (host: ReactiveControllerHost, view: ChatView, source: () => ChatSuggestions | undefined) => new LazySuggestions(host, view, source),
  /** The live region's lines: what a turn changed that a screen reader should hear. */
  announcer: (host: ReactiveControllerHost, view: ChatView, strings: () => ChatStrings, tools: () => ToolRegistry) =>
    new AnnouncementController(host, {
      conversation: () => view.snapshot()?.conversation ?? emptyConversation,
      threadId: () => threadKeyId(view.threadKey()),
      // A restored history (the thread idle, interrupted by a reload, or still loading) is not news: only a turn's changes are.
      quiet: () => {
        const run = view.snapshot()?.run ?? idleState;
        return run.status === 'idle' || run.status === 'interrupted' || (isRunning(run) && run.phase === 'loading-history');
      },
      describe: (previous, next) => describeChanges(previous, next, strings(), tools()),
    }),
  /** Each answer's feedback, usage and sources for `host`, which fires `soliplex-feedback` for each rating (a rare event: its class loads with the first). */
  answerExtras: (host: ReactiveControllerHost & EventTarget, config: Omit<AnswerExtrasConfig, 'onFeedback'>) =>
    new AnswerExtrasController(host, {
      ...config,
      onFeedback: (feedback) => void rareEvents.load().then((rare) => host.dispatchEvent(new rare.SoliplexFeedbackEvent(feedback))),
    }),
  /** The live region's lines; keyed, so a render never re-announces an old line. */
  renderAnnouncements: (lines: readonly { readonly id: number; readonly text: string }[]) =>
    repeat(lines, (line) => line.id, (line) => html`<p>${line.text}</p>`),
};

export type ChatRuntime = typeof chatRuntime;

// Registers with the element: at once where this module is imported statically (the npm entry).
provideChatRuntime(chatRuntime);
