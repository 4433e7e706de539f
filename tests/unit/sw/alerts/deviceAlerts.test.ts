import { describe, expect, it } from 'vitest';
import { ALERT_RULES_KEY } from '../../../../core/alerts/deviceAlerts.ts';
import {
  PUSH_SECRET_KEY,
  SETTINGS_STORE,
  UPDATES_STORE,
} from '../../../../core/alerts/notificationSettings.ts';
import { freshIndexedDb } from '../../../support/freshIndexedDb.ts';
import { encodeCompact } from '../../../../core/compact/compactForm.ts';
import {
  openAuroraTrackingDb,
  writeNotificationSettings,
} from '../../../../src/sw/auroraTrackingDb.ts';
import {
  readAlertPayload,
  type ShownOptions,
} from '../../../../src/sw/alerts/alertNotification.ts';
import { alertOnDevice } from '../../../../src/sw/alerts/deviceAlerts.ts';
import { muteTonight } from '../../../../src/sw/alerts/muteTonight.ts';
import { filePushedAlert } from '../../../../src/sw/alerts/pushedAlert.ts';
import { readAlertRules, readEngineState } from '../../../../src/sw/alerts/deviceAlertStore.ts';
import { oneAtATime } from '../../../../src/sw/oneAtATime.ts';
import { kp1mFile, ovationFrame, stormCloud } from '../../../fixtures/constructed/stormNight.ts';

/** 16:00 UTC on the constructed storm night: dark and clear over Tromsø, the oval overhead, Kp 7. */
const NOW = Date.parse('2026-12-08T16:00:00Z');
const TROMSO = { name: 'Tromsø', lat: 69.65, lon: 18.96 };
const BASE = 'http://app.test';

/** Our backend on the storm night: the compact OVATION grid, the 1-minute Kp, Tromsø's clouds. */
function backend(url: string): { status: number; body: string } | 'network-error' {
  if (!url.startsWith(BASE)) return 'network-error';
  if (url.includes('/space-weather/aurora-oval')) {
    const frame = ovationFrame(NOW);
    return {
      status: 200,
      body: encodeCompact({
        resource: 'aurora-oval',
        dataTime: frame.observationTime,
        schemaDrift: false,
        series: [],
        grids: [{ ...frame, width: 360, height: 181 }],
      }),
    };
  }
  if (url.includes('/space-weather/kp-1m')) return { status: 200, body: kp1mFile(NOW) };
  if (url.includes('/functions/v1/weather?')) {
    const c = stormCloud('tromso', NOW);
    const hour = Math.floor(NOW / 3_600_000) * 3_600_000;
    return {
      status: 200,
      body: JSON.stringify({
        place: {
          source: 'upstream',
          updatedAt: new Date(NOW - 20 * 60_000).toISOString(),
          hours: {
            time: [hour],
            total: [c.total],
            low: [c.low],
            medium: [c.medium],
            high: [c.high],
          },
        },
      }),
    };
  }
  return { status: 404, body: 'Not Found' };
}

async function setup(rules: unknown[] = [{ kind: 'visible', place: TROMSO, allClear: true }]) {
  freshIndexedDb();
  const db = await openAuroraTrackingDb();
  await db.put(SETTINGS_STORE, { subscriberId: 'device-0001', rules }, ALERT_RULES_KEY);
  const shown: { title: string; options: ShownOptions }[] = [];
  const calls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const r = backend(url);
    if (r === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(r.body, { status: r.status });
  }) as typeof fetch;
  const run = () =>
    alertOnDevice({
      fetch: fetchFn,
      now: () => NOW,
      db,
      backendBase: BASE,
      showNotification: async (title, options) => void shown.push({ title, options }),
    });
  return { db, shown, calls, run, fetch: fetchFn };
}

const EVENT = 'device-0001:69.7_19.0:2026-12-08:visible:go';

