// Scripted runs of the demo model that show the AG-UI 1.0 features beyond text and tools: a message
// starting "show interrupt", "show approval", "show activity", "show subagents", "show steps",
// "show reasoning", "show custom", "show cancel" or "show markdown" (an answer with the GFM the chat
// renders: a table, a highlighted code block, a list, strikethrough, an autolink) plays one of them; a run that carries `resume`
// (answers to an interrupt) says what it received. "show a2ui" paints an A2UI surface as
// @ag-ui/a2ui-middleware sends one (a2ui-showcase.mjs); a run carrying its user action
// (`forwardedProps.a2uiAction`) answers it. "show mcp" runs an MCP App as @ag-ui/mcp-apps-middleware
// sends one (a `roll_dice` call, its result and an `mcp-apps` activity), and a run carrying
// `forwardedProps.__proxiedMCPRequest` is answered as the middleware answers it (RUN_FINISHED.result:
// the app's HTML for `resources/read`, a new roll for `tools/call`). Everything else is left to the
// scripted model.
import { EventType } from '@ag-ui/core';
import { a2uiActionSteps, a2uiSurfaceSteps } from './a2ui-showcase.mjs';
import { DICE_APP_MIME, DICE_APP_URI, diceAppHtml, rollDice } from './mcp-app-html.mjs';

/** The demo's stand-in for an MCP server behind @ag-ui/mcp-apps-middleware (test/interop runs the real one). */
const DEMO_SERVER_HASH = 'demo-mcp-server';

const TRIP_SCHEMA = {
  type: 'object',
  required: ['city'],
  properties: {
    city: { type: 'string', title: 'Destination city', description: 'Where you want to go' },
    nights: { type: 'integer', title: 'Nights', default: 2 },
    travelClass: { type: 'string', title: 'Travel class', enum: ['economy', 'business'] },
    breakfast: { type: 'boolean', title: 'Breakfast included', default: true },
    guests: { type: 'array', title: 'Guests', items: { type: 'string' } },
  },
};

/** The features, by the word after "show". */
export const SHOWCASES = ['interrupt', 'approval', 'activity', 'subagents', 'steps', 'reasoning', 'custom', 'cancel', 'markdown', 'a2ui', 'mcp'];

const MARKDOWN_ANSWER = [
  'Here is the **release plan** ~~for Friday~~ for Monday:',
  '',
  '| Step | Owner | Done |',
  '| :--- | :---: | ---: |',
  '| Build | CI | ✓ |',
  '| Review | `alice` | 2 of 3 |',
  '| Ship | bob | – |',
  '',
  '1. Tag the release',
  '2. Publish the package',
  '   - with provenance',
  '',
  '```ts',
  "const version = '1.2.0'; // bumped by CI",
  'export function release(tag: string): Promise<void> {',
  '  return publish({ tag, access: "public" });',
  '}',
  '```',
  '',
  'Details: https://example.com/releases',
].join('\n');

function say(/** @type {string} */ messageId, /** @type {string} */ text, /** @type {object} */ extra = {}) {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant', ...extra },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text, ...extra },
    { type: EventType.TEXT_MESSAGE_END, messageId, ...extra },
  ];
}

