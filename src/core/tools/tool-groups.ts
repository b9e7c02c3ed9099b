/**
 * Tool groups, skills and what one thread is offered. A page with many tools registers them in
 * groups; a collapsed group is offered to the model as one entry under the group's own name, and
 * calling it expands the group (its tools are offered from the next run). A skill is a named workflow
 * over a group's tools, offered as an entry too; activating it puts its prompt in `context`.
 *
 * What is expanded, active, hidden or injected is the thread's (`Conversation.tools`); this module
 * only reads it and says what follows from it. Framework-free and pure.
 */
import type { Context, Tool as AgUiTool } from '@ag-ui/core';
import type { Conversation, ToolCall } from '../conversation/conversation.js';
import { ToolCallStatus } from '../conversation/conversation.js';
import type { ThreadKey } from '../tool-loop/run-state.js';
import type { FailureStrategy } from './tool-failure.js';
import { prepareTool, type ClientTool, type RegisteredTool, type ToolRegistry } from './tool-registry.js';

/** A named workflow over a group's tools. */
export interface Skill {
  /** The name the model activates it by (like a tool name). */
  readonly name: string;
  readonly description: string;
  /** Goes to the model as `context` while the skill is active. */
  readonly systemPrompt: string;
  /** The names of the tools it uses (default: all of its group's tools). */
  readonly references?: readonly string[];
}

/** Tools that belong together; see `ToolRegistry.registerGroup`. */
export interface ToolGroup {
  /** The name the collapsed group is offered under (like a tool name). */
  readonly name: string;
  readonly description: string;
  /** What people see for the group (its expansion's line): "Weather" rather than `weather_tools`. Default: the name. */
  readonly title?: string;
  /** A short symbol shown before the title (an emoji or a character; shown as text, never loaded). */
  readonly icon?: string;
  /** Ordinary tools. */
  readonly tools: readonly ClientTool[];
  readonly skills?: readonly Skill[];
  /** Offer the group as one entry until the model calls it (default true). */
  readonly startCollapsed?: boolean;
  /** Goes to the model as `context` on every run while the group is expanded. */
  readonly systemPrompt?: string;
  /** Added to the answer of the call that expands the group. */
  readonly functionResult?: string;
  /** The approval default of its tools that set none. */
  readonly requiresApproval?: boolean;
  /** The time limit of its tools that set none. */
  readonly timeoutMs?: number;
  /** The failure strategy of its tools that set none. */
  readonly onFailure?: FailureStrategy;
}

/** An approval policy's answer; `undefined` keeps the tool's own `requiresApproval`. */
export type ApprovalVerdict = 'approve' | 'deny' | 'ask' | undefined;

/** Registry-wide settings (`ToolRegistry.withSettings`). */
export interface ToolSettings {
  /** False: every group is offered expanded, nothing collapses (default true). */
  readonly collapseGroups?: boolean;
  /** An instruction about the client tools, sent as `context` on every run. */
  readonly instructions?: string;
  /**
   * How structured results reach the model: `parts` (AG-UI content parts, always), `text` (a text
   * description, always), or, unset, by what the agent declares (`capabilities`, or its
   * `getCapabilities()`): parts when it accepts each medium the result carries (`multimodal.input`),
   * else text. Many servers (the AG-UI Python SDK's) reject parts in tool messages. The Soliplex
   * transport always sends text.
   */
  readonly resultContent?: 'parts' | 'text';
  /** Decides each call before the tool's own `requiresApproval` is asked. A throw means `ask`. */
  readonly approvalPolicy?: (call: ToolCall, key: ThreadKey) => ApprovalVerdict | Promise<ApprovalVerdict>;
  /** The failure strategy of tools and groups that set none (default: `{ mode: 'report' }`). */
  readonly onFailure?: FailureStrategy;
}

/** A context item added by a tool result (`augmentation.addContext`). */
export interface ContextItem {
  readonly description: string;
  readonly value: string;
}

/**
 * A thread's tool state: lives in its conversation (so it survives turns, goes with the thread and a
 * new thread starts without it). Absent means "as registered", or, for a thread loaded from history,
 * what its transcript implies (groups it expanded, skills it activated).
 */
export interface ThreadToolState {
  /** Explicit expansion per group name (the default is the group's `startCollapsed`). */
  readonly groups: Readonly<Record<string, 'expanded' | 'collapsed'>>;
  readonly activeSkills: readonly string[];
  readonly hiddenTools: readonly string[];
  /** Registered groups removed in this thread. */
  readonly removedGroups: readonly string[];
  /** Groups a tool result injected (in memory only: they hold functions). */
  readonly injectedGroups: readonly ToolGroup[];
  readonly context: readonly ContextItem[];
  /** Tools the user allowed without asking again in this thread. */
  readonly alwaysAllowed: readonly string[];
}

export const emptyToolState: ThreadToolState = Object.freeze({
  groups: {},
  activeSkills: [],
  hiddenTools: [],
  removedGroups: [],
  injectedGroups: [],
  context: [],
  alwaysAllowed: [],
});

/**
 * The thread's tool state. A thread that has none yet (new, or loaded from history) starts from what
 * its transcript shows: a completed call of a group's or a skill's name expanded or activated it.
 */
export function threadToolState(conversation: Conversation, registry: ToolRegistry): ThreadToolState {
  if (conversation.tools) return conversation.tools;
  let state = emptyToolState;
  // A call a snapshot dropped after it ran here, then brought back answered, ran here all the same.
  const ranHere = new Set(conversation.retiredCallIds ?? []);
  for (const call of Object.values(conversation.toolCalls)) {
    if (call.status !== ToolCallStatus.Completed || (call.serverRun && !ranHere.has(call.id))) continue;
    if (registry.group(call.name)) state = expandGroup(state, call.name);
    const owner = registry.groups.find((g) => g.skills?.some((s) => s.name === call.name));
    if (owner) state = activateSkill(expandGroup(state, owner.name), call.name);
  }
  return state;
}

