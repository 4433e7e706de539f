/**
 * Night mode (red light): the device's choice, applied to the document as `data-theme="night"`
 * (src/styles/night.css gives every token a red value), `data-night` (pure red or red-orange),
 * `--night-brightness` and the browser chrome's `theme-color`. Kept in localStorage so the boot
 * script applies it before the first paint (scripts/vite/themeBeforePaint.ts); canvases (map,
 * charts, starfield, SDO pictures) read `nightInk()` and redraw when `nightModeStore` changes.
 */
import { createStore } from '../../lib/createStore.ts';
import { readFlag, writeFlag } from '../../lib/storage.ts';
import {
  NIGHT_BRIGHTNESS_KEY,
  NIGHT_CHROME_COLOUR,
  NIGHT_KEY,
  NIGHT_MIN_BRIGHTNESS,
} from '../../../core/boot/nightKeys.ts';

export type NightTint = 'red' | 'red-orange';

export interface NightMode {
  on: boolean;
  tint: NightTint;
  /** 1 (full red) down to NIGHT_MIN_BRIGHTNESS (an eighth). */
  brightness: number;
}

function clampBrightness(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(1, Math.max(NIGHT_MIN_BRIGHTNESS, value));
}

/** What this device chose; anything unreadable reads as "off, pure red, full brightness". */
export function readNightMode(): NightMode {
  const stored = readFlag(NIGHT_KEY);
  const brightness = Number.parseFloat(readFlag(NIGHT_BRIGHTNESS_KEY) ?? '');
  return {
    on: stored === 'red' || stored === 'red-orange',
    tint: stored === 'red-orange' ? 'red-orange' : 'red',
    brightness: Number.isFinite(brightness) ? clampBrightness(brightness) : 1,
  };
}

export const nightModeStore = createStore<NightMode>(readNightMode());

/** The document in the chosen theme: the same attributes the boot script sets. */
export function applyNightMode(mode: NightMode, doc: Document = document): void {
  const root = doc.documentElement;
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (mode.on) {
    root.dataset.theme = 'night';
    root.dataset.night = mode.tint;
    root.style.setProperty('--night-brightness', String(mode.brightness));
    if (meta) {
      // The day colour waits in data-day (the boot script keeps it there too) for switching back.
      if (meta.dataset.day === undefined) meta.dataset.day = meta.content;
      meta.content = NIGHT_CHROME_COLOUR;
    }
  } else {
    delete root.dataset.theme;
    delete root.dataset.night;
    root.style.removeProperty('--night-brightness');
    if (meta?.dataset.day !== undefined) meta.content = meta.dataset.day;
  }
}

/** Change the choice: remembered on this device, applied at once, announced to the canvases. */
export function setNightMode(patch: Partial<NightMode>): void {
  const next: NightMode = { ...nightModeStore.get(), ...patch };
  next.brightness = clampBrightness(next.brightness);
  writeFlag(NIGHT_KEY, next.on ? next.tint : 'off');
  writeFlag(NIGHT_BRIGHTNESS_KEY, String(next.brightness));
  applyNightMode(next);
  nightModeStore.set(next);
}

/**
 * A red of the night palette at a level (0–1 of full red) as CSS rgb(), for canvases: the same
 * tint and brightness as night.css's tokens (red-orange adds green at 7 % of the red).
 */
export function nightInk(level: number, mode: NightMode = nightModeStore.get(), alpha = 1): string {
  const red = Math.round(255 * level * mode.brightness);
  const green = mode.tint === 'red-orange' ? Math.round(red * 0.07) : 0;
  return alpha >= 1 ? `rgb(${red}, ${green}, 0)` : `rgba(${red}, ${green}, 0, ${alpha})`;
}

/** Rec. 709 luminance weights (ITU-R BT.709): how bright a pixel looks, to draw it in red. */
const LUMINANCE = [0.2126, 0.7152, 0.0722] as const;

/** The feColorMatrix values (4 × 5) that draw a picture in the night palette's red. */
export function nightFilterMatrix(mode: NightMode): string {
  const red = LUMINANCE.map((w) => w * mode.brightness);
  const green = red.map((w) => (mode.tint === 'red-orange' ? w * 0.07 : 0));
  const row = (ws: readonly number[]) => [...ws.map((w) => Number(w.toFixed(4))), 0, 0].join(' ');
  return [row(red), row(green), row([0, 0, 0]), '0 0 0 1 0'].join('  ');
}
