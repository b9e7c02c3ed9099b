import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber } from './format.js';

const L = 'zh-CN';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join('、');

/** Simplified Chinese (also for `zh` and `zh-Hans`; no plural forms: counts need none). */
const zhCN: LocaleStrings = {
  welcome: '今天有什么可以帮你？',
  inputLabel: '消息',
  inputPlaceholder: '输入消息…（Enter 发送，Shift+Enter 换行）',
  send: '发送',
  stop: '停止',
  newChat: '新对话',
  threadsLabel: '对话',
  suggestionsLabel: '建议',
  dictate: '语音输入',
  roomUnavailable: (reason) => `无法加载房间信息（${reason}）。你仍然可以发送消息。`,
  retry: '重试',
  conversationLabel: '对话',
  you: '你',
  assistant: '助手',
  reasoning: '推理过程',
  notice: '通知',
  thinking: '正在思考…',
  writing: '正在撰写…',
  creatingThread: '正在开始对话…',
  loadingHistory: '正在加载对话…',
  loadingHistoryProgress: (loaded, total) => `正在加载对话…（${count(L, loaded)} / ${count(L, total)}）`,
  historyGap: '此对话的部分内容无法加载。',
  attachedRun: '服务器仍在撰写此回答；完成后即可发送。',
  attachedStopped: '已停止跟随此回答；服务器仍在撰写。完成后即可发送。',
  waitingForConnection: '正在等待空闲连接…',
  busy: (status) => (status === 429 ? '智能体正忙：当前请求过多。' : '智能体正忙或暂时不可用。'),
  retryingIn: (seconds) => (seconds > 0 ? `${duration(L, seconds)}后重试…` : '正在重试…'),
  retryNow: '立即重试',
  tryLater: (seconds) => (seconds ? `请在${duration(L, seconds)}后重试。` : '请稍后重试。'),
  calling: (name) => `正在调用 ${name}…`,
  executing: (names) => `正在执行 ${and(names)}…`,
  awaitingApproval: (names) => `等待你的批准：${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: '无法连接到智能体。请检查网络连接后重试。',
    unauthorized: '智能体需要你重新登录。',
    http: '智能体遇到了问题。请稍后重试。',
    protocol: '无法读取智能体的回答。请重试。',
    agent: '智能体在回答时遇到了问题。请重试。',
    'stream-ended': '智能体的回答被中断了。请重试。',
    'depth-limit': '智能体不停地调用工具，因此本轮已停止。请换一种方式提问。',
    tool: '此页面上的一个工具出错，因此回答已停止。请重试。',
    internal: '聊天出现了问题。请重试。',
    'missing-thread': '此对话已不存在。请开始新对话。',
    history: '无法加载对话。请重试。',
  },
  errorDetails: '详细信息',
  cancelled: '已停止。',
  interrupted: '此回答完成前页面已重新加载。',
  interruptedTools: (names) => `${and(names)} 运行时页面已重新加载。请重新运行，或不运行直接继续。`,
  continue: '继续',
  runAgain: '重新运行',
  toolStatus: {
    streaming: '正在接收参数',
    pending: '待处理',
    'awaiting-approval': '等待批准',
    executing: '正在执行',
    completed: '已完成',
    failed: '失败',
    denied: '已拒绝',
    cancelled: '已停止',
    interrupted: '因重新加载而中断',
  },
  toolNotAnswered: '未应答——对话已继续',
  toolApproved: '已批准',
  toolCallLabel: (name, status) => `工具调用 ${name}：${status}`,
  toolDetails: '详细信息',
  arguments: '参数',
  result: '结果',
  error: '错误',
  approvalPrompt: (name) => `助手想要运行 ${name}。是否允许？`,
  approve: '批准',
  deny: '拒绝',
  alwaysAllow: '在此对话中始终允许此工具',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `新增工具：${addedTools.join('、')}` : '',
      removedTools.length ? `移除工具：${removedTools.join('、')}` : '',
      addedContext.length ? `新增上下文：${addedContext.join('、')}` : '',
    ]
      .filter(Boolean)
      .join('。'),
  toolsReady: (title) => `${title} 已就绪`,
  microphoneBlocked: '此页面的麦克风已被阻止。要使用语音输入，请在浏览器中允许麦克风（通过地址栏中的图标或网站设置）。',
  dictationFailed: (reason) => `语音输入已停止：${reason}`,
  cachedResult: '缓存的结果',
  download: (filename) => `下载 ${filename}`,
  renderFailed: '无法显示此结果。',
  announceToolStatus: (name, status) => `${name}：${status}`,
  announceAnswer: (text) => `助手：${text}`,
  copy: '复制',
  regenerate: '重新生成',
  readAloud: '朗读',
  stopReading: '停止朗读',
  edit: '编辑',
  editLabel: '编辑你的消息',
  editSend: '发送',
  editCancel: '取消',
  previousVersion: '上一个版本',
  nextVersion: '下一个版本',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `第 ${count(L, n)} 个版本，共 ${count(L, total)} 个`,
  jumpToLatest: '跳到最新',
  copyCode: '复制代码',
  codeCopied: '已复制',
  codeCopyFailed: '复制失败',
  waitingForAnswer: '等待你的回答',
  step: (name) => `步骤：${name}`,
  interruptLabel: '智能体需要你的输入',
  interruptSubmit: '发送回答',
  interruptCancel: '取消',
  interruptExpired: '此请求已过期，无法再回答。',
  interruptAnswered: '已回答。',
  interruptAnsweredWith: (summary) => `已回答：${summary}`,
  interruptApproved: '已批准。',
  interruptDenied: '已拒绝。',
  interruptCancelled: '已取消。',
  editArguments: '参数（可以编辑）',
  invalidArguments: '请将参数写成 JSON 对象。',
  requiredField: '必填',
  addItem: '添加',
  removeItem: '移除',
  activityLabel: (type) => `活动：${type}`,
  subagentStatus: { running: '运行中', completed: '已完成', suspended: '等待中', failed: '失败' },
  subagentLabel: (name, status) => `${name}：${status}`,
  attach: '添加附件',
  removeAttachment: (name) => `移除 ${name}`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}：无法附加此类文件。`
      : why === 'size'
        ? `${name} 超过 ${megabytes(L, maxBytes)}。`
        : `${name}：一条消息无法再附加更多文件。`,
  attachmentFailed: (reason) => `无法发送附件：${reason}`,
  attachmentLabel: (name) => `附件：${name}`,
  announceInterrupt: (message) => `智能体提问：${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? '此浏览器的存储空间已满：重新加载或关闭页面后，此对话将不会保留。在此之前它仍在这里。'
      : kind === 'unavailable'
        ? '此浏览器目前无法保存对话（隐私窗口、存储被阻止，或其他标签页中有此页面的新版本）：重新加载或关闭页面后，此对话将消失。在此之前它仍在这里。'
        : '无法在此浏览器中保存此对话：重新加载或关闭页面后它可能会消失。在此之前它仍在这里。',
  threadChangedElsewhere: '此对话已在另一个标签页中被更改。从现在起此处的操作不会保存；请重新加载页面以查看已保存的对话。',
  signInPrompt: '登录后即可在此房间聊天。',
  signIn: '登录',
  signInWith: (title) => `使用 ${title} 登录`,
  signOut: '退出登录',
  documents: '文档',
  documentsChosen: (n) => `文档（${count(L, n)}）`,
  documentsLegend: '智能体只搜索勾选的文档（未勾选任何文档时搜索全部）。',
  truncated: `内容在此截断：其余部分过长，无法显示（超过 ${count(L, 100_000)} 个字符）。`,
  goodResponse: '回答很好',
  badResponse: '回答不好',
  feedbackLabel: '反馈',
  feedbackReason: '哪里好，哪里不好？（可选）',
  feedbackSend: '发送反馈',
  feedbackThanks: '感谢你的反馈。',
  feedbackFailed: '无法发送你的反馈。请重试。',
  sourcesLabel: '来源',
  sourcePages: (pages) => `第 ${pageList(pages)} 页`,
  sourceUntitled: '无标题文档',
  sourceLoading: '正在加载页面预览…',
  sourcePreview: (page) => `第 ${pageNumber(L, page)} 页，引用段落已高亮`,
  sourceNoPreview: '此来源没有页面预览。',
  usageAnswer: (input, output) => `本条回答：输入 ${count(L, input)} 个 token，输出 ${count(L, output)} 个`,
  usageThread: (input, output) => `整个对话：输入 ${count(L, input)}，输出 ${count(L, output)}`,
  usageCost: (usage, cost) => `${usage}（约 ${cost}）`,
  a2uiBuilding: '正在构建界面…',
  a2uiFailed: '无法构建界面。',
  mcpAppTitle: (name) => `应用：${name}`,
  mcpAppLoading: '正在加载应用…',
  mcpAppFailed: '无法加载应用。',
  exportButton: '导出',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: '参数',
  transcriptResult: '结果',
  transcriptApproved: '已由用户批准',
  threadList: {
    listLabel: '对话',
    newChat: '新对话',
    untitled: '新对话',
    untitledStored: '无标题对话',
    rename: (title) => `重命名 ${title}`,
    renameInput: '对话名称',
    delete: (title) => `删除 ${title}`,
    confirmDelete: (title) => `删除“${title}”？`,
    confirmDeleteButton: '删除',
    cancel: '取消',
    room: '房间',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return '正在撰写';
        case 'calling':
          return `正在调用 ${activity.tool}`;
        case 'executing':
          return `正在执行 ${and(activity.tools)}`;
        case 'waiting-for-approval':
          return '等待批准';
        case 'waiting-for-connection':
          return '等待空闲连接';
        case 'preparing':
          return '正在加载';
        case 'failed':
          return '失败';
        case 'interrupted':
          return '已中断';
        default:
          return '';
      }
    },
    unread: '未读',
    stateRunning: '运行中',
    stateWaitingForApproval: '等待批准',
    stateFailed: '失败',
    stateInterrupted: '已中断',
    stateUnread: '未读',
    loadFailed: (reason) => `无法加载对话：${reason}`,
  },
};

export default zhCN;
