import type { Tool as AgUiTool } from '@ag-ui/core';
import type { ToolCall } from '../conversation/conversation.js';
import type { checkJsonSchema } from './json-schema-check.js';
import type { FailureStrategy } from './tool-failure.js';
import type { ToolGroup, ToolSettings } from './tool-groups.js';
import { LazyModule } from '../lazy-module.js';

/** A JSON Schema object describing a tool's arguments. */
export type JsonSchema = Record<string, unknown>;

/**
 * What the registry needs of a zod 4 schema (`z.object({...})`): written out so the package's types
 * don't import zod, which is only a peer for pages that declare tools with it.
 */
export interface ZodLikeSchema<Output = unknown> {
  safeParse(data: unknown):
    | { readonly success: true; readonly data: Output }
    | { readonly success: false; readonly error: { readonly issues: readonly ArgumentIssue[] } };
  toJSONSchema(params?: { io?: 'input' | 'output'; unrepresentable?: 'any' | 'throw' }): unknown;
}

/** What `execute` receives besides the arguments. */
export interface ToolExecutionContext {
  /** Aborted on timeout, cancel, or when a newer message supersedes the turn. */
  readonly signal: AbortSignal;
  /** The call being answered. */
  readonly toolCall: ToolCall;
}

/**
 * A client-side tool: a function in the host page that the model may call.
 * @typeParam Args the parsed, validated arguments.
 */
// `any` by default so tools with specific argument types fit one registry (execute is contravariant).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ClientTool<Args = any> {
  /** Unique name the model calls it by; `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /** What people see for it (status line, card, approval): "Weather forecast" rather than `get_forecast`. Default: the name. */
  readonly title?: string;
  /** A short symbol shown before the title (an emoji or a character; shown as text, never loaded). */
  readonly icon?: string;
  /** The arguments: a zod schema, or a JSON Schema object. Omit for a tool without arguments. */
  readonly parameters?: ZodLikeSchema<Args> | JsonSchema;
  /** Runs the tool. A string result goes to the model as is; anything else as JSON. */
  execute(args: Args, context: ToolExecutionContext): unknown;
  /** Hold the call for the user's approval first: always, or when the function says so. */
  readonly requiresApproval?: boolean | ((args: Args) => boolean);
  /** Per-call time limit in milliseconds (default 60 000). */
  readonly timeoutMs?: number;
  /** Optional renderer for the result in the page (used by the element; opaque to the engine). */
  readonly render?: (result: unknown, call: ToolCall) => unknown;
  /** What happens when the tool throws or times out (default: the model is told, as a failed call). */
  readonly onFailure?: FailureStrategy;
  /**
   * Opt-in result cache: a call with the same name and (canonical) arguments in the same thread within
   * `ttlMs` gets the stored result without running the tool. `key` replaces the arguments as the key.
   */
  readonly cache?: { readonly ttlMs: number; readonly key?: (args: Args) => string };
}

