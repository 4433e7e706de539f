import { describe, expect, it } from 'vitest';
import {
  answerLastModified,
  WeatherAnswers,
} from '../../../../../supabase/functions/weather/answer.ts';
import {
  createWeatherHandler,
  type PointAnswer,
} from '../../../../../supabase/functions/weather/handler.ts';
import type { PointOutcome } from '../../../../../supabase/functions/weather/service.ts';
import { EDINBURGH, fakeUpstream, ok, setup, TROMSO } from './weatherStandIns.ts';

/** The weather function’s validators (issue 12): ETag, Last-Modified, 304s, HEAD. */

describe('weather function: validators (issue 12)', () => {
  const Q = '?lat=69.65&lon=18.96&radius=0';

  it('answers a second identical request carrying the ETag with a 304, no body and the same validators and cache headers', async () => {
    const upstream = fakeUpstream(() => ok(TROMSO));
    const { get, advance } = setup(upstream);
    const first = await get(Q);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"wx-[0-9a-f]{32}"$/);
    // The newest model run in the answer (Tromsø's 11:20 run).
    expect(first.headers.get('last-modified')).toBe('Fri, 15 Jan 2027 11:20:00 GMT');
    expect(first.headers.get('access-control-expose-headers')).toContain('etag');
    expect(first.headers.get('access-control-expose-headers')).toContain('last-modified');
    await first.arrayBuffer();
    advance(60_000);
    const again = await get(Q, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('last-modified')).toBe('Fri, 15 Jan 2027 11:20:00 GMT');
    expect(again.headers.get('cache-control')).toBe('public, max-age=1740, stale-if-error=86400');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect(upstream.calls).toHaveLength(1);
  });

  it('keeps the ETag across an upstream 304, and answers a changed upstream forecast with a 200 and a new ETag', async () => {
    let answer: 'tromso' | 'not-modified' | 'edinburgh' = 'tromso';
    const upstream = fakeUpstream(() =>
      answer === 'not-modified'
        ? new Response(null, { status: 304, headers: { expires: 'Fri, 15 Jan 2027 14:30:00 GMT' } })
        : ok(answer === 'tromso' ? TROMSO : EDINBURGH),
    );
    const { get, advance } = setup(upstream);
    const first = await get(Q);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    advance(31 * 60_000);
    answer = 'not-modified';
    const revalidated = await get(Q, { 'if-none-match': etag });
    expect(upstream.calls).toHaveLength(2);
    expect(revalidated.status).toBe(304);
    advance(61 * 60_000);
    answer = 'edinburgh';
    const changed = await get(Q, { 'if-none-match': etag });
    expect(upstream.calls).toHaveLength(3);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { place: PointAnswer }).place.hours!.low[0]).toBe(96);
    // Edinburgh's run is as old as Tromsø's: Last-Modified still moves on, so a client holding
    // only the date gets the new body too.
    const byDate = await get(Q, { 'if-modified-since': lastModified });
    expect(byDate.status).toBe(200);
    expect(Date.parse(byDate.headers.get('last-modified')!)).toBeGreaterThan(
      Date.parse(lastModified),
    );
  });

  it('matches a weak W/"…" tag (the gateway weakens the ETag of a body it compresses) and any tag of a list', async () => {
    const { get } = setup(fakeUpstream(() => ok(TROMSO)));
    const etag = (await get(Q)).headers.get('etag')!;
    expect((await get(Q, { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await get(Q, { 'if-none-match': `"wx-other", W/${etag}` })).status).toBe(304);
    expect((await get(Q, { 'if-none-match': '"wx-other"' })).status).toBe(200);
  });

  it('lets If-None-Match win over If-Modified-Since, and uses the date only without a tag', async () => {
    const { get } = setup(fakeUpstream(() => ok(TROMSO)));
    const first = await get(Q);
    const etag = first.headers.get('etag')!;
    const later = 'Fri, 15 Jan 2027 12:00:00 GMT';
    const earlier = 'Fri, 15 Jan 2027 11:00:00 GMT';
    const mismatch = await get(Q, { 'if-none-match': '"wx-other"', 'if-modified-since': later });
    expect(mismatch.status).toBe(200);
    expect((await get(Q, { 'if-none-match': etag, 'if-modified-since': earlier })).status).toBe(
      304,
    );
    expect((await get(Q, { 'if-modified-since': later })).status).toBe(304);
    expect(
      (await get(Q, { 'if-modified-since': first.headers.get('last-modified')! })).status,
    ).toBe(304);
    expect((await get(Q, { 'if-modified-since': earlier })).status).toBe(200);
  });

  it('answers HEAD with the same validators and a 304 when they match', async () => {
    const { get, service } = setup(fakeUpstream(() => ok(TROMSO)));
    const handler = createWeatherHandler(() => service);
    const etag = (await get(Q)).headers.get('etag')!;
    const head = await handler(
      new Request(`http://localhost/functions/v1/weather${Q}`, { method: 'HEAD' }),
    );
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    const headMatch = await handler(
      new Request(`http://localhost/functions/v1/weather${Q}`, {
        method: 'HEAD',
        headers: { 'if-none-match': etag },
      }),
    );
    expect(headMatch.status).toBe(304);
  });

  it('gives a replay one ETag for the hour it is moved to, and a new one the next hour', async () => {
    const { get, advance } = setup(fakeUpstream(() => Promise.reject(new TypeError('down'))));
    const first = await get('?lat=69.65&lon=18.96&radius=1');
    const etag = first.headers.get('etag')!;
    advance(20 * 60_000);
    expect((await get('?lat=69.65&lon=18.96&radius=1', { 'if-none-match': etag })).status).toBe(
      304,
    );
    advance(45 * 60_000);
    const nextHour = await get('?lat=69.65&lon=18.96&radius=1', { 'if-none-match': etag });
    expect(nextHour.status).toBe(200);
    expect(nextHour.headers.get('etag')).not.toBe(etag);
    expect(nextHour.headers.get('last-modified')).toBe('Fri, 15 Jan 2027 13:20:00 GMT');
  });

  it('serialises and hashes an answer once per change of its forecasts, not per request', async () => {
    const { service } = setup(fakeUpstream(() => ok(TROMSO)));
    const answers = new WeatherAnswers();
    const servedOf = (o: PointOutcome) => (o.kind === 'served' ? o.served : null);
    const served = [servedOf(await service.get({ lat: 69.7, lon: 19, key: '69.7_19.0' }))];
    let builds = 0;
    const build = () => {
      builds++;
      return { n: 1 };
    };
    const a = await answers.get('69.7_19.0', served, build, 0);
    const b = await answers.get('69.7_19.0', served, build, 0);
    expect(b).toBe(a);
    expect(builds).toBe(1);
    // The same forecast served again from memory (a new ServedForecast, the same forecast object).
    await answers.get(
      '69.7_19.0',
      [servedOf(await service.get({ lat: 69.7, lon: 19, key: '69.7_19.0' }))],
      build,
      0,
    );
    expect(builds).toBe(1);
    await answers.get('69.7_19.0', [null], build, 0);
    expect(builds).toBe(2);
  });

  it('moves Last-Modified past the previous answer’s when a changed answer’s newest run is not later', () => {
    const t = Date.parse('2027-01-15T11:20:00Z');
    expect(answerLastModified([null, t, t - 3_600_000], null, t + 99)).toBe(t);
    expect(answerLastModified([null, null], t, t + 99)).toBeNull();
    expect(answerLastModified([t + 3_600_000], t, t + 99)).toBe(t + 3_600_000);
    expect(answerLastModified([t - 3_600_000], t, t + 7_200_000)).toBe(t + 7_200_000);
    expect(answerLastModified([t], t, t + 10)).toBe(t + 1000);
  });
});
