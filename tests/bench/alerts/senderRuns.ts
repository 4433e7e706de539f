/**
 * `tsx scripts/with-postgres.ts tsx tests/bench/alerts/senderRuns.ts <subscribers> <cells> <out.json>`:
 * the alert sender (kp-alert-sender) on the local stack with PostgreSQL 15, as a scheduled run
 * calls it, over `subscribers` push subscriptions, each with a `visible` rule in one of `cells`
 * 0.1° cells and a Kp rule. SWPC and MET Norway are loopback stand-ins (a Kp 6.33 storm, a Kp 9
 * OVATION frame, a clear sky: every rule alerts on the first run); the push service is a loopback
 * stand-in answering 201. Writes the runs' wall times and summaries to `out.json`.
 *
 * Two runs: the first refreshes every cell's clouds through the weather function (inside its
 * upstream budget) and pushes two alerts to every subscriber; the second, a run later in the same
 * hour, reads the kept clouds and decides again for everyone, sending nothing (one alert per event).
 */
import { writeFileSync } from 'node:fs';
import webpush from 'web-push';
import { ovationJson } from '../../fixtures/constructed/stormNight.ts';
import { clearSkyLocationforecast, darkPlaceNow, strongFrame } from '../../support/alertSky.ts';
import { startTestStack } from '../../support/startTestStack.ts';
import { kp1mBody, startTestPushService } from '../../support/testPushService.ts';
import { startTestUpstream } from '../../support/testUpstream.ts';

const [subscribersArg, cellsArg, out] = process.argv.slice(2);
const subscribers = Number(subscribersArg);
const cells = Number(cellsArg);
if (!out || !(subscribers > 0) || !(cells > 0)) {
  console.error('usage: senderRuns.ts <subscribers> <cells> <out.json>');
  process.exit(2);
}

const now = Date.now();
const vapid = webpush.generateVAPIDKeys();
const push = await startTestPushService();
const upstream = await startTestUpstream();
upstream.set('json/planetary_k_index_1m.json', kp1mBody(Array<number>(61).fill(6.33)));
upstream.set('json/ovation_aurora_latest.json', ovationJson(strongFrame(now)));
upstream.set('weatherapi/locationforecast/2.0/complete', clearSkyLocationforecast(now));
const stack = await startTestStack({
  functionEnv: {
    SWPC_BASE_URL: upstream.url,
    WEATHER_BASE_URL: upstream.url,
    PUSH_ALLOWED_HOSTS: push.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@aurora.invalid',
  },
});

try {
  // One browser's keys for every subscription: encryption costs the same per push whatever the key.
  const keys = push.subscription('/keys').keys;
  const dark = darkPlaceNow(now);
  const side = Math.ceil(Math.sqrt(cells));
  await stack.sql(
    `insert into push_subscriptions (endpoint, p256dh, auth, subscriber_id)
       select $1 || '/push/' || g, $2, $3, 'bench-' || lpad(g::text, 8, '0')
         from generate_series(1, $4::int) g`,
    [push.url, keys.p256dh, keys.auth, subscribers],
  );
  // The cells: a square of 0.1° cells from the dark place, all dark and under the oval now.
  await stack.sql(
    `insert into alert_rules (subscription_id, rule_key, kind, place_name, place_lat, place_lon,
                              kp_threshold, all_clear, time_zone)
       select s.id, to_char(c.lat, 'FM990.0') || '_' || to_char(c.lon, 'FM9990.0') || ':visible',
              'visible', 'Bench place', c.lat, c.lon, 5, true, 'UTC'
         from (select id, row_number() over (order by subscriber_id) - 1 as n from push_subscriptions) s,
              lateral (select round(($1::numeric + ((s.n % $3) / $4) * 0.1), 1) as lat,
                              round(($2::numeric + ((s.n % $3) % $4) * 0.1), 1) as lon) c`,
    [dark.lat, dark.lon, cells, side],
  );
  await stack.sql(
    `insert into alert_rules (subscription_id, rule_key, kind, kp_threshold, all_clear, time_zone)
       select id, 'anywhere:kp', 'kp', 5, true, 'UTC' from push_subscriptions`,
  );
  const [counted] = await stack.sql<{ count: string }>(
    `select count(distinct (place_lat, place_lon))::text as count from alert_rules where kind = 'visible'`,
  );

  const run = async () => {
    const started = performance.now();
    const res = await fetch(`${stack.url}/functions/v1/kp-alert-sender`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    const body = (await res.json()) as Record<string, unknown>;
    const ms = performance.now() - started;
    if (res.status !== 200)
      throw new Error(`sender answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms, summary: body };
  };
  const cold = await run();
  const pushes = push.pushed.length;
  const warm = await run();
  writeFileSync(
    out,
    JSON.stringify({
      subscribers,
      cells: Number(counted?.count),
      cold,
      warm,
      pushes,
      pushesWarm: push.pushed.length - pushes,
    }),
  );
} finally {
  await stack.stop();
  await upstream.close();
  await push.close();
}
