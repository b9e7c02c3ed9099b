/**
 * soliplex-chat/inspector: the `<soliplex-inspector>` element (a separate entry: not in the chat's
 * bundle; import it, or load dist/cdn/inspector.js, only where you want it).
 */
export { SoliplexInspector } from './elements/soliplex-inspector/soliplex-inspector.js';
export { defaultInspectorStrings, type SoliplexInspectorStrings } from './elements/soliplex-inspector/inspector-strings.js';
