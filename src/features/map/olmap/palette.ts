/** Colours of the two map styles. Plain data so the page (legend, panels) can share them. */

export type MapStyleName = 'dark' | 'light';

export interface MapPalette {
  /** Behind the globe (3d) — space. */
  space: string;
  ocean: string;
  land: string;
  coast: string;
  night: string;
  terminator: string;
  userFill: string;
  userStroke: string;
}

export const PALETTES: Record<MapStyleName, MapPalette> = {
  dark: {
    space: '#03050b',
    // Day a shade lighter than black, night well below it: darkening an almost black map (the old
    // 0a1424 sea) left the night side invisible (contrast 1.07:1; tests/unit/features/map/olmap/palette.test.ts).
    ocean: '#182c4a',
    land: '#283a52',
    coast: '#4a6280',
    night: 'rgba(0, 2, 10, 0.66)',
    terminator: 'rgba(255, 200, 90, 0.55)',
    userFill: '#ff5a8a',
    userStroke: '#ffffff',
  },
  light: {
    space: '#dfe6ee',
    ocean: '#b9d3ea',
    land: '#f3f0e6',
    coast: '#7d8b99',
    night: 'rgba(20, 30, 70, 0.22)',
    terminator: 'rgba(150, 80, 0, 0.85)',
    userFill: '#c2185b',
    userStroke: '#ffffff',
  },
};

/** Preferences store the style as free text; anything we do not know reads as dark. */
export function mapStyleName(value: string | null | undefined): MapStyleName {
  return value === 'light' ? 'light' : 'dark';
}