/** The result of checking arguments against a tool's parameters. */
export type ArgumentCheck = { success: true; data: unknown } | { success: false; issues: readonly ArgumentIssue[] };
export interface ArgumentIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A tool as the registry holds it: its declaration, and a validator for its arguments. */
export interface RegisteredTool {
  readonly tool: ClientTool;
  /** The AG-UI declaration sent on every run. */
  readonly definition: AgUiTool;
  /** Validates parsed arguments (async: a JSON Schema validator loads on first use). */
  validate(args: unknown): Promise<ArgumentCheck>;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const EMPTY_PARAMETERS: JsonSchema = { type: 'object', properties: {} };

function isZodSchema(value: unknown): value is ZodLikeSchema {
  return typeof value === 'object' && value !== null && typeof (value as ZodLikeSchema).safeParse === 'function';
}

/** Prepared tools by identity, so deriving a new registry does not convert every schema again. */
const prepared = new WeakMap<ClientTool, RegisteredTool>();

/** The registry's prepared entry for a tool (cached per tool object); validates the declaration. */
export function prepareTool(tool: ClientTool): RegisteredTool {
  return prepare(tool);
}

function prepare(tool: ClientTool): RegisteredTool {
  if (tool && typeof tool === 'object') {
    const cached = prepared.get(tool);
    // A tool registered before the check's code arrived, and refused since, is refused from then on.
    const refusal = cached && refusalOf(cached);
    if (refusal) throw refusal;
    if (cached) return cached;
  }
  const entry = prepareUncached(tool);
  prepared.set(tool, entry);
  return entry;
}

function prepareUncached(tool: ClientTool): RegisteredTool {
  if (!tool || typeof tool !== 'object') throw new TypeError('A tool must be an object');
  if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
    throw new TypeError(
      `Invalid tool name ${JSON.stringify(tool.name)}: use 1–64 letters, digits, "_" or "-" (providers reject others)`,
    );
  }
  if (typeof tool.execute !== 'function') throw new TypeError(`Tool "${tool.name}" has no execute function`);
  const parameters = tool.parameters ?? EMPTY_PARAMETERS;
  if (isZodSchema(parameters)) {
    let jsonSchema: JsonSchema;
    try {
      jsonSchema = { ...(parameters.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as JsonSchema) };
    } catch (error) {
      throw new TypeError(`Tool "${tool.name}" has parameters that cannot be described as JSON Schema`, { cause: error });
    }
    delete jsonSchema['$schema'];
    return {
      tool,
      definition: { name: tool.name, description: tool.description ?? '', parameters: jsonSchema },
      validate: async (args) => {
        const result = parameters.safeParse(args);
        return result.success ? { success: true, data: result.data } : { success: false, issues: result.error.issues };
      },
    };
  }
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    throw new TypeError(`Tool "${tool.name}" needs parameters as a zod schema or a JSON Schema object`);
  }
  // The validator loads on first use (not with the page), and compiles once per tool.
  let validator: ((args: unknown) => ArgumentCheck) | undefined;
  const entry: RegisteredTool = {
    tool,
    definition: { name: tool.name, description: tool.description ?? '', parameters },
    validate: async (args) => {
      validator ??= (validatorModule.loaded ?? (await validatorModule.load())).compileJsonSchema(parameters as JsonSchema);
      return validator(args);
    },
  };
  // A schema the validator could not use fails here, not on every call: at once when the check's code
  // is there, else when it arrives (see `ToolRegistry.checked`). Our own empty parameters need none.
  if (parameters !== EMPTY_PARAMETERS) {
    if (schemaCheck) schemaCheck(parameters as JsonSchema, tool.name);
    else {
      unchecked.set(entry, { schema: parameters as JsonSchema, name: tool.name });
      pendingEntries.push(entry);
      void loadSchemaCheck().catch(() => {}); // a failed load is tried again by `checked()`
    }
  }
  return entry;
}

/*
 * The JSON Schema check (json-schema-check.ts, 3 KB) is not in the CDN's first paint: it loads with the
 * first tool declared with JSON Schema (in the tool machinery's chunk, which that page's first run needs
 * anyway). Until it is there, such a tool is registered unchecked; its check runs when it arrives, and
 * a refusal is what `checked()` rejects with and what fails the turns of an engine holding the tool.
 * The core's index (the npm build, and core.js) provides it at once: there, register() throws as ever.
 */
let schemaCheck: typeof checkJsonSchema | undefined;
/** Makes the JSON Schema check synchronous from now on (the core's index calls it on import). */
export function provideSchemaCheck(check: typeof checkJsonSchema): void {
  schemaCheck = check;
}
let schemaCheckLoading: Promise<unknown> | undefined;
function loadSchemaCheck(): Promise<unknown> {
  schemaCheckLoading ??= import('./json-schema-check.js').then(
    ({ checkJsonSchema }) => {
      schemaCheck ??= checkJsonSchema;
      // Said once per tool even if nobody asks: a sync register() would have thrown in the page's script.
      for (const entry of pendingEntries.splice(0)) {
        const refusal = refusalOf(entry);
        if (refusal) console.error('[soliplex-chat] a tool was refused:', refusal);
      }
    },
    (error: unknown) => {
      schemaCheckLoading = undefined;
      throw error;
    },
  );
  return schemaCheckLoading;
}
/** Entries registered before the check's code arrived, with what to check (and, once checked, the verdict). */
const unchecked = new WeakMap<RegisteredTool, { schema: JsonSchema; name: string; refusal?: TypeError | null }>();
const pendingEntries: RegisteredTool[] = [];

