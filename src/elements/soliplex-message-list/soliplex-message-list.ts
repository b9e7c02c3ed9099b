import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { consume } from '@lit/context';
import { emptyConversation } from '../../core/conversation/empty-conversation.js';
import type { AssistantMessage, ChatMessage, Conversation, InstructionMessage, ToolCall } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { baseChatStrings, type ChatStrings } from '../shared/chat-strings.js';
import { StreamingMarkdown, renderMarkdown } from './markdown.js';
import { messageListStyles } from './soliplex-message-list.styles.js';
import { markdownStyles } from './markdown.styles.js';
import { messageActionsStyles } from './message-actions.styles.js';
import type { SubagentGroup } from './subagent-group.js';
import { ScrollFollowController } from './scroll-follow-controller.js';
import type { ProgressiveRenderController } from './progressive-render-controller.js';
import { FIRST_WINDOW, messagePages, WINDOW_MIN_ITEMS } from './message-pages.js';
import type { MessageWindowController } from './message-window-controller.js';
import { loadOnce } from '../shared/load-once.js';
import { ANSWER_EXTRAS_EXPORTPARTS } from './exportparts.js';
import { answerMessages, answerText, answerTurns, endsAnswer, groupAnswers, samePrefix, type AnswerGroup, type AnswerTurn, type AnswerTurnCache } from './answer-turns.js';
import { requestedLang } from '../shared/locale.js';
import type { ReadAloud } from './read-aloud.js';
import { LazyModule } from '../../core/lazy-module.js';
import { adoptStyles } from './adopt-styles.js';
import type { Edits } from './message-editor.js';

/** What only some conversations show (tool calls, interrupts, activities, versions, the editor, subagent groups, attachments): loaded with the first. */
const listExtras = new LazyModule(() => import('./message-list-extras.js'));
type ListExtras = NonNullable<typeof listExtras.loaded>;

// Tool cards, interrupt cards and activities come only from agents that use them: they render from the
// list's extras (agent-cards.ts), each card's element loaded with the first one shown.
// An answer's feedback, sources and usage: loaded with the first finished answer.
const loadAnswerExtras = loadOnce(() => import('../soliplex-answer-extras/soliplex-answer-extras.js'));
/** Read aloud: where the browser can speak (its code loads on the first press). */
const canSpeak = () => typeof speechSynthesis !== 'undefined' && !!speechSynthesis && typeof SpeechSynthesisUtterance === 'function';

type Visible = Exclude<ChatMessage, InstructionMessage> | (InstructionMessage & { notice: true });
type Item = Visible | SubagentGroup<Visible>;
/** What the list shows at its top level: user messages, history gaps and answers (each a user turn's output). */
type Entry = Item | AnswerGroup<Item>;
const isAnswer = (e: Entry | undefined): e is AnswerGroup<Item> => !!e && 'kind' in e && e.kind === 'answer';
type ActionTargets = {
  /** The answer with Regenerate; whether user messages have Edit (neither while a turn runs). */
  regenerate?: string;
  edit?: boolean;
  /** The last answer (its actions always show), and the one still being written (no Copy yet). */
  last?: string;
  writing?: string;
  answers?: Map<string, AnswerTurn>;
};
const VISIBLE_ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'reasoning', 'interrupt', 'activity', 'history-gap']);
/**
 * System and developer messages show only when the agent streamed them (notices); a snapshot's
 * instructions do not. An assistant message shows once it has text or calls (until then the answer's
 * placeholder stands in).
 */
const isVisible = (m: ChatMessage): m is Visible =>
  m.role === 'assistant' ? !!m.text || m.toolCallIds.length > 0 : VISIBLE_ROLES.has(m.role) || ((m.role === 'system' || m.role === 'developer') && !!m.notice);

/** Which message actions a page hides (`no-copy`, `no-regenerate`, `no-edit` on the chat). */
export interface HiddenMessageActions {
  readonly copy?: boolean;
  readonly regenerate?: boolean;
  readonly edit?: boolean;
}


