/**
 * A stand-in for SWPC (and SDO's "latest" pictures) on loopback whose files change as the real
 * ones do, on a clock the bench moves: a new OVATION frame every 5 minutes, new 1-minute rows in
 * the rtsw files and the 1-minute Kp every minute, a new hemispheric-power row every 5 minutes.
 * Everything else is the file as replayed, unchanged through the hour (answered 304 upstream).
 *
 * Built from the recordings in ../shared/fixtures/noaa when present, else from the constructed
 * bodies (tests/fixtures/swpc; ../bench/swpcBodies.ts): the OVATION frame's values turn one
 * degree of longitude per frame (the oval stays under the Sun while the Earth turns), the rtsw
 * magnetic-field rows are the file's 24 hours replayed with new times, the 1-minute Kp rows the
 * file's ones repeated. No real `rtsw_wind_1m.json` was ever recorded (../shared/fixtures/noaa/
 * SOURCES.md), so the wind file is CONSTRUCTED: the plasma-7-day values, two spacecraft
 * a minute (DSCOVR active, ACE not), in the object form a third-party copy shows (FORMATS.md).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchSwpc } from '../swpcBodies.ts';

const MIN = 60_000;

function isoMinute(t: number): string {
  return new Date(t).toISOString().slice(0, 19);
}

export interface LiveUpstream {
  url: string;
  /** Upstream requests by path (what the function asked SWPC for). */
  requests: Map<string, number>;
  close(): Promise<void>;
}

