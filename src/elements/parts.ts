/**
 * The one table of CSS parts (`::part(name)`): for each element, the parts it renders in its own
 * shadow root (name → what it is), and which of its children's parts it forwards with `exportparts`.
 *
 * Everything else is made from it by `node scripts/parts.mjs` (run by `npm run analyze`):
 * - the `@csspart` lines of every element's JSDoc (which the manifest analyzer reads);
 * - `<tag>/exportparts.ts`, the `exportparts` strings an element gives the children it renders;
 * - the README's lists of parts.
 * `npm run check:manifest` fails when those differ from the table, when an element's source renders
 * a `part="…"` its row does not list (or its row lists one it never renders), and when
 * `custom-elements.json` documents other parts than the table gives.
 *
 * This file is read by the scripts and tests only: the descriptions stay out of the bundles.
 */

/** Each element's own parts: name → description (as the docs say it; the first element that lists a name describes it for the elements that forward it). */
export const OWN_PARTS = {
  'soliplex-chat': {
    root: "The chat's frame.",
    header: 'The header bar (title, Documents, Sign out, Export, New chat), when any is shown.',
    title: 'The title (`chat-title`).',
    'new-chat-button':
      '"New chat": in the header bar, in the thread list, and after a failure that a retry cannot fix (a thread gone from the server).',
    'sign-in': 'A Soliplex server that needs sign-in, when the page gave no token: its words and Sign in.',
    'sign-in-button': '"Sign in" (one per identity provider of the server; with several, it names the provider).',
    'sign-out-button': '"Sign out", in the header bar, while the chat\'s own sign-in is signed in.',
    'documents-button': '"Documents", in the header bar of a Soliplex room with documents: opens the picker.',
    documents: 'The documents picker: a checkbox per document of the room the agent may search.',
    'export-button': '"Export", in the header bar once there is a conversation (not with `no-export`): opens its choices.',
    'export-menu': 'The choices of Export: Markdown, JSON (each downloads the transcript).',
    'thread-list': 'The built-in `<soliplex-thread-list>` (with `thread-list`).',
    'threads-toggle': 'Opens the thread list drawer when the chat is narrow.',
    'empty-state': 'The empty state.',
    'storage-notice': 'Says that conversations cannot be kept in this browser, or that another tab changed this one.',
    welcome: 'The welcome message.',
    suggestions: 'The suggestion chips (`suggestions`, or the Soliplex room\'s): in the empty state, and after an answer.',
    suggestion: 'A suggestion: sends its text.',
    state: 'The agent state, as the `stateRenderer` shows it.',
  },
  'soliplex-message-list': {
    messages: 'The scrolling conversation.',
    message: 'Every message.',
    'user-message': 'A user message.',
    answer: "One answer: a user turn's output (the text of every hop, reasoning, tool calls, activities) in one bubble, with one set of actions under it.",
    'answer-placeholder': 'Stands where the answer will appear, from Send until its first output ("Thinking…" to screen readers; the status line announces it).',
    'assistant-message': 'An assistant message: one hop\'s text and tool calls, inside its answer (a turn with tool hops has several).',
    reasoning: 'Collapsible reasoning.',
    notice: 'A system or developer message the agent streamed into the conversation.',
    'history-gap': 'Where stored runs could not be loaded: "Part of this conversation couldn\'t be loaded."',
    'history-gap-retry': "Its \"Retry\": loads the thread's history again.",
    'truncated-notice': 'Says where a message, tool arguments or a tool result longer than `MAX_TEXT_CHARS` (100,000 characters) was cut.',
    subagent: "A subagent's messages, grouped and collapsible.",
    'subagent-summary': "A subagent's name and status.",
    'message-attachment': 'An attachment shown on a user message.',
    'message-actions': 'The actions under a message or an answer: shown on hover and focus, always on the last answer and on touch screens.',
    'copy-button': '"Copy" on a user message, and on an answer (the text of all its hops).',
    'read-aloud-button': '"Read aloud" on an answer ("Stop reading" while it reads), where the browser can speak.',
    'regenerate-button': '"Regenerate" on the last answer.',
    'edit-button': '"Edit" on a user message (an earlier one too: its turn runs again from there, the earlier version kept).',
    versions: 'On a user message whose turn was regenerated or edited: "‹ 2 / 3 ›", the buttons "Previous version" and "Next version" around which version is shown.',
    'jump-to-latest': '"Jump to latest", while the reader is scrolled up from the end.',
  },
  'soliplex-tool-call-card': {
    'tool-card': 'A tool call card.',
    'tool-name': "A tool card's tool name.",
    'tool-arguments': "A tool card's arguments on one line, after the name.",
    'tool-view': "What the page's renderer for the tool (`toolRenderers`) shows in its card.",
    'tool-status': "A tool card's status.",
    'tool-details': "A tool card's collapsible arguments and result.",
    'tool-result': "Output of a tool's own renderer.",
    'tool-content': 'A structured tool result: text, pretty JSON, image previews, download links.',
    'tool-changes': 'What a tool call changed in the agent\'s tools, as one muted line ("Weather ready"; the full list on hover and in the inspector).',
    'tool-cached': "Marks a tool result that came from the tool's cache.",
    'truncated-notice': 'Says that the arguments or the result were cut at `MAX_TEXT_CHARS` (100,000 characters).',
    'run-again-button': "Run again, on a tool call the page's reload interrupted (status `interrupted`).",
  },
  'soliplex-approval-card': {
    'approval-card': 'A card asking to approve a call (focusable, so focus can move to it when it appears).',
    'approval-arguments': 'The arguments on an approval card.',
    'approve-button': 'Approve.',
    'always-allow-button': 'Approve, and allow the tool without asking again in this thread.',
    'deny-button': 'Deny.',
  },
  'soliplex-interrupt-card': {
    'interrupt-card': 'A question of the agent (an AG-UI interrupt).',
    'interrupt-message': "The interrupt's message.",
    'interrupt-form': "The form generated from the interrupt's response schema.",
    'interrupt-submit': 'Send the answer (Approve, for a tool call).',
    'interrupt-cancel': 'Cancel the interrupt (Deny, for a tool call).',
    'interrupt-status': 'How a settled or expired interrupt stands.',
    'interrupt-custom': "An interrupt renderer's output.",
  },
  'soliplex-activity': {
    activity: 'An activity of the agent.',
    'activity-custom': "An activity renderer's output.",
  },
  'soliplex-answer-extras': {
    sources: "An answer's numbered sources (RAG citations on Soliplex), under the answer.",
    source: "One source: its number, document title, headings and pages; opening it shows the cited chunk.",
    'source-chunk': "An open source's cited text and page previews.",
    'source-preview': 'A page preview image of an open source, the cited passage highlighted.',
    usage: 'The tokens the answer used, and the thread (on the last answer) (`show-usage`), with their cost by `usagePrices`.',
    feedback: '"Good response" and "Bad response" under an answer (not with `no-feedback`).',
    'feedback-button': 'A feedback button (`aria-pressed` when chosen).',
    'feedback-reason': 'The optional reason field after a rating, with its Send button.',
  },
  'soliplex-run-status': {
    status: 'The run status line; its `data-state` is the run status.',
    'retry-button': 'Retry, after a failure (Retry now while a busy server is waited for).',
    'continue-button': "Continue, on a turn the page's reload interrupted (in the status line).",
    'new-chat-button': '"New chat", after a failure that a retry cannot fix (a thread gone from the server).',
    'error-details': 'The technical detail of a failure (collapsible).',
  },
  'soliplex-composer': {
    composer: 'The message form.',
    input: 'The message textarea.',
    'send-button': 'Send.',
    'stop-button': 'Stop, while a turn runs.',
    'dictate-button': '"Dictate" (pressed while listening), where the browser or the page can recognise speech.',
    'dictation-notice': 'Why dictation stopped (a refused microphone, a failure).',
  },
  'soliplex-attachments': {
    attachments: 'The attachment bar (when attachments are on).',
    'attach-button': 'The Attach button.',
    attachment: 'One attached file (preview and name).',
    'attachment-error': 'Why a file was refused or could not be sent.',
  },
  'soliplex-thread-list': {
    root: "The list's frame.",
    'new-chat-button': 'The "New chat" button.',
    'server-label': "A server's heading (with several servers).",
    'room-picker': 'The room select of a Soliplex server.',
    'room-welcome': "The picked room's welcome message.",
    'room-suggestions': "The picked room's suggestions.",
    threads: "The list of one server's threads.",
    thread: 'A thread list entry (`data-state`: idle, running, waiting-for-approval, failed; `data-unread`).',
    'thread-button': 'The button that shows a thread.',
    badge: "A thread's run badge.",
    'unread-badge': "A thread's unread mark.",
    'rename-button': 'Rename.',
    'delete-button': 'Delete (asks first).',
    'confirm-delete-button': 'Confirms a delete.',
    'rename-input': 'The name field while renaming.',
    error: 'Why something failed.',
  },
  'soliplex-inspector': {
    'download-button': 'The Download recording button.',
  },
} as const satisfies Record<string, Record<string, string>>;

