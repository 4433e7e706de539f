// @vitest-environment jsdom
import { IDBFactory } from 'fake-indexeddb';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationSettingsForm } from '../../../../src/features/settings/NotificationSettingsForm.tsx';
import {
  openNotificationSettings,
  type NotificationSettingsStore,
} from '../../../../src/features/settings/notificationSettings.ts';
import type {
  PushDeps,
  PushRequest,
  PushSubscriptionLike,
} from '../../../../src/features/settings/pushSubscription.ts';
import { useNotificationSettings } from '../../../../src/features/settings/useNotificationSettings.ts';

const VAPID =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

/**
 * The browser's push APIs are the one thing faked: permission is granted, but the push service
 * cannot be reached until `service.reachable` is set, so `pushManager.subscribe` never settles.
 * Step deadlines pass as soon as that hanging call has been made (no timers in the test).
 */
function browser() {
  const service = { reachable: false, sent: [] as PushRequest[] };
  let reached!: () => void;
  let hangReached = new Promise<void>((r) => (reached = r));
  const subscription: PushSubscriptionLike = {
    endpoint: 'https://push.example.invalid/ep/1',
    toJSON: () => ({
      endpoint: 'https://push.example.invalid/ep/1',
      keys: { p256dh: 'P', auth: 'A' },
    }),
    unsubscribe: async () => true,
  };
  const pushDeps = (store: NotificationSettingsStore): PushDeps => ({
    permission: () => 'granted',
    requestPermission: async () => 'granted',
    vapidPublicKey: async () => VAPID,
    getRegistration: async () => ({
      pushManager: {
        getSubscription: async () => null,
        subscribe: () => {
          if (service.reachable) return Promise.resolve(subscription);
          reached();
          return new Promise<never>(() => undefined);
        },
      },
    }),
    send: async (req) => {
      service.sent.push(req);
    },
    store,
    deadline: () => hangReached,
  });
  const makeReachable = () => {
    service.reachable = true;
    hangReached = new Promise<void>((r) => (reached = r));
  };
  return { service, pushDeps, makeReachable };
}

/** Wired the way SettingsPage wires the hook to the form. */
function Notifications({
  store,
  pushDeps,
}: {
  store: NotificationSettingsStore;
  pushDeps: (s: NotificationSettingsStore) => PushDeps;
}) {
  const n = useNotificationSettings({ store, pushDeps });
  if (n.isLoading) return <p role="status">Loading notification settings…</p>;
  return (
    <NotificationSettingsForm
      settings={n.settings}
      busy={n.busy}
      progress={n.progress}
      error={n.error}
      note={n.note}
      onPushChange={(on) => void n.setPush(on)}
      onThresholdChange={n.setThreshold}
    />
  );
}

describe('Kp alert controls when the push service cannot be reached', () => {
  it('re-enables the controls with a plain message and a Retry that works once the service answers', async () => {
    const store = openNotificationSettings(new IDBFactory());
    const { service, pushDeps, makeReachable } = browser();
    render(<Notifications store={store} pushDeps={pushDeps} />);
    const toggle = (await screen.findByLabelText(
      /Push notifications when Kp reaches my threshold/,
    )) as HTMLInputElement;

    await act(async () => {
      fireEvent.click(toggle);
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "Couldn't reach your browser's push service. Check your connection and try again.",
    );
    const fieldset = screen.getByRole('group', { name: 'Kp alerts' }) as HTMLFieldSetElement;
    expect(fieldset.disabled).toBe(false);
    expect(toggle.checked).toBe(false);
    expect(service.sent).toEqual([]);

    makeReachable();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    await waitFor(() =>
      expect(
        (
          screen.getByLabelText(
            /Push notifications when Kp reaches my threshold/,
          ) as HTMLInputElement
        ).checked,
      ).toBe(true),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(service.sent).toMatchObject([
      { method: 'POST', body: { endpoint: 'https://push.example.invalid/ep/1', kpThreshold: 5 } },
    ]);
    expect((await store.read()).enablePush).toBe(true);
    store.close();
  });
});

describe('Kp alert controls while the browser subscribes', () => {
  it('say what is happening for as long as the push service takes, then show push on', async () => {
    const store = openNotificationSettings(new IDBFactory());
    let answer!: (s: PushSubscriptionLike) => void;
    const pushDeps = (st: NotificationSettingsStore): PushDeps => ({
      permission: () => 'granted',
      requestPermission: async () => 'granted',
      vapidPublicKey: async () => VAPID,
      getRegistration: async () => ({
        pushManager: {
          getSubscription: async () => null,
          // Answers only when the test says: a slow push service, without timing anything.
          subscribe: () => new Promise<PushSubscriptionLike>((r) => (answer = r)),
        },
      }),
      send: async () => undefined,
      store: st,
      deadline: () => new Promise<void>(() => undefined),
    });
    render(<Notifications store={store} pushDeps={pushDeps} />);
    const toggle = await screen.findByLabelText(/Push notifications when Kp reaches my threshold/);
    await act(async () => {
      fireEvent.click(toggle);
    });
    const status = await screen.findByText(
      'Signing this browser up with its push service. This can take a few seconds…',
    );
    expect(status.getAttribute('role')).toBe('status');
    await act(async () => {
      answer({
        endpoint: 'https://push.example.invalid/ep/2',
        toJSON: () => ({
          endpoint: 'https://push.example.invalid/ep/2',
          keys: { p256dh: 'P', auth: 'A' },
        }),
        unsubscribe: async () => true,
      });
    });
    await waitFor(() =>
      expect(
        (
          screen.getByLabelText(
            /Push notifications when Kp reaches my threshold/,
          ) as HTMLInputElement
        ).checked,
      ).toBe(true),
    );
    expect(screen.queryByText(/push service\. This can take/)).toBeNull();
    store.close();
  });

  it('say that the threshold is kept per device', async () => {
    const store = openNotificationSettings(new IDBFactory());
    render(<Notifications store={store} pushDeps={browser().pushDeps} />);
    const input = await screen.findByLabelText('Kp threshold (0–9)');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain('per device');
    store.close();
  });
});
