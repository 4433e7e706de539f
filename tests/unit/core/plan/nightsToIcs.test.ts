/**
 * The plan as an .ics file, parsed back with ical.js (a maintained RFC 5545 parser, the one
 * Thunderbird's calendar uses), at known dates: the new moon of 2024-04-08 in Edinburgh, the
 * midnight sun and polar night in Tromsø (sources in planNights.test.ts).
 */
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { planNights } from '../../../../core/plan/planNights.ts';
import {
  nightEvents,
  nightUid,
  toIcs,
  windowEvent,
  type IcsPlace,
} from '../../../../core/plan/nightsToIcs.ts';
import { EDINBURGH, TROMSO } from '../../../support/tonightPlaces.ts';

const at = (iso: string) => Date.parse(iso);
const ARTHURS_SEAT: IcsPlace = { name: 'Arthur’s Seat, Edinburgh; the top', ...EDINBURGH };

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)),
  };
}

function planIcs(now: number, place: IcsPlace, includeCoordinates = false) {
  const nights = planNights({ place, now });
  return toIcs(
    nightEvents(nights, place, { includeCoordinates }),
    { now },
    `Aurora nights: ${place.name}`,
  );
}

describe('the plan as an iCalendar file', () => {
  it('parses with ical.js into one event per dark night, in UTC, with the place’s name', () => {
    const now = at('2024-04-08T15:00:00Z');
    const text = planIcs(now, ARTHURS_SEAT);
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(events).toHaveLength(14);
    const first = events[0]!;
    expect(first.location).toBe(ARTHURS_SEAT.name);
    expect(first.startDate.zone?.tzid).toBe('UTC');
    expect(first.endDate.zone?.tzid).toBe('UTC');
    const night = planNights({ place: EDINBURGH, now })[0]!;
    expect(first.startDate.toJSDate().getTime()).toBe(Math.round(night.dark!.from / 1000) * 1000);
    expect(first.endDate.toJSDate().getTime()).toBe(Math.round(night.dark!.to / 1000) * 1000);
    expect(first.description).toContain('new moon');
  });

  it('uses CRLF line ends and folds no line past 75 octets', () => {
    const text = planIcs(at('2024-04-08T15:00:00Z'), {
      ...EDINBURGH,
      name: 'Ørnes — a long name with non-ASCII letters æøå to force folding ÆØÅ',
    });
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) {
      expect(line.includes('\n')).toBe(false);
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(parse(text).events[0]!.location).toBe(
      'Ørnes — a long name with non-ASCII letters æøå to force folding ÆØÅ',
    );
  });

  it('has no alarms', () => {
    const text = planIcs(at('2024-04-08T15:00:00Z'), ARTHURS_SEAT);
    expect(text).not.toContain('VALARM');
    expect(
      parse(text).calendar.getAllSubcomponents('vevent')[0]!.getAllSubcomponents('valarm'),
    ).toEqual([]);
  });

  it('keeps the coordinates out unless asked, then puts them in GEO', () => {
    const now = at('2024-04-08T15:00:00Z');
    const plain = planIcs(now, ARTHURS_SEAT);
    expect(plain).not.toContain('GEO');
    expect(plain).not.toMatch(/55\.9|3\.19/);
    const withGeo = parse(planIcs(now, ARTHURS_SEAT, true));
    expect(withGeo.calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('geo')).toEqual([
      55.95, -3.19,
    ]);
  });

  it('gives the same UIDs on a second export, so it replaces the first', () => {
    const first = parse(planIcs(at('2024-04-08T15:00:00Z'), ARTHURS_SEAT)).events;
    const again = parse(planIcs(at('2024-04-08T19:40:00Z'), ARTHURS_SEAT)).events;
    expect(again.map((e) => e.uid)).toEqual(first.map((e) => e.uid));
    expect(new Set(first.map((e) => e.uid)).size).toBe(14);
  });

  it('names a UID by place cell and night: a few streets away is the same cell, another town is not', () => {
    expect(nightUid({ lat: 55.951, lon: -3.191 }, '2024-04-08')).toBe(
      nightUid(EDINBURGH, '2024-04-08'),
    );
    expect(nightUid({ lat: 55.86, lon: -4.25 }, '2024-04-08')).not.toBe(
      nightUid(EDINBURGH, '2024-04-08'),
    );
    expect(nightUid(EDINBURGH, '2024-04-09')).not.toBe(nightUid(EDINBURGH, '2024-04-08'));
    expect(nightUid(EDINBURGH, '2024-04-08')).toMatch(/^night-20240408-[0-9a-f]{8}@aurora-plan$/);
  });

  it('has no event in Tromsø’s midnight sun and one per night in its polar night', () => {
    const tromso: IcsPlace = { name: 'Tromsø', ...TROMSO };
    expect(parse(planIcs(at('2026-06-21T15:00:00Z'), tromso)).events).toHaveLength(0);
    const winter = parse(planIcs(at('2026-12-21T15:00:00Z'), tromso)).events;
    expect(winter).toHaveLength(14);
    expect(winter[0]!.startDate.toJSDate().getUTCHours()).toBeGreaterThanOrEqual(14);
  });

  it('exports a chosen window with the UID of its night', () => {
    const now = at('2024-04-08T15:00:00Z');
    const night = planNights({ place: EDINBURGH, now })[0]!;
    const window = { from: at('2024-04-08T22:00:00Z'), to: at('2024-04-09T01:30:00Z') };
    const event = parse(toIcs([windowEvent(night, window, ARTHURS_SEAT)], { now }, 'Tonight'))
      .events[0]!;
    expect(event.uid).toBe(nightUid(EDINBURGH, '2024-04-08'));
    expect(event.startDate.toJSDate().toISOString()).toBe('2024-04-08T22:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2024-04-09T01:30:00.000Z');
  });

  it('tells a subscribing calendar app how often to ask again (RFC 7986 REFRESH-INTERVAL), and a downloaded file nothing', () => {
    const now = at('2024-04-08T15:00:00Z');
    const events = nightEvents(planNights({ place: EDINBURGH, now }), ARTHURS_SEAT);
    const feed = parse(toIcs(events, { now, refreshMinutes: 180 }, 'Feed')).calendar;
    expect(feed.getFirstProperty('refresh-interval')?.type).toBe('duration');
    expect(String(feed.getFirstPropertyValue('refresh-interval'))).toBe('PT3H');
    expect(String(feed.getFirstPropertyValue('x-published-ttl'))).toBe('PT3H');
    expect(toIcs(events, { now, refreshMinutes: 90 }, 'Feed')).toContain(
      'REFRESH-INTERVAL;VALUE=DURATION:PT90M\r\n',
    );
    const file = toIcs(events, { now }, 'File');
    expect(file).not.toContain('REFRESH-INTERVAL');
    expect(file).not.toContain('X-PUBLISHED-TTL');
  });
});
