/**
 * Augmentation: a tool result that changes what the thread's agent has, from the continuation run on.
 * Pure functions over the thread's tool state (tool-groups.ts).
 */
import type { ContextItem, ThreadToolState, ToolGroup, Toolset } from './tool-groups.js';

/** What a structured result may change (every list is optional). */
export interface Augmentation {
  /** Groups added to this thread (collapsed unless `startCollapsed: false`). */
  readonly injectGroups?: readonly ToolGroup[];
  /** Groups (registered or injected) taken away in this thread. */
  readonly removeGroups?: readonly string[];
  readonly expandGroups?: readonly string[];
  readonly collapseGroups?: readonly string[];
  readonly hideTools?: readonly string[];
  readonly showTools?: readonly string[];
  /** Context items sent with every later run of the thread. */
  readonly addContext?: readonly ContextItem[];
}

/** What a call changed, for its card and the page: tool names offered or no longer offered, context added. */
export interface ToolSetChanges {
  readonly addedTools: readonly string[];
  readonly removedTools: readonly string[];
  readonly addedContext: readonly string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The state after `augmentation` (untrusted shape: wrong-typed entries are ignored). */
export function applyAugmentation(state: ThreadToolState, augmentation: Augmentation): ThreadToolState {
  const groups = { ...state.groups };
  let injected = [...state.injectedGroups];
  let removed = [...state.removedGroups];
  for (const group of Array.isArray(augmentation.injectGroups) ? augmentation.injectGroups : []) {
    if (!group || typeof group.name !== 'string' || !Array.isArray(group.tools)) continue;
    injected = [...injected.filter((g) => g.name !== group.name), group];
    removed = removed.filter((name) => name !== group.name);
  }
  for (const name of strings(augmentation.removeGroups)) {
    if (injected.some((g) => g.name === name)) injected = injected.filter((g) => g.name !== name);
    else if (!removed.includes(name)) removed.push(name);
    delete groups[name];
  }
  for (const name of strings(augmentation.expandGroups)) groups[name] = 'expanded';
  for (const name of strings(augmentation.collapseGroups)) groups[name] = 'collapsed';
  const show = new Set(strings(augmentation.showTools));
  const hidden = [...new Set([...state.hiddenTools, ...strings(augmentation.hideTools)])].filter((name) => !show.has(name));
  const added = (Array.isArray(augmentation.addContext) ? augmentation.addContext : []).filter(
    (item): item is ContextItem => !!item && typeof item.description === 'string' && typeof item.value === 'string',
  );
  return {
    ...state,
    groups,
    injectedGroups: injected,
    removedGroups: removed,
    hiddenTools: hidden,
    context: [...state.context, ...added],
  };
}

/** What changed between two toolsets of a thread; undefined when nothing did. */
export function toolsetChanges(before: Toolset, after: Toolset): ToolSetChanges | undefined {
  const had = new Set(before.offeredTools);
  const has = new Set(after.offeredTools);
  const hadContext = new Set(before.context.map((c) => `${c.description}\n${c.value}`));
  const changes: ToolSetChanges = {
    addedTools: after.offeredTools.filter((name) => !had.has(name)),
    removedTools: before.offeredTools.filter((name) => !has.has(name)),
    addedContext: after.context.filter((c) => !hadContext.has(`${c.description}\n${c.value}`)).map((c) => c.description),
  };
  return changes.addedTools.length + changes.removedTools.length + changes.addedContext.length > 0 ? changes : undefined;
}
