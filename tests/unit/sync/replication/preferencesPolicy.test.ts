import { describe, expect, it } from 'vitest';
import { mergePreferencesConflict } from '../../../../sync/replication/conflictPolicy.ts';
import { mergeAnonymousIntoProfile } from '../../../../sync/replication/mergeOnSignIn.ts';
import {
  columnsFromPatch,
  mapViewFromColumn,
  preferencesFromDoc,
  projectPreferencesRow,
} from '../../../../sync/replication/preferencesRow.ts';

const defaults = {
  default_map_view: 'flat',
  default_map_style: 'dark',
  show_aurora_on_load: true,
  show_clouds_on_load: false,
};

describe('profile columns ↔ preferences', () => {
  it('reads globe and 3d as 3d and anything else as flat', () => {
    expect(['globe', '3d', 'flat', 'satellite', null].map(mapViewFromColumn)).toEqual([
      '3d',
      '3d',
      'flat',
      'flat',
      'flat',
    ]);
  });

  it('reads never-set columns as the defaults and writes only the changed columns', () => {
    expect(
      preferencesFromDoc({
        default_map_view: null,
        default_map_style: 'light',
        show_aurora_on_load: null,
        show_clouds_on_load: true,
      }),
    ).toEqual({
      defaultMapView: 'flat',
      defaultMapStyle: 'light',
      showAuroraOnLoad: true,
      showCloudsOnLoad: true,
    });
    expect(columnsFromPatch({ defaultMapView: '3d' })).toEqual({ default_map_view: '3d' });
  });

  it('cuts a profile row down to the replicated columns', () => {
    const row = {
      id: 'u1',
      email: 'a@b.c',
      preferences: { x: 1 },
      full_name: 'A',
      _modified: '2026-01-01',
      _deleted: false,
      ...defaults,
    };
    expect(projectPreferencesRow(row)).toEqual({ id: 'u1', _deleted: false, ...defaults });
  });
});

describe('sign-in merge of anonymous preferences', () => {
  const T = 1_000_000;

  it('keeps the profile when the anonymous user chose nothing on this device', () => {
    expect(
      mergeAnonymousIntoProfile({
        anonymous: { ...defaults, default_map_view: '3d' },
        edits: {},
        profile: { ...defaults, default_map_style: 'light' },
        profileModifiedAt: T,
      }),
    ).toEqual({});
  });

  it('carries anonymous choices into a profile that has none of its own (fresh sign-up)', () => {
    const patch = mergeAnonymousIntoProfile({
      anonymous: {
        default_map_view: '3d',
        default_map_style: 'satellite',
        show_aurora_on_load: null,
        show_clouds_on_load: null,
      },
      edits: { default_map_view: T - 10_000, default_map_style: T - 10_000 },
      profile: defaults,
      profileModifiedAt: T,
    });
    expect(patch).toEqual({ default_map_view: '3d', default_map_style: 'satellite' });
  });

  it('lets the newer choice win where both the profile and the device chose', () => {
    const profile = { ...defaults, default_map_style: 'light', show_clouds_on_load: true };
    const anonymous = { ...defaults, default_map_style: 'satellite', show_clouds_on_load: false };
    expect(
      mergeAnonymousIntoProfile({
        anonymous,
        edits: { default_map_style: T + 1, show_clouds_on_load: T - 1 },
        profile,
        profileModifiedAt: T,
      }),
    ).toEqual({ default_map_style: 'satellite' });
  });

  it('writes every anonymous choice when the profile row does not exist yet', () => {
    expect(
      mergeAnonymousIntoProfile({
        anonymous: { ...defaults, show_clouds_on_load: true },
        edits: { show_clouds_on_load: T },
        profile: null,
        profileModifiedAt: null,
      }),
    ).toEqual({ show_clouds_on_load: true });
  });
});

describe('replication conflicts (three-way, per field)', () => {
  const base = { id: 'u1', _deleted: false, ...defaults };

  it('keeps both devices’ edits when they changed different fields', () => {
    const server = { ...base, default_map_style: 'light' };
    const mine = { ...base, default_map_view: '3d' };
    expect(
      mergePreferencesConflict({
        assumedMasterState: base,
        realMasterState: server,
        newDocumentState: mine,
      }),
    ).toEqual({
      ...base,
      default_map_style: 'light',
      default_map_view: '3d',
    });
  });

  it('lets the later writer win a field both devices changed', () => {
    const server = { ...base, default_map_style: 'light' };
    const mine = { ...base, default_map_style: 'satellite' };
    expect(
      mergePreferencesConflict({
        assumedMasterState: base,
        realMasterState: server,
        newDocumentState: mine,
      }).default_map_style,
    ).toBe('satellite');
  });

  it('converges: resolving A’s edit against B’s and B’s against A’s gives one state', () => {
    const a = { ...base, default_map_view: '3d' };
    const b = { ...base, show_clouds_on_load: true };
    const afterA = mergePreferencesConflict({
      assumedMasterState: base,
      realMasterState: a,
      newDocumentState: b,
    });
    const afterB = mergePreferencesConflict({
      assumedMasterState: base,
      realMasterState: b,
      newDocumentState: a,
    });
    expect(afterA).toEqual(afterB);
  });

  it('drops columns that are not replicated from a conflicting server row', () => {
    const server = { ...base, email: 'x@y.z', preferences: { a: 1 } } as typeof base;
    expect(
      Object.keys(
        mergePreferencesConflict({ realMasterState: server, newDocumentState: base }),
      ).sort(),
    ).toEqual([
      '_deleted',
      'default_map_style',
      'default_map_view',
      'id',
      'show_aurora_on_load',
      'show_clouds_on_load',
    ]);
  });
});