/** The TypeError register() would have thrown for this entry (its check's code must be there). */
function refusalOf(entry: RegisteredTool): TypeError | undefined {
  const pending = unchecked.get(entry);
  if (!pending || !schemaCheck) return undefined;
  if (pending.refusal === undefined) {
    try {
      schemaCheck(pending.schema, pending.name);
      pending.refusal = null;
    } catch (error) {
      pending.refusal = error as TypeError;
    }
  }
  return pending.refusal ?? undefined;
}

/**
 * For the engine before a run: undefined when every tool of `registry` passed its check, the refusal
 * of the first that failed, or a promise of either while the check's code loads.
 */
export function toolRefusal(registry: ToolRegistry): TypeError | undefined | Promise<TypeError | undefined> {
  const first = () => {
    for (const tool of registry.tools) {
      const refusal = refusalOf(registry.entry(tool.name)!);
      if (refusal) return refusal;
    }
    return undefined;
  };
  return schemaCheck || !registry.tools.some((tool) => unchecked.has(registry.entry(tool.name)!)) ? first() : loadSchemaCheck().then(first);
}

/** The JSON Schema validator's module, kept once loaded: a tool hop must not wait a task for it. */
const validatorModule = new LazyModule(() => import('./json-schema-validator.js'));

/**
 * The tools this page offers the agent. Immutable: `register`, `registerGroup`, `unregister` and
 * `withSettings` return a new registry, so one instance can be shared by several runs and widgets
 * without anyone changing it under them. A group's tools are ordinary tools held by the registry too
 * (`get`, `entry`, `tools`), which group they belong to is `groupOf`; what a thread is offered
 * (collapsed groups as one entry, skills, augmentation) is `resolveToolset` (tool-groups.ts).
 */
export class ToolRegistry {
  readonly #tools: ReadonlyMap<string, RegisteredTool>;
  readonly #groups: ReadonlyMap<string, ToolGroup>;
  /** Tool name to the name of its group. */
  readonly #groupOf: ReadonlyMap<string, string>;
  /** Settings for groups, approvals, results and failures (`withSettings`). */
  readonly settings: Readonly<ToolSettings>;

  constructor(tools: Iterable<ClientTool> = [], groups: Iterable<ToolGroup> = [], settings: ToolSettings = {}) {
    const map = new Map<string, RegisteredTool>();
    const add = (tool: ClientTool) => {
      const entry = prepare(tool);
      if (map.has(entry.tool.name)) throw new Error(`A tool named "${entry.tool.name}" is already registered`);
      map.set(entry.tool.name, entry);
    };
    for (const tool of tools) add(tool);
    const groupMap = new Map<string, ToolGroup>();
    const groupOf = new Map<string, string>();
    for (const group of groups) {
      checkGroup(group, (name) => map.has(name) || groupMap.has(name) || [...groupMap.values()].some((g) => g.skills?.some((s) => s.name === name)));
      for (const tool of group.tools) {
        add(tool);
        groupOf.set(tool.name, group.name);
      }
      groupMap.set(group.name, group);
    }
    this.#tools = map;
    this.#groups = groupMap;
    this.#groupOf = groupOf;
    this.settings = Object.freeze({ ...settings });
    Object.freeze(this);
  }

