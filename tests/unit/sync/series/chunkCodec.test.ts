import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SeriesBatch } from '../../../../core/model.ts';
import type { SeriesChunk, SeriesChunkDoc } from '../../../../sync/schemas/series.ts';
import { decodeChunk, decodeValues, encodeChunk } from '../../../../sync/series/chunkCodec.ts';
import { mergeChunks } from '../../../../sync/series/mergeChunks.ts';
import { splitBatchIntoChunks } from '../../../../sync/series/splitBatchIntoChunks.ts';
import { chunkArb, DAY, MIN } from './chunkArb.ts';
import { normaliseMagneticField } from '../../../../core/normalise/magneticField.ts';
import { normaliseSolarWind } from '../../../../core/normalise/solarWind.ts';
import { recorded, skipWithoutRecordings } from '../../../support/recordedFixtures.ts';

const SKIP = skipWithoutRecordings();

const MAG = ['bt', 'bx', 'by', 'bz', 'lat', 'lon'];

/** A day of the magnetic field as the live app writes it: a poll a minute, each bringing a new row. */
function liveMagDay(): SeriesChunk {
  let day: SeriesChunk | null = null;
  for (let i = 0; i < 1440; i++) {
    const fields: SeriesBatch['fields'] = {};
    for (const [k, name] of MAG.entries())
      fields[name] = [
        i % 97 === 0 && k === 5 ? null : Math.round(Math.sin(i / 50 + k) * 1000) / 100,
      ];
    const [chunk] = splitBatchIntoChunks(
      { product: 'solar-wind-mag', t: [DAY + i * MIN], fields, source: 'DSCOVR' },
      { fetchedAt: DAY + i * MIN + 40_000 + ((i * 7919) % 900) },
    );
    day = day ? mergeChunks(day, chunk!) : chunk!;
  }
  return day!;
}

/** The document as it was stored before the short integer form: every column JSON. */
function jsonDoc(c: SeriesChunk): SeriesChunkDoc {
  const fields: Record<string, string> = {};
  const fetched: Record<string, string> = {};
  for (const name of Object.keys(c.fields)) {
    fields[name] = JSON.stringify(c.fields[name]);
    fetched[name] = JSON.stringify(c.fetched[name]);
  }
  return { ...encodeChunk(c), t: JSON.stringify(c.t), fields, fetched };
}

describe('the series chunk codec', () => {
  it('decodes what it encodes, for any chunk writers can produce', () => {
    fc.assert(
      fc.property(chunkArb, (c) => {
        expect(decodeChunk(encodeChunk(c))).toEqual(c);
        expect(decodeValues(encodeChunk(c))).toEqual({ t: c.t, fields: c.fields });
      }),
    );
  });

  it('still reads documents stored as JSON, and a merge rewrites them in the short form', () => {
    fc.assert(
      fc.property(chunkArb, chunkArb, (a, b) => {
        const old = jsonDoc(a);
        expect(decodeChunk(old)).toEqual(a);
        expect(decodeValues(old)).toEqual({ t: a.t, fields: a.fields });
        expect(encodeChunk(mergeChunks(decodeChunk(old), b))).toEqual(
          encodeChunk(mergeChunks(a, b)),
        );
      }),
    );
  });

  it('stores fields stamped by the same polls once', () => {
    const day = liveMagDay();
    const doc = encodeChunk(day);
    // lon misses a value every 97 minutes, so its fetch times differ; the other five share bt's.
    expect(doc.fetched).toMatchObject({ bx: '=bt', by: '=bt', bz: '=bt', lat: '=bt' });
    expect(doc.fetched.lon!.startsWith('~')).toBe(true);
    expect(doc.t).toBe(`~${DAY},${MIN}*1439`);
    expect(decodeChunk(doc)).toEqual(day);
    // The whole document is under a third of its JSON form (185 KB → under 62 KB).
    const size = (d: SeriesChunkDoc) => JSON.stringify(d).length;
    expect(size(doc)).toBeLessThan(size(jsonDoc(day)) / 3);
  });

  it('refuses a fetch-time reference to a field that has none', () => {
    const doc = encodeChunk(liveMagDay());
    expect(() => decodeChunk({ ...doc, fetched: { ...doc.fetched, bt: '=bx' } })).toThrow(
      /refer to bx/,
    );
    const { bt: _bt, ...noBt } = doc.fetched;
    expect(() => decodeChunk({ ...doc, fetched: noBt })).toThrow(/refer to bt/);
  });
});

/**
 * IndexedDB keeps a value over 64 KiB in a file of its own beside the database (Chromium's
 * `.indexeddb.blob` folder) and reads it back through that file: the old JSON form of a day of the
 * magnetic field (~190 KB) took 5× longer to read than the short form (sync/CONTEXT.md).
 */
describe.skipIf(SKIP)('a recorded week, stored as the live app stores it', () => {
  it.each([
    ['mag-7-day.json', normaliseMagneticField],
    ['plasma-7-day.json', normaliseSolarWind],
  ] as const)('keeps every day of %s under 64 KiB', (file, normalise) => {
    const r = normalise(recorded(file), { now: Date.UTC(2030, 0, 1) });
    if (!r.ok) throw new Error(r.error);
    const [batch] = r.series;
    const days = new Map<string, SeriesChunk>();
    // A poll a minute, each bringing the newest row, stamped 40–41 s after it.
    for (let i = 0; i < batch!.t.length; i++) {
      const row: SeriesBatch = {
        ...batch!,
        t: [batch!.t[i]!],
        fields: Object.fromEntries(
          Object.entries(batch!.fields).map(([k, v]) => [k, [v[i] ?? null]]),
        ),
      };
      for (const c of splitBatchIntoChunks(row, {
        fetchedAt: row.t[0]! + 40_000 + ((i * 7919) % 900),
      }))
        days.set(c.id, days.has(c.id) ? mergeChunks(days.get(c.id)!, c) : c);
    }
    expect(days.size).toBeGreaterThanOrEqual(7);
    for (const day of days.values()) {
      const doc = encodeChunk(day);
      expect(decodeChunk(doc)).toEqual(day);
      expect(JSON.stringify(doc).length, day.id).toBeLessThan(64 * 1024);
    }
  });
});
