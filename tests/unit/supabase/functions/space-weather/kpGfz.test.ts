import { describe, expect, it } from 'vitest';
import { createSpaceWeatherHandler } from '../../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../../supabase/functions/space-weather/validate.ts';
import { decodeCompact } from '../../../../../core/compact/compactForm.ts';
import { constructKpGfz } from '../../../../fixtures/gfz/construct.ts';

const NOW = Date.parse('2026-11-22T05:00:00Z');
const GFZ = 'http://gfz.test';

/** The real service and handler; GFZ Potsdam (a third party) is a stand-in that may be down. */
function setup(answer: () => Response) {
  const calls: string[] = [];
  let now = NOW;
  const service = new SpaceWeatherService({
    baseUrl: 'http://swpc.test',
    gfzBaseUrl: GFZ,
    fetch: (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return answer();
    }) as typeof fetch,
    now: () => now,
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const compact = async () => {
    const res = await handler(
      new Request('http://localhost/functions/v1/space-weather/kp-gfz?format=compact'),
    );
    const decoded = decodeCompact('kp-gfz', await res.text(), { now });
    if (!decoded.ok) throw new Error(decoded.error);
    return { res, batch: decoded.series[0]! };
  };
  return { calls, compact, advance: (ms: number) => (now += ms) };
}

describe('GFZ Potsdam Kp through the space-weather function', () => {
  it('asks GFZ_BASE_URL for Kp over the last 50 whole UTC days, as GFZ’s documented query', async () => {
    const { calls, compact } = setup(() => Response.json(JSON.parse(constructKpGfz())));
    const { res, batch } = await compact();
    expect(calls).toEqual([
      `${GFZ}/app/json/?start=2026-10-04T00:00:00Z&end=2026-11-22T23:59:59Z&index=Kp`,
    ]);
    expect(res.headers.get('x-aurora-source')).toBe('upstream');
    expect(batch.fields.status!.filter((s) => s === 2).length).toBeGreaterThan(100);
  });

  it('replays the constructed file when GFZ cannot be reached, its values marked never to be scored', async () => {
    const { compact } = setup(() => new Response('down', { status: 503 }));
    const { res, batch } = await compact();
    expect(res.headers.get('x-aurora-source')).toBe('replay');
    expect(res.headers.get('x-aurora-data-time')).toBe('2026-11-20T21:00:00.000Z');
    expect(batch.t).toHaveLength(360);
    expect(new Set(batch.fields.status)).toEqual(new Set([0]));
  });

  it('serves the definitive values once GFZ has published them in place of the nowcast', async () => {
    let body = constructKpGfz();
    const { compact, advance } = setup(() => Response.json(JSON.parse(body)));
    const before = (await compact()).batch;
    const nowcast = before.fields.status!.findIndex((s) => s === 1);
    expect(nowcast).toBeGreaterThan(0);
    const doc = JSON.parse(body) as { status: string[] };
    doc.status = doc.status.map(() => 'def');
    body = JSON.stringify(doc);
    advance(61 * 60_000);
    const after = (await compact()).batch;
    expect(after.t[nowcast]).toBe(before.t[nowcast]);
    expect(after.fields.status![nowcast]).toBe(2);
  });
});
