import { map, type Observable } from 'rxjs';
import type { AuroraDatabase } from '../database.ts';

/**
 * Map choices that have no `profiles` column: they stay on this device, for whoever uses it,
 * signed in or not, and never replicate. Kept as an RxDB local document of the `preferences`
 * collection (no schema, so no schema-version bump and no migration plugin in `/`).
 * - `hemisphere`: the globe's hemisphere, last chosen on the map.
 * - `location`: the position the user last shared ("Show my location"); the map shows it again
 *   on the next visit without asking the browser (a location is personal: it never leaves the
 *   device, which is also why it is not a profile column).
 */
interface RememberedLocation {
  lat: number;
  lon: number;
  accuracyM: number;
  /** When the browser gave it (epoch ms). */
  at: number;
}

export interface DeviceChoices {
  hemisphere: 'north' | 'south' | null;
  location: RememberedLocation | null;
  chartTime?: 'utc' | 'local';
}

export const NO_DEVICE_CHOICES: DeviceChoices = { hemisphere: null, location: null };

const LOCAL_ID = 'device-map-choices';

function finite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** What a stored document says, checked field by field: a damaged field reads as "never chosen". */
export function deviceChoicesFrom(data: unknown): DeviceChoices {
  const d = (data ?? {}) as Partial<Record<keyof DeviceChoices, unknown>>;
  const hemisphere = d.hemisphere === 'north' || d.hemisphere === 'south' ? d.hemisphere : null;
  const l = d.location as Partial<RememberedLocation> | null | undefined;
  const location =
    l && finite(l.lat) && finite(l.lon) && Math.abs(l.lat) <= 90 && Math.abs(l.lon) <= 180
      ? {
          lat: l.lat,
          lon: l.lon,
          accuracyM: finite(l.accuracyM) ? l.accuracyM : 0,
          at: finite(l.at) ? l.at : 0,
        }
      : null;
  const chartTime = d.chartTime === 'utc' || d.chartTime === 'local' ? d.chartTime : null;
  return chartTime ? { hemisphere, location, chartTime } : { hemisphere, location };
}

const dataOf = (doc: { _data?: { data?: unknown } } | null | undefined): unknown =>
  doc?._data?.data;

export async function readDeviceChoices(db: AuroraDatabase): Promise<DeviceChoices> {
  return deviceChoicesFrom(dataOf(await db.preferences.getLocal(LOCAL_ID)));
}

/** When the choices were last written on this device (epoch ms; null: never). */
export async function deviceChoicesLastWrite(db: AuroraDatabase): Promise<number | null> {
  const doc = await db.preferences.getLocal(LOCAL_ID);
  const lwt = (doc?._data as { _meta?: { lwt?: unknown } } | undefined)?._meta?.lwt;
  return typeof lwt === 'number' ? lwt : null;
}

/** Live: this tab and the device's other tabs see a change at once. */
export function deviceChoices$(db: AuroraDatabase): Observable<DeviceChoices> {
  return db.preferences.getLocal$(LOCAL_ID).pipe(map((doc) => deviceChoicesFrom(dataOf(doc))));
}

/** Change some choices, keeping the others (two quick changes — hemisphere, then location — both stay). */
export async function updateDeviceChoices(
  db: AuroraDatabase,
  patch: Partial<DeviceChoices>,
): Promise<void> {
  const existing = await db.preferences.getLocal(LOCAL_ID);
  if (existing) {
    // RxDB queues incremental writes per document: each one sees the one before it.
    await existing.incrementalModify((data: unknown) =>
      deviceChoicesFrom({ ...deviceChoicesFrom(data), ...patch }),
    );
    return;
  }
  try {
    await db.preferences.insertLocal(LOCAL_ID, deviceChoicesFrom(patch));
  } catch {
    // Another tab (or a concurrent call) created it first: change theirs.
    const created = await db.preferences.getLocal(LOCAL_ID);
    if (!created) throw new Error('The map choices could not be saved on this device.');
    await created.incrementalModify((data: unknown) =>
      deviceChoicesFrom({ ...deviceChoicesFrom(data), ...patch }),
    );
  }
}