describe('alerts the device works out on periodic sync', () => {
  it('shows "aurora likely visible" with its actions and the event as its tag, once', async () => {
    const { shown, run } = await setup();
    const first = await run();
    expect(first.shown).toEqual([EVENT]);
    expect(shown[0]).toEqual({
      title: 'Aurora likely visible from Tromsø now',
      options: expect.objectContaining({
        tag: EVENT,
        renotify: false,
        body: expect.stringMatching(
          /^Aurora likely visible now — look .+ · cloud 10 % · aurora map 5 min ago, clouds 20 min ago$/,
        ),
        actions: [
          { action: 'open-map', title: 'Open map' },
          { action: 'mute-tonight', title: 'Mute tonight' },
        ],
        data: expect.objectContaining({ rule: '69.7_19.0:visible', event: EVENT }),
      }),
    });
    expect((await run()).shown).toEqual([]);
    expect(shown).toHaveLength(1);
  });

  it('shows nothing new for an event the backend already pushed here', async () => {
    const { db, run } = await setup();
    const pushed = readAlertPayload(
      JSON.stringify({
        type: 'aurora-visible',
        event: EVENT,
        tag: EVENT,
        title: 'Aurora likely visible from Tromsø now',
        body: '…',
        url: '/',
        rule: '69.7_19.0:visible',
        muteUntil: 0,
        at: NOW - 60_000,
        actions: [],
      }),
    )!;
    await filePushedAlert(db, pushed, NOW - 60_000);
    const result = await run();
    expect(result.shown).toEqual([]);
    expect(result.notes['69.7_19.0:visible']).toBe('GO: event starts; already delivered');
    expect((await readEngineState(db)).recent).toEqual([NOW - 60_000]);
  });

  it('asks nothing and shows nothing while the user has chosen Go Offline', async () => {
    const { db, calls, shown, run } = await setup();
    await db.put(UPDATES_STORE, true, 'forced-offline');
    expect(await run()).toMatchObject({ forcedOffline: true, shown: [] });
    expect(calls).toEqual([]);
    expect(shown).toEqual([]);
  });

  it('shows an event once when a sync and a periodic sync wake the worker together', async () => {
    const { shown, run } = await setup();
    const serial = oneAtATime(async () => {
      await run();
    });
    await Promise.all([serial(), serial()]);
    expect(shown).toHaveLength(1);
  });

  it('alerts on Kp through the same engine, and keeps the Kp alert of a device from before per-place alerts', async () => {
    const { shown, run } = await setup([
      { kind: 'kp', kpThreshold: 5, allClear: true, timeZone: 'Europe/Oslo' },
    ]);
    await run();
    expect(shown.map((s) => [s.title, s.options.tag])).toEqual([
      ['Aurora alert: Kp 7', 'device-0001:anywhere:2026-12-08:kp:7'],
    ]);
    freshIndexedDb();
    const old = await openAuroraTrackingDb();
    await writeNotificationSettings(old, { enablePush: true, kpThreshold: 6 });
    expect((await readAlertRules(old)).rules).toMatchObject([
      { kind: 'kp', kpThreshold: 6, allClear: true },
    ]);
  });

  it('mutes a rule tonight on the device and tells the backend with the subscription’s secret', async () => {
    const { db, run } = await setup();
    await db.put(SETTINGS_STORE, 's'.repeat(43), PUSH_SECRET_KEY);
    const sent: { url: string; body: unknown }[] = [];
    const muted = await muteTonight(
      {
        db,
        backendBase: BASE,
        endpoint: async () => 'https://push.example.invalid/abc',
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          sent.push({ url: String(input), body: JSON.parse(String(init?.body)) });
          return new Response('{}', { status: 200 });
        }) as typeof fetch,
      },
      { url: '/', rule: '69.7_19.0:visible', event: EVENT, muteUntil: NOW + 3_600_000 },
    );
    expect(muted).toBe(true);
    expect(sent).toEqual([
      {
        url: `${BASE}/functions/v1/push-subscription/mute`,
        body: {
          endpoint: 'https://push.example.invalid/abc',
          secret: 's'.repeat(43),
          rule: '69.7_19.0:visible',
          until: NOW + 3_600_000,
        },
      },
    ]);
    expect((await readAlertRules(db)).rules[0]!.mutedUntil).toBe(NOW + 3_600_000);
    const result = await run();
    expect(result.shown).toEqual([]);
    expect(result.notes['69.7_19.0:visible']).toBe('GO: event starts; muted tonight');
  });
});

describe('reading a pushed alert', () => {
  it('takes the engine’s payload, and leaves anything else to the plain reader', () => {
    expect(
      readAlertPayload(JSON.stringify({ type: 'kp-alert', kp: 6.33, threshold: 5 })),
    ).toBeNull();
    expect(readAlertPayload('not json')).toBeNull();
    const p = readAlertPayload(
      JSON.stringify({
        type: 'all-clear',
        event: 'e/all-clear',
        tag: 'e',
        title: 'All clear',
        body: 'b',
        url: 'https://evil.example/',
        rule: 'anywhere:kp',
        actions: [{ action: 'format-disk', title: 'x' }],
      }),
    );
    expect(p).toMatchObject({ type: 'all-clear', url: '/', actions: [] });
  });
});
