import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber, plural } from './format.js';

const L = 'nl';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join(', ');

/** Dutch. */
const nl: LocaleStrings = {
  welcome: 'Waarmee kan ik je vandaag helpen?',
  inputLabel: 'Bericht',
  inputPlaceholder: 'Schrijf een bericht… (Enter verstuurt, Shift+Enter voegt een regel toe)',
  send: 'Versturen',
  stop: 'Stoppen',
  newChat: 'Nieuwe chat',
  threadsLabel: 'Chats',
  suggestionsLabel: 'Suggesties',
  dictate: 'Dicteren',
  roomUnavailable: (reason) => `De gegevens van de ruimte konden niet worden geladen (${reason}). Je kunt nog steeds een bericht sturen.`,
  retry: 'Opnieuw proberen',
  conversationLabel: 'Gesprek',
  you: 'Jij',
  assistant: 'Assistent',
  reasoning: 'Redenering',
  notice: 'Melding',
  thinking: 'Denkt na…',
  writing: 'Schrijft…',
  creatingThread: 'Gesprek wordt gestart…',
  loadingHistory: 'Gesprek wordt geladen…',
  loadingHistoryProgress: (loaded, total) => `Gesprek wordt geladen… (${count(L, loaded)} van ${count(L, total)})`,
  historyGap: 'Een deel van dit gesprek kon niet worden geladen.',
  attachedRun: 'De server schrijft dit antwoord nog; je kunt versturen zodra het klaar is.',
  attachedStopped: 'Dit antwoord wordt niet meer gevolgd; de server schrijft het nog. Je kunt versturen zodra het klaar is.',
  waitingForConnection: 'Wachten op een vrije verbinding…',
  busy: (status) => (status === 429 ? 'De agent is bezet: op dit moment te veel verzoeken.' : 'De agent is bezet of even niet beschikbaar.'),
  retryingIn: (seconds) => (seconds > 0 ? `Nieuwe poging over ${duration(L, seconds)}…` : 'Nieuwe poging…'),
  retryNow: 'Nu opnieuw proberen',
  tryLater: (seconds) => (seconds ? `Probeer het over ${duration(L, seconds)} opnieuw.` : 'Probeer het later opnieuw.'),
  calling: (name) => `${name} wordt aangeroepen…`,
  executing: (names) => `${and(names)} ${plural(L, names.length, { one: 'wordt', other: 'worden' })} uitgevoerd…`,
  awaitingApproval: (names) => `Wacht op je goedkeuring: ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'De agent is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
    unauthorized: 'De agent wil dat je opnieuw inlogt.',
    http: 'De agent liep tegen een probleem aan. Probeer het zo opnieuw.',
    protocol: 'Het antwoord van de agent kon niet worden gelezen. Probeer het opnieuw.',
    agent: 'De agent liep tijdens het antwoorden tegen een probleem aan. Probeer het opnieuw.',
    'stream-ended': 'Het antwoord van de agent werd afgebroken. Probeer het opnieuw.',
    'depth-limit': 'De agent bleef tools aanroepen, dus deze beurt is gestopt. Probeer het anders te vragen.',
    tool: 'Een tool op deze pagina is mislukt, dus dit antwoord is gestopt. Probeer het opnieuw.',
    internal: 'Er ging iets mis in de chat. Probeer het opnieuw.',
    'missing-thread': 'Dit gesprek bestaat niet meer. Begin een nieuwe chat.',
    history: 'Het gesprek kon niet worden geladen. Probeer het opnieuw.',
  },
  errorDetails: 'Details',
  cancelled: 'Gestopt.',
  interrupted: 'De pagina werd herladen voordat dit antwoord af was.',
  interruptedTools: (names) =>
    plural(L, names.length, {
      one: `De pagina werd herladen terwijl ${and(names)} liep. Voer het opnieuw uit of ga zonder verder.`,
      other: `De pagina werd herladen terwijl ${and(names)} liepen. Voer ze opnieuw uit of ga zonder verder.`,
    }),
  continue: 'Doorgaan',
  runAgain: 'Opnieuw uitvoeren',
  toolStatus: {
    streaming: 'Argumenten ontvangen',
    pending: 'In afwachting',
    'awaiting-approval': 'Wacht op goedkeuring',
    executing: 'Wordt uitgevoerd',
    completed: 'Voltooid',
    failed: 'Mislukt',
    denied: 'Geweigerd',
    cancelled: 'Gestopt',
    interrupted: 'Onderbroken door herladen',
  },
  toolNotAnswered: 'Niet beantwoord — het gesprek ging verder',
  toolApproved: 'Goedgekeurd',
  toolCallLabel: (name, status) => `Toolaanroep ${name}: ${status}`,
  toolDetails: 'Details',
  arguments: 'Argumenten',
  result: 'Resultaat',
  error: 'Fout',
  approvalPrompt: (name) => `De assistent wil ${name} uitvoeren. Toestaan?`,
  approve: 'Goedkeuren',
  deny: 'Weigeren',
  alwaysAllow: 'Deze tool in deze chat altijd toestaan',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `Tools toegevoegd: ${addedTools.join(', ')}` : '',
      removedTools.length ? `Tools verwijderd: ${removedTools.join(', ')}` : '',
      addedContext.length ? `Context toegevoegd: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `${title} klaar`,
  microphoneBlocked: 'De microfoon is voor deze pagina geblokkeerd. Sta hem toe in de browser (via het pictogram in de adresbalk of de site-instellingen) om te dicteren.',
  dictationFailed: (reason) => `Het dicteren is gestopt: ${reason}`,
  cachedResult: 'Resultaat uit de cache',
  download: (filename) => `${filename} downloaden`,
  renderFailed: 'Dit resultaat kan niet worden weergegeven.',
  announceToolStatus: (name, status) => `${name}: ${status}`,
  announceAnswer: (text) => `Assistent: ${text}`,
  copy: 'Kopiëren',
  regenerate: 'Opnieuw genereren',
  readAloud: 'Voorlezen',
  stopReading: 'Stoppen met voorlezen',
  edit: 'Bewerken',
  editLabel: 'Je bericht bewerken',
  editSend: 'Versturen',
  editCancel: 'Annuleren',
  previousVersion: 'Vorige versie',
  nextVersion: 'Volgende versie',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `Versie ${count(L, n)} van ${count(L, total)}`,
  jumpToLatest: 'Naar het nieuwste',
  copyCode: 'Code kopiëren',
  codeCopied: 'Gekopieerd',
  codeCopyFailed: 'Kopiëren mislukt',
  waitingForAnswer: 'Wacht op je antwoord',
  step: (name) => `Stap: ${name}`,
  interruptLabel: 'De agent heeft je input nodig',
  interruptSubmit: 'Antwoord versturen',
  interruptCancel: 'Annuleren',
  interruptExpired: 'Dit verzoek is verlopen en kan niet meer worden beantwoord.',
  interruptAnswered: 'Beantwoord.',
  interruptAnsweredWith: (summary) => `Beantwoord: ${summary}`,
  interruptApproved: 'Goedgekeurd.',
  interruptDenied: 'Geweigerd.',
  interruptCancelled: 'Geannuleerd.',
  editArguments: 'Argumenten (je kunt ze bewerken)',
  invalidArguments: 'Schrijf de argumenten als een JSON-object.',
  requiredField: 'verplicht',
  addItem: 'Toevoegen',
  removeItem: 'Verwijderen',
  activityLabel: (type) => `Activiteit: ${type}`,
  subagentStatus: { running: 'Bezig', completed: 'Klaar', suspended: 'Wacht', failed: 'Mislukt' },
  subagentLabel: (name, status) => `${name}: ${status}`,
  attach: 'Bestanden bijvoegen',
  removeAttachment: (name) => `${name} verwijderen`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}: dit soort bestand kan niet worden bijgevoegd.`
      : why === 'size'
        ? `${name} is groter dan ${megabytes(L, maxBytes)}.`
        : `${name}: er kunnen geen bestanden meer bij één bericht worden gevoegd.`,
  attachmentFailed: (reason) => `De bijlagen konden niet worden verstuurd: ${reason}`,
  attachmentLabel: (name) => `Bijlage: ${name}`,
  announceInterrupt: (message) => `De agent vraagt: ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'De opslag van deze browser is vol: dit gesprek wordt niet bewaard als je de pagina herlaadt of sluit. Tot die tijd blijft het hier staan.'
      : kind === 'unavailable'
        ? 'Deze browser kan nu geen gesprekken bewaren (een privévenster, geblokkeerde opslag of een nieuwere versie van deze pagina in een ander tabblad): dit gesprek is weg als je de pagina herlaadt of sluit. Tot die tijd blijft het hier staan.'
        : 'Dit gesprek kon niet in deze browser worden opgeslagen: het kan weg zijn als je de pagina herlaadt of sluit. Tot die tijd blijft het hier staan.',
  threadChangedElsewhere: 'Dit gesprek is in een ander tabblad gewijzigd. Wat hier vanaf nu gebeurt, wordt niet opgeslagen; herlaad de pagina om het opgeslagen gesprek te zien.',
  signInPrompt: 'Log in om in deze ruimte te chatten.',
  signIn: 'Inloggen',
  signInWith: (title) => `Inloggen met ${title}`,
  signOut: 'Uitloggen',
  documents: 'Documenten',
  documentsChosen: (n) => `Documenten (${count(L, n)})`,
  documentsLegend: 'De agent zoekt alleen in de aangevinkte documenten (in alle als er geen is aangevinkt).',
  truncated: `Hier afgekapt: de rest was te lang om te tonen (meer dan ${count(L, 100_000)} tekens).`,
  goodResponse: 'Goed antwoord',
  badResponse: 'Slecht antwoord',
  feedbackLabel: 'Feedback',
  feedbackReason: 'Wat was er goed of slecht aan? (optioneel)',
  feedbackSend: 'Feedback versturen',
  feedbackThanks: 'Bedankt voor je feedback.',
  feedbackFailed: 'Je feedback kon niet worden verstuurd. Probeer het opnieuw.',
  sourcesLabel: 'Bronnen',
  sourcePages: (pages) => `blz. ${pageList(pages)}`,
  sourceUntitled: 'Document zonder titel',
  sourceLoading: 'Paginavoorbeeld laden…',
  sourcePreview: (page) => `Pagina ${pageNumber(L, page)}, met de geciteerde passage gemarkeerd`,
  sourceNoPreview: 'Geen paginavoorbeeld voor deze bron.',
  usageAnswer: (input, output) => `Dit antwoord: ${count(L, input)} ${plural(L, input, { one: 'token', other: 'tokens' })} invoer, ${count(L, output)} uitvoer`,
  usageThread: (input, output) => `Hele gesprek: ${count(L, input)} invoer, ${count(L, output)} uitvoer`,
  usageCost: (usage, cost) => `${usage} (≈ ${cost})`,
  a2uiBuilding: 'De interface wordt opgebouwd…',
  a2uiFailed: 'De interface kon niet worden opgebouwd.',
  mcpAppTitle: (name) => `App: ${name}`,
  mcpAppLoading: 'De app wordt geladen…',
  mcpAppFailed: 'De app kon niet worden geladen.',
  exportButton: 'Exporteren',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'Argumenten',
  transcriptResult: 'Resultaat',
  transcriptApproved: 'goedgekeurd door de gebruiker',
  threadList: {
    listLabel: 'Chats',
    newChat: 'Nieuwe chat',
    untitled: 'Nieuwe chat',
    untitledStored: 'Chat zonder titel',
    rename: (title) => `${title} hernoemen`,
    renameInput: 'Naam van de chat',
    delete: (title) => `${title} verwijderen`,
    confirmDelete: (title) => `‘${title}’ verwijderen?`,
    confirmDeleteButton: 'Verwijderen',
    cancel: 'Annuleren',
    room: 'Ruimte',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return 'Schrijft';
        case 'calling':
          return `Roept ${activity.tool} aan`;
        case 'executing':
          return `Voert ${and(activity.tools)} uit`;
        case 'waiting-for-approval':
          return 'Wacht op goedkeuring';
        case 'waiting-for-connection':
          return 'Wacht op een vrije verbinding';
        case 'preparing':
          return 'Laden';
        case 'failed':
          return 'Mislukt';
        case 'interrupted':
          return 'Onderbroken';
        default:
          return '';
      }
    },
    unread: 'Ongelezen',
    stateRunning: 'bezig',
    stateWaitingForApproval: 'wacht op goedkeuring',
    stateFailed: 'mislukt',
    stateInterrupted: 'onderbroken',
    stateUnread: 'ongelezen',
    loadFailed: (reason) => `De chats konden niet worden geladen: ${reason}`,
  },
};

export default nl;
