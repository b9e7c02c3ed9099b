#!/usr/bin/env node
// Fails when the checked-in custom-elements.json differs from a fresh analysis of src/elements, or when
// the CSS parts documented, rendered or forwarded differ from the one table (src/elements/parts.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestPartsProblems, partsProblems } from './parts.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const checkedIn = join(root, 'custom-elements.json');
const tmp = mkdtempSync(join(tmpdir(), 'cem-check-'));
try {
  // cem joins --outdir onto the cwd, so it has to be relative.
  const r = spawnSync(
    join(root, 'node_modules/.bin/cem'),
    ['analyze', '--quiet', '--config', 'custom-elements-manifest.config.mjs', '--outdir', relative(root, tmp)],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) {
    console.error('custom-elements-manifest analyzer failed');
    process.exit(r.status ?? 1);
  }
  const fresh = readFileSync(join(tmp, 'custom-elements.json'), 'utf8');
  if (!existsSync(checkedIn)) {
    console.error('custom-elements.json is missing: run npm run analyze');
    process.exit(1);
  }
  // The parts: the table (src/elements/parts.ts) against the sources, the generated files and the manifest.
  const partProblems = [...(await partsProblems()), ...(await manifestPartsProblems(JSON.parse(fresh)))];
  if (partProblems.length) {
    for (const p of partProblems) console.error(p);
    process.exit(1);
  }
  if (readFileSync(checkedIn, 'utf8') !== fresh) {
    console.error('custom-elements.json is stale: run npm run analyze');
    process.exit(1);
  }
  console.log('custom-elements.json is up to date');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
