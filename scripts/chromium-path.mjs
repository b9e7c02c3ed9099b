// Where the system Chromium lives. Launcher-managed browser downloads don't work on these
// machines, so the test runner always launches a distro Chromium by path.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** CHROMIUM_PATH if set (even when missing, so a typo is reported, not silently ignored), else the first candidate that exists. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? null;
}
