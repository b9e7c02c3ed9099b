/**
 * The code that runs a page's tool calls (look-up, validation, the page's veto, approval, execution,
 * retries, middleware, the result cache, structured results and augmentation). The orchestrator
 * imports it on demand (run-orchestrator.ts): with the first run that offers tools, so a call never
 * waits for it in a page with tools, or with the first call that arrives where none are offered (to
 * answer that the tool is not there). A chat whose agent only writes text never loads it.
 */
export { runHopCalls } from './tool-call-runner.js';
// The thread's toolset (groups, skills, augmentation): resolved before a run of a page with tools.
export { resolveToolset, threadToolState } from '../tools/tool-groups.js';
export { ToolResultCache } from '../tools/tool-cache.js';
export { ToolFailFastError } from '../tools/tool-failure.js';
export { DEFAULT_TOOL_TIMEOUT_MS } from '../tools/tool-executor.js';
