/**
 * Where night mode's choice is kept on this device, shared by the page (nightMode.ts) and the
 * boot script that applies it before the first paint (themeScript.ts here, inlined by scripts/vite/themeBeforePaint.ts).
 * localStorage, not the database: the boot script must read it synchronously, before any of
 * our JavaScript loads. A device choice: it never replicates.
 */
export const NIGHT_KEY = 'aurora.night';
export const NIGHT_BRIGHTNESS_KEY = 'aurora.night.brightness';
/** Set once the user has answered the after-sunset offer (either way): it is asked only once. */
export const NIGHT_OFFER_KEY = 'aurora.night.offered';
/** The dimmest setting: an eighth of full red. */
export const NIGHT_MIN_BRIGHTNESS = 0.125;
/** The browser chrome's colour in night mode (`theme-color`): black, as the page. */
export const NIGHT_CHROME_COLOUR = '#000000';
