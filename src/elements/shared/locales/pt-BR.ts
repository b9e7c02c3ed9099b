import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber, plural } from './format.js';

const L = 'pt-BR';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join(', ');

/** Brazilian Portuguese (also for `pt` and `pt-PT`). */
const ptBR: LocaleStrings = {
  welcome: 'Como posso ajudar você hoje?',
  inputLabel: 'Mensagem',
  inputPlaceholder: 'Escreva uma mensagem… (Enter envia, Shift+Enter adiciona uma linha)',
  send: 'Enviar',
  stop: 'Parar',
  newChat: 'Nova conversa',
  threadsLabel: 'Conversas',
  suggestionsLabel: 'Sugestões',
  dictate: 'Ditar',
  roomUnavailable: (reason) => `Não foi possível carregar os dados da sala (${reason}). Você ainda pode enviar uma mensagem.`,
  retry: 'Tentar novamente',
  conversationLabel: 'Conversa',
  you: 'Você',
  assistant: 'Assistente',
  reasoning: 'Raciocínio',
  notice: 'Aviso',
  thinking: 'Pensando…',
  writing: 'Escrevendo…',
  creatingThread: 'Iniciando a conversa…',
  loadingHistory: 'Carregando a conversa…',
  loadingHistoryProgress: (loaded, total) => `Carregando a conversa… (${count(L, loaded)} de ${count(L, total)})`,
  historyGap: 'Não foi possível carregar parte desta conversa.',
  attachedRun: 'O servidor ainda está escrevendo esta resposta; você poderá enviar quando ela terminar.',
  attachedStopped: 'Esta resposta não está mais sendo acompanhada; o servidor ainda a está escrevendo. Você poderá enviar quando ela terminar.',
  waitingForConnection: 'Aguardando uma conexão livre…',
  busy: (status) => (status === 429 ? 'O agente está ocupado: solicitações demais no momento.' : 'O agente está ocupado ou indisponível por um instante.'),
  retryingIn: (seconds) => (seconds > 0 ? `Tentando novamente em ${duration(L, seconds)}…` : 'Tentando novamente…'),
  retryNow: 'Tentar agora',
  tryLater: (seconds) => (seconds ? `Tente novamente em ${duration(L, seconds)}.` : 'Tente novamente mais tarde.'),
  calling: (name) => `Chamando ${name}…`,
  executing: (names) => `Executando ${and(names)}…`,
  awaitingApproval: (names) => `Aguardando sua aprovação: ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'Não foi possível falar com o agente. Verifique sua conexão e tente novamente.',
    unauthorized: 'O agente precisa que você entre novamente.',
    http: 'O agente teve um problema. Tente novamente em instantes.',
    protocol: 'Não foi possível ler a resposta do agente. Tente novamente.',
    agent: 'O agente teve um problema ao responder. Tente novamente.',
    'stream-ended': 'A resposta do agente foi cortada. Tente novamente.',
    'depth-limit': 'O agente continuava chamando ferramentas, então esta rodada foi interrompida. Tente perguntar de outro jeito.',
    tool: 'Uma ferramenta desta página falhou, então esta resposta foi interrompida. Tente novamente.',
    internal: 'Algo deu errado no chat. Tente novamente.',
    'missing-thread': 'Esta conversa não existe mais. Comece uma nova conversa.',
    history: 'Não foi possível carregar a conversa. Tente novamente.',
  },
  errorDetails: 'Detalhes',
  cancelled: 'Interrompido.',
  interrupted: 'A página foi recarregada antes de esta resposta terminar.',
  interruptedTools: (names) =>
    plural(L, names.length, {
      one: `A página foi recarregada enquanto ${and(names)} estava em execução. Execute-a novamente ou continue sem ela.`,
      other: `A página foi recarregada enquanto ${and(names)} estavam em execução. Execute-as novamente ou continue sem elas.`,
    }),
  continue: 'Continuar',
  runAgain: 'Executar novamente',
  toolStatus: {
    streaming: 'Recebendo argumentos',
    pending: 'Pendente',
    'awaiting-approval': 'Aguardando aprovação',
    executing: 'Executando',
    completed: 'Concluída',
    failed: 'Falhou',
    denied: 'Negada',
    cancelled: 'Interrompida',
    interrupted: 'Interrompida por um recarregamento',
  },
  toolNotAnswered: 'Sem resposta — a conversa seguiu adiante',
  toolApproved: 'Aprovada',
  toolCallLabel: (name, status) => `Chamada da ferramenta ${name}: ${status}`,
  toolDetails: 'Detalhes',
  arguments: 'Argumentos',
  result: 'Resultado',
  error: 'Erro',
  approvalPrompt: (name) => `O assistente quer executar ${name}. Permitir?`,
  approve: 'Aprovar',
  deny: 'Negar',
  alwaysAllow: 'Sempre permitir esta ferramenta nesta conversa',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `Ferramentas adicionadas: ${addedTools.join(', ')}` : '',
      removedTools.length ? `Ferramentas removidas: ${removedTools.join(', ')}` : '',
      addedContext.length ? `Contexto adicionado: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `${title}: disponível`,
  microphoneBlocked: 'O microfone está bloqueado para esta página. Permita o acesso no navegador (pelo ícone na barra de endereço ou nas configurações do site) para ditar.',
  dictationFailed: (reason) => `O ditado parou: ${reason}`,
  cachedResult: 'Resultado em cache',
  download: (filename) => `Baixar ${filename}`,
  renderFailed: 'Não foi possível exibir este resultado.',
  announceToolStatus: (name, status) => `${name}: ${status}`,
  announceAnswer: (text) => `Assistente: ${text}`,
  copy: 'Copiar',
  regenerate: 'Gerar novamente',
  readAloud: 'Ler em voz alta',
  stopReading: 'Parar leitura',
  edit: 'Editar',
  editLabel: 'Editar sua mensagem',
  editSend: 'Enviar',
  editCancel: 'Cancelar',
  previousVersion: 'Versão anterior',
  nextVersion: 'Próxima versão',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `Versão ${count(L, n)} de ${count(L, total)}`,
  jumpToLatest: 'Ir para o mais recente',
  copyCode: 'Copiar código',
  codeCopied: 'Copiado',
  codeCopyFailed: 'Falha ao copiar',
  waitingForAnswer: 'Aguardando sua resposta',
  step: (name) => `Etapa: ${name}`,
  interruptLabel: 'O agente precisa da sua resposta',
  interruptSubmit: 'Enviar resposta',
  interruptCancel: 'Cancelar',
  interruptExpired: 'Esta solicitação expirou e não pode mais ser respondida.',
  interruptAnswered: 'Respondida.',
  interruptAnsweredWith: (summary) => `Respondida: ${summary}`,
  interruptApproved: 'Aprovada.',
  interruptDenied: 'Negada.',
  interruptCancelled: 'Cancelada.',
  editArguments: 'Argumentos (você pode editá-los)',
  invalidArguments: 'Escreva os argumentos como um objeto JSON.',
  requiredField: 'obrigatório',
  addItem: 'Adicionar',
  removeItem: 'Remover',
  activityLabel: (type) => `Atividade: ${type}`,
  subagentStatus: { running: 'Em andamento', completed: 'Concluído', suspended: 'Aguardando', failed: 'Falhou' },
  subagentLabel: (name, status) => `${name}: ${status}`,
  attach: 'Anexar arquivos',
  removeAttachment: (name) => `Remover ${name}`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}: este tipo de arquivo não pode ser anexado.`
      : why === 'size'
        ? `${name} é maior que ${megabytes(L, maxBytes)}.`
        : `${name}: não é possível anexar mais arquivos a uma mensagem.`,
  attachmentFailed: (reason) => `Não foi possível enviar os anexos: ${reason}`,
  attachmentLabel: (name) => `Anexo: ${name}`,
  announceInterrupt: (message) => `O agente pergunta: ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'O armazenamento deste navegador está cheio: esta conversa não será mantida se você recarregar ou fechar a página. Até lá, ela continua aqui.'
      : kind === 'unavailable'
        ? 'Este navegador não pode guardar conversas agora (uma janela anônima, armazenamento bloqueado ou uma versão mais nova desta página em outra aba): esta vai sumir se você recarregar ou fechar a página. Até lá, ela continua aqui.'
        : 'Não foi possível salvar esta conversa neste navegador: ela pode sumir se você recarregar ou fechar a página. Até lá, ela continua aqui.',
  threadChangedElsewhere: 'Esta conversa foi alterada em outra aba. O que acontecer aqui a partir de agora não será salvo; recarregue a página para ver a conversa salva.',
  signInPrompt: 'Entre para conversar nesta sala.',
  signIn: 'Entrar',
  signInWith: (title) => `Entrar com ${title}`,
  signOut: 'Sair',
  documents: 'Documentos',
  documentsChosen: (n) => `Documentos (${count(L, n)})`,
  documentsLegend: 'O agente pesquisa apenas nos documentos marcados (em todos, se nenhum estiver marcado).',
  truncated: `Cortado aqui: o restante era longo demais para exibir (mais de ${count(L, 100_000)} caracteres).`,
  goodResponse: 'Resposta boa',
  badResponse: 'Resposta ruim',
  feedbackLabel: 'Avaliação',
  feedbackReason: 'O que estava bom ou ruim? (opcional)',
  feedbackSend: 'Enviar avaliação',
  feedbackThanks: 'Obrigado pela sua avaliação.',
  feedbackFailed: 'Não foi possível enviar sua avaliação. Tente novamente.',
  sourcesLabel: 'Fontes',
  sourcePages: (pages) => `${pages.length === 1 ? 'p.' : 'pp.'} ${pageList(pages)}`,
  sourceUntitled: 'Documento sem título',
  sourceLoading: 'Carregando a prévia da página…',
  sourcePreview: (page) => `Página ${pageNumber(L, page)}, com o trecho citado destacado`,
  sourceNoPreview: 'Não há prévia de página para esta fonte.',
  usageAnswer: (input, output) =>
    `Esta resposta: ${count(L, input)} ${plural(L, input, { one: 'token', many: 'de tokens', other: 'tokens' })} de entrada, ${count(L, output)} de saída`,
  usageThread: (input, output) => `Toda a conversa: ${count(L, input)} de entrada, ${count(L, output)} de saída`,
  usageCost: (usage, cost) => `${usage} (≈ ${cost})`,
  a2uiBuilding: 'Criando a interface…',
  a2uiFailed: 'Não foi possível criar a interface.',
  mcpAppTitle: (name) => `App: ${name}`,
  mcpAppLoading: 'Carregando o app…',
  mcpAppFailed: 'Não foi possível carregar o app.',
  exportButton: 'Exportar',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'Argumentos',
  transcriptResult: 'Resultado',
  transcriptApproved: 'aprovado pelo usuário',
  threadList: {
    listLabel: 'Conversas',
    newChat: 'Nova conversa',
    untitled: 'Nova conversa',
    untitledStored: 'Conversa sem título',
    rename: (title) => `Renomear ${title}`,
    renameInput: 'Nome da conversa',
    delete: (title) => `Excluir ${title}`,
    confirmDelete: (title) => `Excluir “${title}”?`,
    confirmDeleteButton: 'Excluir',
    cancel: 'Cancelar',
    room: 'Sala',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return 'Escrevendo';
        case 'calling':
          return `Chamando ${activity.tool}`;
        case 'executing':
          return `Executando ${and(activity.tools)}`;
        case 'waiting-for-approval':
          return 'Aguardando aprovação';
        case 'waiting-for-connection':
          return 'Aguardando uma conexão livre';
        case 'preparing':
          return 'Carregando';
        case 'failed':
          return 'Falhou';
        case 'interrupted':
          return 'Interrompida';
        default:
          return '';
      }
    },
    unread: 'Não lida',
    stateRunning: 'em andamento',
    stateWaitingForApproval: 'aguardando aprovação',
    stateFailed: 'falhou',
    stateInterrupted: 'interrompida',
    stateUnread: 'não lida',
    loadFailed: (reason) => `Não foi possível carregar as conversas: ${reason}`,
  },
};

export default ptBR;
