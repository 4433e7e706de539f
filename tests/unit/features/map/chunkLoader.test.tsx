// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkLoader, lazyChunk, useChunk } from '../../../../src/features/map/chunkLoader.ts';

afterEach(cleanup);

/** An importer that counts its fetches and fails the first `failures` of them, as a dropped connection does. */
function flakyImport<T>(load: () => Promise<T>, failures = 0) {
  const counted = { fetches: 0 };
  const importer = () => {
    counted.fetches += 1;
    return counted.fetches <= failures
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : load();
  };
  return { counted, importer };
}

const realModule = () => import('../../../../src/features/map/freshness.ts');

describe('the map’s chunk loader', () => {
  it('fetches a chunk once for every caller, at the same time or later, and knows it once it is in', async () => {
    const { counted, importer } = flakyImport(realModule);
    const chunk = chunkLoader(importer);
    expect(chunk.loaded()).toBeNull();
    const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
    const c = await chunk.load();
    expect(counted.fetches).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(chunk.loaded()).toBe(a);
    expect(typeof a.gridFreshness).toBe('function');
  });

  it('asks once more after a failed fetch, and every caller gets the chunk', async () => {
    const { counted, importer } = flakyImport(realModule, 1);
    const chunk = chunkLoader(importer);
    const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
    expect(counted.fetches).toBe(2);
    expect(a).toBe(b);
  });

  it('gives the failure after two failed fetches, and a later call tries afresh', async () => {
    const { counted, importer } = flakyImport(realModule, 2);
    const chunk = chunkLoader(importer);
    await expect(chunk.load()).rejects.toThrow('Failed to fetch');
    expect(counted.fetches).toBe(2);
    expect(chunk.loaded()).toBeNull();
    await expect(chunk.load()).resolves.toHaveProperty('gridFreshness');
    expect(counted.fetches).toBe(3);
  });

  it('gives a component the chunk once wanted, and says why when it could not be loaded', async () => {
    const good = chunkLoader(() => Promise.resolve({ word: 'loaded' }));
    const bad = flakyImport(() => Promise.resolve({ word: 'never' }), 2);
    const broken = chunkLoader(bad.importer);
    function Probe({ wanted }: { wanted: boolean }) {
      const g = useChunk(good, wanted);
      const b = useChunk(broken, wanted);
      return (
        <p data-testid="probe">{`${g.module?.word ?? 'none'} ${b.module?.word ?? b.error ?? 'none'}`}</p>
      );
    }
    const view = render(<Probe wanted={false} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('probe').textContent).toBe('none none');
    expect(bad.counted.fetches).toBe(0);
    view.rerender(<Probe wanted />);
    await waitFor(() =>
      expect(screen.getByTestId('probe').textContent).toBe(
        'loaded Failed to fetch dynamically imported module',
      ),
    );
  });

  it('renders a lazy panel whose first fetch failed', async () => {
    const { counted, importer } = flakyImport(
      () => Promise.resolve({ default: () => <p>panel</p> }),
      1,
    );
    const Panel = lazyChunk(importer);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Panel />
      </Suspense>,
    );
    expect(await screen.findByText('panel')).toBeTruthy();
    expect(counted.fetches).toBe(2);
  });
});
