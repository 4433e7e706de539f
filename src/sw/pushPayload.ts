/**
 * The words of a Kp alert pushed by a backend from before the alert engine (`{type:'kp-alert', kp,
 * threshold}`); the engine's own payloads are read by src/sw/alerts/alertNotification.ts.
 */
function kpAlertNotification(kp: number, threshold: number) {
  const shown = (Math.round(kp * 100) / 100).toString();
  return {
    title: `Aurora alert: Kp ${shown}`,
    body: `Geomagnetic activity has reached Kp ${shown} (your threshold is ${threshold}). The aurora may be visible further from the poles tonight.`,
    tag: 'kp-alert',
    url: '/',
  };
}

/** What the `push` handler shows, whatever the backend (or DevTools) sent. */
export interface PushNotice {
  title: string;
  body: string;
  tag: string;
  url: string;
  /** Set when the push is a Kp alert, so the worker records the event and does not repeat it. */
  kp: number | null;
}

const DEFAULT_NOTICE: PushNotice = {
  title: 'Aurora',
  body: 'New space-weather data is available.',
  tag: 'aurora-update',
  url: '/',
  kp: null,
};

/** Only same-origin paths may be opened from a notification: a payload must not send the user elsewhere. */
function safePath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

/**
 * Reads a push payload: JSON `{type:'kp-alert', kp, threshold}` or `{title, body, url, tag}`, or plain
 * text used as the body. Anything unreadable still shows the default notice: Chromium requires a
 * visible notification for every push.
 */
export function parsePushPayload(text: string | null): PushNotice {
  if (!text) return DEFAULT_NOTICE;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ...DEFAULT_NOTICE, body: text.slice(0, 300) };
  }
  if (!data || typeof data !== 'object')
    return { ...DEFAULT_NOTICE, body: String(data).slice(0, 300) };
  const d = data as Record<string, unknown>;
  const kp = typeof d.kp === 'number' && Number.isFinite(d.kp) ? d.kp : null;
  if (d.type === 'kp-alert' && kp !== null) {
    const threshold = typeof d.threshold === 'number' ? d.threshold : 5;
    const n = kpAlertNotification(kp, threshold);
    return { ...n, url: safePath(d.url ?? n.url), kp };
  }
  return {
    title: typeof d.title === 'string' && d.title ? d.title.slice(0, 120) : DEFAULT_NOTICE.title,
    body: typeof d.body === 'string' ? d.body.slice(0, 300) : DEFAULT_NOTICE.body,
    tag: typeof d.tag === 'string' && d.tag ? d.tag : kp !== null ? 'kp-alert' : DEFAULT_NOTICE.tag,
    url: safePath(d.url),
    kp,
  };
}
