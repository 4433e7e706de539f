// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { themeBeforePaint } from '../../../../scripts/vite/themeBeforePaint.ts';
import { THEME_SCRIPT } from '../../../../core/boot/themeScript.ts';
import { contentSecurityPolicy } from '../../../../server/csp.ts';
import {
  applyNightMode,
  nightInk,
  nightModeStore,
  readNightMode,
  setNightMode,
} from '../../../../src/features/night/nightMode.ts';
import { NightModeControl } from '../../../../src/features/night/NightModeControl.tsx';
import { NIGHT_BRIGHTNESS_KEY, NIGHT_KEY } from '../../../../core/boot/nightKeys.ts';

const DAY_CHROME = '#0b1020';

function resetDocument() {
  document.head.innerHTML = `<meta name="theme-color" content="${DAY_CHROME}">`;
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('data-night');
  document.documentElement.removeAttribute('style');
  localStorage.clear();
}

/** Runs the boot script's text as the browser would run the inline script. */
function runThemeScript() {
  new Function(THEME_SCRIPT)();
}

const rgb = (css: string) =>
  css
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number) as [number, number, number];

describe('night mode before the first paint', () => {
  beforeEach(resetDocument);

  it('applies a device’s red-light choice, brightness and black browser chrome from localStorage', () => {
    localStorage.setItem(NIGHT_KEY, 'red-orange');
    localStorage.setItem(NIGHT_BRIGHTNESS_KEY, '0.25');
    runThemeScript();
    const root = document.documentElement;
    expect(root.dataset.theme).toBe('night');
    expect(root.dataset.night).toBe('red-orange');
    expect(root.style.getPropertyValue('--night-brightness')).toBe('0.25');
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe(
      '#000000',
    );
  });

  it('leaves the day theme on a device that chose nothing, chose off, or holds garbage', () => {
    for (const stored of [null, 'off', '<script>', 'blue']) {
      resetDocument();
      if (stored !== null) localStorage.setItem(NIGHT_KEY, stored);
      runThemeScript();
      expect(document.documentElement.dataset.theme).toBeUndefined();
      expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe(
        DAY_CHROME,
      );
    }
  });

  it('ignores a brightness outside an eighth to full', () => {
    localStorage.setItem(NIGHT_KEY, 'red');
    localStorage.setItem(NIGHT_BRIGHTNESS_KEY, '0.01');
    runThemeScript();
    expect(document.documentElement.style.getPropertyValue('--night-brightness')).toBe('');
  });

  it('sits in the head right after the theme-color tag, before any stylesheet, allowed by its CSP hash', () => {
    const html =
      '<!doctype html><html><head><meta charset="UTF-8" /><meta name="theme-color" content="#0b1020" /><style>body{}</style></head><body><div id="root"></div></body></html>';
    const doc = new DOMParser().parseFromString(themeBeforePaint(html), 'text/html');
    const script = doc.head.querySelector('script')!;
    expect(script.textContent).toBe(THEME_SCRIPT);
    expect(script.previousElementSibling!.getAttribute('name')).toBe('theme-color');
    expect(script.nextElementSibling!.tagName).toBe('STYLE');
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = contentSecurityPolicy([])
      .split('; ')
      .find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});

describe('the night-mode choice', () => {
  beforeEach(() => {
    resetDocument();
    nightModeStore.set(readNightMode());
  });
  afterEach(() => applyNightMode({ on: false, tint: 'red', brightness: 1 }));

  it('is remembered on the device and applied at once; switching off restores the day chrome', () => {
    setNightMode({ on: true });
    expect(localStorage.getItem(NIGHT_KEY)).toBe('red');
    expect(document.documentElement.dataset.theme).toBe('night');
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe(
      '#000000',
    );
    expect(readNightMode()).toEqual({ on: true, tint: 'red', brightness: 1 });
    setNightMode({ on: false });
    expect(localStorage.getItem(NIGHT_KEY)).toBe('off');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe(
      DAY_CHROME,
    );
  });

  it('restores the day chrome also after the boot script switched it to black', () => {
    localStorage.setItem(NIGHT_KEY, 'red');
    runThemeScript();
    nightModeStore.set(readNightMode());
    setNightMode({ on: false });
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe(
      DAY_CHROME,
    );
  });

  it('dims to an eighth and no further', () => {
    setNightMode({ on: true, brightness: 0.01 });
    expect(nightModeStore.get().brightness).toBe(0.125);
    expect(document.documentElement.style.getPropertyValue('--night-brightness')).toBe('0.125');
  });

  it('draws canvases in reds whose green and blue stay under a tenth of the red, in both tints', () => {
    for (const tint of ['red', 'red-orange'] as const) {
      for (const level of [1, 0.55, 0.22]) {
        for (const brightness of [1, 0.125]) {
          const [r, g, b] = rgb(nightInk(level, { on: true, tint, brightness }));
          expect(r).toBeGreaterThan(0);
          expect(g).toBeLessThanOrEqual(0.1 * r);
          expect(b).toBe(0);
        }
      }
    }
    expect(rgb(nightInk(1, { on: true, tint: 'red-orange', brightness: 1 }))[1]).toBeGreaterThan(0);
  });

  it('switches on from the header in one tap and offers the tint and brightness while on', () => {
    render(<NightModeControl />);
    const toggle = screen.getByRole('button', { name: 'Night mode (red light)' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('night');
    fireEvent.click(screen.getByRole('button', { name: 'Red light settings' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Red-orange' }));
    expect(document.documentElement.dataset.night).toBe('red-orange');
    fireEvent.change(screen.getByRole('slider'), { target: { value: '0.5' } });
    expect(localStorage.getItem(NIGHT_BRIGHTNESS_KEY)).toBe('0.5');
    fireEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});

describe('the night theme’s colours', () => {
  // The repository root is vitest's working directory (jsdom's import.meta.url is not a file URL).
  const css = (name: string) => readFileSync(join(process.cwd(), 'src/styles', name), 'utf8');
  const declared = (text: string) =>
    new Set([...text.matchAll(/^\s*(--[\w-]+):/gm)].map((m) => m[1]!));

  it('gives every colour token of the day theme a night value', () => {
    const day = css('tokens.css');
    const colourTokens = [...declared(day)].filter((name) => {
      const value = new RegExp(`${name}:\\s*([^;]+);`).exec(day)![1]!;
      return /#|rgb|hsl/.test(value);
    });
    const night = declared(css('night.css'));
    expect(colourTokens.filter((t) => !night.has(t))).toEqual([]);
  });

  it('writes no literal colour but black in the night theme: the rest are shades of its one red', () => {
    const literals = css('night.css')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi);
    expect(literals!.filter((l) => l !== '#000' && !l.includes('var(--red)'))).toEqual([]);
  });
});