export function expandGroup(state: ThreadToolState, name: string): ThreadToolState {
  return state.groups[name] === 'expanded' ? state : { ...state, groups: { ...state.groups, [name]: 'expanded' } };
}

export function activateSkill(state: ThreadToolState, name: string): ThreadToolState {
  return state.activeSkills.includes(name) ? state : { ...state, activeSkills: [...state.activeSkills, name] };
}

/** What one name resolves to in a thread. */
export type ToolsetEntry =
  | { readonly kind: 'tool'; readonly entry: RegisteredTool; readonly group?: ToolGroup }
  | { readonly kind: 'group'; readonly group: ToolGroup }
  | { readonly kind: 'skill'; readonly skill: Skill; readonly group: ToolGroup };

/** What a thread is offered on its next run, and what each name it may call resolves to. */
export interface Toolset {
  /** `RunAgentInput.tools`: ungrouped tools, expanded groups' tools, collapsed groups, inactive skills. */
  readonly definitions: AgUiTool[];
  /** `RunAgentInput.context` items: the instruction, expanded groups' and active skills' prompts, added items. */
  readonly context: Context[];
  /** The names of the tools (not groups or skills) offered. */
  readonly offeredTools: readonly string[];
  /** Every name the thread may call (a hidden tool or one of a removed group is not callable). */
  resolve(name: string): ToolsetEntry | undefined;
}

const NO_PARAMETERS = { type: 'object', properties: {} };

/** The thread's toolset from the page's registry and the thread's tool state. */
export function resolveToolset(registry: ToolRegistry, state: ThreadToolState): Toolset {
  const collapsing = registry.settings.collapseGroups !== false;
  const hidden = new Set(state.hiddenTools);
  const groups = new Map<string, ToolGroup>();
  for (const group of registry.groups) if (!state.removedGroups.includes(group.name)) groups.set(group.name, group);
  const grouped = new Set(registry.groups.flatMap((g) => g.tools.map((t) => t.name)));
  for (const group of state.injectedGroups) {
    // An injected group cannot shadow what the page registered.
    const clash = registry.has(group.name) || groups.has(group.name) || group.tools.some((t) => registry.has(t.name));
    if (!clash) groups.set(group.name, group);
  }
  const expanded = (group: ToolGroup) =>
    !collapsing || (state.groups[group.name] ?? (group.startCollapsed === false ? 'expanded' : 'collapsed')) === 'expanded';

  const entries = new Map<string, ToolsetEntry>();
  const definitions: AgUiTool[] = [];
  const offeredTools: string[] = [];
  const context: Context[] = [];
  if (registry.settings.instructions) context.push({ description: 'Client tools', value: registry.settings.instructions });
  const offerTool = (entry: RegisteredTool, group?: ToolGroup, offered = true) => {
    if (hidden.has(entry.tool.name)) return;
    entries.set(entry.tool.name, group ? { kind: 'tool', entry, group } : { kind: 'tool', entry });
    if (!offered) return;
    definitions.push(entry.definition);
    offeredTools.push(entry.tool.name);
  };
  for (const tool of registry.tools) if (!grouped.has(tool.name)) offerTool(registry.entry(tool.name)!);
  for (const group of groups.values()) {
    const open = expanded(group);
    // A collapsed group's tools stay callable (a model may know their names), but are not offered.
    for (const tool of group.tools) offerTool(registry.entry(tool.name) ?? prepareTool(tool), group, open);
    entries.set(group.name, { kind: 'group', group });
    if (open) {
      if (group.systemPrompt) context.push({ description: `Instructions for the ${group.name} tools`, value: group.systemPrompt });
    } else {
      const count = group.tools.length;
      definitions.push({
        name: group.name,
        description: `${group.description} (${count} ${count === 1 ? 'tool' : 'tools'}; call this to make them available)`,
        parameters: NO_PARAMETERS,
      });
    }
    for (const skill of group.skills ?? []) {
      entries.set(skill.name, { kind: 'skill', skill, group });
      if (state.activeSkills.includes(skill.name)) {
        context.push({ description: `Skill ${skill.name}`, value: skill.systemPrompt });
      } else {
        definitions.push({
          name: skill.name,
          description: `Skill: ${skill.description} (call this to activate it)`,
          parameters: NO_PARAMETERS,
        });
      }
    }
  }
  for (const item of state.context) context.push({ description: item.description, value: item.value });
  return { definitions, context, offeredTools, resolve: (name) => entries.get(name) };
}

/** The names a group makes available (a skill: its references, or its group's tools). */
export function availableFunctions(group: ToolGroup, skill?: Skill): string[] {
  return skill?.references?.length ? [...skill.references] : group.tools.map((t) => t.name);
}

/** The answer to a call of a collapsed group's name: it expands, and the model is told what it gained. */
export function groupExpandedAnswer(group: ToolGroup): string {
  const answer = `${group.name} expanded. Available functions: ${availableFunctions(group).join(', ')}`;
  return group.functionResult ? `${answer}\n\n${group.functionResult}` : answer;
}

export function skillActivatedAnswer(skill: Skill, group: ToolGroup): string {
  return `${skill.name} skill activated. Available functions: ${availableFunctions(group, skill).join(', ')}`;
}
