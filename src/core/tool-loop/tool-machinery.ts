/**
 * The code that runs a page's tool calls (look-up, validation, the page's veto, approval, execution,
 * retries, middleware, the result cache, structured results and augmentation). The orchestrator
 * imports it on demand (run-orchestrator.ts): with the first run that offers tools, so a call never
 * waits for it in a page with tools, or with the first call that arrives where none are offered (to
 * answer that the tool is not there). A chat whose agent only writes text never loads it.
 */
// A hop that follows a run which called tools or asked (its calls, then its interrupts).
export { runToolHop, runCalls } from './tool-hop.js';
// The thread's toolset (groups, skills, augmentation): resolved before a run of a page with tools.
export { resolveToolset, threadToolState } from '../tools/tool-groups.js';
export { ToolFailFastError } from '../tools/tool-failure.js';