/**
 * The conversation: user and assistant messages (assistant Markdown rendered safely, streaming in),
 * collapsible reasoning, and each assistant message's tool calls with their approval cards. Stays
 * scrolled to the end while the reader is at the end, and leaves them alone once they scroll up.
 *
 * Built to keep up with a fast stream and a long history: a streaming message re-parses only its
 * open Markdown block; the view follows the end from a ResizeObserver (after layout, at most once a
 * frame), never by reading the layout in a render; messages are rendered in pages of up to 25 whose
 * boundaries stay put, so a streaming token renders one page and the browser checks one box per page
 * for being near the viewport (`content-visibility: auto`: off-screen pages skip layout and paint,
 * their text stays in the DOM for find-in-page); a long conversation shows its latest messages first
 * and the older ones in idle chunks, and past 100 items renders only the pages near the viewport, the
 * last ones and the one holding focus (the others are empty placeholders of their height: the DOM stays
 * bounded, find-in-page sees what is rendered).
 *
 * A user turn's output (the text of every hop, reasoning, tool calls, activities) is one answer with
 * one set of actions: Copy (the text of every hop, in order), Read aloud where the browser can speak,
 * Regenerate on the last answer; a user message has Copy and Edit (while no turn runs), and "‹ 2 / 3 ›"
 * when its turn was regenerated or edited (the earlier versions are kept: the buttons show them).
 * Actions show on hover and focus, always on the last answer and on touch screens. From Send to the
 * first output a placeholder stands where the answer will appear. A "Jump to latest" button shows
 * while the reader is scrolled up from the end.
 * @summary The messages and tool calls of a thread.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @csspart messages - The scrolling conversation.
 * @csspart message - Every message.
 * @csspart user-message - A user message.
 * @csspart answer - One answer: a user turn's output (the text of every hop, reasoning, tool calls, activities) in one bubble, with one set of actions under it.
 * @csspart answer-placeholder - Stands where the answer will appear, from Send until its first output ("Thinking…" to screen readers; the status line announces it).
 * @csspart assistant-message - An assistant message: one hop's text and tool calls, inside its answer (a turn with tool hops has several).
 * @csspart reasoning - Collapsible reasoning.
 * @csspart notice - A system or developer message the agent streamed into the conversation.
 * @csspart history-gap - Where stored runs could not be loaded: "Part of this conversation couldn't be loaded."
 * @csspart history-gap-retry - Its "Retry": loads the thread's history again.
 * @csspart truncated-notice - Says where a message, tool arguments or a tool result longer than `MAX_TEXT_CHARS` (100,000 characters) was cut.
 * @csspart subagent - A subagent's messages, grouped and collapsible.
 * @csspart subagent-summary - A subagent's name and status.
 * @csspart message-attachment - An attachment shown on a user message.
 * @csspart message-actions - The actions under a message or an answer: shown on hover and focus, always on the last answer and on touch screens.
 * @csspart copy-button - "Copy" on a user message, and on an answer (the text of all its hops).
 * @csspart read-aloud-button - "Read aloud" on an answer ("Stop reading" while it reads), where the browser can speak.
 * @csspart regenerate-button - "Regenerate" on the last answer.
 * @csspart edit-button - "Edit" on a user message (an earlier one too: its turn runs again from there, the earlier version kept).
 * @csspart versions - On a user message whose turn was regenerated or edited: "‹ 2 / 3 ›", the buttons "Previous version" and "Next version" around which version is shown.
 * @csspart jump-to-latest - "Jump to latest", while the reader is scrolled up from the end.
 * @csspart tool-card - A tool call card.
 * @csspart tool-name - A tool card's tool name.
 * @csspart tool-arguments - A tool card's arguments on one line, after the name.
 * @csspart tool-view - What the page's renderer for the tool (`toolRenderers`) shows in its card.
 * @csspart tool-status - A tool card's status.
 * @csspart tool-details - A tool card's collapsible arguments and result.
 * @csspart tool-result - Output of a tool's own renderer.
 * @csspart tool-content - A structured tool result: text, pretty JSON, image previews, download links.
 * @csspart tool-changes - What a tool call changed in the agent's tools, as one muted line ("Weather ready"; the full list on hover and in the inspector).
 * @csspart tool-cached - Marks a tool result that came from the tool's cache.
 * @csspart run-again-button - Run again, on a tool call the page's reload interrupted (status `interrupted`).
 * @csspart approval-card - A card asking to approve a call (focusable, so focus can move to it when it appears).
 * @csspart approval-arguments - The arguments on an approval card.
 * @csspart approve-button - Approve.
 * @csspart always-allow-button - Approve, and allow the tool without asking again in this thread.
 * @csspart deny-button - Deny.
 * @csspart interrupt-card - A question of the agent (an AG-UI interrupt).
 * @csspart interrupt-message - The interrupt's message.
 * @csspart interrupt-form - The form generated from the interrupt's response schema.
 * @csspart interrupt-submit - Send the answer (Approve, for a tool call).
 * @csspart interrupt-cancel - Cancel the interrupt (Deny, for a tool call).
 * @csspart interrupt-status - How a settled or expired interrupt stands.
 * @csspart interrupt-custom - An interrupt renderer's output.
 * @csspart activity - An activity of the agent.
 * @csspart activity-custom - An activity renderer's output.
 * @csspart sources - An answer's numbered sources (RAG citations on Soliplex), under the answer.
 * @csspart source - One source: its number, document title, headings and pages; opening it shows the cited chunk.
 * @csspart source-chunk - An open source's cited text and page previews.
 * @csspart source-preview - A page preview image of an open source, the cited passage highlighted.
 * @csspart usage - The tokens the answer used, and the thread (on the last answer) (`show-usage`), with their cost by `usagePrices`.
 * @csspart feedback - "Good response" and "Bad response" under an answer (not with `no-feedback`).
 * @csspart feedback-button - A feedback button (`aria-pressed` when chosen).
 * @csspart feedback-reason - The optional reason field after a rating, with its Send button.
 */
