// Everything the e2e suite needs before its first page: the root build (when dist is missing),
// the host apps (scripts/build-hosts.mjs, skipped when unchanged), both demo servers on ephemeral
// ports, and the system Chromium (never a downloaded one).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildHosts } from '../../scripts/build-hosts.mjs';
import { findChromium } from '../../scripts/chromium-path.mjs';
import { startDemoServers } from '../../scripts/demo-servers.mjs';
import { scriptedModel } from '../../demo/server/scripted-model.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `npm run build` at the root unless both bundles are there. */
async function ensureRootBuild() {
  if (existsSync(join(repoRoot, 'dist/cdn/soliplex-chat.js')) && existsSync(join(repoRoot, 'dist/npm/index.js'))) return;
  const output = await new Promise((done, fail) => {
    const child = spawn('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done(text) : fail(new Error(`exit ${code}:\n${text}`))));
  });
  return output;
}

/**
 * @param {{ hosts?: string[] }} [options] hosts: which host apps to build (default: all).
 * @returns {Promise<{browser: import('playwright-core').Browser, servers: Awaited<ReturnType<typeof startDemoServers>>, close: () => Promise<void>}>}
 */
export async function setUpE2e({ hosts } = {}) {
  try {
    await ensureRootBuild();
  } catch (error) {
    throw new Error(`e2e setup: the root build (npm run build) failed: ${error.message}`, { cause: error });
  }
  try {
    if (!hosts || hosts.length) await buildHosts(hosts);
  } catch (error) {
    throw new Error(`e2e setup: building the host apps failed (try \`node scripts/build-hosts.mjs\`): ${error.message}`, { cause: error });
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error('e2e setup: no Chromium found (set CHROMIUM_PATH or apt-get install chromium)');
  // Always the scripted model, even where OPENAI_API_KEY is set: the tests need its exact answers.
  const servers = await startDemoServers({ port: 0, aguiPort: 0, model: scriptedModel });
  let browser;
  try {
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    });
  } catch (error) {
    await servers.close();
    throw new Error(`e2e setup: Chromium did not start: ${error.message}`, { cause: error });
  }
  return {
    browser,
    servers,
    async close() {
      await browser.close();
      await servers.close();
    },
  };
}
