import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { decideAlert } from '../../core/alerts/alertEngine.ts';
import { EMPTY_RULE_STATE } from '../../core/alerts/ruleState.ts';
import { payloadOf } from '../../core/alerts/alertPush.ts';
import { readAlertRule } from '../../core/alerts/alertRule.ts';
import { skyNow } from '../../core/alerts/skyNow.ts';
import { encodeCompact } from '../../core/compact/compactForm.ts';
import { clearSkyAnswer, darkPlaceNow, strongFrame } from '../support/alertSky.ts';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

/**
 * An alert reaches the installed app twice — pushed by the backend, and worked out by the service
 * worker itself on periodic sync — and the person sees it once. The backend's push is made here
 * with the same engine and inputs the sender uses (core/alerts), delivered through DevTools
 * (there is no push service here); our backend's answers are routed: a constructed OVATION frame
 * of Kp 9, the 1-minute Kp and a clear sky at a place where it is night now.
 */

async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
        const live = e.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  timestamp: number;
  actions: { action: string; title: string }[];
}

async function notifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      timestamp: (n as unknown as { timestamp: number }).timestamp,
      actions: [
        ...((n as unknown as { actions?: { action: string; title: string }[] }).actions ?? []),
      ].map((a) => ({ action: a.action, title: a.title })),
    })),
  );
}

