// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiErrorBanner } from '../../../../src/app/banners/ApiErrorBanner.tsx';
import { ConnectivityBanner } from '../../../../src/app/banners/ConnectivityBanner.tsx';
import { Toaster } from '../../../../src/app/banners/Toaster.tsx';
import { UpdateNotices } from '../../../../src/app/banners/UpdateNotices.tsx';
import {
  dismissApiErrors,
  feedReportStore,
  recordPollReport,
  reportApiError,
  setRetryHandler,
} from '../../../../src/lib/apiErrors.ts';
import { NetworkToggle } from '../../../../src/app/NetworkToggle.tsx';
import { networkStore } from '../../../../src/lib/network/networkMonitor.ts';
import { showToast } from '../../../../src/lib/toast.ts';

const OFFLINE =
  'You are offline. Using cached data when available. Some features may be unavailable.';
const BACK = 'You are back online. Syncing latest data...';

afterEach(() => {
  vi.useRealTimers();
});

describe('the online/offline banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows the offline message and keeps it up', () => {
    render(<ConnectivityBanner online={false} />);
    expect(screen.getByText(OFFLINE)).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText(OFFLINE)).toBeTruthy();
  });

  it('shows nothing while online from the start', () => {
    render(<ConnectivityBanner online={true} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says back online when the connection returns, and hides that after 5 s', () => {
    const { rerender } = render(<ConnectivityBanner online={true} />);
    rerender(<ConnectivityBanner online={false} />);
    expect(screen.getByText(OFFLINE)).toBeTruthy();
    rerender(<ConnectivityBanner online={true} />);
    expect(screen.getByText(BACK)).toBeTruthy();
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByText(BACK)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(BACK)).toBeNull();
  });

  it('can be dismissed, and shows again at the next change', () => {
    const { rerender } = render(<ConnectivityBanner online={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss connection message' }));
    expect(screen.queryByText(OFFLINE)).toBeNull();
    rerender(<ConnectivityBanner online={true} />);
    expect(screen.getByText(BACK)).toBeTruthy();
  });
});

describe('toasts', () => {
  it('disappear after 3 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => showToast('Service worker checked for updates', 'success'));
    expect(screen.getByText('Service worker checked for updates')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByText('Service worker checked for updates')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Service worker checked for updates')).toBeNull();
  });

  it('announce errors as alerts', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => showToast('Failed to check for updates', 'error'));
    expect(screen.getByRole('alert').textContent).toContain('Failed to check for updates');
    act(() => vi.advanceTimersByTime(3_000));
  });
});

