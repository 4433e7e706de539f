/**
 * Night mode must hold from the first frame: a device that chose red light must never flash the
 * white-and-blue theme while the page loads (one glance undoes the eyes' dark adaptation). The
 * prerendered shell paints before any of our JavaScript runs, so a tiny classic script at the top
 * of `<head>` reads the device's choice from localStorage (synchronous, unlike the database) and
 * sets `data-theme`, `data-night`, the brightness and the browser chrome's `theme-color` (keeping
 * the day colour in the tag's `data-day`, for switching back) before the body is parsed. Like the boot script, its text never changes, so its hash is a constant of
 * the Content-Security-Policy (server/csp.ts): no 'unsafe-inline' for scripts.
 * The keys and values are the ones src/features/night/nightMode.ts writes.
 */
import { createHash } from 'node:crypto';
import {
  NIGHT_BRIGHTNESS_KEY,
  NIGHT_CHROME_COLOUR,
  NIGHT_KEY,
  NIGHT_MIN_BRIGHTNESS,
} from '../../src/features/night/nightKeys.ts';

export const THEME_SCRIPT =
  `try{var n=localStorage.getItem('${NIGHT_KEY}');` +
  "if(n==='red'||n==='red-orange'){var d=document.documentElement;d.dataset.theme='night';d.dataset.night=n;" +
  `var b=parseFloat(localStorage.getItem('${NIGHT_BRIGHTNESS_KEY}'));` +
  `if(b>=${NIGHT_MIN_BRIGHTNESS}&&b<=1)d.style.setProperty('--night-brightness',String(b));` +
  "var m=document.querySelector('meta[name=theme-color]');" +
  `if(m){m.setAttribute('data-day',m.content);m.setAttribute('content','${NIGHT_CHROME_COLOUR}')}}}catch(e){}`;

/** `'sha256-…'`: the CSP source that allows THEME_SCRIPT. */
export const THEME_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

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
