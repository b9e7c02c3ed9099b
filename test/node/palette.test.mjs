// The palette has one source (src/elements/shared/palette.styles.ts); the chat's @cssprop JSDoc
// states its defaults and must say the same.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

test("the chat's @cssprop defaults are the palette's, light and dark", () => {
  const table = read('src/elements/shared/palette.styles.ts');
  const palette = [...table.matchAll(/^ {2}'?([a-z-]+)'?: \['(#[0-9a-f]+)', '(#[0-9a-f]+)'\],$/gm)].map((m) => [m[1], m[2], m[3]]);
  assert.ok(palette.length >= 17, 'the palette table is read');
  const jsdoc = read('src/elements/soliplex-chat/chat-settings.ts');
  for (const [name, light, dark] of palette) {
    const line = jsdoc.match(new RegExp(`@cssprop \\[--soliplex-chat-${name}=([^\\]]+)\\] - .*\\(dark: (#[0-9a-f]+)\\)`));
    assert.ok(line, `@cssprop --soliplex-chat-${name} with its dark default`);
    assert.equal(line[1], light, `${name}: light default`);
    assert.equal(line[2], dark, `${name}: dark default`);
  }
});

test('no element writes a palette default of its own', () => {
  // `var(--soliplex-chat-<name>, #…)` anywhere but the table is a second copy of a palette colour.
  const names = [...read('src/elements/shared/palette.styles.ts').matchAll(/^ {2}'?([a-z-]+)'?: \['#/gm)].map((m) => m[1]);
  const copies = [];
  for (const file of readdirSync(new URL('../../src/elements', import.meta.url), { recursive: true })) {
    if (!file.endsWith('.ts') || file.endsWith('palette.styles.ts')) continue;
    const text = read(`src/elements/${file}`);
    for (const name of names) if (new RegExp(`var\\(--soliplex-chat-${name},\\s*#`).test(text)) copies.push(`${file}: ${name}`);
  }
  assert.deepEqual(copies, []);
});
