import { existsSync } from 'node:fs';

/**
 * The browser tests and benches drive the system Chromium (Playwright cannot download its own
 * here). Exits with one line saying how to get it when it is missing.
 */
export function requireChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    console.error(
      `Chromium not found at ${path}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  return path;
}
