// The demo room's RAG answers: a user message starting "search the documents" (optionally "for …")
// or "show citations" is answered from the room's documents, with citations put into the agent
// state under `rag` as Soliplex's haiku.rag capability does: `rag.citation_index` (chunk id →
// citation, cumulative over the thread) and `rag.citations` (the chunk ids this run cited; clients
// seed it empty each turn), sent as STATE_DELTA before the answer (the final STATE_SNAPSHOT follows
// from Soliplex itself). `state.rag.document_filter` limits which documents are searched.
import { randomUUID } from 'node:crypto';
import { EventType } from '@ag-ui/core';
import { DEMO_CHUNKS, documentOf } from './documents.mjs';

const TRIGGER = /^\s*(?:search (?:the )?documents|show citations)\b(?:\s+for\b)?[\s:,]*/i;
const QUOTED = "'((?:[^']|'')*)'";

/**
 * The document ids a `document_filter` allows: null for every document (no filter). Accepts what
 * the official client sends: `id = '<id>'` or `id IN ('<a>', '<b>')` (quotes doubled inside ids).
 * @param {unknown} filter @returns {string[] | null} @throws {Error} on anything else (LanceDB would)
 */
export function parseDocumentFilter(filter) {
  if (filter === null || filter === undefined) return null;
  if (typeof filter !== 'string') throw new Error(`document_filter must be a string or null, got ${typeof filter}`);
  const unquote = (/** @type {string} */ s) => s.replace(/''/g, "'");
  const one = new RegExp(`^\\s*id\\s*=\\s*${QUOTED}\\s*$`).exec(filter);
  if (one) return [unquote(one[1])];
  const list = new RegExp(`^\\s*id\\s+IN\\s*\\(\\s*(${QUOTED}(?:\\s*,\\s*${QUOTED})*)\\s*\\)\\s*$`, 'i').exec(filter);
  if (list) return [...list[1].matchAll(new RegExp(QUOTED, 'g'))].map((m) => unquote(m[1]));
  throw new Error(`Invalid document_filter: ${filter}`);
}

const words = (/** @type {string} */ text) =>
  new Set(text.toLowerCase().replace(/'s\b/g, '').split(/[^a-z0-9]+/).filter((w) => w.length >= 3));

/** The last message's text when it is the user's (a tool continuation is no search). @param {any} input */
function userQuestion(input) {
  const last = input.messages?.at(-1);
  if (last?.role !== 'user') return null;
  const content = last.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.filter((p) => p?.type === 'text').map((p) => p.text).join(' ') : '';
}

/** A chunk as a haiku.rag citation (the shape of `rag.citation_index` values). */
function citation(/** @type {import('./documents.mjs').Chunk} */ chunk, /** @type {number} */ index) {
  const document = documentOf(chunk);
  return {
    index,
    chunk_id: chunk.id,
    chunk_ids: [chunk.id],
    document_id: document.id,
    document_uri: document.uri,
    document_title: document.title,
    document_meta: document.metadata,
    content: chunk.content,
    headings: chunk.headings,
    page_numbers: chunk.page_numbers,
    doc_item_refs: chunk.doc_item_refs,
    picture_refs: [],
  };
}

/**
 * The steps of a RAG answer for this input, or null when it is no document search.
 * @param {any} input RunAgentInput (validated)
 * @returns {any[] | null}
 */
export function ragSteps(input) {
  const question = userQuestion(input);
  const trigger = question === null ? null : TRIGGER.exec(question);
  if (!trigger || question === null) return null;
  const state = input.state && typeof input.state === 'object' ? input.state : {};
  const rag = state.rag && typeof state.rag === 'object' ? state.rag : null;
  let allowed;
  try {
    allowed = parseDocumentFilter(rag?.document_filter);
  } catch (error) {
    return [{ type: EventType.RUN_STARTED }, { type: EventType.RUN_ERROR, message: /** @type {Error} */ (error).message, code: 'document_filter' }];
  }
  const query = words(question.slice(trigger[0].length));
  const candidates = DEMO_CHUNKS.filter((c) => !allowed || allowed.includes(c.document_id));
  const scored = candidates.map((chunk) => ({ chunk, score: [...words(chunk.content + ' ' + chunk.headings.join(' '))].filter((w) => query.has(w)).length }));
  // No query ("show citations"): the first chunk of each document, so a demo shows several sources.
  const firstOfEach = scored.filter((s, i) => scored.findIndex((o) => o.chunk.document_id === s.chunk.document_id) === i);
  const cited = (query.size ? scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score) : firstOfEach).slice(0, 3).map((s) => s.chunk);

  const index = rag?.citation_index && typeof rag.citation_index === 'object' ? { ...rag.citation_index } : {};
  /** @type {any[]} */
  const ops = [];
  if (!rag) ops.push({ op: 'add', path: '/rag', value: { citations: [], citation_index: {}, searches: {}, executions: [], document_filter: null } });
  else {
    if (!Array.isArray(rag.citations)) ops.push({ op: 'add', path: '/rag/citations', value: [] });
    if (!rag.citation_index || typeof rag.citation_index !== 'object') ops.push({ op: 'add', path: '/rag/citation_index', value: {} });
  }
  const numbers = cited.map((chunk) => {
    if (!index[chunk.id]) {
      index[chunk.id] = citation(chunk, Object.keys(index).length + 1);
      ops.push({ op: 'add', path: `/rag/citation_index/${chunk.id}`, value: index[chunk.id] });
    }
    ops.push({ op: 'add', path: '/rag/citations/-', value: chunk.id });
    return index[chunk.id].index;
  });

  const messageId = randomUUID();
  const text = cited.length
    ? `From the documents: ${cited.map((chunk, i) => `${chunk.content} [${numbers[i]}]`).join(' ')}`
    : allowed
      ? 'I found nothing about that in the selected documents.'
      : 'I found nothing about that in the documents.';
  return [
    { type: EventType.RUN_STARTED },
    ...(ops.length ? [{ type: EventType.STATE_DELTA, delta: ops }] : []),
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text },
    { type: EventType.TEXT_MESSAGE_END, messageId },
    { type: EventType.RUN_FINISHED },
  ];
}
