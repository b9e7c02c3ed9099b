#!/usr/bin/env node
// Size report for the CDN bundle (dist/cdn), plus two bundle-health checks that fail the script:
//  - exactly one zod package is bundled (package.json `overrides` + rollup `dedupe` keep it so;
//    an extra copy costs ~45 KB gzip), counted two independent ways;
//  - @ag-ui/client is not in the entry chunk (it must stay behind the transport's import()).
// Builds first when dist/cdn is missing or older than its inputs.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cdnDir = join(root, 'dist/cdn');
const entry = join(cdnDir, 'soliplex-chat.js');

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
  );
const newestInput = () =>
  Math.max(
    ...walk(join(root, 'src')).map((f) => statSync(f).mtimeMs),
    ...['package-lock.json', 'rollup.config.mjs', 'tsconfig.json', 'tsconfig.build.json']
      .filter((f) => existsSync(join(root, f)))
      .map((f) => statSync(join(root, f)).mtimeMs),
  );

if (!existsSync(entry) || statSync(entry).mtimeMs < newestInput()) {
  console.log('dist/cdn missing or stale: running npm run build\n');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const jsFiles = walk(cdnDir).filter((f) => f.endsWith('.js'));
const sizeOf = (f) => {
  const buf = readFileSync(f);
  return { min: buf.length, gz: gzipSync(buf, { level: 9 }).length };
};

const rows = jsFiles
  .map((f) => ({ file: relative(root, f), ...sizeOf(f) }))
  .sort((a, b) => (a.file === relative(root, entry) ? -1 : b.gz - a.gz));
const total = rows.reduce((t, r) => ({ min: t.min + r.min, gz: t.gz + r.gz }), { min: 0, gz: 0 });

const w = Math.max(...rows.map((r) => r.file.length), 'whole bundle'.length);
console.log(`${'file'.padEnd(w)}  ${'minified'.padStart(10)}  ${'gzip -9'.padStart(10)}`);
for (const r of rows) console.log(`${r.file.padEnd(w)}  ${kb(r.min).padStart(10)}  ${kb(r.gz).padStart(10)}`);
console.log(`${'whole bundle'.padEnd(w)}  ${kb(total.min).padStart(10)}  ${kb(total.gz).padStart(10)}`);
console.log(`\nentry chunk (soliplex-chat.js): ${kb(rows[0].gz)} gzip, ${kb(rows[0].min)} minified`);
console.log(`whole CDN bundle (${rows.length} .js files): ${kb(total.gz)} gzip, ${kb(total.min)} minified\n`);

/** Minified bytes of `jsFile` attributed to each package (or 'src') via its sourcemap. */
function bytesBySource(jsFile) {
  if (!existsSync(`${jsFile}.map`)) return [];
  const { sources, mappings } = JSON.parse(readFileSync(`${jsFile}.map`, 'utf8'));
  const lines = readFileSync(jsFile, 'utf8').split('\n');
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const owner = sources.map((s) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(s)?.[1] ?? 'src');
  const totals = new Map();
  let src = 0;
  mappings.split(';').forEach((line, i) => {
    const segs = [];
    let col = 0;
    for (const seg of line.split(',').filter(Boolean)) {
      const vals = [];
      for (let j = 0, shift = 0, v = 0; j < seg.length; j++) {
        const d = B64.indexOf(seg[j]);
        v += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          vals.push(v & 1 ? -(v >>> 1) : v >>> 1);
          v = shift = 0;
        }
      }
      col += vals[0];
      if (vals.length > 1) src += vals[1];
      segs.push([col, vals.length > 1 ? src : -1]);
    }
    const len = lines[i]?.length ?? 0;
    segs.forEach(([c, s], k) => {
      if (s < 0) return;
      const end = k + 1 < segs.length ? segs[k + 1][0] : len;
      totals.set(owner[s], (totals.get(owner[s]) ?? 0) + end - c);
    });
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

// --- checks ---------------------------------------------------------------------------------
const failures = [];
const sourcesOf = (jsFile) => {
  const map = `${jsFile}.map`;
  if (!existsSync(map)) failures.push(`no sourcemap for ${relative(root, jsFile)}`);
  if (!existsSync(map)) return [];
  const { sources } = JSON.parse(readFileSync(map, 'utf8'));
  return sources.map((s) => resolve(dirname(jsFile), s));
};

// 1a. zod package roots named by the sourcemaps (…/node_modules/zod/, nested or not).
const zodRoots = new Set();
for (const f of jsFiles)
  for (const s of sourcesOf(f)) {
    const m = /^(.*\/node_modules\/zod)\//.exec(s);
    if (m) zodRoots.add(m[1]);
  }
const zodCopies = [...zodRoots].map((dir) => {
  const pj = join(dir, 'package.json');
  const version = existsSync(pj) ? JSON.parse(readFileSync(pj, 'utf8')).version : '?';
  return `${relative(root, dir)}@${version}`;
});
// 1b. zod's core inlines its version as `{major:4,minor:6,patch:7}` — one per bundled core,
//     independent of sourcemaps (zod 3 has no such object, but 1a catches it).
const zodVersionObjects = jsFiles.flatMap(
  (f) => readFileSync(f, 'utf8').match(/\{major:\d+,minor:\d+,patch:\d+\}/g) ?? [],
);
console.log(`zod copies (sourcemaps): ${zodCopies.length} ${zodCopies.length ? `(${zodCopies.join(', ')})` : ''}`);
console.log(`zod copies (inlined version objects): ${zodVersionObjects.length} ${zodVersionObjects.join(' ')}`);
if (zodCopies.length !== 1) failures.push(`expected exactly 1 zod copy in the bundle, found ${zodCopies.length}`);
if (zodVersionObjects.length > 1) failures.push(`${zodVersionObjects.length} zod cores inlined (expected 1)`);

// 2. The entry chunk must not contain @ag-ui/client (it belongs in the lazy transport chunk).
const entryAgui = sourcesOf(entry).filter((s) => s.includes('/node_modules/@ag-ui/client/'));
console.log(`@ag-ui/client in entry chunk: ${entryAgui.length ? 'YES' : 'no'}`);
if (entryAgui.length) failures.push('@ag-ui/client is bundled into the entry chunk (dynamic import() lost?)');
const entryHeavy = [...new Set(sourcesOf(entry)
  .map((s) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(s)?.[1])
  .filter((p) => p && /^(zod|rxjs|@ag-ui\/|@bufbuild\/)/.test(p)))];
if (entryHeavy.length) console.log(`note: entry chunk also contains ${entryHeavy.join(', ')} (loaded before first render)`);

// Who fills the entry chunk: minified bytes per package (from the sourcemap's segments).
console.log('\nentry chunk by package (minified):');
for (const [pkg, bytes] of bytesBySource(entry).slice(0, 8)) console.log(`  ${pkg.padEnd(28)} ${kb(bytes).padStart(9)}`);

if (failures.length) {
  console.error(`\nsize check FAILED:\n  - ${failures.join('\n  - ')}`);
  process.exit(1);
}
console.log('\nsize checks OK');
