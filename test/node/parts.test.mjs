// The CSS parts have one source, src/elements/parts.ts: every element's @csspart JSDoc, every
// exportparts and the parts each element renders must agree with it (scripts/parts.mjs says how).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadPartsTable, manifestPartsProblems, partsProblems } from '../../scripts/parts.mjs';

test('the JSDoc, the exportparts.ts files and the rendered parts agree with the table', async () => {
  assert.deepEqual(await partsProblems(), []);
});

test('the checked-in custom-elements.json documents exactly the parts the table gives', async () => {
  const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
  assert.deepEqual(await manifestPartsProblems(manifest), []);
});

test('the chat exposes every part of the elements it forwards in full, and the five thread list parts', async () => {
  const { exposedParts, OWN_PARTS } = await loadPartsTable();
  const chat = exposedParts('soliplex-chat');
  for (const tag of ['soliplex-message-list', 'soliplex-tool-call-card', 'soliplex-approval-card', 'soliplex-interrupt-card', 'soliplex-activity', 'soliplex-run-status', 'soliplex-composer', 'soliplex-attachments']) {
    for (const name of Object.keys(OWN_PARTS[tag])) assert.ok(chat.has(name), `${name} of ${tag}`);
  }
  for (const name of ['new-chat-button', 'thread', 'thread-button', 'badge', 'unread-badge']) assert.ok(chat.has(name), name);
  // The chat's own root, not the thread list's.
  assert.equal(chat.get('root'), OWN_PARTS['soliplex-chat'].root);
  assert.ok(!chat.has('rename-button'));
});

test('a manifest that misses or adds a part is reported', async () => {
  const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
  const chat = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'soliplex-chat');
  chat.cssParts = chat.cssParts.filter((p) => p.name !== 'tool-name').concat({ name: 'made-up', description: 'x' });
  const problems = await manifestPartsProblems(manifest);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /tool-name/);
  assert.match(problems[0], /made-up/);
});
