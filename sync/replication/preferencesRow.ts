import { DEFAULT_PREFERENCES, type Preferences } from '../../core/model.ts';
import type { PreferencesDoc } from '../schemas/preferences.ts';

/** The preference fields as stored, in the `profiles` column names. */
export const PREFERENCE_COLUMNS = [
  'default_map_view',
  'default_map_style',
  'show_aurora_on_load',
  'show_clouds_on_load',
] as const;
export type PreferenceColumn = (typeof PREFERENCE_COLUMNS)[number];
export type PreferenceColumns = Omit<PreferencesDoc, 'id'>;

/**
 * The product's rule: in the stored column `globe` means 3d and anything else means flat. The profiles
 * migration normalises `globe` to `3d` on write, so both read as 3d here.
 */
export function mapViewFromColumn(value: string | null | undefined): Preferences['defaultMapView'] {
  return value === 'globe' || value === '3d' ? '3d' : 'flat';
}

/** What we write: the migration's canonical values (its check constraint allows '3d' and 'flat'). */
export function mapViewToColumn(view: Preferences['defaultMapView']): string {
  return view === '3d' ? '3d' : 'flat';
}

/** Stored document → what the UI sees; a null column means "never set" and reads as the default. */
export function preferencesFromDoc(
  doc: Partial<PreferenceColumns> | null | undefined,
): Preferences {
  if (!doc) return { ...DEFAULT_PREFERENCES };
  return {
    defaultMapView:
      doc.default_map_view == null
        ? DEFAULT_PREFERENCES.defaultMapView
        : mapViewFromColumn(doc.default_map_view),
    defaultMapStyle: doc.default_map_style ?? DEFAULT_PREFERENCES.defaultMapStyle,
    showAuroraOnLoad: doc.show_aurora_on_load ?? DEFAULT_PREFERENCES.showAuroraOnLoad,
    showCloudsOnLoad: doc.show_clouds_on_load ?? DEFAULT_PREFERENCES.showCloudsOnLoad,
  };
}

/** A UI patch → the columns it changes (only the keys present in the patch). */
export function columnsFromPatch(patch: Partial<Preferences>): Partial<PreferenceColumns> {
  const out: Partial<PreferenceColumns> = {};
  if (patch.defaultMapView !== undefined)
    out.default_map_view = mapViewToColumn(patch.defaultMapView);
  if (patch.defaultMapStyle !== undefined) out.default_map_style = patch.defaultMapStyle;
  if (patch.showAuroraOnLoad !== undefined) out.show_aurora_on_load = patch.showAuroraOnLoad;
  if (patch.showCloudsOnLoad !== undefined) out.show_clouds_on_load = patch.showCloudsOnLoad;
  return out;
}

/**
 * Any profile row (or RxDB document of one) → exactly the replicated document: the id, the four
 * columns (null when absent) and `_deleted`. Everything else the row carries (email, names, the
 * derived `preferences` jsonb, timestamps) is dropped, because replication-supabase cannot compare
 * objects in its update filter and the other columns are not ours to write.
 */
export function projectPreferencesRow<T extends { id?: unknown; _deleted?: unknown }>(
  row: T,
): PreferencesDoc & { _deleted: boolean } {
  const r = row as Record<string, unknown>;
  const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
  return {
    id: String(r.id),
    default_map_view: str(r.default_map_view),
    default_map_style: str(r.default_map_style),
    show_aurora_on_load: bool(r.show_aurora_on_load),
    show_clouds_on_load: bool(r.show_clouds_on_load),
    _deleted: r._deleted === true,
  };
}

export function samePreferenceColumns(
  a: Partial<PreferenceColumns>,
  b: Partial<PreferenceColumns>,
): boolean {
  return PREFERENCE_COLUMNS.every((c) => (a[c] ?? null) === (b[c] ?? null));
}
