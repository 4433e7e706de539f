/**
 * The default Kp alert threshold, one constant (core/alerts/kpThreshold.ts) for everything that
 * fills one in: the device's settings, an alert rule, the push-subscription function, and the SQL
 * columns, which cannot import it and are read here from the migrations instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAlertRule } from '../../../../core/alerts/alertRule.ts';
import { DEFAULT_KP_THRESHOLD, KP_MAX, KP_MIN } from '../../../../core/alerts/kpThreshold.ts';
import { normaliseNotificationSettings } from '../../../../core/alerts/notificationSettings.ts';

const MIGRATIONS = join(process.cwd(), 'supabase/migrations');

/** Every `kp_threshold` column as the migrations declare it: its table, default and check range. */
function kpColumns(): { file: string; def: number; min: number; max: number }[] {
  const found = [];
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8');
    for (const m of sql.matchAll(
      /kp_threshold\s+numeric\([^)]*\)\s+not null\s+default\s+([\d.]+)\s+check\s*\(([^)]*)\)/gi,
    )) {
      const bounds = [...m[2]!.matchAll(/\d+(?:\.\d+)?/g)].map((b) => Number(b[0]));
      found.push({ file, def: Number(m[1]), min: bounds[0]!, max: bounds[1]! });
    }
    // A later default change would not be seen by the column reading above: none may hide there.
    expect(sql, file).not.toMatch(/kp_threshold\s+set\s+default/i);
  }
  return found;
}

describe('the default Kp alert threshold', () => {
  it('is the spec’s 5 on the Kp scale of 0 to 9', () => {
    expect({ DEFAULT_KP_THRESHOLD, KP_MIN, KP_MAX }).toEqual({
      DEFAULT_KP_THRESHOLD: 5,
      KP_MIN: 0,
      KP_MAX: 9,
    });
  });

  it('is what the device’s settings and a Kp rule without a threshold take', () => {
    expect(normaliseNotificationSettings(undefined).kpThreshold).toBe(DEFAULT_KP_THRESHOLD);
    expect(normaliseNotificationSettings({ kpThreshold: KP_MAX + 1 }).kpThreshold).toBe(
      DEFAULT_KP_THRESHOLD,
    );
    const rule = readAlertRule({ subscriber: 'device-0001', kind: 'kp' });
    expect(rule.ok && rule.rule.kpThreshold).toBe(DEFAULT_KP_THRESHOLD);
  });

  it('is the default, and 0–9 the range, of every kp_threshold column in the migrations', () => {
    const columns = kpColumns();
    expect(columns.map((c) => c.file)).toEqual([
      '20261122060000_push_subscriptions.sql',
      '20261128002500_alert_rules.sql',
    ]);
    for (const c of columns)
      expect({ def: c.def, min: c.min, max: c.max }, c.file).toEqual({
        def: DEFAULT_KP_THRESHOLD,
        min: KP_MIN,
        max: KP_MAX,
      });
  });
});
