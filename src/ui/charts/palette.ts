/**
 * Chart colours. Series use the Okabe–Ito palette (distinguishable with every common colour
 * vision deficiency); lines also differ by dash where two share a chart, so colour is never the
 * only cue. Storm levels use a sequential ramp that stays ordered in greyscale.
 */
export const SERIES_COLOURS = {
  skyBlue: '#56B4E9',
  orange: '#E69F00',
  green: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  purple: '#CC79A7',
} as const;

/** Kp bar colour by NOAA G level: below 4 quiet, 4 active, 5 → G1 … 9 → G5 (light to dark, ordered). */
export const KP_LEVEL_COLOURS = [
  '#7FC6A4',
  '#F0E442',
  '#E69F00',
  '#D55E00',
  '#B8336A',
  '#7A1F5C',
  '#4B0F3F',
] as const;

/** The colour of a Kp bar: quiet (< 4), active (4), then G1 (5) to G5 (9). */
export function kpColour(kp: number): string {
  if (!Number.isFinite(kp) || kp < 4) return KP_LEVEL_COLOURS[0];
  if (kp < 5) return KP_LEVEL_COLOURS[1];
  return KP_LEVEL_COLOURS[Math.min(6, 2 + Math.floor(kp) - 5)]!;
}

/** The G level a Kp value reaches (0 below storm level). */
export function gLevel(kp: number): number {
  return Number.isFinite(kp) && kp >= 5 ? Math.min(5, Math.floor(kp) - 4) : 0;
}

/** What a chart draws with besides its series: text, grid, the "now" marker. */
export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  marker: string;
  /** Alpha for area fills (the southward side of Bz). */
  fillAlpha: number;
}

export const DARK_THEME: ChartTheme = {
  text: '#e8edff',
  muted: '#a3b0d4',
  grid: 'rgba(163, 176, 212, 0.16)',
  marker: '#e8edff',
  fillAlpha: 0.35,
};
export const LIGHT_THEME: ChartTheme = {
  text: '#17203a',
  muted: '#4a5675',
  grid: 'rgba(23, 32, 58, 0.14)',
  marker: '#17203a',
  fillAlpha: 0.25,
};

/**
 * The theme for a page: its own CSS custom properties when it sets them (so a chart follows the
 * app's theme), otherwise dark or light by the colour scheme in force.
 */
export function chartTheme(cssVar: (name: string) => string, scheme: 'dark' | 'light'): ChartTheme {
  const base = scheme === 'light' ? LIGHT_THEME : DARK_THEME;
  const text = cssVar('--text').trim();
  const muted = cssVar('--text-muted').trim();
  return {
    ...base,
    text: text || base.text,
    muted: muted || base.muted,
    marker: text || base.marker,
  };
}

/** `#rrggbb` with an alpha, for fills. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  return `rgba(${parseInt(m[1]!, 16)}, ${parseInt(m[2]!, 16)}, ${parseInt(m[3]!, 16)}, ${alpha})`;
}

/** Text colour readable on a Kp colour (dark on the light end, white on the dark end). */
export function kpInk(kp: number): string {
  const i = KP_LEVEL_COLOURS.indexOf(kpColour(kp) as (typeof KP_LEVEL_COLOURS)[number]);
  return i >= 4 ? '#ffffff' : '#10131c';
}
