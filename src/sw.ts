/// <reference lib="webworker" />
/**
 * The service worker: precache (the shell and every route chunk), the app-shell fallback for deep
 * links, optional online map tiles, the update handshake, and the background work of an installed
 * app (background sync, periodic sync, push). The decisions live in src/sw/ as tested functions.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { NAVIGATION_DENYLIST, prerenderedFileFor } from './sw/navigationRules.ts';
import { refreshInBackground } from './sw/backgroundRefresh.ts';
import { oneAtATime } from './sw/oneAtATime.ts';
import {
  SDO_IMAGE_CACHE,
  SDO_IMAGE_CACHEABLE_STATUSES,
  isSdoImageRequest,
} from './sw/sdoImageRoute.ts';
import { parsePushPayload } from './sw/pushPayload.ts';
import { createForcedOfflineGate } from './sw/forcedOffline.ts';
import { openAuroraTrackingDb, readForcedOffline } from './sw/auroraTrackingDb.ts';
import {
  alertNotification,
  readAlertPayload,
  type AlertNotificationData,
  type ShownOptions,
} from './sw/alerts/alertNotification.ts';
import { alertOnDevice } from './sw/alerts/deviceAlerts.ts';
import { filePushedAlert } from './sw/alerts/pushedAlert.ts';
import { muteTonight } from './sw/alerts/muteTonight.ts';
import { SW_MESSAGES, SYNC_TAG, PERIODIC_SYNC_TAG, type SyncEventLike } from './sw/protocol.ts';

declare const self: ServiceWorkerGlobalScope;

/** Go Offline: while the user has chosen it, no route and no background work touches the network. */
const forcedOffline = createForcedOfflineGate(async () => {
  const db = await openAuroraTrackingDb();
  try {
    return await readForcedOffline(db);
  } finally {
    db.close();
  }
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once, so the very first visit already works offline.
// Later versions wait for the user's Update Now (SKIP_WAITING below).
clientsClaim();

// A navigation gets its route's prerendered shell (scripts/vite/prerenderShell.tsx), so an
// installed app paints the header and the route's h1 at once; index.html if a build has none.
registerRoute(
  new NavigationRoute(
    async ({ request, url }) =>
      (await matchPrecache(prerenderedFileFor(url.pathname))) ??
      (await matchPrecache('index.html')) ??
      ((await forcedOffline.isForced()) ? Response.error() : fetch(request)),
    { denylist: NAVIGATION_DENYLIST },
  ),
);

// Online basemap tiles, if a map style uses them: a tile never changes, so cache-first, bounded.
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' &&
    /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'map-tiles',
    plugins: [
      forcedOffline.plugin,
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: 800,
        maxAgeSeconds: 30 * 24 * 3600,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Solar imagery (SDO, through our sdo-image route) changes every few minutes: show the last
// picture offline, refresh when online.
registerRoute(
  isSdoImageRequest,
  new StaleWhileRevalidate({
    cacheName: SDO_IMAGE_CACHE,
    plugins: [
      forcedOffline.plugin,
      new CacheableResponsePlugin({ statuses: SDO_IMAGE_CACHEABLE_STATUSES }),
      new ExpirationPlugin({
        maxEntries: 60,
        maxAgeSeconds: 2 * 24 * 3600,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; forced?: unknown } | null;
  if (data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  if (data?.type === SW_MESSAGES.forcedOffline && typeof data.forced === 'boolean')
    forcedOffline.set(data.forced);
});

async function postToClients(message: unknown): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}

/**
 * One background refresh at a time: a sync and a periodic sync can wake the worker together, and
 * two runs that both read "nothing announced yet" before either records its alert would announce
 * the same storm twice. A run that arrives during another starts when it ends.
 */
const backgroundRefresh = oneAtATime(refreshOnce);

async function refreshOnce(): Promise<void> {
  const db = await openAuroraTrackingDb();
  try {
    const { forcedOffline: forced } = await refreshInBackground({
      fetch: (input, init) => fetch(input, init),
      now: () => Date.now(),
      db,
      backendBase: self.location.origin,
    });
    forcedOffline.set(forced);
  } finally {
    db.close();
  }
}

/**
 * The device's own alerts (src/sw/alerts): one run at a time, for the same reason as the refresh,
 * and after it, so both wake-ups cost one pass.
 */
const deviceAlerts = oneAtATime(async () => {
  const db = await openAuroraTrackingDb();
  try {
    await alertOnDevice({
      fetch: (input, init) => fetch(input, init),
      now: () => Date.now(),
      db,
      backendBase: self.location.origin,
      showNotification: (title, options: ShownOptions) =>
        self.registration.showNotification(title, options),
    });
  } finally {
    db.close();
  }
});

const refreshThenAlert = () => backgroundRefresh().finally(deviceAlerts);

self.addEventListener('sync', (event) => {
  const e = event as unknown as SyncEventLike;
  if (e.tag !== SYNC_TAG) return;
  // Open pages replay their own request queue (they hold it while the user has chosen Go
  // Offline); the worker refreshes the small products (refreshInBackground reads that choice).
  e.waitUntil(
    Promise.allSettled([postToClients({ type: SYNC_TAG }), refreshThenAlert()]).then(
      () => undefined,
    ),
  );
});

self.addEventListener('periodicsync', (event) => {
  const e = event as unknown as SyncEventLike;
  if (e.tag !== PERIODIC_SYNC_TAG && e.tag !== SYNC_TAG) return;
  e.waitUntil(refreshThenAlert());
});

self.addEventListener('push', (event) => {
  const text = event.data ? event.data.text() : null;
  const alert = readAlertPayload(text);
  event.waitUntil(
    (async () => {
      if (alert) {
        // The alert first: storage trouble must never delay or swallow it. Its tag is the event's
        // id, so a copy the device already showed is replaced without alerting again.
        const n = alertNotification(alert);
        await self.registration.showNotification(n.title, n.options);
        try {
          const db = await openAuroraTrackingDb();
          try {
            await filePushedAlert(db, alert, Date.now());
          } finally {
            db.close();
          }
        } catch {
          // Unfiled, periodic sync may show this event once more: same tag, so it replaces it.
        }
        return;
      }
      const notice = parsePushPayload(text);
      await self.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: notice.url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as Partial<AlertNotificationData> | null;
  const path = data?.url ?? '/';
  if (event.action === 'mute-tonight' && data?.rule && typeof data.muteUntil === 'number') {
    const mute = { ...data, url: path } as AlertNotificationData;
    event.waitUntil(
      (async () => {
        const db = await openAuroraTrackingDb();
        try {
          await muteTonight(
            {
              db,
              fetch: (input, init) => fetch(input, init),
              backendBase: self.location.origin,
              endpoint: async () =>
                (await self.registration.pushManager.getSubscription())?.endpoint ?? null,
            },
            mute,
          );
        } finally {
          db.close();
        }
      })(),
    );
    return;
  }
  event.waitUntil(
    (async () => {
      const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = clients[0];
      if (open) {
        await open.focus();
        if ('navigate' in open) await open.navigate(path).catch(() => null);
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});
