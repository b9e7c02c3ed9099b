import type { ThreadActivity } from '../../../core/index.js';
import type { LocaleStrings } from '../locale.js';
import { count, duration, list, megabytes, pageNumber, plural } from './format.js';

const L = 'fr';
const and = (names: readonly string[]) => list(L, names);
/** A source's page numbers ("3, 5") in the locale's digits. */
const pageList = (pages: readonly number[]) => pages.map((page) => pageNumber(L, page)).join(', ');

/** French. */
const fr: LocaleStrings = {
  welcome: 'Comment puis-je vous aider aujourd’hui ?',
  inputLabel: 'Message',
  inputPlaceholder: 'Écrivez un message… (Entrée envoie, Maj+Entrée ajoute une ligne)',
  send: 'Envoyer',
  stop: 'Arrêter',
  newChat: 'Nouvelle discussion',
  threadsLabel: 'Discussions',
  suggestionsLabel: 'Suggestions',
  dictate: 'Dicter',
  roomUnavailable: (reason) => `Les informations du salon n’ont pas pu être chargées (${reason}). Vous pouvez quand même envoyer un message.`,
  retry: 'Réessayer',
  conversationLabel: 'Conversation',
  you: 'Vous',
  assistant: 'Assistant',
  reasoning: 'Raisonnement',
  notice: 'Avis',
  thinking: 'Réflexion…',
  writing: 'Rédaction…',
  creatingThread: 'Démarrage de la conversation…',
  loadingHistory: 'Chargement de la conversation…',
  loadingHistoryProgress: (loaded, total) => `Chargement de la conversation… (${count(L, loaded)} sur ${count(L, total)})`,
  historyGap: 'Une partie de cette conversation n’a pas pu être chargée.',
  attachedRun: 'Le serveur rédige encore cette réponse ; vous pourrez envoyer dès qu’elle sera terminée.',
  attachedStopped: 'Cette réponse n’est plus suivie ; le serveur la rédige encore. Vous pourrez envoyer dès qu’elle sera terminée.',
  waitingForConnection: 'En attente d’une connexion libre…',
  busy: (status) => (status === 429 ? 'L’agent est occupé : trop de requêtes en ce moment.' : 'L’agent est occupé ou brièvement indisponible.'),
  retryingIn: (seconds) => (seconds > 0 ? `Nouvel essai dans ${duration(L, seconds)}…` : 'Nouvel essai…'),
  retryNow: 'Réessayer maintenant',
  tryLater: (seconds) => (seconds ? `Réessayez dans ${duration(L, seconds)}.` : 'Réessayez plus tard.'),
  calling: (name) => `Appel de ${name}…`,
  executing: (names) => `Exécution de ${and(names)}…`,
  awaitingApproval: (names) => `En attente de votre accord : ${and(names)}`,
  failed: (reason) => reason,
  errors: {
    network: 'Impossible de joindre l’agent. Vérifiez votre connexion et réessayez.',
    unauthorized: 'L’agent vous demande de vous reconnecter.',
    http: 'L’agent a rencontré un problème. Réessayez dans un instant.',
    protocol: 'La réponse de l’agent n’a pas pu être lue. Réessayez.',
    agent: 'L’agent a rencontré un problème en répondant. Réessayez.',
    'stream-ended': 'La réponse de l’agent a été interrompue. Réessayez.',
    'depth-limit': 'L’agent appelait sans cesse des outils, ce tour a donc été arrêté. Essayez de formuler autrement.',
    tool: 'Un outil de cette page a échoué, cette réponse a donc été arrêtée. Réessayez.',
    internal: 'Un problème est survenu dans la discussion. Réessayez.',
    'missing-thread': 'Cette conversation n’existe plus. Commencez une nouvelle discussion.',
    history: 'La conversation n’a pas pu être chargée. Réessayez.',
  },
  errorDetails: 'Détails',
  cancelled: 'Arrêté.',
  interrupted: 'La page a été rechargée avant la fin de cette réponse.',
  interruptedTools: (names) =>
    plural(L, names.length, {
      one: `La page a été rechargée pendant l’exécution de ${and(names)}. Relancez-le, ou continuez sans lui.`,
      other: `La page a été rechargée pendant l’exécution de ${and(names)}. Relancez-les, ou continuez sans eux.`,
    }),
  continue: 'Continuer',
  runAgain: 'Relancer',
  toolStatus: {
    streaming: 'Réception des arguments',
    pending: 'En attente',
    'awaiting-approval': 'En attente d’accord',
    executing: 'En cours d’exécution',
    completed: 'Terminé',
    failed: 'Échec',
    denied: 'Refusé',
    cancelled: 'Arrêté',
    interrupted: 'Interrompu par un rechargement',
  },
  toolNotAnswered: 'Sans réponse — la conversation a continué',
  toolApproved: 'Autorisé',
  toolCallLabel: (name, status) => `Appel d’outil ${name} : ${status}`,
  toolDetails: 'Détails',
  arguments: 'Arguments',
  result: 'Résultat',
  error: 'Erreur',
  approvalPrompt: (name) => `L’assistant veut exécuter ${name}. L’autoriser ?`,
  approve: 'Autoriser',
  deny: 'Refuser',
  alwaysAllow: 'Toujours autoriser cet outil dans cette discussion',
  toolChanges: ({ addedTools, removedTools, addedContext }) =>
    [
      addedTools.length ? `Outils ajoutés : ${addedTools.join(', ')}` : '',
      removedTools.length ? `Outils retirés : ${removedTools.join(', ')}` : '',
      addedContext.length ? `Contexte ajouté : ${addedContext.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('. '),
  toolsReady: (title) => `${title} : disponible`,
  microphoneBlocked: 'Le micro est bloqué pour cette page. Autorisez-le dans le navigateur (l’icône de la barre d’adresse ou les paramètres du site) pour dicter.',
  dictationFailed: (reason) => `La dictée s’est arrêtée : ${reason}`,
  cachedResult: 'Résultat en cache',
  download: (filename) => `Télécharger ${filename}`,
  renderFailed: 'Ce résultat n’a pas pu être affiché.',
  announceToolStatus: (name, status) => `${name} : ${status}`,
  announceAnswer: (text) => `Assistant : ${text}`,
  copy: 'Copier',
  regenerate: 'Régénérer',
  readAloud: 'Lire à voix haute',
  stopReading: 'Arrêter la lecture',
  edit: 'Modifier',
  editLabel: 'Modifier votre message',
  editSend: 'Envoyer',
  editCancel: 'Annuler',
  previousVersion: 'Version précédente',
  nextVersion: 'Version suivante',
  versionPosition: (n, total) => `${count(L, n)} / ${count(L, total)}`,
  versionOf: (n, total) => `Version ${count(L, n)} sur ${count(L, total)}`,
  jumpToLatest: 'Aller au plus récent',
  copyCode: 'Copier le code',
  codeCopied: 'Copié',
  codeCopyFailed: 'Échec de la copie',
  waitingForAnswer: 'En attente de votre réponse',
  step: (name) => `Étape : ${name}`,
  interruptLabel: 'L’agent a besoin de votre réponse',
  interruptSubmit: 'Envoyer la réponse',
  interruptCancel: 'Annuler',
  interruptExpired: 'Cette demande a expiré et ne peut plus recevoir de réponse.',
  interruptAnswered: 'Répondu.',
  interruptAnsweredWith: (summary) => `Répondu : ${summary}`,
  interruptApproved: 'Autorisé.',
  interruptDenied: 'Refusé.',
  interruptCancelled: 'Annulé.',
  editArguments: 'Arguments (vous pouvez les modifier)',
  invalidArguments: 'Écrivez les arguments sous forme d’objet JSON.',
  requiredField: 'obligatoire',
  addItem: 'Ajouter',
  removeItem: 'Retirer',
  activityLabel: (type) => `Activité : ${type}`,
  subagentStatus: { running: 'En cours', completed: 'Terminé', suspended: 'En attente', failed: 'Échec' },
  subagentLabel: (name, status) => `${name} : ${status}`,
  attach: 'Joindre des fichiers',
  removeAttachment: (name) => `Retirer ${name}`,
  attachmentRefused: (name, why, maxBytes) =>
    why === 'type'
      ? `${name} : ce type de fichier ne peut pas être joint.`
      : why === 'size'
        ? `${name} dépasse ${megabytes(L, maxBytes)}.`
        : `${name} : impossible de joindre d’autres fichiers à un même message.`,
  attachmentFailed: (reason) => `Les pièces jointes n’ont pas pu être envoyées : ${reason}`,
  attachmentLabel: (name) => `Pièce jointe : ${name}`,
  announceInterrupt: (message) => `L’agent demande : ${message}`,
  storageFailed: (kind) =>
    kind === 'quota'
      ? 'Le stockage de ce navigateur est plein : cette conversation ne sera pas conservée si vous rechargez ou fermez la page. Elle reste disponible d’ici là.'
      : kind === 'unavailable'
        ? 'Ce navigateur ne peut pas conserver de conversations pour le moment (fenêtre privée, stockage bloqué ou version plus récente de cette page dans un autre onglet) : celle-ci disparaîtra si vous rechargez ou fermez la page. Elle reste disponible d’ici là.'
        : 'Cette conversation n’a pas pu être enregistrée dans ce navigateur : elle risque de disparaître si vous rechargez ou fermez la page. Elle reste disponible d’ici là.',
  threadChangedElsewhere: 'Cette conversation a été modifiée dans un autre onglet. Ce qui se passe ici désormais n’est pas enregistré ; rechargez la page pour voir la conversation enregistrée.',
  signInPrompt: 'Connectez-vous pour discuter dans ce salon.',
  signIn: 'Se connecter',
  signInWith: (title) => `Se connecter avec ${title}`,
  signOut: 'Se déconnecter',
  documents: 'Documents',
  documentsChosen: (n) => `Documents (${count(L, n)})`,
  documentsLegend: 'L’agent ne cherche que dans les documents cochés (dans tous si aucun n’est coché).',
  truncated: `Coupé ici : la suite était trop longue pour être affichée (plus de ${count(L, 100_000)} caractères).`,
  goodResponse: 'Bonne réponse',
  badResponse: 'Mauvaise réponse',
  feedbackLabel: 'Avis',
  feedbackReason: 'Qu’est-ce qui était bien ou pas ? (facultatif)',
  feedbackSend: 'Envoyer l’avis',
  feedbackThanks: 'Merci pour votre avis.',
  feedbackFailed: 'Votre avis n’a pas pu être envoyé. Réessayez.',
  sourcesLabel: 'Sources',
  sourcePages: (pages) => `p. ${pageList(pages)}`,
  sourceUntitled: 'Document sans titre',
  sourceLoading: 'Chargement de l’aperçu de la page…',
  sourcePreview: (page) => `Page ${pageNumber(L, page)}, le passage cité surligné`,
  sourceNoPreview: 'Pas d’aperçu de page pour cette source.',
  usageAnswer: (input, output) =>
    `Cette réponse : ${count(L, input)} ${plural(L, input, { one: 'jeton', many: 'de jetons', other: 'jetons' })} en entrée, ${count(L, output)} en sortie`,
  usageThread: (input, output) => `Toute la conversation : ${count(L, input)} en entrée, ${count(L, output)} en sortie`,
  usageCost: (usage, cost) => `${usage} (≈ ${cost})`,
  a2uiBuilding: 'Création de l’interface…',
  a2uiFailed: 'L’interface n’a pas pu être créée.',
  mcpAppTitle: (name) => `Application : ${name}`,
  mcpAppLoading: 'Chargement de l’application…',
  mcpAppFailed: 'L’application n’a pas pu être chargée.',
  exportButton: 'Exporter',
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'Arguments',
  transcriptResult: 'Résultat',
  transcriptApproved: 'approuvé par l’utilisateur',
  threadList: {
    listLabel: 'Discussions',
    newChat: 'Nouvelle discussion',
    untitled: 'Nouvelle discussion',
    untitledStored: 'Discussion sans titre',
    rename: (title) => `Renommer ${title}`,
    renameInput: 'Nom de la discussion',
    delete: (title) => `Supprimer ${title}`,
    confirmDelete: (title) => `Supprimer « ${title} » ?`,
    confirmDeleteButton: 'Supprimer',
    cancel: 'Annuler',
    room: 'Salon',
    activity: (activity: ThreadActivity) => {
      switch (activity.kind) {
        case 'streaming':
          return 'Rédaction';
        case 'calling':
          return `Appel de ${activity.tool}`;
        case 'executing':
          return `Exécution de ${and(activity.tools)}`;
        case 'waiting-for-approval':
          return 'En attente d’accord';
        case 'waiting-for-connection':
          return 'En attente d’une connexion libre';
        case 'preparing':
          return 'Chargement';
        case 'failed':
          return 'Échec';
        case 'interrupted':
          return 'Interrompue';
        default:
          return '';
      }
    },
    unread: 'Non lu',
    stateRunning: 'en cours',
    stateWaitingForApproval: 'en attente d’accord',
    stateFailed: 'en échec',
    stateInterrupted: 'interrompue',
    stateUnread: 'non lue',
    loadFailed: (reason) => `Les discussions n’ont pas pu être chargées : ${reason}`,
  },
};

export default fr;