  /** A new registry with `tool` added. Throws on an invalid or duplicate name. */
  register<Args>(tool: ClientTool<Args>): ToolRegistry {
    const entry = prepare(tool as ClientTool);
    if (this.#tools.has(entry.tool.name) || this.#groups.has(entry.tool.name)) {
      throw new Error(`A tool named "${entry.tool.name}" is already registered; unregister it first`);
    }
    return new ToolRegistry([...this.#ungrouped(), entry.tool], this.#groups.values(), this.settings);
  }

  /**
   * A new registry with `group` added: its tools become ordinary tools of the registry, offered to the
   * model as one entry while the group is collapsed (see `ToolGroup`). Throws on an invalid group or
   * a name already taken (by a tool, a group or a skill).
   */
  registerGroup(group: ToolGroup): ToolRegistry {
    if (group && this.#groups.has(group.name)) {
      throw new Error(`A group named "${group.name}" is already registered; unregister it first`);
    }
    return new ToolRegistry(this.#ungrouped(), [...this.#groups.values(), group], this.settings);
  }

  /**
   * A new registry without the tool or group called `name` (a group goes with its tools; a grouped
   * tool leaves its group). The same registry if there is none.
   */
  unregister(name: string): ToolRegistry {
    if (this.#groups.has(name)) {
      return new ToolRegistry(this.#ungrouped(), [...this.#groups.values()].filter((g) => g.name !== name), this.settings);
    }
    if (!this.#tools.has(name)) return this;
    const groups = [...this.#groups.values()].map((g) =>
      g.tools.some((t) => t.name === name) ? { ...g, tools: g.tools.filter((t) => t.name !== name) } : g,
    );
    return new ToolRegistry(this.#ungrouped().filter((tool) => tool.name !== name), groups, this.settings);
  }

  /** A new registry with the same tools and groups and these settings merged over the current ones. */
  withSettings(settings: ToolSettings): ToolRegistry {
    return new ToolRegistry(this.#ungrouped(), this.#groups.values(), { ...this.settings, ...settings });
  }

  get(name: string): ClientTool | undefined {
    return this.#tools.get(name)?.tool;
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** The tools in registration order (grouped tools after the ungrouped ones, group by group). */
  get tools(): ClientTool[] {
    return [...this.#tools.values()].map((entry) => entry.tool);
  }

  /** The groups in registration order. */
  get groups(): ToolGroup[] {
    return [...this.#groups.values()];
  }

  /** The group called `name`. */
  group(name: string): ToolGroup | undefined {
    return this.#groups.get(name);
  }

  /** The group a tool belongs to, if any. */
  groupOf(toolName: string): ToolGroup | undefined {
    const group = this.#groupOf.get(toolName);
    return group === undefined ? undefined : this.#groups.get(group);
  }

  /**
   * Resolves with this registry once every tool's JSON Schema has been checked; rejects with the
   * `TypeError` `register()` throws for a schema the validator could not use. Only the CDN build needs
   * it: there the check's code loads with the first tool declared with JSON Schema, and a tool
   * registered before it arrived is checked then (its refusal is also logged, and fails the turns of
   * an engine holding it). Everywhere else the check has run in `register()` already.
   */
  async checked(): Promise<this> {
    const refusal = await toolRefusal(this);
    if (refusal) throw refusal;
    return this;
  }

  /** AG-UI declarations (JSON Schema parameters) of every tool, grouped ones included. */
  get definitions(): AgUiTool[] {
    return [...this.#tools.values()].map((entry) => entry.definition);
  }

  /** The prepared entry, with its validator; used by the executor. */
  entry(name: string): RegisteredTool | undefined {
    return this.#tools.get(name);
  }

  #ungrouped(): ClientTool[] {
    return this.tools.filter((tool) => !this.#groupOf.has(tool.name));
  }
}

/** Checks a group's shape and that its name and its skills' names are free (`taken`). */
export function checkGroup(group: ToolGroup, taken: (name: string) => boolean): void {
  if (!group || typeof group !== 'object') throw new TypeError('A tool group must be an object');
  if (typeof group.name !== 'string' || !TOOL_NAME.test(group.name)) {
    throw new TypeError(`Invalid group name ${JSON.stringify(group.name)}: use 1–64 letters, digits, "_" or "-"`);
  }
  if (!Array.isArray(group.tools)) throw new TypeError(`Group "${group.name}" needs a tools array`);
  if (taken(group.name)) throw new Error(`The name "${group.name}" is already taken by a tool, group or skill`);
  const names = new Set([group.name, ...group.tools.map((t) => t?.name)]);
  for (const skill of group.skills ?? []) {
    if (!skill || typeof skill.name !== 'string' || !TOOL_NAME.test(skill.name)) {
      throw new TypeError(`Group "${group.name}" has a skill with an invalid name ${JSON.stringify(skill?.name)}`);
    }
    if (names.has(skill.name) || taken(skill.name)) throw new Error(`The skill name "${skill.name}" is already taken`);
    names.add(skill.name);
  }
}
