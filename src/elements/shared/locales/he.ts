import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber, plural } from './format.js';

const L = 'he';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join(', ');

/** Hebrew (plural imperatives, the usual gender-neutral address; laid out right to left). */
const he: LocaleStrings = {
  welcome: 'איך אפשר לעזור היום?',
  inputLabel: 'הודעה',
  inputPlaceholder: 'כתבו הודעה… (Enter שולח, Shift+Enter מוסיף שורה)',
  send: 'שליחה',
  stop: 'עצירה',
  newChat: 'צ׳אט חדש',
  threadsLabel: 'צ׳אטים',
  suggestionsLabel: 'הצעות',
  dictate: 'הכתבה',
  roomUnavailable: (reason) => `לא ניתן היה לטעון את פרטי החדר (${reason}). עדיין אפשר לשלוח הודעה.`,
  retry: 'ניסיון חוזר',
  conversationLabel: 'שיחה',
  you: 'אני',
  assistant: 'עוזר',
  reasoning: 'חשיבה',
  notice: 'הודעת מערכת',
  thinking: 'חושב…',
  writing: 'כותב…',
  creatingThread: 'השיחה מתחילה…',
  loadingHistory: 'השיחה נטענת…',
  loadingHistoryProgress: (loaded, total) => `השיחה נטענת… (${count(L, loaded)} מתוך ${count(L, total)})`,
  historyGap: 'לא ניתן היה לטעון חלק מהשיחה הזו.',
  attachedRun: 'השרת עדיין כותב את התשובה הזו; אפשר יהיה לשלוח כשתסתיים.',
  attachedStopped: 'המעקב אחרי התשובה הזו הופסק; השרת עדיין כותב אותה. אפשר יהיה לשלוח כשתסתיים.',
  waitingForConnection: 'ממתין לחיבור פנוי…',
  busy: (status) => (status === 429 ? 'הסוכן עמוס: יותר מדי בקשות כרגע.' : 'הסוכן עמוס או לא זמין לרגע.'),
  retryingIn: (seconds) => (seconds > 0 ? `ניסיון חוזר בעוד ${duration(L, seconds, 'long')}…` : 'מנסה שוב…'),
  retryNow: 'לנסות שוב עכשיו',
  tryLater: (seconds) => (seconds ? `נסו שוב בעוד ${duration(L, seconds, 'long')}.` : 'נסו שוב מאוחר יותר.'),
  calling: (name) => `קורא ל־${name}…`,
  executing: (names) => `מריץ את ${and(names)}…`,
  awaitingApproval: (names) => `ממתין לאישור שלך: ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'אין גישה לסוכן. בדקו את החיבור ונסו שוב.',
    unauthorized: 'הסוכן מבקש להתחבר מחדש.',
    http: 'הסוכן נתקל בבעיה. נסו שוב בעוד רגע.',
    protocol: 'לא ניתן היה לקרוא את תשובת הסוכן. נסו שוב.',
    agent: 'הסוכן נתקל בבעיה בזמן המענה. נסו שוב.',
    'stream-ended': 'תשובת הסוכן נקטעה. נסו שוב.',
    'depth-limit': 'הסוכן המשיך לקרוא לכלים, ולכן התור הזה נעצר. נסו לנסח את השאלה אחרת.',
    tool: 'כלי בדף הזה נכשל, ולכן התשובה נעצרה. נסו שוב.',
    internal: 'משהו השתבש בצ׳אט. נסו שוב.',
    'missing-thread': 'השיחה הזו כבר לא קיימת. התחילו צ׳אט חדש.',
    history: 'לא ניתן היה לטעון את השיחה. נסו שוב.',
  },
  errorDetails: 'פרטים',
  cancelled: 'נעצר.',
  interrupted: 'הדף נטען מחדש לפני שהתשובה הזו הושלמה.',
  interruptedTools: (names) =>
    plural(L, names.length, {
      one: `הדף נטען מחדש בזמן שהכלי ${and(names)} רץ. הריצו אותו שוב, או המשיכו בלעדיו.`,
      other: `הדף נטען מחדש בזמן שהכלים ${and(names)} רצו. הריצו אותם שוב, או המשיכו בלעדיהם.`,
    }),
  continue: 'המשך',
  runAgain: 'הרצה חוזרת',
  toolStatus: {
    streaming: 'מקבל ארגומנטים',
    pending: 'ממתין',
    'awaiting-approval': 'ממתין לאישור',
    executing: 'רץ',
    completed: 'הושלם',
    failed: 'נכשל',
    denied: 'נדחה',
    cancelled: 'נעצר',
    interrupted: 'נקטע בטעינה מחדש',
  },
  toolNotAnswered: 'לא נענה — השיחה המשיכה הלאה',
  toolApproved: 'אושר',
  toolCallLabel: (name, status) => `קריאה לכלי ${name}: ${status}`,
  toolDetails: 'פרטים',
  arguments: 'ארגומנטים',
  result: 'תוצאה',
  error: 'שגיאה',
  approvalPrompt: (name) => `העוזר רוצה להריץ את ${name}. לאשר?`,
  approve: 'אישור',
  deny: 'דחייה',
  alwaysAllow: 'תמיד לאשר את הכלי הזה בצ׳אט הזה',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `כלים שנוספו: ${addedTools.join(', ')}` : '',
      removedTools.length ? `כלים שהוסרו: ${removedTools.join(', ')}` : '',
      addedContext.length ? `הקשר שנוסף: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `הכלים מוכנים: ${title}`,
  microphoneBlocked: 'המיקרופון חסום בדף הזה. כדי להכתיב, אפשרו אותו בדפדפן (בסמל שבשורת הכתובת או בהגדרות האתר).',
  dictationFailed: (reason) => `ההכתבה נעצרה: ${reason}`,
  cachedResult: 'תוצאה מהמטמון',
  download: (filename) => `הורדת ${filename}`,
  renderFailed: 'לא ניתן להציג את התוצאה הזו.',
  announceToolStatus: (name, status) => `${name}: ${status}`,
  announceAnswer: (text) => `עוזר: ${text}`,
  copy: 'העתקה',
  regenerate: 'יצירה מחדש',
  readAloud: 'הקראה',
  stopReading: 'הפסקת ההקראה',
  edit: 'עריכה',
  editLabel: 'עריכת ההודעה שלך',
  editSend: 'שליחה',
  editCancel: 'ביטול',
  previousVersion: 'הגרסה הקודמת',
  nextVersion: 'הגרסה הבאה',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `גרסה ${count(L, n)} מתוך ${count(L, total)}`,
  jumpToLatest: 'מעבר לאחרונות',
  copyCode: 'העתקת הקוד',
  codeCopied: 'הועתק',
  codeCopyFailed: 'ההעתקה נכשלה',
  waitingForAnswer: 'ממתין לתשובה שלך',
  step: (name) => `שלב: ${name}`,
  interruptLabel: 'הסוכן צריך את התשובה שלך',
  interruptSubmit: 'שליחת התשובה',
  interruptCancel: 'ביטול',
  interruptExpired: 'תוקף הבקשה הזו פג, ואי אפשר עוד לענות עליה.',
  interruptAnswered: 'נענה.',
  interruptAnsweredWith: (summary) => `נענה: ${summary}`,
  interruptApproved: 'אושר.',
  interruptDenied: 'נדחה.',
  interruptCancelled: 'בוטל.',
  editArguments: 'ארגומנטים (אפשר לערוך אותם)',
  invalidArguments: 'כתבו את הארגומנטים כאובייקט JSON.',
  requiredField: 'חובה',
  addItem: 'הוספה',
  removeItem: 'הסרה',
  activityLabel: (type) => `פעילות: ${type}`,
  subagentStatus: { running: 'רץ', completed: 'הסתיים', suspended: 'ממתין', failed: 'נכשל' },
  subagentLabel: (name, status) => `${name}: ${status}`,
  attach: 'צירוף קבצים',
  removeAttachment: (name) => `הסרת ${name}`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}: אי אפשר לצרף קובץ מהסוג הזה.`
      : why === 'size'
        ? `${name} גדול מ־${megabytes(L, maxBytes)}.`
        : `${name}: אי אפשר לצרף קבצים נוספים להודעה אחת.`,
  attachmentFailed: (reason) => `לא ניתן היה לשלוח את הקבצים המצורפים: ${reason}`,
  attachmentLabel: (name) => `קובץ מצורף: ${name}`,
  announceInterrupt: (message) => `הסוכן שואל: ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'האחסון של הדפדפן הזה מלא: השיחה הזו לא תישמר אחרי טעינה מחדש או סגירה של הדף. עד אז היא נשארת כאן.'
      : kind === 'unavailable'
        ? 'הדפדפן הזה לא יכול לשמור שיחות כרגע (חלון פרטי, אחסון חסום או גרסה חדשה יותר של הדף הזה בכרטיסייה אחרת): השיחה הזו תיעלם אחרי טעינה מחדש או סגירה של הדף. עד אז היא נשארת כאן.'
        : 'לא ניתן היה לשמור את השיחה הזו בדפדפן הזה: היא עלולה להיעלם אחרי טעינה מחדש או סגירה של הדף. עד אז היא נשארת כאן.',
  threadChangedElsewhere: 'השיחה הזו שונתה בכרטיסייה אחרת. מה שיקרה כאן מעכשיו לא יישמר; טענו את הדף מחדש כדי לראות את השיחה השמורה.',
  signInPrompt: 'התחברו כדי לשוחח בחדר הזה.',
  signIn: 'התחברות',
  signInWith: (title) => `התחברות באמצעות ${title}`,
  signOut: 'התנתקות',
  documents: 'מסמכים',
  documentsChosen: (n) => `מסמכים (${count(L, n)})`,
  documentsLegend: 'הסוכן מחפש רק במסמכים המסומנים (בכולם, אם לא סומן אף אחד).',
  truncated: `נחתך כאן: ההמשך ארוך מכדי להציג אותו (יותר מ־${count(L, 100_000)} תווים).`,
  goodResponse: 'תשובה טובה',
  badResponse: 'תשובה גרועה',
  feedbackLabel: 'משוב',
  feedbackReason: 'מה היה בה טוב או רע? (לא חובה)',
  feedbackSend: 'שליחת משוב',
  feedbackThanks: 'תודה על המשוב.',
  feedbackFailed: 'לא ניתן היה לשלוח את המשוב. נסו שוב.',
  sourcesLabel: 'מקורות',
  sourcePages: (pages) => `עמ׳ ${pageList(pages)}`,
  sourceUntitled: 'מסמך ללא שם',
  sourceLoading: 'התצוגה המקדימה של העמוד נטענת…',
  sourcePreview: (page) => `עמוד ${pageNumber(L, page)}, הקטע המצוטט מודגש`,
  sourceNoPreview: 'אין תצוגה מקדימה של עמוד למקור הזה.',
  usageAnswer: (input, output) => `טוקנים בתשובה הזו: ${count(L, input)} בקלט, ${count(L, output)} בפלט`,
  usageThread: (input, output) => `טוקנים בכל השיחה: ${count(L, input)} בקלט, ${count(L, output)} בפלט`,
  usageCost: (usage, cost) => `${usage} (≈ ${cost})`,
  a2uiBuilding: 'בונה את הממשק…',
  a2uiFailed: 'לא ניתן היה לבנות את הממשק.',
  mcpAppTitle: (name) => `יישום: ${name}`,
  mcpAppLoading: 'טוען את היישום…',
  mcpAppFailed: 'לא ניתן היה לטעון את היישום.',
  exportButton: 'ייצוא',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'ארגומנטים',
  transcriptResult: 'תוצאה',
  transcriptApproved: 'אושר על ידי המשתמש',
  threadList: {
    listLabel: 'צ׳אטים',
    newChat: 'צ׳אט חדש',
    untitled: 'צ׳אט חדש',
    untitledStored: 'צ׳אט ללא שם',
    rename: (title) => `שינוי השם של ${title}`,
    renameInput: 'שם הצ׳אט',
    delete: (title) => `מחיקת ${title}`,
    confirmDelete: (title) => `למחוק את ״${title}״?`,
    confirmDeleteButton: 'מחיקה',
    cancel: 'ביטול',
    room: 'חדר',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return 'כותב';
        case 'calling':
          return `קורא ל־${activity.tool}`;
        case 'executing':
          return `מריץ את ${and(activity.tools)}`;
        case 'waiting-for-approval':
          return 'ממתין לאישור';
        case 'waiting-for-connection':
          return 'ממתין לחיבור פנוי';
        case 'preparing':
          return 'נטען';
        case 'failed':
          return 'נכשל';
        case 'interrupted':
          return 'נקטע';
        default:
          return '';
      }
    },
    unread: 'לא נקרא',
    stateRunning: 'רץ',
    stateWaitingForApproval: 'ממתין לאישור',
    stateFailed: 'נכשל',
    stateInterrupted: 'נקטע',
    stateUnread: 'לא נקרא',
    loadFailed: (reason) => `לא ניתן היה לטעון את הצ׳אטים: ${reason}`,
  },
};

export default he;
