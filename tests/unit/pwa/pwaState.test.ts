import { describe, expect, it } from 'vitest';
import { isUpdateAvailable, statusFrom } from '../../../src/pwa/serviceWorkerStatus.ts';
import { getPwaState, setPwaState, subscribePwa } from '../../../src/pwa/pwaStore.ts';
import { preloadTargetsFor } from '../../../src/pwa/preloadForRoute.ts';

const worker = { scriptURL: 'http://app.test/sw.js' };

describe('service worker status', () => {
  it('reports an unsupported browser as nothing at all', () => {
    expect(statusFrom(false, null, null)).toEqual({
      supported: false,
      registered: false,
      controller: null,
      active: false,
      waiting: false,
      installing: false,
    });
  });

  it('calls a waiting worker an update only while another version controls the page', () => {
    const firstInstall = statusFrom(
      true,
      { active: null, waiting: {} as ServiceWorker, installing: null },
      null,
    );
    expect(isUpdateAvailable(firstInstall)).toBe(false);
    const update = statusFrom(
      true,
      { active: {} as ServiceWorker, waiting: {} as ServiceWorker, installing: null },
      worker,
    );
    expect(update.controller).toBe('http://app.test/sw.js');
    expect(isUpdateAvailable(update)).toBe(true);
  });
});

describe('the update offer', () => {
  it('stays hidden after Later and comes back for the next new version', () => {
    const waiting = statusFrom(
      true,
      { active: {} as ServiceWorker, waiting: {} as ServiceWorker, installing: null },
      worker,
    );
    const idle = statusFrom(
      true,
      { active: {} as ServiceWorker, waiting: null, installing: null },
      worker,
    );
    let notified = 0;
    const off = subscribePwa(() => (notified += 1));
    setPwaState({ status: waiting });
    expect(getPwaState()).toMatchObject({ updateAvailable: true, dismissed: false });
    setPwaState({ dismissed: true });
    setPwaState({ status: waiting });
    expect(getPwaState().dismissed).toBe(true);
    setPwaState({ status: idle });
    setPwaState({ status: waiting });
    expect(getPwaState()).toMatchObject({ updateAvailable: true, dismissed: false });
    expect(notified).toBe(4);
    off();
  });
});

describe('route preloads', () => {
  it('follow each route’s next steps (/ maps, /forecast charts and maps, /settings the backend), and preload nothing on Save-Data or 2g', () => {
    expect(preloadTargetsFor('/')).toEqual(['map']);
    expect(preloadTargetsFor('/forecast/')).toEqual(['charts', 'map']);
    expect(preloadTargetsFor('/settings')).toEqual(['backend']);
    expect(preloadTargetsFor('/guide')).toEqual([]);
    // Save-Data or a 2g link: nothing ahead of need (the route still loads its own code).
    expect(preloadTargetsFor('/forecast', { saveData: true, effectiveType: '4g' })).toEqual([]);
    expect(preloadTargetsFor('/', { saveData: false, effectiveType: '2g' })).toEqual([]);
    expect(preloadTargetsFor('/', { saveData: false, effectiveType: '4g' })).toEqual(['map']);
  });
});
