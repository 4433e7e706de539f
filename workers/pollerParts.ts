/**
 * What the poller worker needs once the first oval is handed over (poller/firstGrid.ts): RxDB and
 * everything that writes to it, one dynamic import, so the worker's own script carries none of it.
 */
export { DEFAULT_DATABASE_NAME, openDatabase } from '../sync/database.ts';
export { createPoller } from './poller/createPoller.ts';
export { DEFER_IDLE_MS } from './poller/firstScreen.ts';
export { databaseStore } from './poller/store.ts';
export { foldBackgroundUpdates } from './poller/foldBackgroundUpdates.ts';
export { readBackgroundUpdates } from '../sync/trackingDb/backgroundUpdates.ts';
export { openAuroraTrackingDb } from '../sync/trackingDb/openAuroraTrackingDb.ts';
export { startWeatherLoop } from './weather/weatherLoop.ts';
export { startNightsLoop } from './nights/nightsLoop.ts';
export { claimPollerLeadership, otherPollersWaiting } from './poller/pollerLeadership.ts';