export type PartElement = keyof typeof OWN_PARTS;

/**
 * What an element forwards from the children it renders (`exportparts`), in the order its docs list
 * them: all of the child's parts (its own and what it forwards in turn), or only the names given
 * (the thread list's `root` and `error` would clash with the chat's own).
 */
export const FORWARDED_PARTS: { readonly [parent in PartElement]?: { readonly [child in PartElement]?: 'all' | readonly string[] } } = {
  'soliplex-chat': {
    'soliplex-thread-list': ['new-chat-button', 'thread', 'thread-button', 'badge', 'unread-badge'],
    'soliplex-message-list': 'all',
    'soliplex-run-status': 'all',
    'soliplex-composer': 'all',
    'soliplex-attachments': 'all',
  },
  'soliplex-message-list': {
    'soliplex-tool-call-card': 'all',
    'soliplex-approval-card': 'all',
    'soliplex-interrupt-card': 'all',
    'soliplex-activity': 'all',
    'soliplex-answer-extras': 'all',
  },
};

/** The parts an element's host exposes: its own, then what it forwards (each name once, first description wins). */
export function exposedParts(element: PartElement): Map<string, string> {
  const parts = new Map<string, string>(Object.entries(OWN_PARTS[element]));
  for (const [child, which] of Object.entries(FORWARDED_PARTS[element] ?? {})) {
    const childParts = exposedParts(child as PartElement);
    const names = which === 'all' ? [...childParts.keys()] : which;
    for (const name of names) {
      const description = childParts.get(name);
      if (description === undefined) throw new Error(`${element} forwards "${name}", which ${child} does not expose`);
      if (!parts.has(name)) parts.set(name, description);
    }
  }
  return parts;
}

/** The `exportparts` value a parent gives a child: the names it forwards, `, `-separated. */
export function exportpartsFor(parent: PartElement, child: PartElement): string {
  const which = FORWARDED_PARTS[parent]?.[child];
  if (!which) throw new Error(`${parent} does not forward parts of ${child}`);
  return (which === 'all' ? [...exposedParts(child).keys()] : which).join(', ');
}
