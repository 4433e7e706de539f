/**
 * Night mode's before-paint script, as text: the build inlines it (scripts/vite/themeBeforePaint.ts,
 * which says why) and the servers allow it by its hash in the Content-Security-Policy
 * (server/csp.ts). Here, in the core, because both must agree on the same bytes and a server does
 * not load a build plugin. The keys and values are the ones src/features/night/nightMode.ts writes.
 */
import {
  NIGHT_BRIGHTNESS_KEY,
  NIGHT_CHROME_COLOUR,
  NIGHT_KEY,
  NIGHT_MIN_BRIGHTNESS,
} from './nightKeys.ts';

export const THEME_SCRIPT =
  `try{var n=localStorage.getItem('${NIGHT_KEY}');` +
  "if(n==='red'||n==='red-orange'){var d=document.documentElement;d.dataset.theme='night';d.dataset.night=n;" +
  `var b=parseFloat(localStorage.getItem('${NIGHT_BRIGHTNESS_KEY}'));` +
  `if(b>=${NIGHT_MIN_BRIGHTNESS}&&b<=1)d.style.setProperty('--night-brightness',String(b));` +
  "var m=document.querySelector('meta[name=theme-color]');" +
  `if(m){m.setAttribute('data-day',m.content);m.setAttribute('content','${NIGHT_CHROME_COLOUR}')}}}catch(e){}`;