export async function startLiveUpstream(root: string, now: () => number): Promise<LiveUpstream> {
  const noaa = benchSwpc;

  const ovation = JSON.parse(noaa('ovation_aurora_latest.json')) as {
    'Observation Time': string;
    'Forecast Time': string;
    coordinates: [number, number, number][];
  };
  const magRows = JSON.parse(noaa('rtsw_mag_1m.json')) as Record<string, unknown>[];
  const magActive = magRows.filter((r) => r.active === true).reverse();
  const magInactive = magRows.filter((r) => r.active !== true).reverse();
  const plasma = (JSON.parse(noaa('plasma-7-day.json')) as (string | null)[][]).slice(1);
  const kp1m = JSON.parse(noaa('planetary_k_index_1m.json')) as Record<string, unknown>[];
  const hemi = noaa('aurora-nowcast-hemi-power.txt').split('\n');
  const hemiHeader = hemi.filter((l) => l.startsWith('#'));
  const hemiValues = hemi.filter((l) => /^\d{4}-/.test(l)).map((l) => l.split(/\s+/).slice(2));

  const num = (v: string | null | undefined) => (v == null ? null : Number(v));
  const windRow = (t: number, i: number, active: boolean) => {
    const p = plasma[i % plasma.length]!;
    const speed = num(p[2]);
    return {
      time_tag: isoMinute(t),
      active,
      source: active ? 'DSCOVR' : 'ACE',
      proton_speed: speed,
      proton_temperature: num(p[3]),
      proton_density: num(p[1]),
      proton_vx_gse: speed === null ? null : -speed,
      proton_vy_gse: -3,
      proton_vz_gse: -20.6,
      proton_vx_gsm: speed === null ? null : -speed,
      proton_vy_gsm: -6.4,
      proton_vz_gsm: -19.8,
      proton_quality: 0,
      alpha_quality: null,
      max_telemetry_flag: 0,
      max_data_flag: 0,
      overall_quality: 0,
    };
  };

  /** Each generated file by its minute, so a file is built once per change. */
  const built = new Map<string, { key: number; body: string; etag: string }>();
  const once = (path: string, key: number, make: () => string) => {
    const hit = built.get(path);
    if (hit?.key === key) return hit;
    const body = make();
    const entry = {
      key,
      body,
      etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`,
    };
    built.set(path, entry);
    return entry;
  };

  const files: Record<string, () => { key: number; body: string; etag: string }> = {
    'json/ovation_aurora_latest.json': () => {
      const frame = Math.floor(now() / (5 * MIN));
      return once('ovation', frame, () => {
        const observed = frame * 5 * MIN;
        const turn = frame % 360;
        const values = ovation.coordinates.map((c) => c[2]);
        // The file lists 181 latitudes per longitude: one longitude further is 181 entries on.
        // Written as SWPC writes it (", " and ": " separators), so its size is the real one.
        const cells = ovation.coordinates.map(
          ([lon, lat], i) => `[${lon}, ${lat}, ${values[(i + turn * 181) % values.length]}]`,
        );
        const time = (t: number) => new Date(t).toISOString().replace('.000', '');
        return `{"Observation Time": "${time(observed)}", "Forecast Time": "${time(observed + 30 * MIN)}", "Data Format": "[Longitude, Latitude, Aurora]", "coordinates": [${cells.join(', ')}]}`;
      });
    },
    'json/rtsw/rtsw_mag_1m.json': () => {
      const minute = Math.floor(now() / MIN);
      return once('mag', minute, () => {
        const rows: unknown[] = [];
        for (let k = 0; k < 1440; k++) {
          const m = minute - k;
          const t = m * MIN;
          const a = magActive[m % magActive.length]!;
          const b = magInactive[m % magInactive.length]!;
          rows.push({ ...a, time_tag: isoMinute(t) }, { ...b, time_tag: isoMinute(t) });
        }
        return JSON.stringify(rows);
      });
    },
    'json/rtsw/rtsw_wind_1m.json': () => {
      const minute = Math.floor(now() / MIN);
      return once('wind', minute, () => {
        const rows: unknown[] = [];
        for (let k = 0; k < 1440; k++) {
          const m = minute - k;
          rows.push(windRow(m * MIN, m, true), windRow(m * MIN, m + 7, false));
        }
        return JSON.stringify(rows);
      });
    },
    'json/planetary_k_index_1m.json': () => {
      const minute = Math.floor(now() / MIN);
      return once('kp1m', minute, () =>
        JSON.stringify(
          kp1m.map((r, i) => ({
            ...r,
            time_tag: isoMinute((minute - (kp1m.length - 1 - i)) * MIN),
          })),
        ),
      );
    },
    'text/aurora-nowcast-hemi-power.txt': () => {
      const step = Math.floor(now() / (5 * MIN));
      return once('hemi', step, () => {
        const dayStart = Math.floor(now() / (24 * 60 * MIN)) * 24 * 60 * MIN;
        const lines: string[] = [...hemiHeader];
        for (let s = dayStart / (5 * MIN); s <= step; s++) {
          const v = hemiValues[s % hemiValues.length]!;
          const t = s * 5 * MIN;
          const fmt = (x: number) => new Date(x).toISOString().slice(0, 16).replace('T', '_');
          lines.push(`${fmt(t)}    ${fmt(t + 89 * MIN)}      ${v[0]}      ${v[1]}`);
        }
        return lines.join('\n');
      });
    },
  };
  const STATIC: Record<string, string> = {
    'products/noaa-planetary-k-index.json': 'noaa-planetary-k-index.json',
    'text/3-day-forecast.txt': '3-day-forecast.txt',
    'text/3-day-geomag-forecast.txt': '3-day-geomag-forecast.txt',
    'json/solar-cycle/observed-solar-cycle-indices.json': 'observed-solar-cycle-indices.json',
    'json/solar-cycle/predicted-solar-cycle.json': 'predicted-solar-cycle.json',
    'products/noaa-planetary-k-index-forecast.json': 'noaa-planetary-k-index-forecast.json',
    'text/27-day-outlook.txt': '27-day-outlook.txt',
    'products/alerts.json': '2026-10-04/alerts.json',
  };
  for (const [path, file] of Object.entries(STATIC)) {
    const body = noaa(file);
    const entry = {
      key: 0,
      body,
      etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`,
    };
    files[path] = () => entry;
  }
  // SDO's latest pictures: a tiny JPEG per channel, a new one every 15 minutes.
  const jpeg = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9,
  ]);

  const requests = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\//, '').split('?')[0]!;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (/^assets\/img\/latest\/latest_1024_\w+\.jpg$/.test(path)) {
      const frame = Math.floor(now() / (15 * MIN)) * 15 * MIN;
      const etag = `"sdo-${frame}"`;
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
      return void res
        .writeHead(200, {
          'content-type': 'image/jpeg',
          etag,
          'last-modified': new Date(frame).toUTCString(),
        })
        .end(jpeg);
    }
    const make = files[path];
    if (!make)
      return void res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not Found</html>');
    const { body, etag } = make();
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
    res
      .writeHead(200, {
        'content-type': path.endsWith('.txt') ? 'text/plain' : 'application/json',
        etag,
        'last-modified': new Date(now()).toUTCString(),
      })
      .end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
