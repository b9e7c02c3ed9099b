// Keyword heuristics the scripted model uses to pick client tools and invent their arguments.
// Deliberately simple and deterministic: the same input always produces the same calls.

/** Leading verbs dropped from a tool name, so `get_secret_number` is triggered by "secret number". */
const VERBS = new Set(
  'get fetch set show list find lookup look read load query search make create call run compute calculate check do'.split(' '),
);
/** Words too generic to trigger a tool from its description. */
const GENERIC = new Set(
  ('about after before given provided using based value values current specified specific something tool ' +
    'function called calls input output result results should would could their there these those which other ' +
    'where while without within string object optional required parameter parameters argument arguments returns ' +
    'return page browser client').split(' '),
);
/** Filler words skipped when looking for the word after a keyword, or dropped from a name list. */
const FILLER = new Set('a an the in for of to at on about with is are was please me my our your us it them this that'.split(' '));

const WORD = /[\p{L}\p{N}][\p{L}\p{N}_'-]*/gu;

/** @param {string} s */
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits `get_secret_number` / `getSecretNumber` / `get-secret-number` into lower-case words. */
export function nameWords(/** @type {string} */ name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The words of a tool name that trigger it: the name minus leading verbs ("secret number"). */
export function triggerPhrase(/** @type {string} */ name) {
  const words = nameWords(name);
  let start = 0;
  while (start < words.length - 1 && VERBS.has(words[start])) start++;
  return words.slice(start).join(' ');
}

/** Articles that may stand between a phrase's words: "fill the form" still triggers `fill_form`. */
const ARTICLES = '(?:(?:the|a|an|my|this|that|our|your)\\s+)*';

/**
 * Finds `phrase` as whole words in `text` (last word may be plural, articles may come between);
 * returns where it starts and ends, or undefined.
 * @param {string} text @param {string} phrase
 */
function findSpan(text, phrase) {
  const words = phrase.split(' ').map(escapeRe);
  const last = words.pop();
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${[...words, `${last}(?:e?s)?`].join(`\\s+${ARTICLES}`)}(?![\\p{L}\\p{N}])`, 'iu');
  const m = re.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : undefined;
}

/** The index just after `phrase` in `text`, or -1. */
function findPhrase(/** @type {string} */ text, /** @type {string} */ phrase) {
  return findSpan(text, phrase)?.end ?? -1;
}

/**
 * Picks the declared tools the user's text asks for. Name matches win; description keywords are a
 * fallback only when no name matched, because descriptions are full of incidental words.
 * @param {Array<{ name: string, description?: string, parameters?: any }>} tools
 * @param {string} text
 * @returns {Array<{ tool: any, keywordEnd: number }>} keywordEnd: index in text just after the trigger
 */
export function matchTools(tools, text) {
  const byName = [];
  for (const tool of tools) {
    let span = findSpan(text, triggerPhrase(tool.name)) ?? findSpan(text, nameWords(tool.name).join(' '));
    const at = text.toLowerCase().indexOf(tool.name.toLowerCase());
    if (!span && at >= 0) span = { start: at, end: at + tool.name.length };
    if (span) byName.push({ tool, keywordEnd: span.end, span });
  }
  // A match inside a longer one is incidental: "fill the form" asks for fill_form, not read_form.
  const specific = byName.filter(
    (a) => !byName.some((b) => b !== a && b.span.start <= a.span.start && b.span.end >= a.span.end && b.span.end - b.span.start > a.span.end - a.span.start),
  );
  if (specific.length) return specific.map(({ tool, keywordEnd }) => ({ tool, keywordEnd }));

  const byDescription = [];
  for (const tool of tools) {
    const keywords = (tool.description ?? '').toLowerCase().match(/\p{L}{5,}/gu) ?? [];
    for (const word of keywords) {
      if (GENERIC.has(word) || VERBS.has(word)) continue;
      const end = findPhrase(text, word);
      if (end >= 0) {
        byDescription.push({ tool, keywordEnd: end });
        break;
      }
    }
  }
  return byDescription;
}

/**
 * Names listed after "for" / "of": "numbers for alice and bob" → ["alice", "bob"].
 * @param {string} text @returns {string[]}
 */
export function extractNames(text) {
  for (const m of text.matchAll(/\b(?:for|of)\s+([^?.!;:]+)/giu)) {
    const names = m[1]
      .split(/\s*(?:,|&|\band\b)\s*/iu)
      .map((piece) => (piece.match(WORD) ?? []).find((w) => !FILLER.has(w.toLowerCase())))
      .filter((w) => w !== undefined)
      .map((w) => w.replace(/'s$/i, ''));
    if (names.length) return names;
  }
  return [];
}

/** @param {any} schema @returns {string | undefined} the JSON Schema type, ignoring "null" in unions */
function typeOf(schema) {
  const t = schema?.type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
}

/** British and American spellings match each other: "colour" names the `color` property. */
const spelling = (/** @type {string} */ word) => escapeRe(word).replace(/or$/, 'ou?r').replace(/our$/, 'ou?r');

/**
 * Where the value of property `key` is named in `text`: just after the property's own name ("name
 * Ada", "named Ada", "colour teal") or after "to" / "as" / "=" that follow the trigger ("set the colour
 * to teal"). -1 when the text names neither.
 * @param {string} key @param {string} text @param {number} keywordEnd
 */
function valueStart(key, text, keywordEnd) {
  const words = nameWords(key).map(spelling).join('[\\s_-]+');
  const afterKey = new RegExp(`(?<![\\p{L}\\p{N}])${words}(?:d|s)?(?:\\s+(?:is|to|as|of|=|:))?\\s*[:=]?\\s*`, 'iu').exec(text.slice(Math.max(keywordEnd, 0)));
  if (afterKey) return Math.max(keywordEnd, 0) + afterKey.index + afterKey[0].length;
  const joiner = /\s(?:to|as|=)\s+/iu.exec(text.slice(Math.max(keywordEnd, 0)));
  return joiner ? Math.max(keywordEnd, 0) + joiner.index + joiner[0].length : -1;
}

/**
 * A plausible value for one property. Strings: a quoted phrase, else the word after the property's
 * name or after "to" ("fill the form with name Ada", "set the colour to teal"), else the word after
 * the trigger keyword, else "demo"; numbers: the first number in the text, else 1; booleans: true;
 * enums: first value.
 * @param {any} schema @param {string} text @param {number} keywordEnd @param {string} [key] the property's name
 */
export function guessValue(schema, text, keywordEnd, key) {
  if (Array.isArray(schema?.enum) && schema.enum.length) return schema.enum[0];
  if (schema && 'const' in schema) return schema.const;
  switch (typeOf(schema)) {
    case 'number':
    case 'integer': {
      const m = text.match(/-?\d+(?:\.\d+)?/);
      if (!m) return 1;
      return typeOf(schema) === 'integer' ? Math.trunc(Number(m[0])) : Number(m[0]);
    }
    case 'boolean':
      return true;
    case 'object':
      return {};
    case 'array':
      return [];
    default: {
      const quoted = text.match(/"([^"]+)"|“([^”]+)”|'([^']+)'/);
      if (quoted) return quoted[1] ?? quoted[2] ?? quoted[3];
      const start = key ? valueStart(key, text, keywordEnd) : -1;
      const named = start >= 0 ? (text.slice(start).match(WORD) ?? []).find((w) => !FILLER.has(w.toLowerCase())) : undefined;
      if (named) return named;
      const after = (text.slice(Math.max(keywordEnd, 0)).match(WORD) ?? []).find((w) => !FILLER.has(w.toLowerCase()));
      return after ?? 'demo';
    }
  }
}

/**
 * The argument objects to call `tool` with: one call per name found ("for alice and bob") when the
 * schema has a string property to put it in, else a single call with guessed required properties.
 * @param {{ parameters?: any }} tool @param {string} text @param {number} keywordEnd
 * @returns {Record<string, unknown>[]}
 */
export function buildCallArgs(tool, text, keywordEnd) {
  const properties = tool.parameters?.properties ?? {};
  /** @type {string[]} */
  const required = Array.isArray(tool.parameters?.required) ? tool.parameters.required : [];
  const isFreeString = (/** @type {string} */ key) => typeOf(properties[key]) === 'string' && !properties[key].enum;
  const nameKey = required.find(isFreeString) ?? Object.keys(properties).find(isFreeString);

  /** @param {string} [skip] */
  const base = (skip) =>
    Object.fromEntries(
      required.filter((k) => k !== skip && k in properties).map((k) => [k, guessValue(properties[k], text, keywordEnd, k)]),
    );

  const names = nameKey ? extractNames(text) : [];
  if (nameKey && names.length) return names.map((name) => ({ ...base(nameKey), [nameKey]: name }));
  return [base()];
}
