// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { freshIndexedDb } from '../../../support/freshIndexedDb.ts';
import { KpAlertOptions } from '../../../../src/features/alerts/KpAlertOptions.tsx';
import PlaceAlerts from '../../../../src/features/alerts/PlaceAlerts.tsx';
import { deliveryText } from '../../../../src/features/alerts/alertDelivery.ts';
import type { PlaceAlertOptions } from '../../../../src/features/alerts/usePlaceAlert.ts';
import { openNotificationSettings } from '../../../../src/features/settings/notificationSettings.ts';
import type { PushDeps, PushRequest } from '../../../../src/features/settings/pushSubscription.ts';
import { readAlertRules } from '../../../../src/sw/alerts/deviceAlertStore.ts';
import { openAuroraTrackingDb } from '../../../../src/sw/auroraTrackingDb.ts';

const TROMSO = { name: 'Tromsø', lat: 69.6543, lon: 18.9612 };

/** The browser's notification and push APIs are the only things faked; the store is the real one. */
function setup(
  opts: { checks?: 'periodic-sync' | 'not-installed' | 'unsupported'; push?: boolean } = {},
) {
  const factory = freshIndexedDb();
  const store = openNotificationSettings(factory);
  const sent: PushRequest[] = [];
  const subscription = {
    endpoint: 'https://push.example.invalid/ep/1',
    toJSON: () => ({ endpoint: 'https://push.example.invalid/ep/1', keys: {} }),
    unsubscribe: async () => true,
  };
  const options: PlaceAlertOptions = {
    store,
    checks: async () => opts.checks ?? 'periodic-sync',
    notifications: { permission: () => 'granted', request: async () => 'granted' },
    pushDeps: (s): PushDeps => ({
      permission: () => 'granted',
      requestPermission: async () => 'granted',
      vapidPublicKey: async () => null,
      getRegistration: async () => ({
        pushManager: {
          getSubscription: async () => subscription,
          subscribe: async () => subscription,
        },
      }),
      send: async (req) => {
        sent.push(req);
      },
      store: s,
    }),
  };
  return { store, sent, options };
}

/** The place's checkbox, once the form has read what is stored (it is disabled until then). */
async function ready(): Promise<HTMLInputElement> {
  const box = (await screen.findByLabelText(/likely visible here now/)) as HTMLInputElement;
  await waitFor(() => expect(box.closest('fieldset')!.disabled).toBe(false));
  return box;
}

