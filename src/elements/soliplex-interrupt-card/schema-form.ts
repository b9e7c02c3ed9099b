import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ChatStrings } from '../shared/chat-strings.js';
import type { interruptStrings } from './interrupt-strings.js';

/**
 * A form generated from an interrupt's `responseSchema` (JSON Schema): strings, numbers, integers,
 * booleans, enums, arrays of those, nested objects; required fields, defaults, and descriptions as
 * help text. A field is labelled by its schema `title`, else its property name. The schema is the
 * agent's (untrusted): every text lands in the DOM as text, and what it cannot describe is skipped.
 */

export type Schema = {
  type?: unknown;
  title?: unknown;
  description?: unknown;
  enum?: unknown;
  default?: unknown;
  properties?: unknown;
  required?: unknown;
  items?: unknown;
};

type Path = readonly (string | number)[];

/** Deepest nesting rendered; a deeper (or recursive-looking) schema is cut off there. */
const MAX_DEPTH = 8;

function asSchema(value: unknown): Schema | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;
}

function typeOf(schema: Schema): string {
  if (Array.isArray(schema.enum)) return 'enum';
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  return schema.properties ? 'object' : 'string';
}

function propertiesOf(schema: Schema): [string, Schema][] {
  const props = asSchema(schema.properties);
  if (!props) return [];
  return Object.entries(props).flatMap(([name, value]) => {
    const child = asSchema(value);
    return child ? [[name, child] as [string, Schema]] : [];
  });
}

/** The form's starting value: the schema's defaults, objects filled in, arrays empty. */
export function initialValue(schema: Schema, depth = 0): unknown {
  if (schema.default !== undefined) return schema.default;
  if (depth > MAX_DEPTH) return undefined;
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(propertiesOf(schema).map(([name, child]) => [name, initialValue(child, depth + 1)]));
    case 'array':
      return [];
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

/** The answer to send: empty optional fields left out, numbers as numbers. */
export function payloadOf(schema: Schema, value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  switch (typeOf(schema)) {
    case 'object': {
      const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [name, child] of propertiesOf(schema)) {
        const field = payloadOf(child, record[name], depth + 1);
        if (field !== undefined) out[name] = field;
      }
      return out;
    }
    case 'array': {
      const item = asSchema(schema.items) ?? {};
      return Array.isArray(value) ? value.map((v) => payloadOf(item, v, depth + 1)).filter((v) => v !== undefined) : [];
    }
    case 'number':
    case 'integer':
      return value === undefined || value === '' ? undefined : Number(value);
    case 'enum': {
      if (value === undefined || value === '') return undefined;
      // Options are rendered as text; give back the schema's own value (a number stays a number).
      const options = schema.enum as unknown[];
      return options.find((option) => String(option) === String(value)) ?? value;
    }
    case 'boolean':
      return value === true;
    default:
      return value === undefined || value === '' ? undefined : value;
  }
}

/** An immutable set at `path`. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...root] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const record = root && typeof root === 'object' && !Array.isArray(root) ? { ...(root as Record<string, unknown>) } : {};
  record[head!] = setAt(record[head!], rest, value);
  return record;
}

function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined;
  return node;
}

export interface SchemaFormContext {
  readonly value: unknown;
  readonly strings: ChatStrings & typeof interruptStrings;
  /** A prefix that makes the ids unique within the card. */
  readonly idPrefix: string;
  readonly disabled: boolean;
  readonly onChange: (path: Path, value: unknown) => void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The fields of the schema's root (an object's properties; any other root is one field named "value"). */
export function renderSchemaForm(schema: Schema, context: SchemaFormContext): TemplateResult | typeof nothing {
  if (typeOf(schema) === 'object') return renderProperties(schema, [], context, 0);
  return renderField('value', schema, [], true, context, 0);
}

function renderProperties(schema: Schema, path: Path, context: SchemaFormContext, depth: number): TemplateResult {
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []);
  return html`${repeat(
    propertiesOf(schema),
    ([name]) => name,
    ([name, child]) => renderField(name, child, [...path, name], required.has(name), context, depth + 1),
  )}`;
}

