/**
 * The SDO latest-image set used by /sdo. SDO (NASA GSFC) publishes one "latest" JPEG per channel at
 * https://sdo.gsfc.nasa.gov/assets/img/latest/latest_{RES}_{CHANNEL}.jpg; the image time is the
 * HTTP Last-Modified of that file (the JPEG name carries none). The source (backend or poller)
 * sends a small JSON list `[{ channel, url, time }]`; this checks it and makes one product.
 */
import type { ProductRecord } from '../model.ts';
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { describeType, isRecord, parseJsonBody } from './parseBody.ts';
import { parseSwpcTime } from './swpcTime.ts';
import { iso } from './series.ts';
import { LEAD_MS, beyondLead } from './leadTime.ts';

const SDO_LATEST_BASE = 'https://sdo.gsfc.nasa.gov/assets/img/latest/';

/** The channels /sdo shows, with the names people know them by. */
export const SDO_CHANNELS = {
  '0171': 'AIA 171 Å',
  '0193': 'AIA 193 Å',
  '0211': 'AIA 211 Å',
  '0304': 'AIA 304 Å',
  '0131': 'AIA 131 Å',
  '1600': 'AIA 1600 Å',
  HMIB: 'HMI magnetogram',
  HMIIC: 'HMI intensitygram',
} as const;
export type SdoChannel = keyof typeof SDO_CHANNELS;

export function sdoLatestUrl(
  channel: SdoChannel,
  resolution: 512 | 1024 | 2048 | 4096 = 1024,
): string {
  return `${SDO_LATEST_BASE}latest_${resolution}_${channel}.jpg`;
}

interface SdoImage {
  channel: string;
  label: string;
  url: string;
  /** Image time (Last-Modified), epoch ms; null when the source did not know it. */
  time: number | null;
}

export interface SdoImagesData {
  images: SdoImage[];
}

/** Epoch ms, ISO time or an HTTP date ("Sun, 22 Nov 2026 04:00:00 GMT"). */
function parseImageTime(value: unknown): number | null {
  // Epoch ms between 1970 and 9999; anything else is not a time.
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value < 253_402_300_800_000 ? value : null;
  if (typeof value !== 'string') return null;
  const swpc = parseSwpcTime(value);
  if (swpc !== null) return swpc;
  if (/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value.trim())) {
    const t = Date.parse(value);
    return Number.isFinite(t) && t > 0 ? t : null;
  }
  return null;
}

function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

export function normaliseSdoImages(body: string, opts: NormaliseOptions): NormaliseResult {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) throw new NormaliseError(parsed.reason);
  if (!Array.isArray(parsed.value))
    throw new NormaliseError(
      `changed shape: expected an array of images, got ${describeType(parsed.value)}`,
    );
  if (parsed.value.length === 0) throw new NormaliseError('no data (empty array)');
  const byChannel = new Map<string, SdoImage>();
  let drift = false;
  let skipped = 0;
  let futureImages = 0;
  for (const item of parsed.value) {
    const url = isRecord(item) ? safeUrl(item.url) : null;
    const channel =
      isRecord(item) && typeof item.channel === 'string' ? item.channel.trim().toUpperCase() : '';
    if (!isRecord(item) || !url || channel === '' || channel.length > 10) {
      skipped++;
      continue;
    }
    const label = (SDO_CHANNELS as Record<string, string>)[channel];
    if (!label || Object.keys(item).some((k) => !['channel', 'url', 'time'].includes(k)))
      drift = true;
    const time = parseImageTime(item.time);
    if (time !== null && beyondLead(time, opts.now, LEAD_MS.observation)) {
      futureImages++;
      continue;
    }
    byChannel.set(channel, { channel, label: label ?? channel, url, time });
  }
  if (byChannel.size === 0 && futureImages > 0)
    throw new NormaliseError(
      `no usable image (${futureImages} dated more than 10 min after now, ${skipped} without a channel and an http(s) URL)`,
    );
  if (byChannel.size === 0)
    throw new NormaliseError(
      `no usable image (${skipped} entries without a channel and an http(s) URL)`,
    );
  const images = [...byChannel.values()].sort((a, b) => a.channel.localeCompare(b.channel));
  const times = images.map((i) => i.time).filter((t): t is number => t !== null);
  const newest = times.length > 0 ? Math.max(...times) : null;
  const product: ProductRecord<SdoImagesData> = {
    id: 'sdo-images',
    kind: 'sdo-images',
    // With no picture time known the fetch stands in, only so the record has an issue time: it is
    // not the pictures' age, and the screens date pictures by their own times (SolarImagery.tsx).
    issued: newest ?? opts.now,
    data: { images },
    raw: null,
  };
  return ok({
    products: [product as ProductRecord],
    dataTime: newest,
    schemaDrift: drift || futureImages > 0,
    summary: {
      records: images.length,
      channels: images.map((i) => i.channel),
      newest: iso(newest),
      oldest: iso(times.length > 0 ? Math.min(...times) : null),
      withoutTime: images.filter((i) => i.time === null).length,
      skipped,
      futureImages,
    },
  });
}
