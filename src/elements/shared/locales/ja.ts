import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber } from './format.js';

const L = 'ja';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join('、');

/** Japanese (no plural forms: counts need none). */
const ja: LocaleStrings = {
  welcome: '今日はどのようなご用件でしょうか？',
  inputLabel: 'メッセージ',
  inputPlaceholder: 'メッセージを入力…（Enter で送信、Shift+Enter で改行）',
  send: '送信',
  stop: '停止',
  newChat: '新しいチャット',
  threadsLabel: 'チャット',
  suggestionsLabel: '提案',
  dictate: '音声入力',
  roomUnavailable: (reason) => `ルームの情報を読み込めませんでした（${reason}）。メッセージは送信できます。`,
  retry: '再試行',
  conversationLabel: '会話',
  you: 'あなた',
  assistant: 'アシスタント',
  reasoning: '推論',
  notice: 'お知らせ',
  thinking: '考えています…',
  writing: '書いています…',
  creatingThread: '会話を開始しています…',
  loadingHistory: '会話を読み込んでいます…',
  loadingHistoryProgress: (loaded, total) => `会話を読み込んでいます…（${count(L, total)} 件中 ${count(L, loaded)} 件）`,
  historyGap: 'この会話の一部を読み込めませんでした。',
  attachedRun: 'サーバーがまだこの回答を書いています。完了したら送信できます。',
  attachedStopped: 'この回答の追跡を停止しました。サーバーはまだ書いています。完了したら送信できます。',
  waitingForConnection: '空き接続を待っています…',
  busy: (status) => (status === 429 ? 'エージェントが混み合っています（リクエストが多すぎます）。' : 'エージェントが混み合っているか、一時的に利用できません。'),
  retryingIn: (seconds) => (seconds > 0 ? `${duration(L, seconds)}後に再試行します…` : '再試行しています…'),
  retryNow: '今すぐ再試行',
  tryLater: (seconds) => (seconds ? `${duration(L, seconds)}後にもう一度お試しください。` : 'しばらくしてからもう一度お試しください。'),
  calling: (name) => `${name} を呼び出しています…`,
  executing: (names) => `${and(names)} を実行しています…`,
  awaitingApproval: (names) => `承認を待っています：${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'エージェントに接続できません。接続を確認して、もう一度お試しください。',
    unauthorized: 'エージェントを使うには再度サインインが必要です。',
    http: 'エージェントで問題が発生しました。少し待ってからもう一度お試しください。',
    protocol: 'エージェントの回答を読み取れませんでした。もう一度お試しください。',
    agent: 'エージェントが回答中に問題が発生しました。もう一度お試しください。',
    'stream-ended': 'エージェントの回答が途中で切れました。もう一度お試しください。',
    'depth-limit': 'エージェントがツールを呼び出し続けたため、このターンを停止しました。聞き方を変えてみてください。',
    tool: 'このページのツールが失敗したため、回答を停止しました。もう一度お試しください。',
    internal: 'チャットで問題が発生しました。もう一度お試しください。',
    'missing-thread': 'この会話はもう存在しません。新しいチャットを始めてください。',
    history: '会話を読み込めませんでした。もう一度お試しください。',
  },
  errorDetails: '詳細',
  cancelled: '停止しました。',
  interrupted: 'この回答が完了する前にページが再読み込みされました。',
  interruptedTools: (names) => `${and(names)} の実行中にページが再読み込みされました。もう一度実行するか、実行せずに続けてください。`,
  continue: '続ける',
  runAgain: 'もう一度実行',
  toolStatus: {
    streaming: '引数を受信中',
    pending: '保留中',
    'awaiting-approval': '承認待ち',
    executing: '実行中',
    completed: '完了',
    failed: '失敗',
    denied: '拒否',
    cancelled: '停止',
    interrupted: '再読み込みで中断',
  },
  toolNotAnswered: '未回答 — 会話が先に進みました',
  toolApproved: '承認済み',
  toolCallLabel: (name, status) => `ツール呼び出し ${name}：${status}`,
  toolDetails: '詳細',
  arguments: '引数',
  result: '結果',
  error: 'エラー',
  approvalPrompt: (name) => `アシスタントが ${name} を実行しようとしています。許可しますか？`,
  approve: '承認',
  deny: '拒否',
  alwaysAllow: 'このチャットではこのツールを常に許可',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `追加されたツール：${addedTools.join('、')}` : '',
      removedTools.length ? `削除されたツール：${removedTools.join('、')}` : '',
      addedContext.length ? `追加されたコンテキスト：${addedContext.join('、')}` : '',
    ]
      .filter(Boolean)
      .join('。'),
  toolsReady: (title) => `${title}：準備完了`,
  microphoneBlocked: 'このページではマイクがブロックされています。音声入力するには、ブラウザー（アドレスバーのアイコン、またはサイトの設定）でマイクを許可してください。',
  dictationFailed: (reason) => `音声入力が停止しました：${reason}`,
  cachedResult: 'キャッシュされた結果',
  download: (filename) => `${filename} をダウンロード`,
  renderFailed: 'この結果を表示できませんでした。',
  announceToolStatus: (name, status) => `${name}：${status}`,
  announceAnswer: (text) => `アシスタント：${text}`,
  copy: 'コピー',
  regenerate: '再生成',
  readAloud: '読み上げ',
  stopReading: '読み上げを停止',
  edit: '編集',
  editLabel: 'メッセージを編集',
  editSend: '送信',
  editCancel: 'キャンセル',
  previousVersion: '前のバージョン',
  nextVersion: '次のバージョン',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `バージョン ${count(L, n)}/${count(L, total)}`,
  jumpToLatest: '最新へ移動',
  copyCode: 'コードをコピー',
  codeCopied: 'コピーしました',
  codeCopyFailed: 'コピーできませんでした',
  waitingForAnswer: '回答を待っています',
  step: (name) => `ステップ：${name}`,
  interruptLabel: 'エージェントが入力を求めています',
  interruptSubmit: '回答を送信',
  interruptCancel: 'キャンセル',
  interruptExpired: 'このリクエストは期限切れのため、回答できません。',
  interruptAnswered: '回答済み。',
  interruptAnsweredWith: (summary) => `回答済み：${summary}`,
  interruptApproved: '承認しました。',
  interruptDenied: '拒否しました。',
  interruptCancelled: 'キャンセルしました。',
  editArguments: '引数（編集できます）',
  invalidArguments: '引数は JSON オブジェクトとして入力してください。',
  requiredField: '必須',
  addItem: '追加',
  removeItem: '削除',
  activityLabel: (type) => `アクティビティ：${type}`,
  subagentStatus: { running: '実行中', completed: '完了', suspended: '待機中', failed: '失敗' },
  subagentLabel: (name, status) => `${name}：${status}`,
  attach: 'ファイルを添付',
  removeAttachment: (name) => `${name} を削除`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}：この種類のファイルは添付できません。`
      : why === 'size'
        ? `${name} は ${megabytes(L, maxBytes)} を超えています。`
        : `${name}：1 件のメッセージにこれ以上ファイルを添付できません。`,
  attachmentFailed: (reason) => `添付ファイルを送信できませんでした：${reason}`,
  attachmentLabel: (name) => `添付ファイル：${name}`,
  announceInterrupt: (message) => `エージェントからの質問：${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'このブラウザーのストレージがいっぱいです。ページを再読み込みするか閉じると、この会話は保存されません。それまではここに残ります。'
      : kind === 'unavailable'
        ? 'このブラウザーは現在、会話を保存できません（プライベートウィンドウ、ストレージのブロック、または別のタブにこのページの新しいバージョンがあるため）。ページを再読み込みするか閉じると、この会話は消えます。それまではここに残ります。'
        : 'このブラウザーにこの会話を保存できませんでした。ページを再読み込みするか閉じると、消える可能性があります。それまではここに残ります。',
  threadChangedElsewhere: 'この会話は別のタブで変更されました。ここでのこれ以降の操作は保存されません。保存された会話を見るには、ページを再読み込みしてください。',
  signInPrompt: 'このルームでチャットするにはサインインしてください。',
  signIn: 'サインイン',
  signInWith: (title) => `${title} でサインイン`,
  signOut: 'サインアウト',
  documents: 'ドキュメント',
  documentsChosen: (n) => `ドキュメント（${count(L, n)}）`,
  documentsLegend: 'エージェントはチェックを付けたドキュメントだけを検索します（何もチェックしていない場合はすべてを検索します）。',
  truncated: `ここで省略しました。残りは長すぎるため表示できません（${count(L, 100_000)} 文字超）。`,
  goodResponse: '良い回答',
  badResponse: '良くない回答',
  feedbackLabel: 'フィードバック',
  feedbackReason: '良かった点・悪かった点は？（任意）',
  feedbackSend: 'フィードバックを送信',
  feedbackThanks: 'フィードバックをありがとうございます。',
  feedbackFailed: 'フィードバックを送信できませんでした。もう一度お試しください。',
  sourcesLabel: '出典',
  sourcePages: (pages) => `${pageList(pages)} ページ`,
  sourceUntitled: '無題のドキュメント',
  sourceLoading: 'ページのプレビューを読み込んでいます…',
  sourcePreview: (page) => `${pageNumber(L, page)} ページ（引用箇所をハイライト表示）`,
  sourceNoPreview: 'この出典にはページのプレビューがありません。',
  usageAnswer: (input, output) => `この回答：入力 ${count(L, input)} トークン、出力 ${count(L, output)} トークン`,
  usageThread: (input, output) => `会話全体：入力 ${count(L, input)}、出力 ${count(L, output)}`,
  usageCost: (usage, cost) => `${usage}（約 ${cost}）`,
  a2uiBuilding: 'インターフェースを作成しています…',
  a2uiFailed: 'インターフェースを作成できませんでした。',
  mcpAppTitle: (name) => `アプリ: ${name}`,
  mcpAppLoading: 'アプリを読み込んでいます…',
  mcpAppFailed: 'アプリを読み込めませんでした。',
  exportButton: 'エクスポート',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: '引数',
  transcriptResult: '結果',
  transcriptApproved: 'ユーザーが承認',
  threadList: {
    listLabel: 'チャット',
    newChat: '新しいチャット',
    untitled: '新しいチャット',
    untitledStored: '無題のチャット',
    rename: (title) => `${title} の名前を変更`,
    renameInput: 'チャット名',
    delete: (title) => `${title} を削除`,
    confirmDelete: (title) => `「${title}」を削除しますか？`,
    confirmDeleteButton: '削除',
    cancel: 'キャンセル',
    room: 'ルーム',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return '書いています';
        case 'calling':
          return `${activity.tool} を呼び出し中`;
        case 'executing':
          return `${and(activity.tools)} を実行中`;
        case 'waiting-for-approval':
          return '承認待ち';
        case 'waiting-for-connection':
          return '空き接続を待っています';
        case 'preparing':
          return '読み込み中';
        case 'failed':
          return '失敗';
        case 'interrupted':
          return '中断';
        default:
          return '';
      }
    },
    unread: '未読',
    stateRunning: '実行中',
    stateWaitingForApproval: '承認待ち',
    stateFailed: '失敗',
    stateInterrupted: '中断',
    stateUnread: '未読',
    loadFailed: (reason) => `チャットを読み込めませんでした：${reason}`,
  },
};

export default ja;
