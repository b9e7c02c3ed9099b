import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber, plural } from './format.js';

const L = 'pl';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join(', ');
/** "narzędzia X" (one) or "narzędzi X, Y i Z" (several): the genitive after "podczas działania". */
const toolsGenitive = (names: readonly string[]) => `${plural(L, names.length, { one: 'narzędzia', other: 'narzędzi' })} ${and(names)}`;

/** Polish. */
const pl: LocaleStrings = {
  welcome: 'W czym mogę dziś pomóc?',
  inputLabel: 'Wiadomość',
  inputPlaceholder: 'Napisz wiadomość… (Enter wysyła, Shift+Enter dodaje wiersz)',
  send: 'Wyślij',
  stop: 'Zatrzymaj',
  newChat: 'Nowy czat',
  threadsLabel: 'Czaty',
  suggestionsLabel: 'Sugestie',
  dictate: 'Dyktuj',
  roomUnavailable: (reason) => `Nie udało się wczytać danych pokoju (${reason}). Nadal możesz wysłać wiadomość.`,
  retry: 'Ponów',
  conversationLabel: 'Rozmowa',
  you: 'Ty',
  assistant: 'Asystent',
  reasoning: 'Rozumowanie',
  notice: 'Komunikat',
  thinking: 'Myślę…',
  writing: 'Piszę…',
  creatingThread: 'Rozpoczynanie rozmowy…',
  loadingHistory: 'Wczytywanie rozmowy…',
  loadingHistoryProgress: (loaded, total) => `Wczytywanie rozmowy… (${count(L, loaded)} z ${count(L, total)})`,
  historyGap: 'Nie udało się wczytać części tej rozmowy.',
  attachedRun: 'Serwer wciąż pisze tę odpowiedź; wysłać można będzie, gdy skończy.',
  attachedStopped: 'Ta odpowiedź nie jest już śledzona; serwer wciąż ją pisze. Wysłać można będzie, gdy skończy.',
  waitingForConnection: 'Oczekiwanie na wolne połączenie…',
  busy: (status) => (status === 429 ? 'Agent jest zajęty: w tej chwili za dużo żądań.' : 'Agent jest zajęty lub chwilowo niedostępny.'),
  retryingIn: (seconds) => (seconds > 0 ? `Ponowna próba za ${duration(L, seconds)}…` : 'Ponowna próba…'),
  retryNow: 'Ponów teraz',
  tryLater: (seconds) => (seconds ? `Spróbuj ponownie za ${duration(L, seconds)}.` : 'Spróbuj ponownie później.'),
  calling: (name) => `Wywoływanie ${name}…`,
  executing: (names) => `Wykonywanie: ${and(names)}…`,
  awaitingApproval: (names) => `Czeka na Twoją zgodę: ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'Nie można połączyć się z agentem. Sprawdź połączenie i spróbuj ponownie.',
    unauthorized: 'Agent prosi o ponowne zalogowanie.',
    http: 'Agent napotkał problem. Spróbuj ponownie za chwilę.',
    protocol: 'Nie udało się odczytać odpowiedzi agenta. Spróbuj ponownie.',
    agent: 'Agent napotkał problem podczas odpowiadania. Spróbuj ponownie.',
    'stream-ended': 'Odpowiedź agenta została urwana. Spróbuj ponownie.',
    'depth-limit': 'Agent wciąż wywoływał narzędzia, więc ta tura została zatrzymana. Spróbuj zapytać inaczej.',
    tool: 'Narzędzie tej strony zawiodło, więc odpowiedź została zatrzymana. Spróbuj ponownie.',
    internal: 'Coś poszło nie tak w czacie. Spróbuj ponownie.',
    'missing-thread': 'Ta rozmowa już nie istnieje. Rozpocznij nowy czat.',
    history: 'Nie udało się wczytać rozmowy. Spróbuj ponownie.',
  },
  errorDetails: 'Szczegóły',
  cancelled: 'Zatrzymano.',
  interrupted: 'Strona została przeładowana, zanim ta odpowiedź była gotowa.',
  interruptedTools: (names) =>
    `Strona została przeładowana podczas działania ${toolsGenitive(names)}. Uruchom je ponownie albo kontynuuj bez ${plural(L, names.length, { one: 'niego', other: 'nich' })}.`,
  continue: 'Kontynuuj',
  runAgain: 'Uruchom ponownie',
  toolStatus: {
    streaming: 'Odbieranie argumentów',
    pending: 'Oczekuje',
    'awaiting-approval': 'Czeka na zgodę',
    executing: 'Wykonywanie',
    completed: 'Zakończono',
    failed: 'Niepowodzenie',
    denied: 'Odrzucono',
    cancelled: 'Zatrzymano',
    interrupted: 'Przerwano przez przeładowanie',
  },
  toolNotAnswered: 'Bez odpowiedzi — rozmowa potoczyła się dalej',
  toolApproved: 'Zatwierdzono',
  toolCallLabel: (name, status) => `Wywołanie narzędzia ${name}: ${status}`,
  toolDetails: 'Szczegóły',
  arguments: 'Argumenty',
  result: 'Wynik',
  error: 'Błąd',
  approvalPrompt: (name) => `Asystent chce uruchomić ${name}. Zezwolić?`,
  approve: 'Zatwierdź',
  deny: 'Odrzuć',
  alwaysAllow: 'Zawsze zezwalaj na to narzędzie w tym czacie',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `Dodane narzędzia: ${addedTools.join(', ')}` : '',
      removedTools.length ? `Usunięte narzędzia: ${removedTools.join(', ')}` : '',
      addedContext.length ? `Dodany kontekst: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `Gotowe: ${title}`,
  microphoneBlocked: 'Mikrofon jest zablokowany dla tej strony. Aby dyktować, zezwól na jego użycie w przeglądarce (ikona na pasku adresu lub ustawienia witryny).',
  dictationFailed: (reason) => `Dyktowanie zostało przerwane: ${reason}`,
  cachedResult: 'Wynik z pamięci podręcznej',
  download: (filename) => `Pobierz ${filename}`,
  renderFailed: 'Nie można wyświetlić tego wyniku.',
  announceToolStatus: (name, status) => `${name}: ${status}`,
  announceAnswer: (text) => `Asystent: ${text}`,
  copy: 'Kopiuj',
  regenerate: 'Wygeneruj ponownie',
  readAloud: 'Czytaj na głos',
  stopReading: 'Zatrzymaj czytanie',
  edit: 'Edytuj',
  editLabel: 'Edytuj swoją wiadomość',
  editSend: 'Wyślij',
  editCancel: 'Anuluj',
  previousVersion: 'Poprzednia wersja',
  nextVersion: 'Następna wersja',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `Wersja ${count(L, n)} z ${count(L, total)}`,
  jumpToLatest: 'Przejdź do najnowszych',
  copyCode: 'Kopiuj kod',
  codeCopied: 'Skopiowano',
  codeCopyFailed: 'Nie udało się skopiować',
  waitingForAnswer: 'Czeka na Twoją odpowiedź',
  step: (name) => `Krok: ${name}`,
  interruptLabel: 'Agent potrzebuje Twojej odpowiedzi',
  interruptSubmit: 'Wyślij odpowiedź',
  interruptCancel: 'Anuluj',
  interruptExpired: 'Ta prośba wygasła i nie można już na nią odpowiedzieć.',
  interruptAnswered: 'Udzielono odpowiedzi.',
  interruptAnsweredWith: (summary) => `Odpowiedź: ${summary}`,
  interruptApproved: 'Zatwierdzono.',
  interruptDenied: 'Odrzucono.',
  interruptCancelled: 'Anulowano.',
  editArguments: 'Argumenty (możesz je edytować)',
  invalidArguments: 'Zapisz argumenty jako obiekt JSON.',
  requiredField: 'wymagane',
  addItem: 'Dodaj',
  removeItem: 'Usuń',
  activityLabel: (type) => `Aktywność: ${type}`,
  subagentStatus: { running: 'Działa', completed: 'Gotowe', suspended: 'Czeka', failed: 'Niepowodzenie' },
  subagentLabel: (name, status) => `${name}: ${status}`,
  attach: 'Dołącz pliki',
  removeAttachment: (name) => `Usuń ${name}`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}: nie można dołączyć pliku tego rodzaju.`
      : why === 'size'
        ? `${name} jest większy niż ${megabytes(L, maxBytes)}.`
        : `${name}: do jednej wiadomości nie można dołączyć więcej plików.`,
  attachmentFailed: (reason) => `Nie udało się wysłać załączników: ${reason}`,
  attachmentLabel: (name) => `Załącznik: ${name}`,
  announceInterrupt: (message) => `Agent pyta: ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'Pamięć tej przeglądarki jest pełna: ta rozmowa nie zostanie zachowana po przeładowaniu lub zamknięciu strony. Do tego czasu pozostaje tutaj.'
      : kind === 'unavailable'
        ? 'Ta przeglądarka nie może teraz przechowywać rozmów (okno prywatne, zablokowana pamięć lub nowsza wersja tej strony w innej karcie): ta rozmowa zniknie po przeładowaniu lub zamknięciu strony. Do tego czasu pozostaje tutaj.'
        : 'Nie udało się zapisać tej rozmowy w tej przeglądarce: może zniknąć po przeładowaniu lub zamknięciu strony. Do tego czasu pozostaje tutaj.',
  threadChangedElsewhere: 'Ta rozmowa została zmieniona w innej karcie. To, co dzieje się tutaj od teraz, nie jest zapisywane; przeładuj stronę, aby zobaczyć zapisaną rozmowę.',
  signInPrompt: 'Zaloguj się, aby czatować w tym pokoju.',
  signIn: 'Zaloguj się',
  signInWith: (title) => `Zaloguj się przez ${title}`,
  signOut: 'Wyloguj się',
  documents: 'Dokumenty',
  documentsChosen: (n) => `Dokumenty (${count(L, n)})`,
  documentsLegend: 'Agent przeszukuje tylko zaznaczone dokumenty (wszystkie, gdy żaden nie jest zaznaczony).',
  truncated: `Tu ucięto: reszta była za długa, by ją pokazać (ponad ${count(L, 100_000)} znaków).`,
  goodResponse: 'Dobra odpowiedź',
  badResponse: 'Zła odpowiedź',
  feedbackLabel: 'Opinia',
  feedbackReason: 'Co było w niej dobre, a co złe? (opcjonalnie)',
  feedbackSend: 'Wyślij opinię',
  feedbackThanks: 'Dziękujemy za opinię.',
  feedbackFailed: 'Nie udało się wysłać opinii. Spróbuj ponownie.',
  sourcesLabel: 'Źródła',
  sourcePages: (pages) => `s. ${pageList(pages)}`,
  sourceUntitled: 'Dokument bez tytułu',
  sourceLoading: 'Wczytywanie podglądu strony…',
  sourcePreview: (page) => `Strona ${pageNumber(L, page)} z wyróżnionym cytowanym fragmentem`,
  sourceNoPreview: 'Brak podglądu strony dla tego źródła.',
  usageAnswer: (input, output) =>
    `Ta odpowiedź: ${count(L, input)} ${plural(L, input, { one: 'token', few: 'tokeny', many: 'tokenów', other: 'tokena' })} na wejściu, ${count(L, output)} na wyjściu`,
  usageThread: (input, output) => `Cała rozmowa: ${count(L, input)} na wejściu, ${count(L, output)} na wyjściu`,
  usageCost: (usage, cost) => `${usage} (≈ ${cost})`,
  a2uiBuilding: 'Tworzenie interfejsu…',
  a2uiFailed: 'Nie udało się utworzyć interfejsu.',
  mcpAppTitle: (name) => `Aplikacja: ${name}`,
  mcpAppLoading: 'Ładowanie aplikacji…',
  mcpAppFailed: 'Nie udało się załadować aplikacji.',
  exportButton: 'Eksportuj',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'Argumenty',
  transcriptResult: 'Wynik',
  transcriptApproved: 'zatwierdzone przez użytkownika',
  threadList: {
    listLabel: 'Czaty',
    newChat: 'Nowy czat',
    untitled: 'Nowy czat',
    untitledStored: 'Czat bez tytułu',
    rename: (title) => `Zmień nazwę: ${title}`,
    renameInput: 'Nazwa czatu',
    delete: (title) => `Usuń: ${title}`,
    confirmDelete: (title) => `Usunąć „${title}”?`,
    confirmDeleteButton: 'Usuń',
    cancel: 'Anuluj',
    room: 'Pokój',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return 'Pisze';
        case 'calling':
          return `Wywołuje ${activity.tool}`;
        case 'executing':
          return `Wykonuje: ${and(activity.tools)}`;
        case 'waiting-for-approval':
          return 'Czeka na zgodę';
        case 'waiting-for-connection':
          return 'Czeka na wolne połączenie';
        case 'preparing':
          return 'Wczytywanie';
        case 'failed':
          return 'Niepowodzenie';
        case 'interrupted':
          return 'Przerwano';
        default:
          return '';
      }
    },
    unread: 'Nieprzeczytane',
    stateRunning: 'w toku',
    stateWaitingForApproval: 'czeka na zgodę',
    stateFailed: 'niepowodzenie',
    stateInterrupted: 'przerwano',
    stateUnread: 'nieprzeczytane',
    loadFailed: (reason) => `Nie udało się wczytać czatów: ${reason}`,
  },
};

export default pl;
