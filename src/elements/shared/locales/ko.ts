import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber } from './format.js';

const L = 'ko';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join(', ');

/** Korean (no plural forms: counts need none). */
const ko: LocaleStrings = {
  welcome: '오늘 무엇을 도와드릴까요?',
  inputLabel: '메시지',
  inputPlaceholder: '메시지를 입력하세요… (Enter로 보내기, Shift+Enter로 줄 바꿈)',
  send: '보내기',
  stop: '중지',
  newChat: '새 채팅',
  threadsLabel: '채팅',
  suggestionsLabel: '추천',
  dictate: '음성 입력',
  roomUnavailable: (reason) => `방 정보를 불러오지 못했습니다(${reason}). 메시지는 계속 보낼 수 있습니다.`,
  retry: '다시 시도',
  conversationLabel: '대화',
  you: '나',
  assistant: '어시스턴트',
  reasoning: '추론',
  notice: '알림',
  thinking: '생각하는 중…',
  writing: '작성하는 중…',
  creatingThread: '대화를 시작하는 중…',
  loadingHistory: '대화를 불러오는 중…',
  loadingHistoryProgress: (loaded, total) => `대화를 불러오는 중… (${count(L, total)}개 중 ${count(L, loaded)}개)`,
  historyGap: '이 대화의 일부를 불러오지 못했습니다.',
  attachedRun: '서버가 아직 이 답변을 작성하고 있습니다. 완료되면 보낼 수 있습니다.',
  attachedStopped: '이 답변 따라가기를 멈췄습니다. 서버는 아직 작성하고 있습니다. 완료되면 보낼 수 있습니다.',
  waitingForConnection: '사용 가능한 연결을 기다리는 중…',
  busy: (status) => (status === 429 ? '에이전트가 바쁩니다. 지금 요청이 너무 많습니다.' : '에이전트가 바쁘거나 잠시 사용할 수 없습니다.'),
  retryingIn: (seconds) => (seconds > 0 ? `${duration(L, seconds)} 후 다시 시도합니다…` : '다시 시도하는 중…'),
  retryNow: '지금 다시 시도',
  tryLater: (seconds) => (seconds ? `${duration(L, seconds)} 후에 다시 시도하세요.` : '나중에 다시 시도하세요.'),
  calling: (name) => `${name} 호출 중…`,
  executing: (names) => `${and(names)} 실행 중…`,
  awaitingApproval: (names) => `승인을 기다리는 중: ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: '에이전트에 연결할 수 없습니다. 연결 상태를 확인하고 다시 시도하세요.',
    unauthorized: '에이전트를 사용하려면 다시 로그인해야 합니다.',
    http: '에이전트에 문제가 발생했습니다. 잠시 후 다시 시도하세요.',
    protocol: '에이전트의 답변을 읽을 수 없습니다. 다시 시도하세요.',
    agent: '에이전트가 답변하는 중에 문제가 발생했습니다. 다시 시도하세요.',
    'stream-ended': '에이전트의 답변이 중간에 끊겼습니다. 다시 시도하세요.',
    'depth-limit': '에이전트가 도구를 계속 호출해서 이번 차례를 중지했습니다. 다르게 질문해 보세요.',
    tool: '이 페이지의 도구가 실패해서 답변을 중지했습니다. 다시 시도하세요.',
    internal: '채팅에 문제가 발생했습니다. 다시 시도하세요.',
    'missing-thread': '이 대화는 더 이상 존재하지 않습니다. 새 채팅을 시작하세요.',
    history: '대화를 불러오지 못했습니다. 다시 시도하세요.',
  },
  errorDetails: '세부 정보',
  cancelled: '중지했습니다.',
  interrupted: '이 답변이 완료되기 전에 페이지가 새로 고쳐졌습니다.',
  interruptedTools: (names) => `${and(names)} 실행 중에 페이지가 새로 고쳐졌습니다. 다시 실행하거나 실행하지 않고 계속하세요.`,
  continue: '계속',
  runAgain: '다시 실행',
  toolStatus: {
    streaming: '인수 수신 중',
    pending: '대기 중',
    'awaiting-approval': '승인 대기 중',
    executing: '실행 중',
    completed: '완료',
    failed: '실패',
    denied: '거부됨',
    cancelled: '중지됨',
    interrupted: '새로 고침으로 중단됨',
  },
  toolNotAnswered: '응답 없음 — 대화가 계속 진행되었습니다',
  toolApproved: '승인됨',
  toolCallLabel: (name, status) => `도구 호출 ${name}: ${status}`,
  toolDetails: '세부 정보',
  arguments: '인수',
  result: '결과',
  error: '오류',
  approvalPrompt: (name) => `어시스턴트가 ${name}을(를) 실행하려고 합니다. 허용할까요?`,
  approve: '승인',
  deny: '거부',
  alwaysAllow: '이 채팅에서 이 도구를 항상 허용',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `추가된 도구: ${addedTools.join(', ')}` : '',
      removedTools.length ? `제거된 도구: ${removedTools.join(', ')}` : '',
      addedContext.length ? `추가된 컨텍스트: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `${title} 준비됨`,
  microphoneBlocked: '이 페이지에서 마이크가 차단되어 있습니다. 음성 입력을 하려면 브라우저(주소 표시줄의 아이콘 또는 사이트 설정)에서 마이크를 허용하세요.',
  dictationFailed: (reason) => `음성 입력이 중지되었습니다: ${reason}`,
  cachedResult: '캐시된 결과',
  download: (filename) => `${filename} 다운로드`,
  renderFailed: '이 결과를 표시할 수 없습니다.',
  announceToolStatus: (name, status) => `${name}: ${status}`,
  announceAnswer: (text) => `어시스턴트: ${text}`,
  copy: '복사',
  regenerate: '다시 생성',
  readAloud: '소리 내어 읽기',
  stopReading: '읽기 중지',
  edit: '편집',
  editLabel: '메시지 편집',
  editSend: '보내기',
  editCancel: '취소',
  previousVersion: '이전 버전',
  nextVersion: '다음 버전',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `버전 ${count(L, n)}/${count(L, total)}`,
  jumpToLatest: '최신으로 이동',
  copyCode: '코드 복사',
  codeCopied: '복사됨',
  codeCopyFailed: '복사 실패',
  waitingForAnswer: '답변을 기다리는 중',
  step: (name) => `단계: ${name}`,
  interruptLabel: '에이전트가 입력을 요청합니다',
  interruptSubmit: '답변 보내기',
  interruptCancel: '취소',
  interruptExpired: '이 요청은 만료되어 더 이상 답변할 수 없습니다.',
  interruptAnswered: '답변함.',
  interruptAnsweredWith: (summary) => `답변함: ${summary}`,
  interruptApproved: '승인함.',
  interruptDenied: '거부함.',
  interruptCancelled: '취소함.',
  editArguments: '인수(편집할 수 있습니다)',
  invalidArguments: '인수를 JSON 객체로 작성하세요.',
  requiredField: '필수',
  addItem: '추가',
  removeItem: '제거',
  activityLabel: (type) => `활동: ${type}`,
  subagentStatus: { running: '실행 중', completed: '완료', suspended: '대기 중', failed: '실패' },
  subagentLabel: (name, status) => `${name}: ${status}`,
  attach: '파일 첨부',
  removeAttachment: (name) => `${name} 제거`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}: 이 형식의 파일은 첨부할 수 없습니다.`
      : why === 'size'
        ? `${name}의 크기가 ${megabytes(L, maxBytes)}를 넘습니다.`
        : `${name}: 한 메시지에 더 이상 파일을 첨부할 수 없습니다.`,
  attachmentFailed: (reason) => `첨부 파일을 보내지 못했습니다: ${reason}`,
  attachmentLabel: (name) => `첨부 파일: ${name}`,
  announceInterrupt: (message) => `에이전트의 질문: ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? '이 브라우저의 저장 공간이 가득 찼습니다. 페이지를 새로 고치거나 닫으면 이 대화는 보관되지 않습니다. 그때까지는 여기에 남아 있습니다.'
      : kind === 'unavailable'
        ? '이 브라우저는 지금 대화를 보관할 수 없습니다(시크릿 창, 차단된 저장소, 또는 다른 탭에 이 페이지의 새 버전이 있음). 페이지를 새로 고치거나 닫으면 이 대화는 사라집니다. 그때까지는 여기에 남아 있습니다.'
        : '이 브라우저에 이 대화를 저장하지 못했습니다. 페이지를 새로 고치거나 닫으면 사라질 수 있습니다. 그때까지는 여기에 남아 있습니다.',
  threadChangedElsewhere: '이 대화는 다른 탭에서 변경되었습니다. 지금부터 여기서 일어나는 일은 저장되지 않습니다. 저장된 대화를 보려면 페이지를 새로 고치세요.',
  signInPrompt: '이 방에서 채팅하려면 로그인하세요.',
  signIn: '로그인',
  signInWith: (title) => `${title}(으)로 로그인`,
  signOut: '로그아웃',
  documents: '문서',
  documentsChosen: (n) => `문서 (${count(L, n)})`,
  documentsLegend: '에이전트는 체크한 문서만 검색합니다(아무것도 체크하지 않으면 모든 문서를 검색합니다).',
  truncated: `여기서 잘렸습니다. 나머지는 너무 길어 표시할 수 없습니다(${count(L, 100_000)}자 초과).`,
  goodResponse: '좋은 답변',
  badResponse: '나쁜 답변',
  feedbackLabel: '피드백',
  feedbackReason: '어떤 점이 좋았거나 나빴나요? (선택 사항)',
  feedbackSend: '피드백 보내기',
  feedbackThanks: '피드백을 보내 주셔서 감사합니다.',
  feedbackFailed: '피드백을 보내지 못했습니다. 다시 시도하세요.',
  sourcesLabel: '출처',
  sourcePages: (pages) => `${pageList(pages)}쪽`,
  sourceUntitled: '제목 없는 문서',
  sourceLoading: '페이지 미리 보기를 불러오는 중…',
  sourcePreview: (page) => `${pageNumber(L, page)}쪽, 인용된 부분 강조 표시`,
  sourceNoPreview: '이 출처에는 페이지 미리 보기가 없습니다.',
  usageAnswer: (input, output) => `이 답변: 입력 토큰 ${count(L, input)}개, 출력 ${count(L, output)}개`,
  usageThread: (input, output) => `전체 대화: 입력 ${count(L, input)}, 출력 ${count(L, output)}`,
  usageCost: (usage, cost) => `${usage} (약 ${cost})`,
  a2uiBuilding: '인터페이스를 만드는 중…',
  a2uiFailed: '인터페이스를 만들 수 없습니다.',
  mcpAppTitle: (name) => `앱: ${name}`,
  mcpAppLoading: '앱을 불러오는 중…',
  mcpAppFailed: '앱을 불러올 수 없습니다.',
  exportButton: '내보내기',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: '인수',
  transcriptResult: '결과',
  transcriptApproved: '사용자가 승인함',
  threadList: {
    listLabel: '채팅',
    newChat: '새 채팅',
    untitled: '새 채팅',
    untitledStored: '제목 없는 채팅',
    rename: (title) => `${title} 이름 바꾸기`,
    renameInput: '채팅 이름',
    delete: (title) => `${title} 삭제`,
    confirmDelete: (title) => `“${title}”을(를) 삭제할까요?`,
    confirmDeleteButton: '삭제',
    cancel: '취소',
    room: '방',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return '작성 중';
        case 'calling':
          return `${activity.tool} 호출 중`;
        case 'executing':
          return `${and(activity.tools)} 실행 중`;
        case 'waiting-for-approval':
          return '승인 대기 중';
        case 'waiting-for-connection':
          return '연결 대기 중';
        case 'preparing':
          return '불러오는 중';
        case 'failed':
          return '실패';
        case 'interrupted':
          return '중단됨';
        default:
          return '';
      }
    },
    unread: '읽지 않음',
    stateRunning: '실행 중',
    stateWaitingForApproval: '승인 대기 중',
    stateFailed: '실패',
    stateInterrupted: '중단됨',
    stateUnread: '읽지 않음',
    loadFailed: (reason) => `채팅을 불러오지 못했습니다: ${reason}`,
  },
};

export default ko;
