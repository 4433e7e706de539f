// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { networkStore } from '../../../../src/lib/network/networkMonitor.ts';
import { useIsOnline } from '../../../../src/lib/network/useNetworkStatus.ts';

const initial = networkStore.get();
afterEach(() => {
  act(() => networkStore.set(initial));
});

describe('the layout follows only whether the device is online', () => {
  it('re-renders when the device goes offline, not when a check only changes the link quality', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useIsOnline();
    });
    expect(result.current).toBe(initial.isOnline);
    const before = renders;
    act(() =>
      networkStore.set({ ...networkStore.get(), condition: 'good', rttMs: 80, lastCheckTime: 1 }),
    );
    expect(renders).toBe(before);
    act(() => networkStore.set({ ...networkStore.get(), isOnline: !initial.isOnline }));
    expect(result.current).toBe(!initial.isOnline);
    expect(renders).toBe(before + 1);
  });
});