describe("a saved place's alert", () => {
  it("turning it on stores a visible rule at 0.1° with quiet hours on the place's clock, which the service worker reads", async () => {
    const { store, options } = setup();
    render(<PlaceAlerts place={TROMSO} options={options} />);
    fireEvent.click(await ready());
    await waitFor(() => expect(screen.getByLabelText(/Quiet hours/)).toBeTruthy());
    await waitFor(() => expect(screen.getByText(/Europe\/Oslo time/)).toBeTruthy());
    fireEvent.click(screen.getByLabelText(/Quiet hours/));
    await waitFor(async () =>
      expect((await store.alerts()).rules[0]?.quietHours).toEqual({
        from: '23:00',
        to: '06:00',
        timeZone: 'Europe/Oslo',
      }),
    );
    store.close();
    const db = await openAuroraTrackingDb();
    const device = await readAlertRules(db);
    expect(device.rules).toEqual([
      expect.objectContaining({
        kind: 'visible',
        place: { name: 'Tromsø', lat: 69.7, lon: 19 },
        allClear: true,
        timeZone: 'Europe/Oslo',
      }),
    ]);
    db.close();
  });

  it('turning it off removes the rule and keeps the others', async () => {
    const { store, options } = setup();
    await store.writeAlerts(() => [
      {
        place: { name: 'Tromsø', lat: 69.7, lon: 19 },
        kind: 'visible',
        kpThreshold: 5,
        allClear: true,
        quietHours: null,
        timeZone: 'Europe/Oslo',
        mutedUntil: null,
      },
      {
        place: { name: 'Hobart', lat: -42.9, lon: 147.3 },
        kind: 'visible',
        kpThreshold: 5,
        allClear: false,
        quietHours: null,
        timeZone: 'Australia/Hobart',
        mutedUntil: null,
      },
    ]);
    render(<PlaceAlerts place={TROMSO} options={options} />);
    const on = await ready();
    await waitFor(() => expect(on.checked).toBe(true));
    fireEvent.click(on);
    await waitFor(async () =>
      expect((await store.alerts()).rules.map((r) => r.place?.name)).toEqual(['Hobart']),
    );
    store.close();
  });

  it("with push on, sends the place's rule to the backend with the subscription", async () => {
    const { store, sent, options } = setup();
    await store.write({ enablePush: true, kpThreshold: 6 });
    render(<PlaceAlerts place={TROMSO} options={options} />);
    fireEvent.click(await ready());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'visible', place: { name: 'Tromsø', lat: 69.7, lon: 19 } }),
        expect.objectContaining({ kind: 'kp', kpThreshold: 6 }),
      ]),
    );
    expect(await screen.findByText(/Sent by push from Aurora’s server/)).toBeTruthy();
    store.close();
  });

  it('tells a person without push plainly when this browser cannot check in the background', async () => {
    const { store, options } = setup({ checks: 'unsupported' });
    render(<PlaceAlerts place={TROMSO} options={options} />);
    fireEvent.click(await ready());
    expect(
      await screen.findByText(/cannot check for alerts in the background/, undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    store.close();
  });
});

describe('how an alert reaches this person', () => {
  it('says periodic sync works only for an installed app, and that blocked notifications stop everything', () => {
    expect(
      deliveryText({ push: false, checks: 'not-installed', notifications: 'granted' }),
    ).toMatchObject({ works: false, text: expect.stringMatching(/only for an installed Aurora/) });
    expect(
      deliveryText({ push: true, checks: 'periodic-sync', notifications: 'denied' }),
    ).toMatchObject({ works: false, text: expect.stringMatching(/blocked/) });
    expect(
      deliveryText({ push: false, checks: 'periodic-sync', notifications: 'granted' }),
    ).toMatchObject({ works: true, text: expect.stringMatching(/stays on this device/) });
  });
});

describe("the device's Kp alert in Settings", () => {
  it('sets its all-clear and quiet hours on this device’s clock, and sends them with the subscription', async () => {
    const { store, sent, options } = setup();
    await store.write({ enablePush: true, kpThreshold: 6 });
    await store.writeAlerts(() => [
      {
        place: null,
        kind: 'kp',
        kpThreshold: 6,
        allClear: true,
        quietHours: null,
        timeZone: 'Europe/London',
        mutedUntil: null,
      },
    ]);
    render(<KpAlertOptions revision="6" options={options} />);
    const allClear = (await screen.findByLabelText(/storm is over/)) as HTMLInputElement;
    expect(allClear.checked).toBe(true);
    expect(screen.getByText(/Europe\/London time/)).toBeTruthy();
    fireEvent.click(allClear);
    await waitFor(() => expect(sent).toHaveLength(1));
    fireEvent.click(screen.getByLabelText(/Quiet hours/));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body.alerts).toEqual([
      expect.objectContaining({
        kind: 'kp',
        kpThreshold: 6,
        allClear: false,
        quietHours: { from: '23:00', to: '06:00', timeZone: 'Europe/London' },
      }),
    ]);
    store.close();
  });

  it('shows nothing while the device has no Kp alert (push off)', async () => {
    const { store, options } = setup();
    await store.write({ enablePush: false });
    const { container } = render(<KpAlertOptions revision="5" options={options} />);
    // Let its read of the rules settle before looking.
    await act(async () => {
      await store.alerts();
    });
    expect(container.textContent).toBe('');
    expect((await store.alerts()).rules).toEqual([]);
    store.close();
  });
});