function lastUserText(/** @type {any} */ input) {
  const messages = Array.isArray(input?.messages) ? input.messages : [];
  const user = messages.findLast((/** @type {any} */ m) => m?.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

/**
 * The showcase run for `input`, as Steps between RUN_STARTED and RUN_FINISHED (both included), or
 * null when the input asks for none.
 * @param {any} input RunAgentInput
 * @param {{ threadId: string, runId: string, pause: object }} ids
 * @returns {object[] | null}
 */
export function showcaseSteps(input, { threadId, runId, pause }) {
  const start = { type: EventType.RUN_STARTED, threadId, runId, protocolVersion: '1.0' };
  const end = (/** @type {object | undefined} */ outcome) => ({ type: EventType.RUN_FINISHED, threadId, runId, ...(outcome ? { outcome } : {}) });
  const id = (/** @type {string} */ name) => `${name}-${runId}`;

  if (Array.isArray(input?.resume) && input.resume.length > 0) {
    // An approved server-side call runs now and its result comes back, as a deferred tool's does
    // (pydantic-ai); a denied one is told so. Its call id is the approval's, `delete-…` for `approve-…`.
    const results = input.resume
      .filter((/** @type {any} */ r) => typeof r?.interruptId === 'string' && r.interruptId.startsWith('approve-'))
      .map((/** @type {any} */ r) => {
        const approved = r.status === 'resolved' && r.payload?.approved !== false;
        return {
          type: EventType.TOOL_CALL_RESULT,
          messageId: id(`result-${r.interruptId}`),
          toolCallId: r.interruptId.replace(/^approve-/, 'delete-'),
          content: approved ? 'Deleted 12 files older than 30 days.' : 'The user denied this call.',
        };
      });
    const lines = input.resume.map((/** @type {any} */ r) =>
      r.status === 'cancelled' ? `${r.interruptId}: cancelled` : `${r.interruptId}: ${JSON.stringify(r.payload ?? null)}`,
    );
    return [start, ...results, ...say(id('resumed'), `Thanks. I received: ${lines.join('; ')}.`), end()];
  }
  const proxied = input?.forwardedProps?.__proxiedMCPRequest;
  if (proxied && typeof proxied === 'object') return [{ ...start, threadId: runId }, { type: EventType.RUN_FINISHED, threadId: runId, runId, result: proxiedResult(proxied) }];
  const action = input?.forwardedProps?.a2uiAction?.userAction;
  if (action && typeof action === 'object') return [start, ...a2uiActionSteps(action, { id, say }), end()];
  const match = /^show (\w+)/i.exec(lastUserText(input).trim());
  const feature = match?.[1]?.toLowerCase();
  switch (feature) {
    case 'interrupt':
      return [
        start,
        ...say(id('ask'), 'I need a few details before I book.'),
        end({ type: 'interrupt', interrupts: [{ id: id('trip'), reason: 'input_required', message: 'Where should I book your trip?', responseSchema: TRIP_SCHEMA }] }),
      ];
    case 'approval': {
      const callId = id('delete');
      return [
        start,
        { type: EventType.TOOL_CALL_START, toolCallId: callId, toolCallName: 'delete_old_files' },
        { type: EventType.TOOL_CALL_ARGS, toolCallId: callId, delta: '{"olderThanDays":30}' },
        { type: EventType.TOOL_CALL_END, toolCallId: callId },
        end({ type: 'interrupt', interrupts: [{ id: id('approve'), reason: 'tool_approval', toolCallId: callId, message: 'Delete files older than 30 days on the server?' }] }),
      ];
    }
    case 'activity': {
      const plan = id('plan');
      return [
        start,
        { type: EventType.ACTIVITY_SNAPSHOT, messageId: plan, activityType: 'PLAN', content: { goal: 'Plan a weekend in Oslo', done: [], next: 'flights' } },
        pause,
        { type: EventType.ACTIVITY_DELTA, messageId: plan, activityType: 'PLAN', patch: [{ op: 'add', path: '/done/-', value: 'flights' }, { op: 'replace', path: '/next', value: 'hotel' }] },
        pause,
        { type: EventType.ACTIVITY_DELTA, messageId: plan, activityType: 'PLAN', patch: [{ op: 'add', path: '/done/-', value: 'hotel' }, { op: 'replace', path: '/next', value: 'nothing' }] },
        ...say(id('done'), 'The plan is ready.'),
        end(),
      ];
    }
    case 'subagents':
      return [
        start,
        ...say(id('lead'), 'I will ask two helpers.'),
        { type: EventType.SUBAGENT_STARTED, subagentRunId: id('sub1'), name: 'researcher' },
        ...say(id('s1'), 'Found three sources about Oslo.', { subagentRunId: id('sub1') }),
        { type: EventType.SUBAGENT_FINISHED, subagentRunId: id('sub1') },
        { type: EventType.SUBAGENT_STARTED, subagentRunId: id('sub2'), name: 'fact-checker' },
        ...say(id('s2'), 'Checking the sources…', { subagentRunId: id('sub2') }),
        { type: EventType.SUBAGENT_ERROR, subagentRunId: id('sub2'), message: 'One source was offline.' },
        ...say(id('sum'), 'Two of three sources agree: go in June.'),
        end(),
      ];
    case 'steps':
      return [
        start,
        { type: EventType.STEP_STARTED, stepName: 'planning' },
        { $delay: 600 },
        { type: EventType.STEP_FINISHED, stepName: 'planning' },
        { type: EventType.STEP_STARTED, stepName: 'writing' },
        { $delay: 600 },
        ...say(id('out'), 'Planned, then written.'),
        { type: EventType.STEP_FINISHED, stepName: 'writing' },
        end(),
      ];
    case 'reasoning': {
      const r = id('r');
      return [
        start,
        { type: EventType.REASONING_START, messageId: r },
        { type: EventType.REASONING_MESSAGE_START, messageId: r, role: 'reasoning' },
        { type: EventType.REASONING_MESSAGE_CONTENT, messageId: r, delta: 'The user wants to see reasoning; keep it short.' },
        { type: EventType.REASONING_MESSAGE_END, messageId: r },
        { type: EventType.REASONING_ENCRYPTED_VALUE, subtype: 'message', entityId: r, encryptedValue: `opaque-${runId}` },
        { type: EventType.REASONING_END, messageId: r },
        ...say(id('a'), 'I thought about it (the encrypted part goes back to me, unseen).'),
        end(),
      ];
    }
    case 'mcp': {
      const callId = id('roll');
      const toolInput = { sides: 6, count: 3 };
      const result = rollDice(toolInput);
      return [
        start,
        { type: EventType.TOOL_CALL_START, toolCallId: callId, toolCallName: 'roll_dice' },
        { type: EventType.TOOL_CALL_ARGS, toolCallId: callId, delta: JSON.stringify(toolInput) },
        { type: EventType.TOOL_CALL_END, toolCallId: callId },
        { type: EventType.TOOL_CALL_RESULT, messageId: id('roll-result'), toolCallId: callId, content: result.content[0].text },
        { type: EventType.ACTIVITY_SNAPSHOT, messageId: id('app'), activityType: 'mcp-apps', content: { result, resourceUri: DICE_APP_URI, serverHash: DEMO_SERVER_HASH, toolInput }, replace: true },
        end(),
      ];
    }
    case 'a2ui':
      return [start, ...a2uiSurfaceSteps({ id, say, pause }), end()];
    case 'markdown':
      return [start, ...say(id('md'), MARKDOWN_ANSWER), end()];
    case 'custom':
      return [
        start,
        { type: EventType.CUSTOM, name: 'demo.progress', value: { percent: 100 } },
        { type: EventType.RAW, event: { vendor: 'demo', note: 'a raw provider event' }, source: 'demo-server' },
        ...say(id('a'), 'I sent a CUSTOM event (the page hears soliplex-custom-event) and a RAW one.'),
        end(),
      ];
    case 'cancel':
      return [start, ...say(id('a'), 'I am stopping this run myself.'), end({ type: 'cancelled' })];
    default:
      return null;
  }
}

/** What the MCP Apps middleware would answer for a proxied MCP request to the demo's dice server. */
function proxiedResult(/** @type {any} */ request) {
  if (request.serverHash !== DEMO_SERVER_HASH) return { error: `Unknown server: ${request.serverId || request.serverHash}` };
  if (request.method === 'resources/read' && request.params?.uri === DICE_APP_URI) {
    return { contents: [{ uri: DICE_APP_URI, mimeType: DICE_APP_MIME, text: diceAppHtml, _meta: { ui: { prefersBorder: true } } }] };
  }
  if (request.method === 'tools/call' && request.params?.name === 'roll_dice') return rollDice(request.params.arguments);
  return { error: 'Error: MCP request failed' };
}
