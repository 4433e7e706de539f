import { useEffect, useState } from 'react';
import { AD_SLOTS, adGate, adsConfigured, currentAdFlags, detectAdBlocker } from '../../lib/ads.ts';
import { flagIsTrue, writeFlag } from '../../lib/storage.ts';

const FLAGS = [
  { key: 'disable-ads', label: 'Disable ads' },
  { key: 'user-premium', label: 'Premium user' },
  { key: 'force-ads', label: 'Force ads (debug)' },
] as const;

const REASON = {
  disabled: 'the disable-ads flag is set',
  premium: 'the user is premium',
  'no-consent': 'no consent is stored',
  'ad-blocker': 'an ad blocker was detected',
} as const;

/** The ad settings dashboard: the ad gate's inputs and answer, the five slots, and the flags to flip. */
export function AdSettingsDashboard() {
  const [adBlocked, setAdBlocked] = useState<boolean | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void detectAdBlocker().then((b) => live && setAdBlocked(b));
    return () => {
      live = false;
    };
  }, []);
  const flags = currentAdFlags();
  const decision = adGate({ ...flags, adBlocked: adBlocked ?? false });
  const toggle = (key: string) => {
    writeFlag(key, flagIsTrue(key) ? 'false' : 'true');
    setVersion(version + 1);
  };
  return (
    <section className="debug-panel" aria-labelledby="debug-ads-title">
      <h2 id="debug-ads-title">Ad settings</h2>
      <p>
        {decision.show ? 'Ads would load.' : `Ads are off: ${REASON[decision.reason]}.`}{' '}
        {adsConfigured(location.hostname)
          ? ''
          : 'No ad provider is configured for this build and host.'}
      </p>
      <dl className="debug-grid">
        <dt>Consent</dt>
        <dd>{flags.consent ? 'Given' : 'Not given'}</dd>
        <dt>Ad blocker</dt>
        <dd>{adBlocked === null ? 'Checking…' : adBlocked ? 'Detected' : 'Not detected'}</dd>
      </dl>
      <div className="debug-actions">
        {FLAGS.map((f) => (
          <label key={f.key} className="debug-check">
            <input type="checkbox" checked={flagIsTrue(f.key)} onChange={() => toggle(f.key)} />{' '}
            {f.label}
          </label>
        ))}
      </div>
      <table className="debug-table">
        <thead>
          <tr>
            <th scope="col">Slot</th>
            <th scope="col">Provider id</th>
            <th scope="col">Size</th>
          </tr>
        </thead>
        <tbody>
          {AD_SLOTS.map((s) => (
            <tr key={s.id}>
              <td>{s.description}</td>
              <td className="debug-mono">{s.slot || 'not configured'}</td>
              <td>{s.size}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
