import { describe, expect, it } from 'vitest';
import { normalise, sdoLatestUrl } from '../../../../core/normalise/index.ts';
import type {
  AlertData,
  IcaoAdvisoryData,
  SdoImagesData,
} from '../../../../core/normalise/index.ts';
import type { ProductRecord } from '../../../../core/model.ts';
import { NOW, handwritten } from '../../../support/fixtureFiles.ts';

// Inputs here are hand-written (no real copy exists in the fixtures): see handwritten/PROVENANCE.md.

/** The hand-written advisories run to 2026-12-31 18:00Z; issue times after `now` are refused. */
const AFTER_ADVISORIES = Date.UTC(2027, 0, 1, 12);

function products<T>(
  resource: 'alerts' | 'icao-advisories' | 'sdo-images',
  body: string,
  now = NOW,
) {
  const r = normalise(resource, body, { now });
  if (!r.ok) throw new Error(r.error);
  return { list: r.products as ProductRecord<T>[], r };
}

describe('SWPC alerts, watches and warnings', () => {
  it('parses code, serial, issue time, NOAA scale and validity from each bulletin', () => {
    const { list } = products<AlertData>('alerts', handwritten('alerts.json'));
    const k05 = list.find((p) => p.data.productId === 'K05A');
    expect(k05?.id).toBe('alert/K05A/2026-07-04T07:15:00.000Z');
    expect(k05?.issued).toBe(Date.UTC(2026, 6, 4, 7, 15));
    expect(k05?.data).toMatchObject({
      messageCode: 'ALTK05',
      serial: 2033,
      type: 'alert',
      title: 'Geomagnetic K-index of 5',
      scale: { kind: 'G', level: 1, label: 'Minor' },
      thresholdReached: Date.UTC(2026, 6, 4, 7, 13),
    });
    const k04 = list.find((p) => p.data.productId === 'K04W');
    expect(k04?.data).toMatchObject({
      type: 'warning',
      validFrom: Date.UTC(2026, 6, 4, 5, 40),
      validTo: Date.UTC(2026, 6, 4, 18),
      scale: null,
    });
    expect(list.find((p) => p.data.productId === 'EF3A')?.data).toMatchObject({
      type: 'alert',
      beginTime: Date.UTC(2026, 6, 1, 14, 55),
    });
    expect(list.find((p) => p.data.productId === 'A20F')?.data).toMatchObject({
      type: 'watch',
      scale: { kind: 'G', level: 2 },
    });
  });

  it('stores a bulletin seen twice once (product id + issue time)', () => {
    const { list } = products<AlertData>('alerts', handwritten('alerts.json'));
    expect(list).toHaveLength(4);
    expect(new Set(list.map((p) => p.id)).size).toBe(4);
    for (let i = 1; i < list.length; i++)
      expect(list[i]?.issued).toBeGreaterThanOrEqual(list[i - 1]?.issued ?? 0);
  });

  it('lists a warning as in force only while its Valid To is ahead', () => {
    expect(
      products('alerts', handwritten('alerts.json'), Date.UTC(2026, 6, 4, 12)).r.summary.inForce,
    ).toEqual(['alert/K04W/2026-07-04T05:40:00.000Z']);
    expect(
      products('alerts', handwritten('alerts.json'), Date.UTC(2026, 6, 5)).r.summary.inForce,
    ).toEqual([]);
  });

  it('accepts an empty list as a quiet sky, not an error', () => {
    const { list, r } = products('alerts', '[]');
    expect(list).toEqual([]);
    expect(r.dataTime).toBeNull();
  });

  it('rejects a list in which no item is an SWPC bulletin', () => {
    expect(
      normalise('alerts', '[{"id":1},{"product_id":"X","message":"hello"}]', { now: NOW }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('no usable bulletin') });
  });
});