function renderField(name: string, schema: Schema, path: Path, required: boolean, context: SchemaFormContext, depth: number): TemplateResult | typeof nothing {
  if (depth > MAX_DEPTH) return nothing;
  const label = text(schema.title) ?? name;
  const help = text(schema.description);
  const id = `${context.idPrefix}-${path.join('-') || 'value'}`;
  const helpId = `${id}-help`;
  const helpText = help ? html`<small class="help" id=${helpId}>${help}</small>` : nothing;
  const mark = required ? html` <span class="required">(${context.strings.requiredField})</span>` : nothing;
  const type = typeOf(schema);
  if (type === 'object') {
    return html`<fieldset class="group" aria-describedby=${help ? helpId : nothing}>
      <legend>${label}${mark}</legend>
      ${helpText} ${renderProperties(schema, path, context, depth)}
    </fieldset>`;
  }
  if (type === 'array') return renderArray(label, mark, helpText, help ? helpId : undefined, schema, path, context, depth);
  if (type === 'boolean') {
    return html`<div class="field checkbox">
      <input
        id=${id}
        type="checkbox"
        .checked=${getAt(context.value, path) === true}
        ?disabled=${context.disabled}
        aria-describedby=${help ? helpId : nothing}
        @change=${(e: Event) => context.onChange(path, (e.target as HTMLInputElement).checked)}
      />
      <label for=${id}>${label}${mark}</label>
      ${helpText}
    </div>`;
  }
  return html`<div class="field">
    <label for=${id}>${label}${mark}</label>
    ${renderInput(id, schema, path, required, help ? helpId : undefined, context)} ${helpText}
  </div>`;
}

function renderInput(id: string, schema: Schema, path: Path, required: boolean, helpId: string | undefined, context: SchemaFormContext) {
  const current = getAt(context.value, path);
  const value = current === undefined || current === null ? '' : String(current);
  const onInput = (e: Event) => context.onChange(path, (e.target as HTMLInputElement).value);
  const type = typeOf(schema);
  if (type === 'enum') {
    const options = (schema.enum as unknown[]).filter((o) => o !== null && typeof o !== 'object');
    return html`<select id=${id} ?required=${required} ?disabled=${context.disabled} aria-describedby=${helpId ?? nothing} @change=${onInput}>
      ${required && current !== undefined ? nothing : html`<option value="" ?selected=${value === ''}></option>`}
      ${options.map((option) => html`<option value=${String(option)} ?selected=${String(option) === value}>${String(option)}</option>`)}
    </select>`;
  }
  const numeric = type === 'number' || type === 'integer';
  return html`<input
    id=${id}
    type=${numeric ? 'number' : 'text'}
    .step=${type === 'integer' ? '1' : numeric ? 'any' : ''}
    .value=${value}
    ?required=${required}
    ?disabled=${context.disabled}
    aria-describedby=${helpId ?? nothing}
    @input=${onInput}
  />`;
}

function renderArray(
  label: string,
  mark: unknown,
  helpText: unknown,
  helpId: string | undefined,
  schema: Schema,
  path: Path,
  context: SchemaFormContext,
  depth: number,
) {
  const item = asSchema(schema.items) ?? { type: 'string' };
  const items = getAt(context.value, path);
  const list = Array.isArray(items) ? items : [];
  return html`<fieldset class="group list" aria-describedby=${helpId ?? nothing}>
    <legend>${label}${mark}</legend>
    ${helpText}
    ${list.map((_, index) => {
      const itemLabel = `${label} ${index + 1}`;
      return html`<div class="item">
        ${renderField(itemLabel, { ...item, title: itemLabel }, [...path, index], false, context, depth + 1)}
        <button
          type="button"
          class="remove"
          ?disabled=${context.disabled}
          aria-label=${`${context.strings.removeItem} ${itemLabel}`}
          @click=${() => context.onChange(path, list.filter((__, i) => i !== index))}
        >
          ${context.strings.removeItem}
        </button>
      </div>`;
    })}
    <button
      type="button"
      class="add"
      ?disabled=${context.disabled}
      aria-label=${`${context.strings.addItem}: ${label}`}
      @click=${() => context.onChange(path, [...list, initialValue(item, depth + 1)])}
    >
      ${context.strings.addItem}
    </button>
  </fieldset>`;
}
