import { describe, expect, it } from 'vitest';
import { dataProblemMessage } from '../../../../src/app/banners/dataProblemMessage.ts';
import type { FeedReport } from '../../../../src/lib/apiErrors.ts';
import {
  connectionLabel,
  dataServiceUnreachable,
} from '../../../../src/lib/network/connectionLabel.ts';

const NOW = Date.UTC(2026, 10, 23, 17, 0);
const MIN = 60_000;
const ON = { online: true, forcedOffline: false };
const NO_ANSWER = 'Network error: Failed to fetch';
const MAX: Record<string, number> = {
  'kp-index': 420 * MIN,
  'aurora-oval': 20 * MIN,
  'aurora-nowcast-hemi-power': 20 * MIN,
  'solar-wind': 15 * MIN,
  'magnetic-field': 15 * MIN,
  'three-day-forecast': 840 * MIN,
  'three-day-geomag-forecast': 1560 * MIN,
  'observed-solar-cycle': 75 * 1440 * MIN,
  'predicted-solar-cycle': 45 * 1440 * MIN,
  'sdo-images': 120 * MIN,
};

function ok(resource: string, dataAgeMs: number | null = MIN): FeedReport {
  return {
    resource,
    outcome: 'updated',
    error: null,
    dataAgeMs,
    maxAgeMs: MAX[resource] ?? 60 * MIN,
    at: NOW,
  };
}
function failed(resource: string, dataAgeMs: number | null, error = NO_ANSWER): FeedReport {
  return { ...ok(resource, dataAgeMs), outcome: 'failed', error };
}
const CORE = Object.keys(MAX).filter((r) => r !== 'sdo-images');

describe('the data problem sentence', () => {
  const cases: {
    name: string;
    reports: FeedReport[];
    conditions?: typeof ON;
    expected: string | null;
  }[] = [
    {
      name: 'names the missing products once, in words, with the age of what is shown',
      reports: [
        failed('aurora-oval', 25 * MIN),
        failed('solar-wind', 40 * MIN),
        failed('magnetic-field', 40 * MIN),
        ok('kp-index'),
      ],
      expected: "Couldn't update aurora map and solar wind — showing data from 40 min ago.",
    },
    {
      name: 'says when nothing is saved yet for a product',
      reports: [
        failed('three-day-forecast', null, 'API error: 503 Service Unavailable'),
        ok('kp-index'),
      ],
      expected: "Couldn't load 3-day forecast — nothing saved on this device yet.",
    },
    {
      name: 'says the service cannot be reached and that everything shown is saved, with its age',
      reports: CORE.map((r) => failed(r, 2 * MAX[r]!)),
      expected:
        "Can't reach the data service. Everything you see is saved on this device, with its age.",
    },
    {
      name: 'says the service cannot be reached and nothing is saved on a first visit',
      reports: CORE.map((r) => failed(r, null)),
      expected:
        "Can't reach the data service, and nothing is saved on this device yet: the map and forecasts appear once it answers.",
    },
    {
      name: 'stays quiet while every failing feed still has current data',
      reports: CORE.map((r) => failed(r, MIN)),
      expected: null,
    },
    {
      name: 'stays quiet about secondary feeds (their own screens say so)',
      reports: [failed('sdo-images', null), failed('kp-forecast', null), ok('kp-index')],
      expected: null,
    },
    {
      name: 'stays quiet offline (the connectivity banner says so)',
      reports: CORE.map((r) => failed(r, null)),
      conditions: { online: false, forcedOffline: false },
      expected: null,
    },
    {
      name: 'stays quiet in Go Offline mode',
      reports: CORE.map((r) => failed(r, null)),
      conditions: { online: true, forcedOffline: true },
      expected: null,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(dataProblemMessage(c.reports, c.conditions ?? ON, NOW)?.text ?? null).toBe(c.expected);
    });
  }

  it('never lists the technical error text, however many feeds fail with it', () => {
    const text = dataProblemMessage(
      CORE.map((r) => failed(r, 2 * MAX[r]!)),
      ON,
      NOW,
    )!.text;
    expect(text).not.toContain('Network error');
    expect(text).not.toContain('Failed to fetch');
  });

  it('counts the age on from when the report arrived', () => {
    const report = { ...failed('aurora-oval', 25 * MIN), at: NOW - 10 * MIN };
    expect(dataProblemMessage([report], ON, NOW)!.text).toBe(
      "Couldn't update aurora map — showing data from 35 min ago.",
    );
  });

  it('keeps the same key while the same feeds are missing, as ages move', () => {
    const a = dataProblemMessage([failed('aurora-oval', 25 * MIN)], ON, NOW)!;
    const b = dataProblemMessage([failed('aurora-oval', 25 * MIN)], ON, NOW + 5 * MIN)!;
    expect(a.text).not.toBe(b.text);
    expect(a.key).toBe(b.key);
  });
});

describe('the connection indicator', () => {
  it('does not claim an excellent connection while every request gets no answer', () => {
    const reports = CORE.map((r) => failed(r, MIN));
    expect(dataServiceUnreachable(reports)).toBe(true);
    expect(
      connectionLabel({
        condition: 'excellent',
        rttMs: 100,
        forcedOffline: false,
        dataServiceUnreachable: true,
      }),
    ).toEqual({
      text: 'Connected · data service unreachable',
      dot: 'poor',
    });
  });

  it('says excellent with the round trip when the data service answers', () => {
    expect(dataServiceUnreachable([failed('aurora-oval', null), ok('kp-index')])).toBe(false);
    expect(
      connectionLabel({
        condition: 'excellent',
        rttMs: 100,
        forcedOffline: false,
        dataServiceUnreachable: false,
      }).text,
    ).toBe('Excellent connection · 100 ms');
  });

  it('counts a server that answers with an HTTP error as reachable', () => {
    expect(
      dataServiceUnreachable(
        CORE.map((r) => failed(r, null, 'API error: 503 Service Unavailable')),
      ),
    ).toBe(false);
  });

  it('says offline in Go Offline mode, whatever the reports', () => {
    expect(
      connectionLabel({
        condition: 'excellent',
        rttMs: 100,
        forcedOffline: true,
        dataServiceUnreachable: true,
      }).text,
    ).toBe('Offline');
  });
});
