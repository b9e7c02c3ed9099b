// `GET /api/v1/installation` (the installation's configuration, as Soliplex's models.Installation),
// `…/installation/versions` (installed packages, as `pip list` keyed by name) and
// `…/installation/identity` (the name and description a client shows for the server).

export const DEMO_INSTALLATION_ID = 'soliplex-chat-demo';

/** @param {{ authSystems: Record<string, any> }} options the systems `/api/login` lists */
export function installationJson({ authSystems }) {
  return {
    id: DEMO_INSTALLATION_ID,
    secrets: [],
    environment: {},
    haiku_rag_config_file: null,
    agents: [],
    agui_features: [{ name: 'rag', description: 'Retrieval-augmented generation state (citations, document filter)' }],
    oidc_paths: [],
    room_paths: ['rooms'],
    completion_paths: [],
    quizzes_paths: [],
    oidc_auth_systems: Object.values(authSystems),
    thread_persistence_dburi_sync: null,
    thread_persistence_dburi_async: null,
  };
}

/** Package versions as the route sends them: `{name: {version}}`. */
export function versionsJson() {
  return {
    soliplex: { version: '0.0.0+demo' },
    'ag-ui-protocol': { version: '0.1.10' },
    'pydantic-ai': { version: '1.0.0' },
    'haiku.rag': { version: '0.20.0' },
    fastapi: { version: '0.120.0' },
  };
}

export function identityJson() {
  return { installation_id: DEMO_INSTALLATION_ID, name: 'Soliplex demo', description: 'The loopback demo server of soliplex-chat.' };
}