export class SoliplexMessageList extends LitElement {
  static override styles = [messageListStyles, markdownStyles, messageActionsStyles];

  /** The conversation to show. */
  @property({ attribute: false }) conversation: Conversation = emptyConversation;

  /** Shows Markdown images as links to them: no image loads unless the reader follows its link. */
  @property({ type: Boolean, attribute: 'no-images' }) noImages = false;
  /** True while a turn runs: Regenerate and Edit wait for it to end. */
  @property({ type: Boolean }) busy = false;

  /** The message actions the page hides. */
  @property({ attribute: false }) hiddenActions: HiddenMessageActions = {};

  /** The inline editing, from the first Edit (its code comes with the list's extras). */
  #edits?: Edits;
  /** The message or answer whose text was just copied (for a moment). */
  @state() private copied?: string;
  /** The answer being read aloud. */
  @state() private reading?: string;
  /** Stops the reading, once its code has loaded. */
  #readAloud?: ReadAloud;
  /** How many readings were started (the ticket of the current one). */
  #readings = 0;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  @query('.scroller') private scroller?: HTMLElement;
  @query('.content') private content?: HTMLElement;

  /** Stays at the end while the reader is there; "Jump to latest" while they are not. */
  readonly #follow = new ScrollFollowController(this, { scroller: () => this.scroller, content: () => this.content });
  /** A long conversation shows its latest messages first, the older ones in idle chunks (the controller loads with the first). */
  #progressive?: ProgressiveRenderController<Entry>;
  /** Until it is in: how many entries the last render had, and its first (to tell a long jump), and whether it loads. */
  #seen: { count: number; first?: string; loading?: boolean } = { count: 0 };
  /** The pages the shown messages are cut into (their boundaries kept from render to render). */
  readonly #pages = messagePages();
  /** A long conversation renders the pages near the viewport (and the last ones); the others are placeholders. Loaded with the first long one. */
  #window?: MessageWindowController;
  #windowLoading = false;

  /** Streaming messages' Markdown, by message id: only the open block is parsed again per render. */
  readonly #markdown = new Map<string, StreamingMarkdown>();
  /** The strings the cached Markdown was rendered with (its code blocks' copy buttons). */
  #markdownStrings?: ChatStrings;
  /** The image origins the cached Markdown was rendered with. */
  #imageOrigins?: string;
  /** The answers' objects, kept while their runs and records stay the same (see `answerTurns`). */
  readonly #answerTurns = new Map() as AnswerTurnCache;

  /** A running turn's new tool cards, a few per frame (from the list's extras, with the first card). */
  #cardSlices?: InstanceType<ListExtras['CardSlices']>;

  /** Loads the window of pages, once (a failed load is tried again with the next render). */
  #loadWindow(): void {
    if (this.#window || this.#windowLoading) return;
    this.#windowLoading = true;
    import('./message-window-controller.js').then(
      ({ MessageWindowController }) => {
        this.#window = new MessageWindowController(this, { scroller: () => this.scroller, content: () => this.content });
        this.requestUpdate();
      },
      (error: unknown) => {
        this.#windowLoading = false;
        console.error('[soliplex-chat] the window of a long chat could not be loaded', error);
      },
    );
  }

