// The demo room's RAG document set (what haiku.rag holds for a Soliplex room): documents with titles,
// pages and chunks with headings. PDFs have page previews for the chunk route; the Markdown one has
// none (the real route answers 404 for a chunk without page images).
import { pageImageBase64 } from './page-image.mjs';

/**
 * @typedef {{ id: string, uri: string, title: string | null, metadata: Record<string, unknown>,
 *   created_at: string, updated_at: string }} RagDocument the shape of `document_set` entries
 * @typedef {{ id: string, document_id: string, content: string, headings: string[],
 *   page_numbers: number[], doc_item_refs: string[], lines?: [number, number] }} Chunk
 *   lines: where it sits on its page (for the preview's highlight)
 */

/** @type {RagDocument[]} */
export const DEMO_DOCUMENTS = [
  {
    id: '0b7f6c1e-3d52-4a8e-9f0a-6a1d2c3b4e51',
    uri: 'file:///srv/docs/secret-numbers-handbook.pdf',
    title: 'Secret Numbers Handbook',
    metadata: { source_url: 'https://example.com/docs/secret-numbers-handbook.pdf', pages: 3 },
    created_at: '2026-03-02T09:15:00Z',
    updated_at: '2026-03-02T09:15:00Z',
  },
  {
    id: '5c1d9e2a-7b64-4f3c-8a2e-1d0f9b8c7a62',
    uri: 'file:///srv/docs/tools-and-approvals.pdf',
    title: 'Tools and Approvals',
    metadata: { pages: 2 },
    created_at: '2026-04-11T14:02:00Z',
    updated_at: '2026-05-20T08:40:00Z',
  },
  {
    id: 'a9e3b7d4-2c18-4d6f-b5a0-3e7c9d1f2b73',
    uri: 'file:///srv/docs/release-notes.md',
    title: 'Release Notes',
    metadata: {},
    created_at: '2026-06-30T17:45:00Z',
    updated_at: '2026-06-30T17:45:00Z',
  },
];

const [HANDBOOK, TOOLS, NOTES] = DEMO_DOCUMENTS.map((d) => d.id);

/** @type {Chunk[]} */
export const DEMO_CHUNKS = [
  {
    id: 'c1a0e6b2-4f3d-4c1a-9e8b-7d6c5b4a3f01',
    document_id: HANDBOOK,
    content: "Alice's secret number is 42. It was assigned when her account was created and never changes.",
    headings: ['Secret numbers', 'Alice'],
    page_numbers: [1],
    doc_item_refs: ['#/texts/3', '#/texts/4'],
    lines: [2, 5],
  },
  {
    id: 'c2b1f7c3-5a4e-4d2b-8f9c-6e5d4c3b2a02',
    document_id: HANDBOOK,
    content: "Bob's secret number is 7. Bob asked for a small number; secret numbers are never reused.",
    headings: ['Secret numbers', 'Bob'],
    page_numbers: [2],
    doc_item_refs: ['#/texts/9'],
    lines: [8, 11],
  },
  {
    id: 'c3c2a8d4-6b5f-4e3c-9a0d-5f4e3d2c1b03',
    document_id: HANDBOOK,
    content: 'Secret numbers are whole numbers between 1 and 100. Ask the assistant for the secret number of any user.',
    headings: ['Secret numbers', 'Rules'],
    page_numbers: [2, 3],
    doc_item_refs: ['#/texts/12', '#/texts/13'],
    lines: [14, 18],
  },
  {
    id: 'c4d3b9e5-7c6a-4f4d-8b1e-4a5f4e3d2c04',
    document_id: TOOLS,
    content: 'Client tools run in the browser. Their results go back to the model in a continuation run.',
    headings: ['Tools', 'Client tools'],
    page_numbers: [1],
    doc_item_refs: ['#/texts/2'],
    lines: [1, 4],
  },
  {
    id: 'c5e4cafa-8d7b-4a5e-9c2f-3b6a5f4e3d05',
    document_id: TOOLS,
    content: 'A tool that asks for approval waits until the user allows or denies the call.',
    headings: ['Tools', 'Approvals'],
    page_numbers: [2],
    doc_item_refs: ['#/texts/7'],
    lines: [3, 6],
  },
  {
    id: 'c6f5dbab-9e8c-4b6f-8d3a-2c7b6a5f4e06',
    document_id: NOTES,
    content: 'Version 2 adds citations, document filtering and per-run usage to the chat.',
    headings: ['Release notes', 'Version 2'],
    page_numbers: [],
    doc_item_refs: ['#/texts/1'],
  },
];

/** The document of a chunk. @param {Chunk} chunk */
export const documentOf = (chunk) => /** @type {RagDocument} */ (DEMO_DOCUMENTS.find((d) => d.id === chunk.document_id));

/** A chunk by id, or undefined. @param {string} id */
export const findChunk = (id) => DEMO_CHUNKS.find((c) => c.id === id);

/** A chunk's page previews (one per page), or [] when its document has none (not a PDF). @param {Chunk} chunk */
export function chunkImages(chunk) {
  if (!chunk.lines || !documentOf(chunk).uri.endsWith('.pdf')) return [];
  const [from, to] = chunk.lines;
  return chunk.page_numbers.map(() => pageImageBase64({ from, to }));
}
