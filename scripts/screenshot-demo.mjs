// What every scripts/screenshots*.mjs starts with: docs/screenshots/ made, and the real demo (the CDN
// build and the demo AG-UI server, `npm run build` first) started on a random port pair.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';

/** Starts the demo; resolves once it serves. `out` is docs/screenshots/, `port` the page's (the agent's is port + 1). */
export async function startDemo() {
  const out = new URL('../docs/screenshots/', import.meta.url);
  await mkdir(out, { recursive: true });
  const port = 18000 + Math.floor(Math.random() * 3000);
  const demo = spawn(process.execPath, ['scripts/start-demo.mjs', '--no-build'], {
    env: { ...process.env, PORT: String(port), AGUI_PORT: String(port + 1) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    demo.stdout.on('data', (chunk) => String(chunk).includes('http://') && resolve());
    demo.on('exit', (code) => reject(new Error(`demo exited with ${code}`)));
  });
  return { out, port, demo };
}

/** A page of the demo in `theme` at `viewport`, once its chat's composer is there; `chat` is the chat's locator. */
export async function openDemoPage(browser, port, theme, viewport, options = {}) {
  const page = await browser.newPage({ viewport, colorScheme: theme, ...options });
  await page.goto(`http://localhost:${port}/demo/`);
  const chat = page.locator('soliplex-chat');
  await page.locator('soliplex-chat textarea').waitFor();
  return { page, chat };
}

/** Holds the page's requests matching `pattern` until the returned function is called (a shot of the moment before they arrive). */
export async function holdRequests(page, pattern) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
