/**
 * `soliplex-chat/testing`: a test kit for pages and apps that embed `<soliplex-chat>`. Compose AG-UI
 * event lists inline (`runStarted`, `text`, `toolCall`, `runFinished` …), answer the widget with them
 * through a scripted `Transport` (no network) or a scripted `fetch` (the real HTTP/SSE path), and
 * assert on the requests the widget sent (transcript, tool results, tools).
 */
export * from './agui-events.js';
export { ScriptedTransport, deferred, until, type ScriptedRun, type Step } from './scripted-transport.js';
export { scriptedFetch, type ScriptedResponse } from './scripted-fetch.js';