describe('ICAO space weather advisories', () => {
  it('parses both advisories, the ZCZC/NNNN-framed one included', () => {
    const { list } = products<IcaoAdvisoryData>(
      'icao-advisories',
      handwritten('icao-advisories.txt'),
      AFTER_ADVISORIES,
    );
    expect(list.map((p) => p.id)).toEqual([
      'icao-advisory/SWPC-2026/47/2026-07-04T06:00:00.000Z',
      'icao-advisory/SWPC-2026/48/2026-12-31T18:00:00.000Z',
    ]);
    const first = list[0]?.data;
    expect(first).toMatchObject({
      status: 'TEST',
      swxc: 'SWPC',
      advisoryNumber: '2026/47',
      replaces: '2026/46',
      effects: [
        { type: 'HF COM', severity: 'MOD' },
        { type: 'GNSS', severity: 'MOD' },
      ],
      nextAdvisory: Date.UTC(2026, 6, 4, 12),
      noFurtherAdvisories: false,
    });
    expect(first?.areas.map((a) => a.offsetHours)).toEqual([0, 6, 12, 18, 24]);
    expect(first?.areas[0]).toMatchObject({
      time: Date.UTC(2026, 6, 4, 5, 45),
      bands: ['HNH', 'HSH'],
    });
    expect(first?.areas[3]).toMatchObject({
      time: Date.UTC(2026, 6, 5, 0),
      noneExpected: true,
      bands: [],
    });
    expect(first?.remark).toBe(
      'GEOMAGNETIC STORMING CONTINUES DUE TO CME ARRIVAL. MOD DEGRADATION OF HF COM AND GNSS POSS IN THE AURORAL ZONE.',
    );
  });

  it('rolls the forecast days over the year end of the DTG', () => {
    const { list } = products<IcaoAdvisoryData>(
      'icao-advisories',
      handwritten('icao-advisories.txt'),
      AFTER_ADVISORIES,
    );
    const second = list[1]?.data;
    expect(second?.effects).toEqual([{ type: 'RADIATION', severity: 'SEV' }]);
    expect(second?.areas[1]?.time).toBe(Date.UTC(2027, 0, 1, 0));
    expect(second?.areas[3]).toMatchObject({ notAvailable: true });
    expect(second?.noFurtherAdvisories).toBe(true);
  });

  it('accepts advisories wrapped in a JSON array of messages', () => {
    const text = handwritten('icao-advisories.txt');
    const { list } = products<IcaoAdvisoryData>(
      'icao-advisories',
      JSON.stringify([{ message: text }]),
      AFTER_ADVISORIES,
    );
    expect(list).toHaveLength(2);
  });

  it('rejects text that holds no advisory, and an advisory without its DTG', () => {
    expect(normalise('icao-advisories', 'NOTHING TO SEE', { now: NOW })).toMatchObject({
      ok: false,
      error: 'icao-advisories: changed shape: no "SWX ADVISORY" found',
    });
    const noDtg =
      handwritten('icao-advisories.txt')
        .split('ZCZC')[0]
        ?.replace(/^DTG:.*$/m, '') ?? '';
    expect(normalise('icao-advisories', noDtg, { now: NOW })).toMatchObject({
      ok: false,
      error: expect.stringContaining('no readable advisory'),
    });
  });
});

describe('SDO latest images', () => {
  it('builds the SDO latest URL per channel', () => {
    expect(sdoLatestUrl('0171')).toBe(
      'https://sdo.gsfc.nasa.gov/assets/img/latest/latest_1024_0171.jpg',
    );
    expect(sdoLatestUrl('HMIB', 512)).toBe(
      'https://sdo.gsfc.nasa.gov/assets/img/latest/latest_512_HMIB.jpg',
    );
  });

  it('keeps the eight channels with their Last-Modified times and names', () => {
    const { list, r } = products<SdoImagesData>('sdo-images', handwritten('sdo-images.json'));
    const images = list[0]?.data.images ?? [];
    expect(images).toHaveLength(8);
    expect(images.find((i) => i.channel === 'HMIB')).toMatchObject({
      label: 'HMI magnetogram',
      time: Date.UTC(2026, 10, 22, 3, 58, 10),
    });
    expect(r.dataTime).toBe(Date.UTC(2026, 10, 22, 4, 12, 17));
    expect(r.schemaDrift).toBe(false);
  });

  it('refuses non-web URLs and flags unknown channels as drift', () => {
    const body = JSON.stringify([
      { channel: '0171', url: 'javascript:alert(1)', time: null },
      {
        channel: '0094',
        url: 'https://sdo.gsfc.nasa.gov/assets/img/latest/latest_1024_0094.jpg',
        time: null,
      },
    ]);
    const { list, r } = products<SdoImagesData>('sdo-images', body);
    expect(list[0]?.data.images.map((i) => i.channel)).toEqual(['0094']);
    expect(r.schemaDrift).toBe(true);
    expect(r.summary.skipped).toBe(1);
  });
});
