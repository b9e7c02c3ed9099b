// The rooms the demo Soliplex API offers: `demo` (answered by the server's model) and one
// `script-<scriptId>` room per test script created with POST /scripts (answered from its runs).

export const SCRIPT_ROOM_PREFIX = 'script-';

/** @param {{ modelName: string }} info */
export function demoRoom({ modelName }) {
  return {
    id: 'demo',
    name: 'Demo',
    description: 'A demo room answered by the loopback demo server.',
    welcome_message: 'Welcome to the soliplex-chat demo. Ask anything, or try a suggestion.',
    suggestions: [
      'What is the secret number for alice?',
      'What are the secret numbers for alice and bob?',
      'What can you do?',
    ],
    tools: {},
    agent: { id: 'demo-agent', kind: 'default', model_name: modelName },
    enable_attachments: false,
    // Its documents and citations (documents.mjs, rag-run.mjs) are the `rag` AG-UI feature.
    agui_feature_names: ['rag'],
  };
}

/**
 * The state Soliplex gives a new thread's initial run: each of the room's AG-UI features with its
 * model's defaults (for `rag`: haiku.rag's empty RAG state).
 * @param {{ agui_feature_names?: string[] }} room
 */
export function initialState(room) {
  /** @type {Record<string, unknown>} */
  const state = {};
  if (room.agui_feature_names?.includes('rag')) state.rag = { citations: [], citation_index: {}, searches: {}, executions: [], document_filter: null };
  return state;
}

/** @param {import('../script-store.mjs').Script} script */
export function scriptRoom(script) {
  return {
    id: `${SCRIPT_ROOM_PREFIX}${script.id}`,
    name: `Script ${script.id}`,
    description: 'Runs are answered from a test script, in order.',
    welcome_message: '',
    suggestions: [],
    tools: {},
    agent: { id: 'script-agent', kind: 'script', model_name: 'script' },
    enable_attachments: false,
    agui_feature_names: [],
  };
}
