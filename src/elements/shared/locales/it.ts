import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber, plural } from './format.js';

const L = 'it';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join(', ');

/** Italian. */
const it: LocaleStrings = {
  welcome: 'Come posso aiutarti oggi?',
  inputLabel: 'Messaggio',
  inputPlaceholder: 'Scrivi un messaggio… (Invio invia, Maiusc+Invio va a capo)',
  send: 'Invia',
  stop: 'Interrompi',
  newChat: 'Nuova chat',
  threadsLabel: 'Chat',
  suggestionsLabel: 'Suggerimenti',
  dictate: 'Detta',
  roomUnavailable: (reason) => `Non è stato possibile caricare i dati della stanza (${reason}). Puoi comunque inviare un messaggio.`,
  retry: 'Riprova',
  conversationLabel: 'Conversazione',
  you: 'Tu',
  assistant: 'Assistente',
  reasoning: 'Ragionamento',
  notice: 'Avviso',
  thinking: 'Sto pensando…',
  writing: 'Sto scrivendo…',
  creatingThread: 'Avvio della conversazione…',
  loadingHistory: 'Caricamento della conversazione…',
  loadingHistoryProgress: (loaded, total) => `Caricamento della conversazione… (${count(L, loaded)} di ${count(L, total)})`,
  historyGap: 'Non è stato possibile caricare una parte di questa conversazione.',
  attachedRun: 'Il server sta ancora scrivendo questa risposta; potrai inviare quando sarà finita.',
  attachedStopped: 'Questa risposta non viene più seguita; il server la sta ancora scrivendo. Potrai inviare quando sarà finita.',
  waitingForConnection: 'In attesa di una connessione libera…',
  busy: (status) => (status === 429 ? 'L’agente è occupato: troppe richieste in questo momento.' : 'L’agente è occupato o momentaneamente non disponibile.'),
  retryingIn: (seconds) => (seconds > 0 ? `Nuovo tentativo tra ${duration(L, seconds)}…` : 'Nuovo tentativo…'),
  retryNow: 'Riprova ora',
  tryLater: (seconds) => (seconds ? `Riprova tra ${duration(L, seconds)}.` : 'Riprova più tardi.'),
  calling: (name) => `Chiamata di ${name}…`,
  executing: (names) => `Esecuzione di ${and(names)}…`,
  awaitingApproval: (names) => `In attesa della tua approvazione: ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'Impossibile raggiungere l’agente. Controlla la connessione e riprova.',
    unauthorized: 'L’agente ti chiede di accedere di nuovo.',
    http: 'L’agente ha avuto un problema. Riprova tra un attimo.',
    protocol: 'Non è stato possibile leggere la risposta dell’agente. Riprova.',
    agent: 'L’agente ha avuto un problema durante la risposta. Riprova.',
    'stream-ended': 'La risposta dell’agente si è interrotta. Riprova.',
    'depth-limit': 'L’agente continuava a chiamare strumenti, quindi questo turno è stato interrotto. Prova a chiedere in un altro modo.',
    tool: 'Uno strumento di questa pagina non ha funzionato, quindi questa risposta è stata interrotta. Riprova.',
    internal: 'Qualcosa è andato storto nella chat. Riprova.',
    'missing-thread': 'Questa conversazione non esiste più. Inizia una nuova chat.',
    history: 'Non è stato possibile caricare la conversazione. Riprova.',
  },
  errorDetails: 'Dettagli',
  cancelled: 'Interrotto.',
  interrupted: 'La pagina è stata ricaricata prima che questa risposta fosse completa.',
  interruptedTools: (names) =>
    plural(L, names.length, {
      one: `La pagina è stata ricaricata mentre ${and(names)} era in esecuzione. Eseguilo di nuovo o continua senza.`,
      other: `La pagina è stata ricaricata mentre ${and(names)} erano in esecuzione. Eseguili di nuovo o continua senza.`,
    }),
  continue: 'Continua',
  runAgain: 'Esegui di nuovo',
  toolStatus: {
    streaming: 'Ricezione degli argomenti',
    pending: 'In sospeso',
    'awaiting-approval': 'In attesa di approvazione',
    executing: 'In esecuzione',
    completed: 'Completato',
    failed: 'Non riuscito',
    denied: 'Negato',
    cancelled: 'Interrotto',
    interrupted: 'Interrotto da un ricaricamento',
  },
  toolNotAnswered: 'Senza risposta: la conversazione è andata avanti',
  toolApproved: 'Approvato',
  toolCallLabel: (name, status) => `Chiamata dello strumento ${name}: ${status}`,
  toolDetails: 'Dettagli',
  arguments: 'Argomenti',
  result: 'Risultato',
  error: 'Errore',
  approvalPrompt: (name) => `L’assistente vuole eseguire ${name}. Lo consenti?`,
  approve: 'Approva',
  deny: 'Nega',
  alwaysAllow: 'Consenti sempre questo strumento in questa chat',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `Strumenti aggiunti: ${addedTools.join(', ')}` : '',
      removedTools.length ? `Strumenti rimossi: ${removedTools.join(', ')}` : '',
      addedContext.length ? `Contesto aggiunto: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `${title}: disponibile`,
  microphoneBlocked: 'Il microfono è bloccato per questa pagina. Consentilo nel browser (l’icona nella barra degli indirizzi o le impostazioni del sito) per dettare.',
  dictationFailed: (reason) => `La dettatura si è interrotta: ${reason}`,
  cachedResult: 'Risultato dalla cache',
  download: (filename) => `Scarica ${filename}`,
  renderFailed: 'Non è stato possibile mostrare questo risultato.',
  announceToolStatus: (name, status) => `${name}: ${status}`,
  announceAnswer: (text) => `Assistente: ${text}`,
  copy: 'Copia',
  regenerate: 'Rigenera',
  readAloud: 'Leggi ad alta voce',
  stopReading: 'Interrompi la lettura',
  edit: 'Modifica',
  editLabel: 'Modifica il tuo messaggio',
  editSend: 'Invia',
  editCancel: 'Annulla',
  previousVersion: 'Versione precedente',
  nextVersion: 'Versione successiva',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `Versione ${count(L, n)} di ${count(L, total)}`,
  jumpToLatest: 'Vai al più recente',
  copyCode: 'Copia codice',
  codeCopied: 'Copiato',
  codeCopyFailed: 'Copia non riuscita',
  waitingForAnswer: 'In attesa della tua risposta',
  step: (name) => `Passaggio: ${name}`,
  interruptLabel: 'L’agente ha bisogno di una tua risposta',
  interruptSubmit: 'Invia risposta',
  interruptCancel: 'Annulla',
  interruptExpired: 'Questa richiesta è scaduta e non può più ricevere risposta.',
  interruptAnswered: 'Risposto.',
  interruptAnsweredWith: (summary) => `Risposto: ${summary}`,
  interruptApproved: 'Approvato.',
  interruptDenied: 'Negato.',
  interruptCancelled: 'Annullato.',
  editArguments: 'Argomenti (puoi modificarli)',
  invalidArguments: 'Scrivi gli argomenti come oggetto JSON.',
  requiredField: 'obbligatorio',
  addItem: 'Aggiungi',
  removeItem: 'Rimuovi',
  activityLabel: (type) => `Attività: ${type}`,
  subagentStatus: { running: 'In corso', completed: 'Fatto', suspended: 'In attesa', failed: 'Non riuscito' },
  subagentLabel: (name, status) => `${name}: ${status}`,
  attach: 'Allega file',
  removeAttachment: (name) => `Rimuovi ${name}`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}: questo tipo di file non può essere allegato.`
      : why === 'size'
        ? `${name} supera ${megabytes(L, maxBytes)}.`
        : `${name}: non è possibile allegare altri file a un messaggio.`,
  attachmentFailed: (reason) => `Non è stato possibile inviare gli allegati: ${reason}`,
  attachmentLabel: (name) => `Allegato: ${name}`,
  announceInterrupt: (message) => `L’agente chiede: ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'La memoria di questo browser è piena: questa conversazione non verrà conservata se ricarichi o chiudi la pagina. Fino ad allora resta qui.'
      : kind === 'unavailable'
        ? 'Questo browser non può conservare conversazioni al momento (una finestra privata, la memoria bloccata o una versione più recente di questa pagina in un’altra scheda): questa sparirà se ricarichi o chiudi la pagina. Fino ad allora resta qui.'
        : 'Non è stato possibile salvare questa conversazione in questo browser: potrebbe sparire se ricarichi o chiudi la pagina. Fino ad allora resta qui.',
  threadChangedElsewhere: 'Questa conversazione è stata modificata in un’altra scheda. Ciò che succede qui d’ora in poi non viene salvato; ricarica la pagina per vedere la conversazione salvata.',
  signInPrompt: 'Accedi per chattare in questa stanza.',
  signIn: 'Accedi',
  signInWith: (title) => `Accedi con ${title}`,
  signOut: 'Esci',
  documents: 'Documenti',
  documentsChosen: (n) => `Documenti (${count(L, n)})`,
  documentsLegend: 'L’agente cerca solo nei documenti spuntati (in tutti se non ne è spuntato nessuno).',
  truncated: `Tagliato qui: il resto era troppo lungo da mostrare (oltre ${count(L, 100_000)} caratteri).`,
  goodResponse: 'Risposta buona',
  badResponse: 'Risposta scadente',
  feedbackLabel: 'Feedback',
  feedbackReason: 'Cosa andava bene o male? (facoltativo)',
  feedbackSend: 'Invia feedback',
  feedbackThanks: 'Grazie per il tuo feedback.',
  feedbackFailed: 'Non è stato possibile inviare il tuo feedback. Riprova.',
  sourcesLabel: 'Fonti',
  sourcePages: (pages) => `${pages.length === 1 ? 'p.' : 'pp.'} ${pageList(pages)}`,
  sourceUntitled: 'Documento senza titolo',
  sourceLoading: 'Caricamento dell’anteprima della pagina…',
  sourcePreview: (page) => `Pagina ${pageNumber(L, page)}, con il passo citato evidenziato`,
  sourceNoPreview: 'Nessuna anteprima della pagina per questa fonte.',
  usageAnswer: (input, output) => `Questa risposta: ${count(L, input)} ${plural(L, input, { many: 'di token', other: 'token' })} in ingresso, ${count(L, output)} in uscita`,
  usageThread: (input, output) => `Intera conversazione: ${count(L, input)} in ingresso, ${count(L, output)} in uscita`,
  usageCost: (usage, cost) => `${usage} (≈ ${cost})`,
  a2uiBuilding: 'Creazione dell’interfaccia…',
  a2uiFailed: 'Impossibile creare l’interfaccia.',
  mcpAppTitle: (name) => `App: ${name}`,
  mcpAppLoading: 'Caricamento dell’app…',
  mcpAppFailed: 'Impossibile caricare l’app.',
  exportButton: 'Esporta',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'Argomenti',
  transcriptResult: 'Risultato',
  transcriptApproved: 'approvato dall’utente',
  threadList: {
    listLabel: 'Chat',
    newChat: 'Nuova chat',
    untitled: 'Nuova chat',
    untitledStored: 'Chat senza titolo',
    rename: (title) => `Rinomina ${title}`,
    renameInput: 'Nome della chat',
    delete: (title) => `Elimina ${title}`,
    confirmDelete: (title) => `Eliminare «${title}»?`,
    confirmDeleteButton: 'Elimina',
    cancel: 'Annulla',
    room: 'Stanza',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return 'In scrittura';
        case 'calling':
          return `Chiama ${activity.tool}`;
        case 'executing':
          return `Esegue ${and(activity.tools)}`;
        case 'waiting-for-approval':
          return 'In attesa di approvazione';
        case 'waiting-for-connection':
          return 'In attesa di una connessione libera';
        case 'preparing':
          return 'Caricamento';
        case 'failed':
          return 'Non riuscita';
        case 'interrupted':
          return 'Interrotta';
        default:
          return '';
      }
    },
    unread: 'Da leggere',
    stateRunning: 'in corso',
    stateWaitingForApproval: 'in attesa di approvazione',
    stateFailed: 'non riuscita',
    stateInterrupted: 'interrotta',
    stateUnread: 'da leggere',
    loadFailed: (reason) => `Non è stato possibile caricare le chat: ${reason}`,
  },
};

export default it;
