import { describe, expect, it } from 'vitest';
import { briefPushes, runStormNight, STORM_NIGHT_PUSHES } from '../../../support/stormNightRun.ts';

/**
 * The constructed storm night (tests/fixtures/constructed/stormNight.ts) through the one alert
 * engine: what each of four subscribers in Tromsø, Edinburgh and Hobart is sent.
 */
const night = runStormNight();
const brief = briefPushes(night.pushes);
const of = (subscriber: string) => night.pushes.filter((p) => p.subscriber === subscriber);
const noteAt = (subscriber: string, hhmm: string) =>
  night.notes[subscriber]!.find((n) => n.startsWith(hhmm));

describe('a storm night through the alert engine', () => {
  it('sends Tromsø, Edinburgh and Hobart exactly the pushes a person would want', () => {
    expect(brief).toEqual(STORM_NIGHT_PUSHES);
  });

  it('sends nothing in daylight: Hobart hears of the storm in its night, not of Kp 8 in its morning', () => {
    expect(of('hobart').map((p) => p.at)).toEqual(['2026-12-08T13:00:00.000Z']);
    expect(noteAt('hobart', '19:30')).toBe('19:30 NO: daylight');
    expect(noteAt('edinburgh', '14:00')).toBe('14:00 NO: daylight');
  });

  it('sends nothing under 75 % low cloud or more, though the oval is overhead in the dark', () => {
    expect(noteAt('tromso', '15:30')).toBe('15:30 NO: 85 % low cloud');
    expect(of('tromso')[0]!.at).toBe('2026-12-08T16:00:00.000Z');
  });

  it('alerts once per event: a cloud dip shorter than an hour is the same display', () => {
    expect(noteAt('tromso', '18:30')).toBe('18:30 NO (80 % low cloud): event held');
    expect(noteAt('tromso', '19:00')).toBe('19:00 GO: event on');
    expect(of('tromso').filter((p) => p.type === 'aurora-visible')).toHaveLength(2);
  });

  it('alerts again only as Kp rises a whole level, never as it falls', () => {
    expect(of('edinburgh-kp').map((p) => p.title)).toEqual([
      'Aurora alert: Kp 5.33',
      'Aurora alert: Kp up to 6.33',
      'Aurora alert: Kp up to 7',
      'Aurora alert: Kp up to 8',
      'Aurora alert over',
    ]);
    expect(noteAt('edinburgh-kp', '14:30')).toBe('14:30 Kp 5.67: event on');
  });

  it('holds a fourth alert in six hours until the first is six hours old', () => {
    expect(noteAt('edinburgh-kp', '17:30')).toBe('17:30 Kp 8: event on; 3 alerts in 6 h: held');
    expect(of('edinburgh-kp')[3]!.at).toBe('2026-12-08T19:00:00.000Z');
  });

  it('sends an all-clear once after an alert, only to those who asked for one', () => {
    expect(
      of('tromso')
        .filter((p) => p.type === 'all-clear')
        .map((p) => p.body),
    ).toEqual(['For an hour now: 85 % low cloud.', 'For an hour now: twilight.']);
    expect(of('edinburgh-kp').at(-1)!.body).toBe(
      'Geomagnetic activity has eased to Kp 3.67, below your threshold of 5.',
    );
    expect(of('edinburgh').some((p) => p.type === 'all-clear')).toBe(false);
    expect(of('hobart').some((p) => p.type === 'all-clear')).toBe(false);
  });

  it('delivers an event still on when quiet hours end, and drops one that ended inside them', () => {
    expect(noteAt('tromso', '22:00')).toBe('22:00 GO: event starts; quiet hours: held');
    expect(of('tromso')[2]).toMatchObject({
      at: '2026-12-09T05:00:00.000Z',
      type: 'aurora-visible',
    });
    expect(noteAt('edinburgh', '01:00')).toBe('01:00 GO: event starts; quiet hours: held');
    expect(noteAt('edinburgh', '03:30')).toBe('03:30 NO for an hour (80 % low cloud): event ends');
    expect(of('edinburgh').map((p) => p.at)).toEqual([
      '2026-12-08T17:00:00.000Z',
      '2026-12-08T23:00:00.000Z',
    ]);
  });

  it('says where to look, how cloudy it is and how old the data is', () => {
    expect(of('tromso')[0]).toMatchObject({
      title: 'Aurora likely visible from Tromsø now',
      body: 'Aurora likely visible now — look low to the S · cloud 10 % · aurora map 5 min ago, clouds 20 min ago',
    });
    expect(of('edinburgh')[0]!.body).toContain('look up, it is overhead');
  });

  it('never alerts from a replayed cloud sample', () => {
    const replayed = runStormNight({
      cloud: (s, t) => ({
        total: 0,
        low: 0,
        medium: 0,
        high: 0,
        replay: s === 'tromso',
        updatedAt: t,
      }),
    });
    expect(replayed.pushes.filter((p) => p.subscriber === 'tromso')).toEqual([]);
    expect(replayed.notes['tromso']!.find((n) => n.startsWith('17:00'))).toBe(
      '17:00 sky unknown: clouds are a replayed sample',
    );
    expect(replayed.pushes.filter((p) => p.subscriber === 'edinburgh').length).toBeGreaterThan(0);
  });

  it('never alerts from a cloud forecast older than its window', () => {
    const old = runStormNight({
      cloud: (_s, t) => ({ total: 0, low: 0, medium: 0, high: 0, updatedAt: t - 7 * 3_600_000 }),
    });
    expect(old.pushes.filter((p) => p.type === 'aurora-visible')).toEqual([]);
  });
});
