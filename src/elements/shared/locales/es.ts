import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber, plural } from './format.js';

const L = 'es';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join(', ');

/** Spanish. */
const es: LocaleStrings = {
  welcome: '¿En qué puedo ayudarte hoy?',
  inputLabel: 'Mensaje',
  inputPlaceholder: 'Escribe un mensaje… (Intro envía, Mayús+Intro añade una línea)',
  send: 'Enviar',
  stop: 'Detener',
  newChat: 'Nuevo chat',
  threadsLabel: 'Chats',
  suggestionsLabel: 'Sugerencias',
  dictate: 'Dictar',
  roomUnavailable: (reason) => `No se pudieron cargar los datos de la sala (${reason}). Aun así puedes enviar un mensaje.`,
  retry: 'Reintentar',
  conversationLabel: 'Conversación',
  you: 'Tú',
  assistant: 'Asistente',
  reasoning: 'Razonamiento',
  notice: 'Aviso',
  thinking: 'Pensando…',
  writing: 'Escribiendo…',
  creatingThread: 'Iniciando la conversación…',
  loadingHistory: 'Cargando la conversación…',
  loadingHistoryProgress: (loaded, total) => `Cargando la conversación… (${count(L, loaded)} de ${count(L, total)})`,
  historyGap: 'No se pudo cargar parte de esta conversación.',
  attachedRun: 'El servidor aún está escribiendo esta respuesta; podrás enviar cuando termine.',
  attachedStopped: 'Ya no se sigue esta respuesta; el servidor aún la está escribiendo. Podrás enviar cuando termine.',
  waitingForConnection: 'Esperando una conexión libre…',
  busy: (status) => (status === 429 ? 'El agente está ocupado: demasiadas solicitudes en este momento.' : 'El agente está ocupado o no disponible por un momento.'),
  retryingIn: (seconds) => (seconds > 0 ? `Reintentando en ${duration(L, seconds)}…` : 'Reintentando…'),
  retryNow: 'Reintentar ahora',
  tryLater: (seconds) => (seconds ? `Vuelve a intentarlo en ${duration(L, seconds)}.` : 'Vuelve a intentarlo más tarde.'),
  calling: (name) => `Llamando a ${name}…`,
  executing: (names) => `Ejecutando ${and(names)}…`,
  awaitingApproval: (names) => `Esperando tu aprobación: ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'No se puede contactar con el agente. Comprueba tu conexión y vuelve a intentarlo.',
    unauthorized: 'El agente necesita que vuelvas a iniciar sesión.',
    http: 'El agente tuvo un problema. Vuelve a intentarlo en un momento.',
    protocol: 'No se pudo leer la respuesta del agente. Vuelve a intentarlo.',
    agent: 'El agente tuvo un problema al responder. Vuelve a intentarlo.',
    'stream-ended': 'La respuesta del agente se cortó. Vuelve a intentarlo.',
    'depth-limit': 'El agente no dejaba de llamar a herramientas, así que se detuvo este turno. Prueba a preguntarlo de otra forma.',
    tool: 'Falló una herramienta de esta página, así que se detuvo esta respuesta. Vuelve a intentarlo.',
    internal: 'Algo salió mal en el chat. Vuelve a intentarlo.',
    'missing-thread': 'Esta conversación ya no existe. Empieza un chat nuevo.',
    history: 'No se pudo cargar la conversación. Vuelve a intentarlo.',
  },
  errorDetails: 'Detalles',
  cancelled: 'Detenido.',
  interrupted: 'La página se recargó antes de que esta respuesta terminara.',
  interruptedTools: (names) =>
    plural(L, names.length, {
      one: `La página se recargó mientras se ejecutaba ${and(names)}. Vuelve a ejecutarla o continúa sin ella.`,
      other: `La página se recargó mientras se ejecutaban ${and(names)}. Vuelve a ejecutarlas o continúa sin ellas.`,
    }),
  continue: 'Continuar',
  runAgain: 'Ejecutar de nuevo',
  toolStatus: {
    streaming: 'Recibiendo argumentos',
    pending: 'Pendiente',
    'awaiting-approval': 'Esperando aprobación',
    executing: 'Ejecutando',
    completed: 'Completada',
    failed: 'Fallida',
    denied: 'Denegada',
    cancelled: 'Detenida',
    interrupted: 'Interrumpida por una recarga',
  },
  toolNotAnswered: 'Sin respuesta: la conversación siguió adelante',
  toolApproved: 'Aprobada',
  toolCallLabel: (name, status) => `Llamada a la herramienta ${name}: ${status}`,
  toolDetails: 'Detalles',
  arguments: 'Argumentos',
  result: 'Resultado',
  error: 'Error',
  approvalPrompt: (name) => `El asistente quiere ejecutar ${name}. ¿Lo permites?`,
  approve: 'Aprobar',
  deny: 'Denegar',
  alwaysAllow: 'Permitir siempre esta herramienta en este chat',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `Herramientas añadidas: ${addedTools.join(', ')}` : '',
      removedTools.length ? `Herramientas quitadas: ${removedTools.join(', ')}` : '',
      addedContext.length ? `Contexto añadido: ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `${title}: disponible`,
  microphoneBlocked: 'El micrófono está bloqueado para esta página. Permítelo en el navegador (el icono de la barra de direcciones o la configuración del sitio) para dictar.',
  dictationFailed: (reason) => `El dictado se detuvo: ${reason}`,
  cachedResult: 'Resultado en caché',
  download: (filename) => `Descargar ${filename}`,
  renderFailed: 'No se pudo mostrar este resultado.',
  announceToolStatus: (name, status) => `${name}: ${status}`,
  announceAnswer: (text) => `Asistente: ${text}`,
  copy: 'Copiar',
  regenerate: 'Regenerar',
  readAloud: 'Leer en voz alta',
  stopReading: 'Dejar de leer',
  edit: 'Editar',
  editLabel: 'Edita tu mensaje',
  editSend: 'Enviar',
  editCancel: 'Cancelar',
  previousVersion: 'Versión anterior',
  nextVersion: 'Versión siguiente',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `Versión ${count(L, n)} de ${count(L, total)}`,
  jumpToLatest: 'Ir a lo más reciente',
  copyCode: 'Copiar código',
  codeCopied: 'Copiado',
  codeCopyFailed: 'No se pudo copiar',
  waitingForAnswer: 'Esperando tu respuesta',
  step: (name) => `Paso: ${name}`,
  interruptLabel: 'El agente necesita tu respuesta',
  interruptSubmit: 'Enviar respuesta',
  interruptCancel: 'Cancelar',
  interruptExpired: 'Esta solicitud caducó y ya no se puede responder.',
  interruptAnswered: 'Respondida.',
  interruptAnsweredWith: (summary) => `Respondida: ${summary}`,
  interruptApproved: 'Aprobada.',
  interruptDenied: 'Denegada.',
  interruptCancelled: 'Cancelada.',
  editArguments: 'Argumentos (puedes editarlos)',
  invalidArguments: 'Escribe los argumentos como un objeto JSON.',
  requiredField: 'obligatorio',
  addItem: 'Añadir',
  removeItem: 'Quitar',
  activityLabel: (type) => `Actividad: ${type}`,
  subagentStatus: { running: 'En curso', completed: 'Hecho', suspended: 'En espera', failed: 'Fallido' },
  subagentLabel: (name, status) => `${name}: ${status}`,
  attach: 'Adjuntar archivos',
  removeAttachment: (name) => `Quitar ${name}`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name}: no se pueden adjuntar archivos de este tipo.`
      : why === 'size'
        ? `${name} supera los ${megabytes(L, maxBytes)}.`
        : `${name}: no se pueden adjuntar más archivos a un mensaje.`,
  attachmentFailed: (reason) => `No se pudieron enviar los adjuntos: ${reason}`,
  attachmentLabel: (name) => `Adjunto: ${name}`,
  announceInterrupt: (message) => `El agente pregunta: ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'El almacenamiento de este navegador está lleno: esta conversación no se conservará si recargas o cierras la página. Hasta entonces sigue aquí.'
      : kind === 'unavailable'
        ? 'Este navegador no puede guardar conversaciones ahora mismo (una ventana privada, el almacenamiento bloqueado o una versión más reciente de esta página en otra pestaña): esta desaparecerá si recargas o cierras la página. Hasta entonces sigue aquí.'
        : 'No se pudo guardar esta conversación en este navegador: puede desaparecer si recargas o cierras la página. Hasta entonces sigue aquí.',
  threadChangedElsewhere: 'Esta conversación se modificó en otra pestaña. Lo que ocurra aquí a partir de ahora no se guarda; recarga la página para ver la conversación guardada.',
  signInPrompt: 'Inicia sesión para chatear en esta sala.',
  signIn: 'Iniciar sesión',
  signInWith: (title) => `Iniciar sesión con ${title}`,
  signOut: 'Cerrar sesión',
  documents: 'Documentos',
  documentsChosen: (n) => `Documentos (${count(L, n)})`,
  documentsLegend: 'El agente solo busca en los documentos marcados (en todos si no hay ninguno marcado).',
  truncated: `Cortado aquí: el resto era demasiado largo para mostrarlo (más de ${count(L, 100_000)} caracteres).`,
  goodResponse: 'Buena respuesta',
  badResponse: 'Mala respuesta',
  feedbackLabel: 'Valoración',
  feedbackReason: '¿Qué estuvo bien o mal? (opcional)',
  feedbackSend: 'Enviar valoración',
  feedbackThanks: 'Gracias por tu valoración.',
  feedbackFailed: 'No se pudo enviar tu valoración. Vuelve a intentarlo.',
  sourcesLabel: 'Fuentes',
  sourcePages: (pages) => `${pages.length === 1 ? 'pág.' : 'págs.'} ${pageList(pages)}`,
  sourceUntitled: 'Documento sin título',
  sourceLoading: 'Cargando la vista previa de la página…',
  sourcePreview: (page) => `Página ${pageNumber(L, page)}, con el pasaje citado resaltado`,
  sourceNoPreview: 'No hay vista previa de la página para esta fuente.',
  usageAnswer: (input, output) =>
    `Esta respuesta: ${count(L, input)} ${plural(L, input, { one: 'token', many: 'de tokens', other: 'tokens' })} de entrada, ${count(L, output)} de salida`,
  usageThread: (input, output) => `Toda la conversación: ${count(L, input)} de entrada, ${count(L, output)} de salida`,
  usageCost: (usage, cost) => `${usage} (≈ ${cost})`,
  a2uiBuilding: 'Creando la interfaz…',
  a2uiFailed: 'No se pudo crear la interfaz.',
  mcpAppTitle: (name) => `Aplicación: ${name}`,
  mcpAppLoading: 'Cargando la aplicación…',
  mcpAppFailed: 'No se pudo cargar la aplicación.',
  exportButton: 'Exportar',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'Argumentos',
  transcriptResult: 'Resultado',
  transcriptApproved: 'aprobado por el usuario',
  threadList: {
    listLabel: 'Chats',
    newChat: 'Nuevo chat',
    untitled: 'Nuevo chat',
    untitledStored: 'Chat sin título',
    rename: (title) => `Cambiar el nombre de ${title}`,
    renameInput: 'Nombre del chat',
    delete: (title) => `Eliminar ${title}`,
    confirmDelete: (title) => `¿Eliminar «${title}»?`,
    confirmDeleteButton: 'Eliminar',
    cancel: 'Cancelar',
    room: 'Sala',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return 'Escribiendo';
        case 'calling':
          return `Llamando a ${activity.tool}`;
        case 'executing':
          return `Ejecutando ${and(activity.tools)}`;
        case 'waiting-for-approval':
          return 'Esperando aprobación';
        case 'waiting-for-connection':
          return 'Esperando una conexión libre';
        case 'preparing':
          return 'Cargando';
        case 'failed':
          return 'Fallido';
        case 'interrupted':
          return 'Interrumpido';
        default:
          return '';
      }
    },
    unread: 'No leído',
    stateRunning: 'en curso',
    stateWaitingForApproval: 'esperando aprobación',
    stateFailed: 'fallido',
    stateInterrupted: 'interrumpido',
    stateUnread: 'no leído',
    loadFailed: (reason) => `No se pudieron cargar los chats: ${reason}`,
  },
};

export default es;