describe('the API error banner', () => {
  afterEach(() => {
    act(() => dismissApiErrors());
    setRetryHandler(null);
  });

  it('appears titled "API Error Detected" when a request fails', () => {
    render(<ApiErrorBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => reportApiError('API error: 503 Service Unavailable'));
    expect(screen.getByRole('heading', { name: 'API Error Detected' })).toBeTruthy();
    expect(screen.getByText('API error: 503 Service Unavailable')).toBeTruthy();
  });

  it('clears when Retry succeeds', async () => {
    const retry = vi.fn(async () => ({ failed: 0 }));
    setRetryHandler(retry);
    render(<ApiErrorBanner />);
    act(() => reportApiError('Network error: Failed to fetch'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says some requests still failed when the retry leaves failures', async () => {
    setRetryHandler(async () => ({ failed: 2 }));
    render(<ApiErrorBanner />);
    act(() => reportApiError('Request timed out after 10000ms'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(screen.getByText('Some requests still failed. Please try again later.')).toBeTruthy();
  });

  it('reports a retry that throws', async () => {
    setRetryHandler(async () => {
      throw new Error('queue unavailable');
    });
    render(<ApiErrorBanner />);
    act(() => reportApiError('Request timed out after 10000ms'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(screen.getByText('Error retrying requests: queue unavailable')).toBeTruthy();
  });

  it('runs every registered retry and counts their failures together', async () => {
    const unregisterPoller = setRetryHandler(async () => ({ failed: 0 }));
    setRetryHandler(async () => ({ failed: 1 }));
    render(<ApiErrorBanner />);
    act(() => reportApiError('Failed to refresh data: kp-index — offline'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(screen.getByText('Some requests still failed. Please try again later.')).toBeTruthy();
    unregisterPoller();
  });

  it('goes away on Dismiss', () => {
    render(<ApiErrorBanner />);
    act(() => reportApiError('API error: 500 Internal Server Error'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the API error banner about feeds (issue 10 item 4)', () => {
  const NO_ANSWER = 'Network error: Failed to fetch';
  const CORE = [
    'kp-index',
    'aurora-oval',
    'aurora-nowcast-hemi-power',
    'solar-wind',
    'magnetic-field',
    'three-day-forecast',
    'three-day-geomag-forecast',
    'observed-solar-cycle',
    'predicted-solar-cycle',
  ];
  afterEach(() => {
    act(() => {
      dismissApiErrors();
      feedReportStore.set({});
    });
  });

  it('says once, in words, what is missing when five feeds fail the same way — not the error five times', () => {
    render(<ApiErrorBanner />);
    act(() => {
      for (const resource of [
        'aurora-oval',
        'aurora-nowcast-hemi-power',
        'solar-wind',
        'magnetic-field',
      ]) {
        recordPollReport(
          {
            resource,
            outcome: 'failed',
            error: NO_ANSWER,
            dataAgeMs: 45 * 60_000,
            maxAgeMs: 20 * 60_000,
          },
          Date.now(),
        );
      }
      recordPollReport(
        {
          resource: 'kp-index',
          outcome: 'updated',
          error: null,
          dataAgeMs: 60_000,
          maxAgeMs: 7 * 3_600_000,
        },
        Date.now(),
      );
    });
    const banner = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'API Error Detected' })).toBeTruthy();
    expect(banner.textContent).toContain(
      "Couldn't update aurora map, hemispheric power and solar wind — showing data from 45 min ago.",
    );
    expect(banner.textContent).not.toContain(NO_ANSWER);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('sets no timer while it says nothing, and moves its age on the minute while it is shown', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 2, 0, 30) });
    try {
      render(<ApiErrorBanner />);
      expect(vi.getTimerCount()).toBe(0);
      act(() =>
        recordPollReport(
          {
            resource: 'aurora-oval',
            outcome: 'failed',
            error: 'API error: 503 Service Unavailable',
            dataAgeMs: 45 * 60_000 + 30_000,
            maxAgeMs: 20 * 60_000,
          },
          Date.now(),
        ),
      );
      const banner = screen.getByRole('alert');
      expect(banner.textContent).toContain('showing data from 45 min ago.');
      expect(vi.getTimerCount()).toBe(1);
      act(() => vi.advanceTimersByTime(30_000));
      expect(banner.textContent).toContain('showing data from 46 min ago.');
      act(() => fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays down after Dismiss while the same feeds are missing, and comes back when another one fails', () => {
    render(<ApiErrorBanner />);
    act(() =>
      recordPollReport(
        {
          resource: 'aurora-oval',
          outcome: 'failed',
          error: NO_ANSWER,
          dataAgeMs: null,
          maxAgeMs: 20 * 60_000,
        },
        Date.now(),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() =>
      recordPollReport(
        {
          resource: 'aurora-oval',
          outcome: 'failed',
          error: NO_ANSWER,
          dataAgeMs: null,
          maxAgeMs: 20 * 60_000,
        },
        Date.now(),
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    act(() =>
      recordPollReport(
        {
          resource: 'kp-index',
          outcome: 'failed',
          error: NO_ANSWER,
          dataAgeMs: null,
          maxAgeMs: 7 * 3_600_000,
        },
        Date.now(),
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain(
      "Couldn't load aurora map and Kp index — nothing saved on this device yet.",
    );
  });

  it('goes away when the feeds update again', () => {
    render(<ApiErrorBanner />);
    act(() =>
      recordPollReport(
        {
          resource: 'aurora-oval',
          outcome: 'failed',
          error: NO_ANSWER,
          dataAgeMs: null,
          maxAgeMs: 20 * 60_000,
        },
        Date.now(),
      ),
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() =>
      recordPollReport(
        {
          resource: 'aurora-oval',
          outcome: 'updated',
          error: null,
          dataAgeMs: 60_000,
          maxAgeMs: 20 * 60_000,
        },
        Date.now(),
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('makes the connection indicator stop saying "Excellent connection" while every request gets no answer', () => {
    render(<NetworkToggle />);
    act(() => {
      for (const resource of CORE)
        recordPollReport(
          {
            resource,
            outcome: 'failed',
            error: NO_ANSWER,
            dataAgeMs: 60_000,
            maxAgeMs: 20 * 60_000,
          },
          Date.now(),
        );
    });
    expect(screen.getByRole('button', { name: /Go (Offline|Online)/ }).getAttribute('title')).toBe(
      'Connected · data service unreachable',
    );
  });

  it('never shows "Excellent connection" beside "Can\'t reach the data service", whatever the secondary feeds answer', () => {
    // The link itself is excellent (a quick ping), the space-weather products get no answer, and
    // the solar images' function answers "no image saved yet".
    act(() =>
      networkStore.set({
        ...networkStore.get(),
        isOnline: true,
        forcedOffline: false,
        condition: 'excellent',
        rttMs: 100,
      }),
    );
    render(
      <>
        <NetworkToggle />
        <ApiErrorBanner />
      </>,
    );
    act(() => {
      for (const resource of CORE)
        recordPollReport(
          {
            resource,
            outcome: 'failed',
            error: NO_ANSWER,
            dataAgeMs: 45 * 60_000,
            maxAgeMs: 20 * 60_000,
          },
          Date.now(),
        );
      recordPollReport(
        {
          resource: 'sdo-images',
          outcome: 'failed',
          error: 'API error: 503 Service Unavailable',
          dataAgeMs: null,
          maxAgeMs: 2 * 3_600_000,
        },
        Date.now(),
      );
    });
    expect(screen.getByRole('alert').textContent).toContain("Can't reach the data service");
    const indicator = screen.getByRole('button', { name: /Go (Offline|Online)/ });
    expect(indicator.getAttribute('title')).not.toMatch(/Excellent|Good|Fair|Poor/);
    expect(indicator.getAttribute('title')).toBe('Connected · data service unreachable');
  });
});

describe('the update notices', () => {
  it('show the banner alone while it is in sight (the card stands in only once it is scrolled away: update.spec.ts), with Later and Update Now', () => {
    const later = vi.fn();
    const update = vi.fn();
    render(<UpdateNotices updateAvailable onLater={later} onUpdateNow={update} />);
    expect(screen.getByText('A new version is available!')).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Update available' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update Now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(update).toHaveBeenCalledTimes(1);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('render nothing without an update', () => {
    const { container } = render(
      <UpdateNotices updateAvailable={false} onLater={() => {}} onUpdateNow={() => {}} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
