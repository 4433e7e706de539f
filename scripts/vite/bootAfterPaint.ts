/**
 * The page boots after its first paint. Vite writes the entry as `<script type="module" src>`
 * plus a `<link rel="modulepreload">` per static import; the browser's preload scanner fetches
 * them at once, and whenever they arrive before the parser is done (a warm HTTP or service-worker
 * cache, a fast link) the browser evaluates ~300 KB of JavaScript before it paints the
 * prerendered shell: on a phone that is a few hundred milliseconds of blank screen. On one bar
 * of signal they also share the link with the document itself.
 *
 * So the built HTML carries one small inline module script instead (BOOT_SCRIPT, core/boot/bootScript.ts). Inline
 * module scripts run once the document is parsed; it waits until the browser reports the first
 * contentful paint (a frame can run requestAnimationFrame well before it is on screen) and only
 * then starts the downloads: a modulepreload link for the entry and each of its static imports,
 * one per task (inserting one took 0–27 ms at 4× CPU slowdown with the DevTools protocol's
 * network domain on, as in Lighthouse and our benchmarks; nine in one task made a long one), so
 * they download in parallel and are compiled but not run. It then runs them one by one, in the order
 * Vite lists them (each after its own imports), each in a task of its own (a MessageChannel
 * message: chained timers are clamped to 4 ms each after the fifth), and the entry last:
 * React DOM, the router and the app are never evaluated in one long task. A hidden tab paints no
 * frames, so it boots at once; a page its service worker controls starts its downloads after
 * the next frame, before the paint is reported (BOOT_SCRIPT says why).
 *
 * The script is `async`: it runs in a task of its own as soon as it is parsed. Without it, a
 * module script runs in the task that ends parsing, and when nothing else is loading the load
 * event fires in that same task, where the browser lays out the whole page before its first frame
 * (Blink does that layout on load): one task of script plus the first layout, 60–90 ms at 4× CPU
 * slowdown, counted as a long task.
 *
 * The script's text never changes (the URLs ride on its data attributes), so its hash is a
 * constant of the Content-Security-Policy (server/csp.ts): no 'unsafe-inline' for scripts. The text
 * is core/boot/bootScript.ts, which the server reads too: a server never imports a build plugin.
 */
import { BOOT_SCRIPT } from '../../core/boot/bootScript.ts';

const ENTRY_TAG = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/;
const PRELOAD_TAG = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\s*/g;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The built HTML with Vite's entry script and its modulepreload links replaced by BOOT_SCRIPT
 * (an inline async module script) at the end of the body, after the prerendered shell. HTML
 * without an entry script is returned as it is.
 */
export function bootAfterPaint(html: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (entry === undefined) return html;
  const preloads: string[] = [];
  const stripped = html.replace(ENTRY_TAG, '').replace(PRELOAD_TAG, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  const tag =
    `<script type="module" async data-entry="${escapeAttr(entry)}"` +
    (preloads.length ? ` data-preload="${escapeAttr(preloads.join(' '))}"` : '') +
    `>${BOOT_SCRIPT}</script>`;
  const end = stripped.lastIndexOf('</body>');
  if (end < 0) return `${stripped}${tag}`;
  return `${stripped.slice(0, end)}${tag}\n  ${stripped.slice(end)}`;
}