/** A key of `aurora-tracking-db`, written or read as the page and the worker do. */
async function idb(page: Page, store: string, key: string, value?: unknown): Promise<unknown> {
  return page.evaluate(
    ({ store, key, value, write }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('aurora-tracking-db', 10);
        open.onupgradeneeded = () => {
          for (const s of ['aurora-updates', 'notification-settings'])
            if (!open.result.objectStoreNames.contains(s)) open.result.createObjectStore(s);
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(store, write ? 'readwrite' : 'readonly');
          const req = write
            ? tx.objectStore(store).put(value, key)
            : tx.objectStore(store).get(key);
          tx.oncomplete = () => {
            open.result.close();
            resolve(write ? undefined : req.result);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { store, key, value, write: value !== undefined },
  );
}

test.describe('alerts that mean "go outside now"', () => {
  test.use({ permissions: ['notifications'] });

  test('the pushed alert shows with its actions, and the same event from periodic sync shows nothing new', async ({
    page,
    context,
    baseURL,
  }) => {
    const now = Date.now();
    const place = { name: 'Night Fjord', ...darkPlaceNow(now) };
    const frame = strongFrame(now);
    let weatherAsked = 0;
    await context.route('**/functions/v1/space-weather/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.endsWith('/aurora-oval'))
        return route.fulfill({
          contentType: 'application/json',
          body: encodeCompact({
            resource: 'aurora-oval',
            dataTime: frame.observationTime,
            schemaDrift: false,
            series: [],
            grids: [{ ...frame, width: 360, height: 181 }],
          }),
        });
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"not in this test"}',
      });
    });
    await context.route('**/functions/v1/weather?**', (route) => {
      weatherAsked++;
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(clearSkyAnswer(now)),
      });
    });

    await page.goto('/about');
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const id = await registrationId(cdp);
    const origin = new URL(baseURL!).origin;
    const stored = { kind: 'visible', place, allClear: true, timeZone: 'UTC' };
    await idb(page, 'notification-settings', 'alert-rules', {
      subscriberId: 'e2e-device-01',
      rules: [stored],
    });

    // What the backend's sender would push for this device now: the same engine, the same inputs.
    const rule = readAlertRule({ ...stored, subscriber: 'e2e-device-01' });
    if (!rule.ok) throw new Error(rule.error);
    const clouds = clearSkyAnswer(now).place;
    const sky = skyNow({
      place: rule.rule.place!,
      now,
      ovation: frame,
      clouds: { ...clouds.hours, updatedAt: Date.parse(clouds.updatedAt) },
    });
    const decided = decideAlert({ rule: rule.rule, now, state: EMPTY_RULE_STATE, sky, recent: [] });
    expect(decided.push?.type).toBe('aurora-visible');
    const payload = payloadOf(decided.push!);

    let first: Shown | undefined;
    await test.step('the push shows the alert: place, where to look, cloud, the data’s age, Open map and Mute tonight', async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: id,
        data: JSON.stringify(payload),
      });
      await expect
        .poll(async () => (await notifications(page)).length, { timeout: 20_000 })
        .toBe(1);
      [first] = await notifications(page);
      expect(first!).toMatchObject({
        title: 'Aurora likely visible from Night Fjord now',
        tag: payload.event,
        actions: [
          { action: 'open-map', title: 'Open map' },
          { action: 'mute-tonight', title: 'Mute tonight' },
        ],
      });
      expect(first!.body).toMatch(
        /^Aurora likely visible now — look .+ · cloud \d+ % · aurora map \d+ min ago, clouds \d+ min ago$/,
      );
      // Filed, so the device's own pass knows the event is delivered.
      await expect
        .poll(async () => {
          const state = (await idb(page, 'aurora-updates', 'alert-engine')) as
            { rules?: Record<string, { delivered?: Record<string, number> }> } | undefined;
          return Object.keys(state?.rules?.[payload.rule]?.delivered ?? {});
        })
        .toEqual([payload.event]);
    });

    await test.step('periodic sync works out the same event and shows nothing new', async () => {
      await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
        origin,
        registrationId: id,
        tag: 'aurora-periodic-refresh',
      });
      // Its pass has run once the engine holds the event it started from the sky it asked for.
      await expect
        .poll(
          async () => {
            const state = (await idb(page, 'aurora-updates', 'alert-engine')) as
              | { rules?: Record<string, { event?: { id: string; delivered: boolean } | null }> }
              | undefined;
            return state?.rules?.[payload.rule]?.event ?? null;
          },
          { timeout: 20_000 },
        )
        .toMatchObject({ id: payload.event, delivered: true });
      expect(weatherAsked).toBeGreaterThan(0);
      const after = await notifications(page);
      expect(after).toHaveLength(1);
      // Not shown again: the same notification, not a copy with the same tag.
      expect(after[0]!.timestamp).toBe(first!.timestamp);
    });

    await test.step('without the push, the same periodic sync would have shown it', async () => {
      await page.evaluate(async () => {
        for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
      });
      await idb(page, 'aurora-updates', 'alert-engine', { rules: {}, recent: [] });
      await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
        origin,
        registrationId: id,
        tag: 'aurora-periodic-refresh',
      });
      await expect
        .poll(async () => (await notifications(page)).map((n) => n.tag), { timeout: 20_000 })
        .toEqual([payload.event]);
    });
  });
  test('a saved place’s alert is turned on from the map, says plainly how it can reach this person, and is what the service worker checks', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const places = page.getByRole('region', { name: 'Saved places' });
    await places.getByLabel('Name').fill('Tromsø');
    await places.getByLabel('Latitude').fill('69.6543');
    await places.getByLabel('Longitude').fill('18.9612');
    await places.getByRole('button', { name: 'Save place' }).click();
    await places.getByRole('button', { name: 'Alerts for Tromsø' }).click();

    const form = places.getByRole('group', { name: 'Alerts for Tromsø' });
    const on = form.getByLabel(/likely visible here now/);
    await expect(on).toBeEnabled({ timeout: 20_000 });
    await on.check();
    // Quiet hours are read on the place's own clock, worked out on the device.
    await expect(form.getByText(/Quiet hours \(Europe\/Oslo time\)/)).toBeVisible();
    await form.getByLabel(/Quiet hours/).check();
    // Not signed in, no push: it reaches this person only through the device's own background
    // checks, which a browser tab (not an installed app) does not get — said in words.
    await expect(form.getByRole('status')).toHaveText(
      /checks in the background only for an installed Aurora|cannot check for alerts in the background|Checked by this device in the background/,
    );

    await expect
      .poll(async () => {
        const stored = (await idb(page, 'notification-settings', 'alert-rules')) as
          { subscriberId?: string; rules?: Record<string, unknown>[] } | undefined;
        return stored?.rules ?? [];
      })
      .toEqual([
        expect.objectContaining({
          kind: 'visible',
          place: { name: 'Tromsø', lat: 69.7, lon: 19 },
          allClear: true,
          quietHours: { from: '23:00', to: '06:00', timeZone: 'Europe/Oslo' },
          timeZone: 'Europe/Oslo',
        }),
      ]);

    await page.reload();
    await page.getByRole('button', { name: 'Alerts for Tromsø' }).click();
    await expect(page.getByLabel(/likely visible here now/)).toBeChecked({ timeout: 20_000 });
  });
});