  /**
   * The rare pieces' module with its styles in this list's root, or undefined while it loads (the list
   * renders again when it is there).
   */
  #extras(): ListExtras | undefined {
    const loaded = listExtras.loaded;
    if (loaded) {
      adoptStyles(this.renderRoot, loaded.messageListExtrasStyles);
      return loaded;
    }
    listExtras.load().then(
      () => this.requestUpdate(),
      (error: unknown) => console.error('[soliplex-chat] a part of the message list could not be loaded', error),
    );
    return undefined;
  }

  /** Scrolls to the latest message and sticks there again. */
  scrollToEnd(): void {
    this.#follow.scrollToEnd();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#copiedTimer);
    this.#cardSlices?.cancel();
    // The chat went away: what it was reading stops with it.
    if (this.reading) this.#readAloud?.stop();
    this.reading = undefined;
  }

  override render() {
    const strings = this.chat?.strings ?? baseChatStrings;
    this.#cardSlices?.startRender();
    const entries = this.#currentEntries();
    const shown = this.#shown(entries);
    const pages = this.#pages(shown);
    if (shown.length > WINDOW_MIN_ITEMS) this.#loadWindow();
    const whole = this.#window?.whole(pages);
    this.#forgetMarkdown();
    const actions = { ...this.#actionTargets(entries), answers: answerTurns(this.conversation, this.busy, this.#answerTurns) };
    return html`
      <div part="messages" class="scroller" role="region" tabindex="0" aria-label=${strings.conversationLabel} @scroll=${this.#follow.onScroll}>
        <div class="content">
          ${repeat(
            pages,
            (page) => page.id,
            // A page away from the viewport is a placeholder of its height (one element for both, so the
            // observers and scroll anchoring keep it); one whose messages (and what they show) did not
            // change is not rendered again.
            (page) => {
              const shownWhole = !whole || whole.has(page.id);
              // The window sets a placeholder's height.
              return html`<div class=${shownWhole ? 'page' : 'page placeholder'} data-page-id=${page.id} data-items=${page.items.length}>${shownWhole
                ? guard(this.#pageDeps(page.items, strings, actions), () => repeat(page.items, (e) => e.id, (e) => this.#renderEntry(e, strings, actions)))
                : nothing}</div>`;
            },
          )}
          ${this.busy && !isAnswer(entries.at(-1)) ? this.#renderPlaceholder(strings) : nothing}
        </div>
      </div>
      ${this.#follow.away
        ? html`<button part="jump-to-latest" class="jump" type="button" @click=${this.#jumpToLatest}>
            <span aria-hidden="true">↓</span> ${strings.jumpToLatest}
          </button>`
        : nothing}
    `;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Streaming messages' parsed blocks were rendered with the old setting.
    if (changed.has('noImages')) this.#markdown.clear();
  }

  /** The entries up to the last answer end (a user message, a gap), kept while those messages stay the same objects. */
  #headEntries?: { readonly messages: readonly ChatMessage[]; readonly end: number; readonly reasoning: boolean; readonly subagents: boolean; readonly entries: readonly Entry[] };

  /**
   * The list's top level now (see `#entries`). In a long chat, per streamed token: the entries before
   * the last question are the last render's when their messages are the same objects (a token replaces
   * a later one), so only the open answer is grouped again.
   */
  #currentEntries(): Entry[] {
    const { messages } = this.conversation;
    const reasoning = this.chat?.capabilities?.reasoning?.supported !== false;
    const shows = (m: ChatMessage): m is Visible => isVisible(m) && (reasoning || m.role !== 'reasoning');
    const bySubagent = (m: Visible) => 'subagentRunId' in m && !!m.subagentRunId;
    let end = messages.length - 1;
    while (end >= 0 && !endsAnswer(messages[end]!)) end--;
    let head = this.#headEntries;
    if (!head || head.end !== end || head.reasoning !== reasoning || !samePrefix(head.messages, messages, end)) {
      const visible = messages.slice(0, end + 1).filter(shows);
      const subagents = visible.some(bySubagent);
      head = this.#headEntries = { messages, end, reasoning, subagents, entries: subagents ? [] : groupAnswers<Item>(visible) };
    }
    const tail = messages.slice(end + 1).filter(shows);
    // A subagent's messages are grouped across the whole conversation.
    if (head.subagents || tail.some(bySubagent)) return this.#entries(this.#visible());
    return [...head.entries, ...groupAnswers<Item>(tail)];
  }

  /** The messages shown: reasoning is left out when the agent's capabilities say it has none (`reasoning.supported: false`). */
  #visible(): Visible[] {
    const reasoning = this.chat?.capabilities?.reasoning?.supported !== false;
    return this.conversation.messages.filter((m): m is Visible => isVisible(m) && (reasoning || m.role !== 'reasoning'));
  }

  /**
   * What to render of `entries`: all of them, but when many arrive at once (a history, a thread switch),
   * the latest FIRST_WINDOW while the progressive controller loads; from then on it decides.
   */
  #shown(entries: readonly Entry[]): readonly Entry[] {
    if (this.#progressive) return this.#progressive.shown(entries);
    const first = entries[0]?.id;
    const seen = this.#seen;
    const added = first === seen.first ? entries.length - seen.count : entries.length;
    this.#seen = { count: entries.length, first, loading: seen.loading };
    if (added < FIRST_WINDOW * 2 && !seen.loading) return entries;
    if (!seen.loading) {
      this.#seen.loading = true;
      import('./progressive-render-controller.js').then(
        ({ ProgressiveRenderController }) => {
          this.#progressive = new ProgressiveRenderController(this, () => this.#currentEntries());
          this.requestUpdate();
        },
        (error: unknown) => {
          // Everything renders at once then.
          this.#seen.loading = false;
          this.requestUpdate();
          console.error('[soliplex-chat] the progressive rendering of a long chat could not be loaded', error);
        },
      );
    }
    return entries.slice(-FIRST_WINDOW);
  }

  /**
   * The list's top level: the visible messages, a subagent's folded into a group (by the list's extras:
   * ungrouped until they are in), a turn's output into an answer.
   */
  #entries(visible: Visible[]): Entry[] {
    const subagents = visible.some((m) => 'subagentRunId' in m && m.subagentRunId);
    return groupAnswers<Item>((subagents && this.#extras()?.groupBySubagent(visible, this.conversation)) || visible);
  }

  /** Which answer gets Regenerate (the last one), and whether user messages get Edit: neither while a turn runs. */
  #actionTargets(entries: readonly Entry[]): ActionTargets {
    const end = entries.at(-1);
    const last = entries.findLast(isAnswer)?.id;
    if (this.busy) return { last, writing: isAnswer(end) ? end.id : undefined };
    const lastUser = entries.findLastIndex((e) => !('kind' in e) && e.role === 'user');
    if (lastUser < 0) return { last };
    const answer = entries.slice(lastUser + 1).findLast((e) => isAnswer(e) && answerMessages(e).length > 0);
    return { regenerate: answer?.id, edit: true, last };
  }

  #copyButton(key: string, text: string, strings: ChatStrings) {
    const copied = this.copied === key;
    return html`<button part="copy-button" type="button" data-copied=${copied} @click=${() => this.#copy(key, text)}>
      ${copied ? html`<span aria-hidden="true">✓ </span>` : nothing}${strings.copy}
    </button>`;
  }

  #renderUserActions(message: Visible & { role: 'user' }, targets: ActionTargets, strings: ChatStrings) {
    const hidden = this.hiddenActions;
    const copy = !hidden.copy && message.text.trim() !== '';
    const edit = !hidden.edit && !!targets.edit;
    // "‹ 2 / 3 ›" on a turn that has versions (its code loads with the first).
    const versions = this.conversation.versions?.[message.id] && this.#extras();
    const position = versions && versions.versionPosition(this.conversation, message.id);
    if (!copy && !edit && !position) return nothing;
    return html`<div part="message-actions" class="actions from-user">
      ${position ? versions.renderVersions(position, strings, !this.busy, (index) => this.#switchVersion(message.id, index)) : nothing}
      ${copy ? this.#copyButton(message.id, message.text, strings) : nothing}
      ${edit ? html`<button part="edit-button" type="button" @click=${() => this.#startEdit(message)}>${strings.edit}</button>` : nothing}
    </div>`;
  }

  /**
   * One set of actions for the whole answer: Copy and Read aloud once it is written (half an answer
   * is not what anyone wants to paste), Regenerate on the last one.
   */
  #renderAnswerActions(group: AnswerGroup<Item>, targets: ActionTargets, strings: ChatStrings) {
    const hidden = this.hiddenActions;
    const done = group.id !== targets.writing && answerMessages(group).every((m) => m.complete);
    const text = done ? answerText(group) : '';
    const copy = !hidden.copy && text !== '';
    const speak = text !== '' && canSpeak();
    const regenerate = !hidden.regenerate && targets.regenerate === group.id;
    if (!copy && !speak && !regenerate) return nothing;
    const reading = this.reading === group.id;
    return html`<div part="message-actions" class="actions from-assistant">
      ${copy ? this.#copyButton(group.id, text, strings) : nothing}
      ${speak
        ? html`<button part="read-aloud-button" type="button" data-reading=${reading} @click=${() => this.#toggleReading(group.id, text)}>
            ${reading ? strings.stopReading : strings.readAloud}
          </button>`
        : nothing}
      ${regenerate ? html`<button part="regenerate-button" type="button" @click=${this.#regenerate}>${strings.regenerate}</button>` : nothing}
    </div>`;
  }

  /** Read aloud, or stop: one answer at a time (the speech code loads on the first press). */
  #toggleReading(key: string, text: string): void {
    if (this.reading === key) {
      this.#readAloud?.stop();
      this.reading = undefined;
      return;
    }
    this.reading = key;
    // Each reading its ticket: the end of one stopped earlier (reported late) must not end the next.
    const ticket = ++this.#readings;
    const over = () => {
      if (this.#readings === ticket) this.reading = undefined;
    };
    import('./read-aloud.js').then(
      ({ readAloud }) => {
        if (this.#readings !== ticket || this.reading !== key) return; // stopped while the code loaded
        this.#readAloud = readAloud;
        readAloud.speak(text, requestedLang(this), over);
      },
      (error: unknown) => {
        console.error('[soliplex-chat] read aloud could not be loaded', error);
        over();
      },
    );
  }

  /** Where the answer will appear, from Send until its first output. */
  #renderPlaceholder(strings: ChatStrings) {
    // Not a live region: the status line announces "Thinking…"; this names the dots for a reader browsing the list.
    return html`<div class="turn from-assistant last">
      <div part="answer answer-placeholder" class="answer placeholder">
        <span class="dots" aria-hidden="true"><span></span><span></span><span></span></span><span class="visually-hidden">${strings.thinking}</span>
      </div>
    </div>`;
  }

  #copiedTimer?: ReturnType<typeof setTimeout>;

  async #copy(key: string, text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.error('[soliplex-chat] copying failed', error);
      return;
    }
    this.copied = key;
    clearTimeout(this.#copiedTimer);
    this.#copiedTimer = setTimeout(() => (this.copied = undefined), 1500);
  }

  // Retry (history), Regenerate and Edit act on the thread on screen through the chat's handle.
  #retryHistory = () => this.chat?.thread.reloadHistory();

  #regenerate = () => this.chat?.thread.regenerate();

  /** The turn whose version was just switched: focus stays on its arrows once the list shows the switch. */
  #refocus?: string;

  /** Shows another version of a turn (the list shows it on its next render, once a frame). */
  #switchVersion(messageId: string, index: number): void {
    if (this.chat?.thread.switchVersion(messageId, index)) this.#refocus = messageId;
  }

  /** Opens the editor on a user message (its code loads with the first Edit). */
  #startEdit(message: { readonly id: string; readonly text: string }): void {
    listExtras.load().then(
      ({ Edits }) =>
        (this.#edits ??= new Edits(this, (id, draft) => {
          this.chat?.thread.edit(id, draft);
          this.scrollToEnd();
        })).start(message),
      (error: unknown) => console.error('[soliplex-chat] the editor could not be loaded', error),
    );
  }

  #jumpToLatest = () => {
    this.scrollToEnd();
    // The button goes away: keep focus in the conversation rather than lose it to the page.
    this.scroller?.focus({ preventScroll: true });
  };

  #renderEntry(e: Entry, strings: ChatStrings, actions: ActionTargets) {
    if (isAnswer(e)) return this.#renderAnswer(e, strings, actions);
    if (!('kind' in e) && e.role === 'user') return this.#renderUser(e, strings, actions);
    return this.#renderItem(e, strings);
  }

  #renderItem(m: Item, strings: ChatStrings) {
    if (!('kind' in m)) return this.#renderMessage(m, strings);
    // Until the group's code is there, its messages show ungrouped.
    const messages = (list: readonly Visible[]) => repeat(list, (x) => x.id, (x) => this.#renderMessage(x, strings));
    return this.#extras()?.renderSubagentGroup(m, strings, messages) ?? messages(m.messages);
  }

  /** A user message (or its editor) with its actions, together: hovering or focusing either shows the actions. */
  #renderUser(m: Visible & { role: 'user' }, strings: ChatStrings, actions: ActionTargets) {
    const edits = this.#edits;
    const edit = actions.edit && edits?.editing?.id === m.id ? edits.editing : undefined;
    // Editing: the editor's code has loaded (see #startEdit).
    const editor = edit && this.#extras()?.renderEditor(edit, strings, edits!);
    // The actions follow the message: a message stays next to its actions (`[data-message-id] + .actions`).
    return html`<div class="turn from-user">${editor ?? html`${this.#renderMessage(m, strings)}${this.#renderUserActions(m, actions, strings)}`}</div>`;
  }

  /** One answer: everything the turn's hops showed in one bubble, then its actions and extras (sources, usage, feedback). */
  #renderAnswer(group: AnswerGroup<Item>, strings: ChatStrings, actions: ActionTargets) {
    const turn = this.#turnOf(group, actions.answers);
    return html`<div class="turn from-assistant ${group.id === actions.last ? 'last' : ''}" data-answer-id=${group.id}>
      <div part="answer" class="answer"><span class="visually-hidden">${strings.assistant}: </span>${repeat(group.items, (m) => m.id, (m) => this.#renderItem(m, strings))}</div>
      ${this.#renderAnswerActions(group, actions, strings)}${turn ? this.#renderAnswerExtras(turn) : nothing}
    </div>`;
  }

  /** The answer's extras (keyed by its last message with something to show: see `answerTurns`). */
  #turnOf(group: AnswerGroup<Item>, answers: Map<string, AnswerTurn> | undefined): AnswerTurn | undefined {
    if (!answers?.size) return undefined;
    for (let i = group.items.length - 1; i >= 0; i--) {
      const item = group.items[i]!;
      for (const m of 'kind' in item ? [...item.messages].reverse() : [item]) {
        const turn = answers.get(m.id);
        if (turn) return turn;
      }
    }
    return undefined;
  }

  /**
   * What a page's rendering depends on, in one flat array (built for every page on every render, so
   * without an array per message): what every message shows (the actions' targets, the editor, Copy's
   * "copied", which change rarely and then render every page once), and each item with its calls. A
   * subagent group is built anew by every render: its page renders with each.
   */
  #pageDeps(entries: readonly Entry[], strings: ChatStrings, actions: ActionTargets): unknown[] {
    const deps: unknown[] = [listExtras.loaded, strings, this.busy, this.noImages, this.chat?.imageOrigins, this.hiddenActions, actions.regenerate, actions.edit, actions.last, actions.writing, this.#edits?.editing, this.copied, this.reading, this.chat?.answers, this.chat?.noFeedback, this.chat?.showUsage];
    // An answer is built anew by every render: its messages are what it shows.
    const push = (m: Item) => {
      deps.push(m, actions.answers?.get(m.id), this.conversation.versions?.[m.id]);
      // A card shown by a later frame (CardSlices) renders its page again.
      if ('toolCallIds' in m) for (const id of m.toolCallIds) deps.push(this.conversation.toolCalls[id], this.#cardSlices?.shown(id));
    };
    for (const e of entries) {
      if (isAnswer(e)) {
        deps.push(e.id);
        e.items.forEach(push);
      } else push(e);
    }
    return deps;
  }

  /** Under an answer: its sources, token usage and feedback buttons, for what there is to show. */
  #renderAnswerExtras(answer: AnswerTurn) {
    const chat = this.chat;
    if (!chat?.answers || (chat.noFeedback && !chat.showUsage && !answer.citations.length)) return nothing;
    loadAnswerExtras();
    return html`<soliplex-answer-extras exportparts=${ANSWER_EXTRAS_EXPORTPARTS} data-answer-for=${answer.messageId} .answer=${answer}></soliplex-answer-extras>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    // A conversation that shrank (another thread, an edit) may leave nothing below: back at the end.
    if (changed.has('conversation') && this.conversation.messages.length === 0) {
      this.scrollToEnd();
      this.#cardSlices?.clear();
    }
    if (changed.has('conversation') && this.#refocus !== undefined) {
      listExtras.loaded?.keepVersionFocus(this.renderRoot as ShadowRoot, this.#refocus);
      this.#refocus = undefined;
    }
  }

  #renderMessage(message: ChatMessage, strings: ChatStrings) {
    switch (message.role) {
      case 'user':
        // One line on purpose: the bubble keeps the user's line breaks (pre-wrap), not the template's.
        return html`<div part="message user-message" class="message user" data-message-id=${message.id}><span class="visually-hidden">${strings.you}: </span><span dir="auto">${message.text}</span>${this.#truncated(message, strings)}${message.parts?.length ? this.#extras()?.renderAttachments(message.parts, strings) : nothing}</div>`;
      case 'assistant':
        return this.#renderAssistant(message, strings);
      case 'reasoning':
        // Collapsed reasoning, from the extras (a model that shows its reasoning is not the common case).
        return this.#extras()?.renderReasoning(message, strings, this.#truncated(message, strings));
      case 'interrupt': {
        const callId = message.interrupt.toolCallId;
        return this.#extras()?.renderInterrupt(message, typeof callId === 'string' ? this.conversation.toolCalls[callId] : undefined);
      }
      case 'system':
      case 'developer':
        // A notice the agent streamed, or a history gap: from the extras, as they are rare.
        return message.notice ? this.#extras()?.renderNotice(message, strings, this.#truncated(message, strings)) : nothing;
      case 'history-gap':
        return this.#extras()?.renderHistoryGap(message.id, strings, this.busy, this.#retryHistory);
      case 'activity':
        return this.#extras()?.renderActivity(message);
      default:
        return nothing;
    }
  }

  /** Under a text cut at MAX_TEXT_CHARS: says so (from the extras: a frame later the first time). */
  #truncated(message: { truncated?: true }, strings: ChatStrings) {
    return message.truncated ? this.#extras()?.renderTruncated(strings) : nothing;
  }

  #callsOf(message: ChatMessage) {
    if (message.role !== 'assistant') return [];
    return message.toolCallIds.map((id) => this.conversation.toolCalls[id]).filter((c) => c !== undefined);
  }

  #renderAssistant(message: AssistantMessage, strings: ChatStrings) {
    const calls = this.#callsOf(message);
    if (!message.text && calls.length === 0) return nothing;
    // `writing`: text is streaming in, shown with a caret after the last block.
    const writing = !message.complete && !!message.text;
    return html`<div part="message assistant-message" class="message assistant ${writing ? 'writing' : ''}" data-message-id=${message.id} aria-busy=${message.complete ? 'false' : 'true'}>
      ${message.text ? html`<div class="text" dir="auto">${guard([message.text, message.complete, this.noImages, strings, this.chat?.imageOrigins], () => this.#markdownOf(message, strings))}</div>${this.#truncated(message, strings)}` : nothing}
      ${calls.length ? this.#renderCalls(calls) : nothing}
    </div>`;
  }

  /** A message's tool cards: while a turn runs, the new ones a few per frame (see CardSlices). */
  #renderCalls(calls: readonly ToolCall[]) {
    const extras = this.#extras();
    if (!extras) return nothing;
    const slices = (this.#cardSlices ??= new extras.CardSlices(() => this.requestUpdate(), () => this.chat));
    return extras.renderCalls(slices.take(calls, this.busy));
  }

  /**
   * A streaming message goes through its StreamingMarkdown; a complete one is parsed once (its last
   * render drops the cache). Called under a guard on the text: a message rendered again for another
   * reason (its actions, a tool call) keeps its Markdown DOM rather than parse and build it anew.
   */
  #markdownOf(message: AssistantMessage, strings: ChatStrings) {
    const options = { images: !this.noImages, imageOrigins: this.chat?.imageOrigins, strings };
    // Streaming messages' parsed blocks were rendered with the old strings or origins.
    if (strings !== this.#markdownStrings || options.imageOrigins !== this.#imageOrigins) this.#markdown.clear();
    this.#markdownStrings = strings;
    this.#imageOrigins = options.imageOrigins;
    let stream = this.#markdown.get(message.id);
    if (message.complete) {
      this.#markdown.delete(message.id);
      return stream ? stream.render(message.text) : renderMarkdown(message.text, options);
    }
    if (!stream) this.#markdown.set(message.id, (stream = new StreamingMarkdown(options)));
    return stream.render(message.text);
  }

  /** Drops the Markdown of messages that left the conversation unfinished (a retry, another thread). */
  #forgetMarkdown(): void {
    if (this.#markdown.size <= 1) return;
    const open = new Set(this.conversation.messages.filter((m) => m.role === 'assistant' && !m.complete).map((m) => m.id));
    for (const id of this.#markdown.keys()) if (!open.has(id)) this.#markdown.delete(id);
  }

}


if (!customElements.get('soliplex-message-list')) customElements.define('soliplex-message-list', SoliplexMessageList);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-message-list': SoliplexMessageList;
  }
}
