/**
 * The feed's answer from a constructed archive state: the newest Kp forecast issue and 27-day
 * outlook as the archive job keeps them (rows of time and Kp), a saved place, and the clock.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { planNights } from '../../../../../core/plan/planNights.ts';
import { tonightSpan } from '../../../../../core/tonight/verdict.ts';
import {
  FEED_REFRESH_MINUTES,
  firstNightSince,
  planFeed,
  type FeedInputs,
} from '../../../../../supabase/functions/plan-feed/planFeed.ts';
import { TROMSO } from '../../../../support/tonightPlaces.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-12-01T18:10:00Z');
const ISSUED = Date.parse('2026-12-01T12:00:00Z');

/** A 3-day Kp forecast issued at noon: Kp 6 through the first night, then 2. */
function kpForecast(issued = ISSUED) {
  const rows = [];
  for (let t = Date.parse('2026-12-01T00:00:00Z'); t < issued + 3 * DAY; t += 3 * HOUR)
    rows.push({ t, kp: t < Date.parse('2026-12-02T12:00:00Z') ? 6 : 2 });
  return { issued, rows };
}

/** A 27-day outlook issued the Monday before: largest Kp 4 every day. */
const OUTLOOK = {
  issued: Date.parse('2026-11-30T02:02:00Z'),
  rows: Array.from({ length: 27 }, (_, i) => ({
    day: Date.parse('2026-11-30T00:00:00Z') + i * DAY,
    kp: 4,
  })),
};

const PLACE = {
  id: 'p1',
  name: 'Tromsø, the bridge',
  ...TROMSO,
  modified: Date.parse('2026-11-20T10:00:00Z'),
};

function inputs(over: Partial<FeedInputs> = {}): FeedInputs {
  return { place: PLACE, kpForecast: kpForecast(), outlook: OUTLOOK, now: NOW, ...over };
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)),
  };
}

describe('the calendar feed’s answer', () => {
  it('holds the place’s 14 nights with the Kp forecast where it reaches and the outlook beyond, asking to be refreshed every 3 hours', () => {
    const { body } = planFeed(inputs());
    const { calendar, events } = parse(body);
    // ical.js does not unescape an X- property's TEXT: the comma stays escaped.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      'Aurora nights: Tromsø\\, the bridge',
    );
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT3H');
    expect(FEED_REFRESH_MINUTES).toBe(180);
    expect(events).toHaveLength(14);
    expect(events.every((e) => e.location === PLACE.name)).toBe(true);
    expect(events[0]!.summary).toBe('Aurora window: Kp 6 forecast');
    expect(events[2]!.summary).toBe('Aurora window: Kp 2 forecast');
    expect(events[13]!.summary).toBe('Aurora window: Kp 4 in the 27-day outlook (low confidence)');
    const nights = planNights({ place: TROMSO, now: NOW });
    expect(events[0]!.startDate.toJSDate().getTime()).toBe(
      Math.round(nights[0]!.dark!.from / 1000) * 1000,
    );
    expect(body).not.toContain('GEO:');
  });

  it('says “no Kp forecast yet” when the archive holds no forecast at all', () => {
    const { events } = parse(planFeed(inputs({ kpForecast: null, outlook: null })).body);
    expect(events[0]!.summary).toBe('Aurora window: no Kp forecast yet');
  });

  it('is dated by the newest of its inputs: a new forecast issue, a renamed place, or a new first night', () => {
    const { revised, body } = planFeed(inputs());
    // Issued at noon, after the place was saved and after tonight became the first night.
    expect(revised).toBe(ISSUED);
    const stamp = parse(body)
      .calendar.getFirstSubcomponent('vevent')!
      .getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.toJSDate().getTime()).toBe(ISSUED);
    const renamed = planFeed(
      inputs({ place: { ...PLACE, name: 'Bridge', modified: ISSUED + HOUR } }),
    );
    expect(renamed.revised).toBe(ISSUED + HOUR);
    const reissued = planFeed(
      inputs({ kpForecast: kpForecast(ISSUED + 3 * HOUR), now: NOW + 3 * HOUR }),
    );
    expect(reissued.revised).toBe(ISSUED + 3 * HOUR);
    // Two days on with the same inputs: the plan starts a night later, and says when that began.
    const later = planFeed(inputs({ now: NOW + 2 * DAY }));
    expect(later.revised).toBeGreaterThan(ISSUED);
    expect(later.revised).toBeLessThanOrEqual(NOW + 2 * DAY);
    expect(later.body).not.toBe(planFeed(inputs()).body);
  });

  it('gives the same bytes to every poll while nothing it says has changed', () => {
    const first = planFeed(inputs());
    for (const dt of [60_000, 9 * 60_000, HOUR, 5 * HOUR])
      expect(planFeed(inputs({ now: NOW + dt }))).toEqual(first);
  });

  it('finds the half hour since which the plan has started with its first night', () => {
    for (const now of [
      NOW,
      Date.parse('2026-06-21T09:00:00Z'),
      Date.parse('2026-03-20T07:40:00Z'),
    ]) {
      const slot = Math.floor(now / (30 * 60_000)) * 30 * 60_000;
      const since = firstNightSince(slot, TROMSO.lat, TROMSO.lon);
      const end = tonightSpan(slot, TROMSO.lat, TROMSO.lon).to;
      expect(since).toBeLessThanOrEqual(slot);
      expect(tonightSpan(since, TROMSO.lat, TROMSO.lon).to).toBe(end);
      expect(tonightSpan(since - 30 * 60_000, TROMSO.lat, TROMSO.lon).to).not.toBe(end);
    }
  });
});
