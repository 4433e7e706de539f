// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { preloadHelperSource } from '../../../../scripts/vite/preloadByImport.ts';

type Preload = (load: () => Promise<string>, deps?: string[]) => Promise<string>;

/** A fresh copy of the helper module (its record of started downloads is per module). */
function freshHelper(): Preload {
  const source = preloadHelperSource('/');
  // The helper's one export is its last statement: run the module body as a function returning it.
  const body = source.replace('export function __vitePreload(', 'return function __vitePreload(');
  expect(body).not.toBe(source);
  return new Function(body)() as Preload;
}

const stylesheets = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) =>
    l.getAttribute('href'),
  );
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  document.head.innerHTML = '';
});

describe("the build's dynamic-import preloading, without modulepreload links", () => {
  it('inserts no link element for the JavaScript chunks a page needs', async () => {
    const preload = freshHelper();
    // The chunks do not exist here: their import fails, which the helper leaves to load() to report.
    await expect(preload(async () => 'page', ['assets/a-1.js', 'assets/b-2.js'])).resolves.toBe(
      'page',
    );
    expect(document.querySelectorAll('link')).toHaveLength(0);
  });

  it("waits for the page's stylesheet before the page runs, and inserts it once for two imports", async () => {
    const preload = freshHelper();
    let ran = 0;
    const first = preload(async () => `page ${++ran}`, ['assets/Map-1.css', 'assets/x-1.js']);
    const second = preload(async () => `page ${++ran}`, ['assets/Map-1.css']);
    await settle();
    expect(ran).toBe(0);
    expect(stylesheets()).toEqual(['/assets/Map-1.css']);
    document.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe('page 1');
    await expect(second).resolves.toBe('page 2');
  });

  it('does not apply again a stylesheet the document already has, inlined with its link disabled', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index-1.css" disabled>';
    const preload = freshHelper();
    await expect(preload(async () => 'page', ['assets/index-1.css'])).resolves.toBe('page');
    expect(stylesheets()).toEqual(['/assets/index-1.css']);
  });

  it('fails the import when its stylesheet fails, and tries the stylesheet again next time', async () => {
    const preload = freshHelper();
    const failed = preload(async () => 'page', ['assets/Map-1.css']);
    await settle();
    document.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Unable to preload CSS for /assets/Map-1.css');
    document.head.innerHTML = '';
    const retry = preload(async () => 'page', ['assets/Map-1.css']);
    await settle();
    expect(stylesheets()).toEqual(['/assets/Map-1.css']);
    document.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe('page');
  });
});
