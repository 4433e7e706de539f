/**
 * Renders the app icons (and the install-UI screenshots) to PNG with the system Chromium, so the
 * artwork lives as one SVG in this file and the PNGs in public/ can always be regenerated.
 *
 *   npx tsx scripts/make-icons.ts                     # icons + favicon
 *   npx tsx scripts/make-icons.ts --screenshots URL   # also capture wide/narrow screenshots of a running app
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const PUBLIC = join(import.meta.dirname, '..', 'public');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The mark: aurora curtains over a dark horizon. `safe` shrinks the art into the central 80 %
 * circle that maskable-icon masks are guaranteed to keep.
 */
export function iconSvg(size: number, opts: { safe?: boolean; rounded?: boolean } = {}): string {
  const scale = opts.safe ? 0.72 : 1;
  const offset = (512 * (1 - scale)) / 2;
  const radius = opts.rounded ? 96 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#050816"/><stop offset="1" stop-color="#0b1020"/>
    </linearGradient>
    <linearGradient id="curtain" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#a78bfa" stop-opacity="0"/>
      <stop offset="0.35" stop-color="#34d399" stop-opacity="0.85"/>
      <stop offset="1" stop-color="#10b981" stop-opacity="0.05"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${radius}" fill="url(#sky)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M40 300 C120 140 200 120 256 170 C312 220 392 110 472 150 L472 330 C392 290 312 380 256 330 C200 280 120 330 40 380 Z" fill="url(#curtain)"/>
    <path d="M70 260 C150 120 230 110 280 150 C330 190 400 100 460 120" fill="none" stroke="#6ee7b7" stroke-width="14" stroke-linecap="round" opacity="0.9"/>
    <circle cx="110" cy="110" r="6" fill="#e0e7ff"/><circle cx="400" cy="80" r="5" fill="#e0e7ff"/>
    <circle cx="330" cy="60" r="3" fill="#e0e7ff"/><circle cx="190" cy="70" r="4" fill="#e0e7ff"/>
    <path d="M0 430 L90 370 L160 410 L250 340 L340 405 L420 360 L512 420 L512 512 L0 512 Z" fill="#020617"/>
  </g>
</svg>`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const shotsAt = args.includes('--screenshots')
    ? args[args.indexOf('--screenshots') + 1]
    : undefined;
  mkdirSync(join(PUBLIC, 'icons'), { recursive: true });
  writeFileSync(join(PUBLIC, 'favicon.svg'), iconSvg(64, { rounded: true }));

  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    const render = async (svg: string, size: number, file: string) => {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg}</body></html>`,
      );
      writeFileSync(
        join(PUBLIC, file),
        await page.screenshot({
          omitBackground: true,
          clip: { x: 0, y: 0, width: size, height: size },
        }),
      );
      console.log(`wrote public/${file}`);
    };
    await render(iconSvg(192, { rounded: true }), 192, 'icons/icon-192.png');
    await render(iconSvg(512, { rounded: true }), 512, 'icons/icon-512.png');
    await render(iconSvg(512, { safe: true }), 512, 'icons/icon-maskable-512.png');
    await render(iconSvg(180), 180, 'apple-touch-icon.png');

    if (shotsAt) {
      mkdirSync(join(PUBLIC, 'screenshots'), { recursive: true });
      for (const [name, width, height] of [
        ['wide', 1280, 800],
        ['narrow', 390, 844],
      ] as const) {
        const ctx = await browser.newContext({
          viewport: { width, height },
          serviceWorkers: 'block',
        });
        const shot = await ctx.newPage();
        await shot.goto(shotsAt, { waitUntil: 'networkidle' });
        await shot.waitForSelector('h1');
        await shot.waitForTimeout(1500);
        writeFileSync(join(PUBLIC, 'screenshots', `${name}.png`), await shot.screenshot());
        console.log(`wrote public/screenshots/${name}.png`);
        await ctx.close();
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
