// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { DatabaseProvider } from '../../../../sync/react/index.ts';
import { useLiveResult } from '../../../../sync/react/useLiveResult.ts';
import { yieldToMain } from '../../../../sync/yieldToMain.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

let db: AuroraDatabase | undefined;

afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
  db = undefined;
});

describe('useLiveResult', () => {
  it('does not re-render when the source emits the value it already shows, and does when it changes', async () => {
    db = await openTestDatabase();
    const database = db;
    const source = new Subject<{ n: number }>();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useLiveResult('test', () => source, null as { n: number } | null);
      },
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <DatabaseProvider database={database}>{children}</DatabaseProvider>
        ),
      },
    );
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(source.observed).toBe(true));
    const first = { n: 1 };
    act(() => source.next(first));
    expect(result.current).toEqual({ data: first, isLoading: false, error: null });
    const rendersAfterFirst = renders;

    // Ten emissions of the same object, each in its own task (an unchanged query result, a cached
    // decoded grid): at most the one render React needs to find the state unchanged, not ten.
    for (let i = 0; i < 10; i += 1) act(() => source.next(first));
    expect(renders).toBeLessThanOrEqual(rendersAfterFirst + 1);
    expect(result.current.data).toBe(first);

    const second = { n: 2 };
    act(() => source.next(second));
    expect(result.current.data).toBe(second);
    expect(renders).toBeGreaterThan(rendersAfterFirst);
  });

  it('subscribes in a task of its own, not in the commit that mounted it', async () => {
    db = await openTestDatabase();
    const database = db;
    const source = new Subject<number>();
    const { result } = renderHook(() => useLiveResult('test', () => source, 0), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <DatabaseProvider database={database}>{children}</DatabaseProvider>
      ),
    });
    // act() has run the mount's effects: when the database opens, every mounted hook's effect runs
    // in one flush, and none of them subscribes (starts its query) there.
    expect(source.observed).toBe(false);
    await waitFor(() => expect(source.observed).toBe(true));
    act(() => source.next(7));
    expect(result.current).toEqual({ data: 7, isLoading: false, error: null });
  });

  it('never subscribes when unmounted before its turn', async () => {
    db = await openTestDatabase();
    const database = db;
    const source = new Subject<number>();
    let subscribed = 0;
    const { unmount } = renderHook(
      () =>
        useLiveResult(
          'test',
          () => {
            subscribed += 1;
            return source;
          },
          0,
        ),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <DatabaseProvider database={database}>{children}</DatabaseProvider>
        ),
      },
    );
    unmount();
    // Queued after the hook's own turn: by the time it resolves, that turn has come.
    await yieldToMain();
    expect(subscribed).toBe(0);
    expect(source.observed).toBe(false);
  });
});
