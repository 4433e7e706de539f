/**
 * Night mode must hold from the first frame: a device that chose red light must never flash the
 * white-and-blue theme while the page loads (one glance undoes the eyes' dark adaptation). The
 * prerendered shell paints before any of our JavaScript runs, so a tiny classic script at the top
 * of `<head>` reads the device's choice from localStorage (synchronous, unlike the database) and
 * sets `data-theme`, `data-night`, the brightness and the browser chrome's `theme-color` (keeping
 * the day colour in the tag's `data-day`, for switching back) before the body is parsed. Like the boot script, its text never changes (core/boot/themeScript.ts), so its hash is a
 * constant of the Content-Security-Policy (server/csp.ts): no 'unsafe-inline' for scripts.
 */
import { THEME_SCRIPT } from '../../core/boot/themeScript.ts';

/**
 * The HTML with THEME_SCRIPT right after the `theme-color` meta (it sets that tag, so it must
 * follow it), before any stylesheet or body content; HTML without that meta gets it at the start
 * of `<head>`. HTML without a head is returned as it is.
 */
export function themeBeforePaint(html: string): string {
  const tag = `<script>${THEME_SCRIPT}</script>`;
  const meta = /<meta name="theme-color"[^>]*>/.exec(html);
  if (meta) return html.replace(meta[0], `${meta[0]}${tag}`);
  const head = /<head[^>]*>/.exec(html);
  if (!head) return html;
  return html.replace(head[0], `${head[0]}${tag}`);
}
