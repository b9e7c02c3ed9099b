import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber, plural } from './format.js';

const L = 'de';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join(', ');

/** German. */
const de: LocaleStrings = {
  welcome: 'Wie kann ich Ihnen heute helfen?',
  inputLabel: 'Nachricht',
  inputPlaceholder: 'Nachricht schreiben… (Enter sendet, Umschalt+Enter für neue Zeile)',
  send: 'Senden',
  stop: 'Stoppen',
  newChat: 'Neuer Chat',
  threadsLabel: 'Chats',
  suggestionsLabel: 'Vorschläge',
  dictate: 'Diktieren',
  roomUnavailable: (reason) => `Die Angaben zum Raum konnten nicht geladen werden (${reason}). Sie können trotzdem eine Nachricht senden.`,
  retry: 'Erneut versuchen',
  conversationLabel: 'Unterhaltung',
  you: 'Sie',
  assistant: 'Assistent',
  reasoning: 'Gedankengang',
  notice: 'Hinweis',
  thinking: 'Denkt nach…',
  writing: 'Schreibt…',
  creatingThread: 'Unterhaltung wird gestartet…',
  loadingHistory: 'Unterhaltung wird geladen…',
  loadingHistoryProgress: (loaded, total) => `Unterhaltung wird geladen… (${count(L, loaded)} von ${count(L, total)})`,
  historyGap: 'Ein Teil dieser Unterhaltung konnte nicht geladen werden.',
  attachedRun: 'Der Server schreibt diese Antwort noch; Sie können senden, sobald sie fertig ist.',
  attachedStopped: 'Diese Antwort wird nicht mehr verfolgt; der Server schreibt sie noch. Sie können senden, sobald sie fertig ist.',
  waitingForConnection: 'Warten auf eine freie Verbindung…',
  busy: (status) => (status === 429 ? 'Der Agent ist ausgelastet: gerade zu viele Anfragen.' : 'Der Agent ist ausgelastet oder kurz nicht erreichbar.'),
  retryingIn: (seconds) => (seconds > 0 ? `Neuer Versuch in ${duration(L, seconds)}…` : 'Neuer Versuch…'),
  retryNow: 'Jetzt erneut versuchen',
  tryLater: (seconds) => (seconds ? `Versuchen Sie es in ${duration(L, seconds)} erneut.` : 'Versuchen Sie es später erneut.'),
  calling: (name) => `${name} wird aufgerufen…`,
  executing: (names) => `${and(names)} ${plural(L, names.length, { one: 'wird', other: 'werden' })} ausgeführt…`,
  awaitingApproval: (names) => `Wartet auf Ihre Freigabe: ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'Der Agent ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    unauthorized: 'Der Agent braucht eine erneute Anmeldung.',
    http: 'Beim Agenten ist ein Problem aufgetreten. Versuchen Sie es gleich noch einmal.',
    protocol: 'Die Antwort des Agenten konnte nicht gelesen werden. Versuchen Sie es erneut.',
    agent: 'Beim Antworten ist beim Agenten ein Problem aufgetreten. Versuchen Sie es erneut.',
    'stream-ended': 'Die Antwort des Agenten wurde abgeschnitten. Versuchen Sie es erneut.',
    'depth-limit': 'Der Agent hat immer weiter Werkzeuge aufgerufen, daher wurde diese Runde beendet. Versuchen Sie, anders zu fragen.',
    tool: 'Ein Werkzeug dieser Seite ist fehlgeschlagen, daher wurde die Antwort beendet. Versuchen Sie es erneut.',
    internal: 'Im Chat ist etwas schiefgelaufen. Versuchen Sie es erneut.',
    'missing-thread': 'Diese Unterhaltung gibt es nicht mehr. Beginnen Sie einen neuen Chat.',
    history: 'Die Unterhaltung konnte nicht geladen werden. Versuchen Sie es erneut.',
  },
  errorDetails: 'Details',
  cancelled: 'Gestoppt.',
  interrupted: 'Die Seite wurde neu geladen, bevor diese Antwort fertig war.',
  interruptedTools: (names) =>
    plural(L, names.length, {
      one: `Die Seite wurde neu geladen, während ${and(names)} lief. Führen Sie es erneut aus oder fahren Sie ohne es fort.`,
      other: `Die Seite wurde neu geladen, während ${and(names)} liefen. Führen Sie sie erneut aus oder fahren Sie ohne sie fort.`,
    }),
  continue: 'Fortfahren',
  runAgain: 'Erneut ausführen',
  toolStatus: {
    streaming: 'Empfängt Argumente',
    pending: 'Ausstehend',
    'awaiting-approval': 'Wartet auf Freigabe',
    executing: 'Wird ausgeführt',
    completed: 'Abgeschlossen',
    failed: 'Fehlgeschlagen',
    denied: 'Abgelehnt',
    cancelled: 'Gestoppt',
    interrupted: 'Durch Neuladen unterbrochen',
  },
  toolNotAnswered: 'Nicht beantwortet – die Unterhaltung ging weiter',
  toolApproved: 'Freigegeben',
  toolCallLabel: (name, status) => `Werkzeugaufruf ${name}: ${status}`,
  toolDetails: 'Details',
  arguments: 'Argumente',
  result: 'Ergebnis',
  error: 'Fehler',
  approvalPrompt: (name) => `Der Assistent möchte ${name} ausführen. Erlauben?`,
  approve: 'Erlauben',
  deny: 'Ablehnen',
  alwaysAllow: 'Dieses Werkzeug in diesem Chat immer erlauben',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `Hinzugefügte Werkzeuge: ${addedTools.join(', ')}` : '',
      removedTools.length ? `Entfernte Werkzeuge: ${removedTools.join(', ')}` : '',
      addedContext.length ? `Hinzugefügter Kontext: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `${title} bereit`,
  microphoneBlocked: 'Das Mikrofon ist für diese Seite blockiert. Erlauben Sie es im Browser (über das Symbol in der Adressleiste oder die Website-Einstellungen), um zu diktieren.',
  dictationFailed: (reason) => `Das Diktat wurde beendet: ${reason}`,
  cachedResult: 'Ergebnis aus dem Cache',
  download: (filename) => `${filename} herunterladen`,
  renderFailed: 'Dieses Ergebnis kann nicht angezeigt werden.',
  announceToolStatus: (name, status) => `${name}: ${status}`,
  announceAnswer: (text) => `Assistent: ${text}`,
  copy: 'Kopieren',
  regenerate: 'Neu erzeugen',
  readAloud: 'Vorlesen',
  stopReading: 'Vorlesen beenden',
  edit: 'Bearbeiten',
  editLabel: 'Ihre Nachricht bearbeiten',
  editSend: 'Senden',
  editCancel: 'Abbrechen',
  previousVersion: 'Vorherige Version',
  nextVersion: 'Nächste Version',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `Version ${count(L, n)} von ${count(L, total)}`,
  jumpToLatest: 'Zum Neuesten',
  copyCode: 'Code kopieren',
  codeCopied: 'Kopiert',
  codeCopyFailed: 'Kopieren fehlgeschlagen',
  waitingForAnswer: 'Wartet auf Ihre Antwort',
  step: (name) => `Schritt: ${name}`,
  interruptLabel: 'Der Agent braucht Ihre Eingabe',
  interruptSubmit: 'Antwort senden',
  interruptCancel: 'Abbrechen',
  interruptExpired: 'Diese Anfrage ist abgelaufen und kann nicht mehr beantwortet werden.',
  interruptAnswered: 'Beantwortet.',
  interruptAnsweredWith: (summary) => `Beantwortet: ${summary}`,
  interruptApproved: 'Erlaubt.',
  interruptDenied: 'Abgelehnt.',
  interruptCancelled: 'Abgebrochen.',
  editArguments: 'Argumente (Sie können sie bearbeiten)',
  invalidArguments: 'Schreiben Sie die Argumente als JSON-Objekt.',
  requiredField: 'Pflichtfeld',
  addItem: 'Hinzufügen',
  removeItem: 'Entfernen',
  activityLabel: (type) => `Aktivität: ${type}`,
  subagentStatus: { running: 'Läuft', completed: 'Fertig', suspended: 'Wartet', failed: 'Fehlgeschlagen' },
  subagentLabel: (name, status) => `${name}: ${status}`,
  attach: 'Dateien anhängen',
  removeAttachment: (name) => `${name} entfernen`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}: Dateien dieser Art können nicht angehängt werden.`
      : why === 'size'
        ? `${name} ist größer als ${megabytes(L, maxBytes)}.`
        : `${name}: An eine Nachricht können keine weiteren Dateien angehängt werden.`,
  attachmentFailed: (reason) => `Die Anhänge konnten nicht gesendet werden: ${reason}`,
  attachmentLabel: (name) => `Anhang: ${name}`,
  announceInterrupt: (message) => `Der Agent fragt: ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'Der Speicher dieses Browsers ist voll: Diese Unterhaltung bleibt nach dem Neuladen oder Schließen der Seite nicht erhalten. Bis dahin ist sie noch hier.'
      : kind === 'unavailable'
        ? 'Dieser Browser kann gerade keine Unterhaltungen speichern (ein privates Fenster, gesperrter Speicher oder eine neuere Version dieser Seite in einem anderen Tab): Diese ist nach dem Neuladen oder Schließen der Seite weg. Bis dahin ist sie noch hier.'
        : 'Diese Unterhaltung konnte in diesem Browser nicht gespeichert werden: Nach dem Neuladen oder Schließen der Seite ist sie womöglich weg. Bis dahin ist sie noch hier.',
  threadChangedElsewhere: 'Diese Unterhaltung wurde in einem anderen Tab geändert. Was hier ab jetzt geschieht, wird nicht gespeichert; laden Sie die Seite neu, um die gespeicherte Unterhaltung zu sehen.',
  signInPrompt: 'Melden Sie sich an, um in diesem Raum zu chatten.',
  signIn: 'Anmelden',
  signInWith: (title) => `Anmelden mit ${title}`,
  signOut: 'Abmelden',
  documents: 'Dokumente',
  documentsChosen: (n) => `Dokumente (${count(L, n)})`,
  documentsLegend: 'Der Agent durchsucht nur die angehakten Dokumente (alle, wenn keines angehakt ist).',
  truncated: `Hier gekürzt: Der Rest war zu lang für die Anzeige (über ${count(L, 100_000)} Zeichen).`,
  goodResponse: 'Gute Antwort',
  badResponse: 'Schlechte Antwort',
  feedbackLabel: 'Feedback',
  feedbackReason: 'Was war daran gut oder schlecht? (optional)',
  feedbackSend: 'Feedback senden',
  feedbackThanks: 'Danke für Ihr Feedback.',
  feedbackFailed: 'Ihr Feedback konnte nicht gesendet werden. Versuchen Sie es erneut.',
  sourcesLabel: 'Quellen',
  sourcePages: (pages) => `S. ${pageList(pages)}`,
  sourceUntitled: 'Dokument ohne Titel',
  sourceLoading: 'Seitenvorschau wird geladen…',
  sourcePreview: (page) => `Seite ${pageNumber(L, page)}, die zitierte Stelle hervorgehoben`,
  sourceNoPreview: 'Keine Seitenvorschau für diese Quelle.',
  usageAnswer: (input, output) => `Diese Antwort: ${count(L, input)} Token Eingabe, ${count(L, output)} Ausgabe`,
  usageThread: (input, output) => `Gesamte Unterhaltung: ${count(L, input)} Eingabe, ${count(L, output)} Ausgabe`,
  usageCost: (usage, cost) => `${usage} (≈ ${cost})`,
  a2uiBuilding: 'Die Oberfläche wird aufgebaut…',
  a2uiFailed: 'Die Oberfläche konnte nicht aufgebaut werden.',
  mcpAppTitle: (name) => `App: ${name}`,
  mcpAppLoading: 'Die App wird geladen…',
  mcpAppFailed: 'Die App konnte nicht geladen werden.',
  exportButton: 'Exportieren',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'Argumente',
  transcriptResult: 'Ergebnis',
  transcriptApproved: 'vom Benutzer freigegeben',
  threadList: {
    listLabel: 'Chats',
    newChat: 'Neuer Chat',
    untitled: 'Neuer Chat',
    untitledStored: 'Chat ohne Titel',
    rename: (title) => `${title} umbenennen`,
    renameInput: 'Name des Chats',
    delete: (title) => `${title} löschen`,
    confirmDelete: (title) => `„${title}“ löschen?`,
    confirmDeleteButton: 'Löschen',
    cancel: 'Abbrechen',
    room: 'Raum',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return 'Schreibt';
        case 'calling':
          return `Ruft ${activity.tool} auf`;
        case 'executing':
          return `Führt ${and(activity.tools)} aus`;
        case 'waiting-for-approval':
          return 'Wartet auf Freigabe';
        case 'waiting-for-connection':
          return 'Wartet auf eine freie Verbindung';
        case 'preparing':
          return 'Lädt';
        case 'failed':
          return 'Fehlgeschlagen';
        case 'interrupted':
          return 'Unterbrochen';
        default:
          return '';
      }
    },
    unread: 'Ungelesen',
    stateRunning: 'läuft',
    stateWaitingForApproval: 'wartet auf Freigabe',
    stateFailed: 'fehlgeschlagen',
    stateInterrupted: 'unterbrochen',
    stateUnread: 'ungelesen',
    loadFailed: (reason) => `Die Chats konnten nicht geladen werden: ${reason}`,
  },
};

export default de;
