#!/usr/bin/env node
// Installs and builds the demo host apps (demo/hosts/<name>, each its own npm project) into
// demo/hosts/<name>/dist. Skips a host whose inputs are unchanged since its last build: a stamp
// holds a hash of its sources, its lockfile and the root package (package.json + dist), which the
// hosts install as a packed copy. Usage: node scripts/build-hosts.mjs [react vue angular]
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const hostsDir = join(repoRoot, 'demo/hosts');
export const HOSTS = ['react', 'vue', 'angular'];

/** Not inputs: what the install and build produce. */
const GENERATED = new Set(['node_modules', 'dist', '.angular', '.build-stamp', '.install-stamp']);

async function listFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (GENERATED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

async function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(relative(repoRoot, file)).update('\0').update(await readFile(file)).update('\0');
  }
  return hash.digest('hex');
}

async function readStamp(path) {
  return existsSync(path) ? (await readFile(path, 'utf8')).trim() : '';
}

/** Runs a command in `cwd`, collecting its output for the error message. */
function run(command, args, cwd) {
  // Drop the npm_* variables a parent `npm run` sets, so the host's npm reads only its own config.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')));
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', rejectRun);
    child.on('close', (code) =>
      code === 0
        ? resolveRun(output)
        : rejectRun(new Error(`\`${command} ${args.join(' ')}\` failed in ${relative(repoRoot, cwd)} (exit ${code}):\n${output}`)),
    );
  });
}

/**
 * The hosts install the root as a packed copy (.npmrc install-links), so a rebuilt root dist would
 * need a whole `npm ci`. When the root's dependencies are unchanged, copy what `npm pack` would
 * ship (package.json + `files`) over the installed copy instead: seconds, not a minute.
 * Returns false when a real install is needed.
 */
async function refreshPackedRoot(dir) {
  const installed = join(dir, 'node_modules/soliplex-chat');
  if (!existsSync(join(installed, 'package.json'))) return false;
  const rootPkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
  const installedPkg = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'));
  if (JSON.stringify(rootPkg.dependencies ?? {}) !== JSON.stringify(installedPkg.dependencies ?? {})) return false;
  for (const entry of ['package.json', ...(rootPkg.files ?? [])]) {
    await rm(join(installed, entry), { recursive: true, force: true });
    if (existsSync(join(repoRoot, entry))) await cp(join(repoRoot, entry), join(installed, entry), { recursive: true });
  }
  return true;
}

/** Installs (when needed) and builds one host; returns what it did and how long it took. */
export async function buildHost(name, rootHash) {
  const dir = join(hostsDir, name);
  const started = Date.now();
  const lockfile = join(dir, 'package-lock.json');
  const installInputs = [join(dir, 'package.json'), join(dir, '.npmrc')].filter(existsSync);
  if (existsSync(lockfile)) installInputs.push(lockfile);
  const lockHash = await hashFiles(installInputs);
  const installHash = `${lockHash}:${rootHash}`;
  const buildHash = `${installHash}:${await hashFiles(await listFiles(dir))}`;
  const installStamp = join(dir, 'node_modules/.install-stamp');
  const buildStamp = join(dir, '.build-stamp');

  if ((await readStamp(buildStamp)) === buildHash && existsSync(join(dir, 'dist/index.html'))) {
    return { name, action: 'up to date', ms: Date.now() - started };
  }
  let installMs = 0;
  let refreshed = false;
  const installedFor = await readStamp(installStamp);
  if (installedFor !== installHash) {
    const t = Date.now();
    refreshed = installedFor.startsWith(`${lockHash}:`) && (await refreshPackedRoot(dir));
    if (!refreshed) {
      const args = existsSync(lockfile) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
      try {
        await run('npm', args, dir);
      } catch (error) {
        const hint = `If its package.json or the root's dependencies changed, refresh its lockfile: cd ${relative(repoRoot, dir)} && npm install`;
        throw new Error(`${error.message}\n${hint}`, { cause: error });
      }
    }
    await writeFile(installStamp, installHash);
    installMs = Date.now() - t;
  }
  const t = Date.now();
  await rm(buildStamp, { force: true }); // a failed build must not leave a stamp for a half-written dist
  await run('npm', ['run', 'build'], dir);
  const buildMs = Date.now() - t;
  if (!existsSync(join(dir, 'dist/index.html'))) throw new Error(`${name}: the build wrote no dist/index.html`);
  await writeFile(buildStamp, buildHash);
  const action = refreshed ? 'refreshed soliplex-chat + built' : installMs ? 'installed + built' : 'built';
  return { name, action, installMs, buildMs, ms: Date.now() - started };
}

/** Builds the given hosts in parallel; throws one error naming every host that failed. */
export async function buildHosts(names = HOSTS) {
  const rootDist = join(repoRoot, 'dist/npm/index.js');
  if (!existsSync(rootDist)) throw new Error('dist/npm is missing: run `npm run build` at the repo root first');
  const rootHash = await hashFiles([join(repoRoot, 'package.json'), ...(await listFiles(join(repoRoot, 'dist')))]);
  const results = await Promise.allSettled(names.map((name) => buildHost(name, rootHash)));
  const failures = results.filter((r) => r.status === 'rejected').map((r) => r.reason.message);
  if (failures.length) throw new Error(`host build failed:\n${failures.join('\n\n')}`);
  return results.map((r) => r.value);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !HOSTS.includes(name));
  if (unknown.length) {
    console.error(`unknown host(s): ${unknown.join(', ')} (known: ${HOSTS.join(', ')})`);
    process.exit(2);
  }
  try {
    for (const r of await buildHosts(names.length ? names : HOSTS)) {
      const detail = r.action === 'up to date' ? '' : ` (install ${(r.installMs / 1000).toFixed(1)} s, build ${(r.buildMs / 1000).toFixed(1)} s)`;
      console.log(`${r.name}: ${r.action} in ${(r.ms / 1000).toFixed(1)} s${detail}`);
    }
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
