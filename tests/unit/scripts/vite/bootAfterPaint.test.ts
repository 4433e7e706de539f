// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootAfterPaint } from '../../../../scripts/vite/bootAfterPaint.ts';
import { contentSecurityPolicy } from '../../../../server/csp.ts';

// What Vite writes: the entry in the head, then a modulepreload link per static import.
const VITE_HTML = `<!doctype html><html><head><title>Aurora</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-def.js">
    <link rel="modulepreload" crossorigin href="/assets/storage-ghi.js">
    <style>.app{}</style></head><body><div id="root"><div class="app">shell</div></div>
  </body></html>`;

/** VITE_HTML's chunks in the order the boot fetches and runs them: its static imports, the entry last. */
const EVERY_CHUNK = ['/assets/react-dom-def.js', '/assets/storage-ghi.js', '/assets/index-abc.js'];

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the page boots after its first paint', () => {
  it('fetches nothing before the shell: no entry script tag and no modulepreload link is left', () => {
    const doc = parse(bootAfterPaint(VITE_HTML));
    expect(doc.querySelectorAll('script[src]')).toHaveLength(0);
    expect(doc.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('names the entry and its static imports on one inline module script after the shell', () => {
    const doc = parse(bootAfterPaint(VITE_HTML));
    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const boot = scripts[0]!;
    expect(boot.type).toBe('module');
    // Async: it runs in a task of its own, not in the one that ends parsing (and may fire load).
    expect(boot.hasAttribute('async')).toBe(true);
    expect(boot.dataset.entry).toBe('/assets/index-abc.js');
    expect(boot.dataset.preload).toBe('/assets/react-dom-def.js /assets/storage-ghi.js');
    // After the root in document order: the parser reaches it once the shell is in the DOM.
    const root = doc.getElementById('root')!;
    expect(root.compareDocumentPosition(boot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is allowed by the Content-Security-Policy through its hash, with no unsafe-inline scripts', () => {
    const boot = parse(bootAfterPaint(VITE_HTML)).querySelector('script')!;
    const hash = createHash('sha256').update(boot.textContent!).digest('base64');
    const scriptSrc = contentSecurityPolicy([])
      .split('; ')
      .find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('keeps one script text for every build, whatever the file names, so the hash stays valid', () => {
    const other = VITE_HTML.replaceAll('abc', 'zzz').replaceAll('def', 'yyy');
    const a = parse(bootAfterPaint(VITE_HTML)).querySelector('script')!.textContent;
    const b = parse(bootAfterPaint(other)).querySelector('script')!.textContent;
    expect(b).toBe(a);
  });

  it('leaves HTML without an entry script as it is', () => {
    const html = '<!doctype html><html><body><p>no app here</p></body></html>';
    expect(bootAfterPaint(html)).toBe(html);
  });
});

describe('the boot script, run as the browser runs it', () => {
  /** The built page's boot script element, in this document, and a run of its text. */
  function runBoot(chunks?: string[]): void {
    document.body.innerHTML = '';
    const html = chunks
      ? VITE_HTML.replace(
          /(<link rel="modulepreload"[^>]*>\s*)+/,
          chunks.map((c) => `<link rel="modulepreload" crossorigin href="${c}">`).join('\n'),
        )
      : VITE_HTML;
    const doc = parse(bootAfterPaint(html));
    const boot = doc.querySelector('script')!;
    // jsdom does not run module scripts: a stand-in element carries the same data attributes.
    const stand = document.createElement('script');
    Object.assign(stand.dataset, boot.dataset);
    document.body.append(stand);
    // jsdom cannot import modules: each import() stands in as a resolved promise (the module
    // "ran"), noted in `imported`; what the test reads is the downloads and runs the boot starts.
    imported.length = 0;
    (globalThis as { __bootImport?: (href: string) => Promise<void> }).__bootImport = (href) => {
      imported.push(href);
      return Promise.resolve();
    };
    new Function(boot.textContent!.replaceAll('import(', '__bootImport('))();
  }
  const imported: string[] = [];
  const preloads = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute('href'),
    );

  /**
   * The boot ends a task by posting itself a MessageChannel message. Here the messages wait until
   * the test delivers them, one per call: each delivery is the next task.
   */
  const queued: (() => void)[] = [];
  class QueuedChannel {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = { postMessage: () => void queued.push(() => this.port1.onmessage?.()) };
  }
  async function nextTask(): Promise<void> {
    const deliver = queued.shift();
    expect(deliver, 'the boot was waiting for a task').toBeDefined();
    deliver!();
    await vi.advanceTimersByTimeAsync(0);
  }

  beforeEach(() => {
    document.head.innerHTML = '';
    queued.length = 0;
    vi.useFakeTimers();
    vi.stubGlobal('MessageChannel', QueuedChannel);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('boots within a second in a browser without PerformanceObserver, fetching every chunk once', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.stubGlobal('requestAnimationFrame', () => 0);
    runBoot();
    expect(preloads()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(preloads()).toEqual(['/assets/react-dom-def.js']);
    while (queued.length) await nextTask();
    expect(preloads()).toEqual(EVERY_CHUNK);
  });

  /** A PerformanceObserver whose paint entries the test hands over. */
  function stubPaintObserver(): { paint: () => void } {
    const observers: ((list: { getEntriesByName: (n: string) => unknown[] }) => void)[] = [];
    class PaintObserver {
      static supportedEntryTypes = ['paint', 'mark'];
      constructor(private readonly fn: (typeof observers)[number]) {}
      observe() {
        observers.push(this.fn);
      }
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    return {
      paint: () =>
        observers.forEach((fn) =>
          fn({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) }),
        ),
    };
  }

  it('on a first visit, waits for the first contentful paint, not a frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const observer = stubPaintObserver();
    runBoot();
    expect(frames).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(preloads()).toEqual([]);
    expect(imported).toEqual([]);
    observer.paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(preloads()).toEqual(['/assets/react-dom-def.js']);
  });

  it('on a page its service worker controls (a return visit), starts the downloads in a task after the next frame, and runs them once the paint is reported', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const observer = stubPaintObserver();
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    runBoot();
    await vi.advanceTimersByTimeAsync(0);
    expect(preloads()).toEqual([]);
    expect(frames).toHaveLength(1);
    // The frame's animation callbacks come before its rendering: the downloads wait for a task after.
    frames.shift()!(0);
    expect(preloads()).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(preloads()).toEqual(['/assets/react-dom-def.js']);
    while (queued.length) await nextTask();
    expect(preloads()).toEqual(EVERY_CHUNK);
    // Fetched and compiled, not run: nothing runs before the shell is on screen.
    expect(imported).toEqual([]);
    observer.paint();
    await vi.advanceTimersByTimeAsync(0);
    while (queued.length) await nextTask();
    expect(imported).toEqual(EVERY_CHUNK);
    // Each link once.
    expect(preloads()).toHaveLength(3);
  });

  it('starts the downloads one per task, in the order Vite lists them, the entry last', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const chunks = ['a-1', 'b-2', 'c-3'].map((c) => `/assets/${c}.js`);
    runBoot(chunks);
    await vi.advanceTimersByTimeAsync(1000);
    expect(preloads()).toEqual(chunks.slice(0, 1));
    await nextTask();
    expect(preloads()).toEqual(chunks.slice(0, 2));
    await nextTask();
    expect(preloads()).toEqual(chunks);
    await nextTask();
    expect(preloads()).toEqual([...chunks, '/assets/index-abc.js']);
  });
});
