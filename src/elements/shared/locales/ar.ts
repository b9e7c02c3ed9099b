import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber, plural } from './format.js';

const L = 'ar';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join('، ');

/** Arabic (Modern Standard; laid out right to left). */
const ar: LocaleStrings = {
  welcome: 'كيف يمكنني مساعدتك اليوم؟',
  inputLabel: 'الرسالة',
  inputPlaceholder: 'اكتب رسالة… (Enter للإرسال، Shift+Enter لسطر جديد)',
  send: 'إرسال',
  stop: 'إيقاف',
  newChat: 'محادثة جديدة',
  threadsLabel: 'المحادثات',
  suggestionsLabel: 'اقتراحات',
  dictate: 'إملاء',
  roomUnavailable: (reason) => `تعذّر تحميل تفاصيل الغرفة (${reason}). لا يزال بإمكانك إرسال رسالة.`,
  retry: 'إعادة المحاولة',
  conversationLabel: 'المحادثة',
  you: 'أنت',
  assistant: 'المساعد',
  reasoning: 'الاستدلال',
  notice: 'تنبيه',
  thinking: 'يفكّر…',
  writing: 'يكتب…',
  creatingThread: 'جارٍ بدء المحادثة…',
  loadingHistory: 'جارٍ تحميل المحادثة…',
  loadingHistoryProgress: (loaded, total) => `جارٍ تحميل المحادثة… (${count(L, loaded)} من ${count(L, total)})`,
  historyGap: 'تعذّر تحميل جزء من هذه المحادثة.',
  attachedRun: 'لا يزال الخادم يكتب هذه الإجابة؛ يمكنك الإرسال بعد اكتمالها.',
  attachedStopped: 'توقفت متابعة هذه الإجابة؛ لا يزال الخادم يكتبها. يمكنك الإرسال بعد اكتمالها.',
  waitingForConnection: 'في انتظار اتصال متاح…',
  busy: (status) => (status === 429 ? 'الوكيل مشغول: الطلبات كثيرة جدًا الآن.' : 'الوكيل مشغول أو غير متاح مؤقتًا.'),
  retryingIn: (seconds) => (seconds > 0 ? `إعادة المحاولة خلال ${duration(L, seconds, 'long')}…` : 'جارٍ إعادة المحاولة…'),
  retryNow: 'أعد المحاولة الآن',
  tryLater: (seconds) => (seconds ? `أعد المحاولة خلال ${duration(L, seconds, 'long')}.` : 'أعد المحاولة لاحقًا.'),
  calling: (name) => `جارٍ استدعاء ${name}…`,
  executing: (names) => `جارٍ تنفيذ ${and(names)}…`,
  awaitingApproval: (names) => `في انتظار موافقتك: ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'تعذّر الوصول إلى الوكيل. تحقّق من اتصالك وأعد المحاولة.',
    unauthorized: 'يحتاج الوكيل إلى تسجيل دخولك مرة أخرى.',
    http: 'واجه الوكيل مشكلة. أعد المحاولة بعد قليل.',
    protocol: 'تعذّرت قراءة إجابة الوكيل. أعد المحاولة.',
    agent: 'واجه الوكيل مشكلة أثناء الإجابة. أعد المحاولة.',
    'stream-ended': 'انقطعت إجابة الوكيل. أعد المحاولة.',
    'depth-limit': 'استمر الوكيل في استدعاء الأدوات، لذا أُوقف هذا الدور. جرّب صياغة سؤالك بطريقة أخرى.',
    tool: 'فشلت أداة في هذه الصفحة، لذا أُوقفت هذه الإجابة. أعد المحاولة.',
    internal: 'حدث خطأ ما في المحادثة. أعد المحاولة.',
    'missing-thread': 'لم تعد هذه المحادثة موجودة. ابدأ محادثة جديدة.',
    history: 'تعذّر تحميل المحادثة. أعد المحاولة.',
  },
  errorDetails: 'التفاصيل',
  cancelled: 'أُوقف.',
  interrupted: 'أُعيد تحميل الصفحة قبل اكتمال هذه الإجابة.',
  interruptedTools: (names) =>
    plural(L, names.length, {
      one: `أُعيد تحميل الصفحة أثناء تشغيل الأداة ${and(names)}. أعد تشغيلها أو تابع من دونها.`,
      two: `أُعيد تحميل الصفحة أثناء تشغيل الأداتين ${and(names)}. أعد تشغيلهما أو تابع من دونهما.`,
      other: `أُعيد تحميل الصفحة أثناء تشغيل الأدوات ${and(names)}. أعد تشغيلها أو تابع من دونها.`,
    }),
  continue: 'متابعة',
  runAgain: 'التشغيل مرة أخرى',
  toolStatus: {
    streaming: 'جارٍ استلام الوسائط',
    pending: 'قيد الانتظار',
    'awaiting-approval': 'في انتظار الموافقة',
    executing: 'قيد التنفيذ',
    completed: 'اكتمل',
    failed: 'فشل',
    denied: 'مرفوض',
    cancelled: 'أُوقف',
    interrupted: 'قُطع بإعادة التحميل',
  },
  toolNotAnswered: 'لم تتم الإجابة — انتقلت المحادثة إلى ما بعده',
  toolApproved: 'تمت الموافقة',
  toolCallLabel: (name, status) => `استدعاء الأداة ${name}: ${status}`,
  toolDetails: 'التفاصيل',
  arguments: 'الوسائط',
  result: 'النتيجة',
  error: 'خطأ',
  approvalPrompt: (name) => `يريد المساعد تشغيل ${name}. هل تسمح بذلك؟`,
  approve: 'موافقة',
  deny: 'رفض',
  alwaysAllow: 'السماح دائمًا بهذه الأداة في هذه المحادثة',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `أدوات مضافة: ${addedTools.join('، ')}` : '',
      removedTools.length ? `أدوات محذوفة: ${removedTools.join('، ')}` : '',
      addedContext.length ? `سياق مضاف: ${addedContext.join('، ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `الأدوات جاهزة: ${title}`,
  microphoneBlocked: 'الميكروفون محظور لهذه الصفحة. اسمح به في المتصفح (من الأيقونة في شريط العنوان أو من إعدادات الموقع) لتتمكن من الإملاء.',
  dictationFailed: (reason) => `توقّف الإملاء: ${reason}`,
  cachedResult: 'نتيجة من ذاكرة التخزين المؤقت',
  download: (filename) => `تنزيل ${filename}`,
  renderFailed: 'تعذّر عرض هذه النتيجة.',
  announceToolStatus: (name, status) => `${name}: ${status}`,
  announceAnswer: (text) => `المساعد: ${text}`,
  copy: 'نسخ',
  regenerate: 'إعادة الإنشاء',
  readAloud: 'قراءة بصوت عالٍ',
  stopReading: 'إيقاف القراءة',
  edit: 'تعديل',
  editLabel: 'عدّل رسالتك',
  editSend: 'إرسال',
  editCancel: 'إلغاء',
  previousVersion: 'الإصدار السابق',
  nextVersion: 'الإصدار التالي',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `الإصدار ${count(L, n)} من ${count(L, total)}`,
  jumpToLatest: 'الانتقال إلى الأحدث',
  copyCode: 'نسخ الشيفرة',
  codeCopied: 'تم النسخ',
  codeCopyFailed: 'تعذّر النسخ',
  waitingForAnswer: 'في انتظار إجابتك',
  step: (name) => `الخطوة: ${name}`,
  interruptLabel: 'يحتاج الوكيل إلى إدخالك',
  interruptSubmit: 'إرسال الإجابة',
  interruptCancel: 'إلغاء',
  interruptExpired: 'انتهت صلاحية هذا الطلب ولم يعد بالإمكان الإجابة عنه.',
  interruptAnswered: 'تمت الإجابة.',
  interruptAnsweredWith: (summary) => `تمت الإجابة: ${summary}`,
  interruptApproved: 'تمت الموافقة.',
  interruptDenied: 'رُفض.',
  interruptCancelled: 'أُلغي.',
  editArguments: 'الوسائط (يمكنك تعديلها)',
  invalidArguments: 'اكتب الوسائط في صورة كائن JSON.',
  requiredField: 'مطلوب',
  addItem: 'إضافة',
  removeItem: 'إزالة',
  activityLabel: (type) => `النشاط: ${type}`,
  subagentStatus: { running: 'قيد التشغيل', completed: 'اكتمل', suspended: 'في الانتظار', failed: 'فشل' },
  subagentLabel: (name, status) => `${name}: ${status}`,
  attach: 'إرفاق ملفات',
  removeAttachment: (name) => `إزالة ${name}`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}: لا يمكن إرفاق هذا النوع من الملفات.`
      : why === 'size'
        ? `${name} أكبر من ${megabytes(L, maxBytes, 'long')}.`
        : `${name}: لا يمكن إرفاق مزيد من الملفات برسالة واحدة.`,
  attachmentFailed: (reason) => `تعذّر إرسال المرفقات: ${reason}`,
  attachmentLabel: (name) => `مرفق: ${name}`,
  announceInterrupt: (message) => `يسأل الوكيل: ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'مساحة التخزين في هذا المتصفح ممتلئة: لن تُحفظ هذه المحادثة إذا أعدت تحميل الصفحة أو أغلقتها. ستبقى هنا حتى ذلك الحين.'
      : kind === 'unavailable'
        ? 'لا يستطيع هذا المتصفح حفظ المحادثات الآن (نافذة خاصة، أو تخزين محظور، أو إصدار أحدث من هذه الصفحة في علامة تبويب أخرى): ستختفي هذه المحادثة إذا أعدت تحميل الصفحة أو أغلقتها. ستبقى هنا حتى ذلك الحين.'
        : 'تعذّر حفظ هذه المحادثة في هذا المتصفح: قد تختفي إذا أعدت تحميل الصفحة أو أغلقتها. ستبقى هنا حتى ذلك الحين.',
  threadChangedElsewhere: 'تغيّرت هذه المحادثة في علامة تبويب أخرى. لن يُحفظ ما يحدث هنا من الآن فصاعدًا؛ أعد تحميل الصفحة لرؤية المحادثة المحفوظة.',
  signInPrompt: 'سجّل الدخول للدردشة في هذه الغرفة.',
  signIn: 'تسجيل الدخول',
  signInWith: (title) => `تسجيل الدخول عبر ${title}`,
  signOut: 'تسجيل الخروج',
  documents: 'المستندات',
  documentsChosen: (n) => `المستندات (${count(L, n)})`,
  documentsLegend: 'يبحث الوكيل في المستندات المحدَّدة فقط (وفيها كلها إن لم يُحدَّد أي منها).',
  truncated: `اقتُطع النص هنا: الباقي أطول من أن يُعرض (أكثر من ${count(L, 100_000)} حرف).`,
  goodResponse: 'إجابة جيدة',
  badResponse: 'إجابة سيئة',
  feedbackLabel: 'الملاحظات',
  feedbackReason: 'ما الجيد أو السيئ فيها؟ (اختياري)',
  feedbackSend: 'إرسال الملاحظات',
  feedbackThanks: 'شكرًا على ملاحظاتك.',
  feedbackFailed: 'تعذّر إرسال ملاحظاتك. أعد المحاولة.',
  sourcesLabel: 'المصادر',
  sourcePages: (pages) => `ص ${pageList(pages)}`,
  sourceUntitled: 'مستند بلا عنوان',
  sourceLoading: 'جارٍ تحميل معاينة الصفحة…',
  sourcePreview: (page) => `الصفحة ${pageNumber(L, page)}، مع إبراز المقطع المقتبس`,
  sourceNoPreview: 'لا توجد معاينة صفحة لهذا المصدر.',
  usageAnswer: (input, output) => `رموز هذه الإجابة: ${count(L, input)} للإدخال، و${count(L, output)} للإخراج`,
  usageThread: (input, output) => `رموز المحادثة كلها: ${count(L, input)} للإدخال، و${count(L, output)} للإخراج`,
  usageCost: (usage, cost) => `${usage} (≈ ${cost})`,
  a2uiBuilding: 'جارٍ إنشاء الواجهة…',
  a2uiFailed: 'تعذّر إنشاء الواجهة.',
  mcpAppTitle: (name) => `تطبيق: ${name}`,
  mcpAppLoading: 'جارٍ تحميل التطبيق…',
  mcpAppFailed: 'تعذّر تحميل التطبيق.',
  exportButton: 'تصدير',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'الوسائط',
  transcriptResult: 'النتيجة',
  transcriptApproved: 'وافق عليه المستخدم',
  threadList: {
    listLabel: 'المحادثات',
    newChat: 'محادثة جديدة',
    untitled: 'محادثة جديدة',
    untitledStored: 'محادثة بلا عنوان',
    rename: (title) => `إعادة تسمية ${title}`,
    renameInput: 'اسم المحادثة',
    delete: (title) => `حذف ${title}`,
    confirmDelete: (title) => `حذف «${title}»؟`,
    confirmDeleteButton: 'حذف',
    cancel: 'إلغاء',
    room: 'الغرفة',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return 'يكتب';
        case 'calling':
          return `يستدعي ${activity.tool}`;
        case 'executing':
          return `ينفّذ ${and(activity.tools)}`;
        case 'waiting-for-approval':
          return 'في انتظار الموافقة';
        case 'waiting-for-connection':
          return 'في انتظار اتصال متاح';
        case 'preparing':
          return 'جارٍ التحميل';
        case 'failed':
          return 'فشلت';
        case 'interrupted':
          return 'انقطعت';
        default:
          return '';
      }
    },
    unread: 'غير مقروءة',
    stateRunning: 'قيد التشغيل',
    stateWaitingForApproval: 'في انتظار الموافقة',
    stateFailed: 'فشلت',
    stateInterrupted: 'انقطعت',
    stateUnread: 'غير مقروءة',
    loadFailed: (reason) => `تعذّر تحميل المحادثات: ${reason}`,
  },
};

export default ar;
