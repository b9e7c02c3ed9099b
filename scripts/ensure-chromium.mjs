#!/usr/bin/env node
// Makes sure a Chromium for the browser tests exists (CHROMIUM_PATH, /usr/bin/chromium,
// /usr/bin/chromium-browser). Playwright's own browser download can't be used on these machines,
// so on Debian/Ubuntu as root we install the distro package; anywhere else we say what to do.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { CHROMIUM_CANDIDATES, findChromium } from './chromium-path.mjs';

const found = findChromium();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist. Fix it or unset it.`);
  process.exit(1);
}

const isRoot = process.getuid?.() === 0;
const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
const isDebianLike = /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease);
const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

if (isRoot && isDebianLike && hasAptGet) {
  console.log('No Chromium found: installing the Debian package (apt-get install -y chromium)…');
  // Non-interactive: CI runs without stdin.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${r.status ?? r.signal}).`);
      process.exit(1);
    }
  }
  const installed = findChromium();
  if (installed) {
    console.log(`Chromium: ${installed}`);
    process.exit(0);
  }
  console.error(`apt-get installed chromium, but none of ${CHROMIUM_CANDIDATES.join(', ')} exists.`);
  process.exit(1);
}

console.error(`No Chromium found (looked at ${CHROMIUM_CANDIDATES.join(', ')}).
The browser tests need a system Chromium. Either
  - install it:  sudo apt-get update && sudo apt-get install -y chromium   (Debian/Ubuntu;
                 other distros: the chromium / chromium-browser package), or
  - point to one: CHROMIUM_PATH=/path/to/chromium npm test`);
process.exit(1);
