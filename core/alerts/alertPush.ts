/**
 * What one alert says and how it travels: the notification (title, body, actions, tag) and the
 * push service's headers (TTL, Urgency, Topic, RFC 8030). Made by the engine (alertEngine.ts), sent
 * by the backend as the push payload, shown by the service worker as it is — the words are the
 * same whichever side delivers.
 */
import { formatAge } from '../time/formatAge.ts';
import type { AlertPlace } from './alertRule.ts';
import type { SkyNow } from './skyNow.ts';

export type AlertPushType = 'aurora-visible' | 'kp-alert' | 'all-clear';

export interface AlertAction {
  action: 'open-map' | 'mute-tonight';
  title: string;
}

/** What the service worker needs to show and file the alert: the push payload. */
export interface AlertPayload {
  type: AlertPushType;
  /** The event's id; an all-clear's is its alert's id + "/all-clear". */
  event: string;
  /** The notification tag: the alerted event's id, so an all-clear replaces its alert on screen. */
  tag: string;
  title: string;
  body: string;
  url: string;
  actions: AlertAction[];
  /** The rule it comes from (`ruleKey`), for "Mute tonight" and for filing the delivery. */
  rule: string;
  /** "Mute tonight" mutes the rule until this time (the night's closing noon), epoch ms. */
  muteUntil: number;
  /** When it was decided, epoch ms. */
  at: number;
}

export interface AlertPush extends AlertPayload {
  subscriber: string;
  /** Seconds the push service may hold it: how long the alert stays true, at most an hour. */
  ttlSeconds: number;
  urgency: 'high' | 'normal' | 'low';
  /** RFC 8030 Topic: a newer push with the same topic replaces one not yet delivered. */
  topic: string;
}

/** An alert held by the push service longer than this is about a sky that has moved on. */
export const MAX_TTL_SECONDS = 3600;
/** Shorter than this the push service may drop it before a phone on a weak signal wakes. */
const MIN_TTL_SECONDS = 300;

const ALERT_ACTIONS: AlertAction[] = [
  { action: 'open-map', title: 'Open map' },
  { action: 'mute-tonight', title: 'Mute tonight' },
];
const ALL_CLEAR_ACTIONS: AlertAction[] = [{ action: 'open-map', title: 'Open map' }];

/**
 * RFC 8030 §5.4: a Topic is at most 32 characters of the URL-safe base64 alphabet. Two 32-bit
 * FNV-1a hashes of the text (different offsets), 12 characters: pure, so the backend and a test
 * compute the same topic without a crypto API.
 */
export function topicOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let word of [a, b]) {
    for (let i = 0; i < 6; i++) {
      out += alphabet[word & 63];
      word >>>= 6;
    }
  }
  return out;
}

function kpText(kp: number): string {
  return String(Math.round(kp * 100) / 100);
}

function lookText(look: string | null): string {
  if (look === 'overhead') return 'look up, it is overhead';
  return look ? `look low to the ${look}` : 'look toward the pole';
}

function ttl(seconds: number): number {
  return Math.max(MIN_TTL_SECONDS, Math.min(MAX_TTL_SECONDS, Math.round(seconds)));
}

interface Common {
  subscriber: string;
  event: string;
  /** The event id without its level: the Topic, so a higher level replaces a lower one not yet delivered. */
  series: string;
  rule: string;
  muteUntil: number;
  now: number;
}

export function visiblePush(c: Common, place: AlertPlace, sky: SkyNow): AlertPush {
  const cloud = sky.cloudPercent === null ? '' : ` · cloud ${sky.cloudPercent} %`;
  const ages = [
    sky.ages.ovationMs === null ? null : `aurora map ${formatAge(sky.ages.ovationMs)}`,
    sky.ages.cloudsMs === null ? null : `clouds ${formatAge(sky.ages.cloudsMs)}`,
  ].filter(Boolean);
  return {
    type: 'aurora-visible',
    subscriber: c.subscriber,
    event: c.event,
    tag: c.event,
    title: `Aurora likely visible from ${place.name} now`,
    body: `Aurora likely visible now — ${lookText(sky.look)}${cloud} · ${ages.join(', ')}`,
    url: '/',
    actions: ALERT_ACTIONS,
    rule: c.rule,
    muteUntil: c.muteUntil,
    at: c.now,
    ttlSeconds: ttl(((sky.goUntil ?? c.now) - c.now) / 1000),
    urgency: 'high',
    topic: topicOf(c.series),
  };
}

export function kpPush(
  c: Common,
  kp: { value: number; time: number },
  threshold: number,
  rising: boolean,
): AlertPush {
  return {
    type: 'kp-alert',
    subscriber: c.subscriber,
    event: c.event,
    tag: c.event,
    title: rising
      ? `Aurora alert: Kp up to ${kpText(kp.value)}`
      : `Aurora alert: Kp ${kpText(kp.value)}`,
    body: `Geomagnetic activity has reached Kp ${kpText(kp.value)} (your threshold is ${threshold}). Kp measured ${formatAge(c.now - kp.time)}.`,
    url: '/',
    actions: ALERT_ACTIONS,
    rule: c.rule,
    muteUntil: c.muteUntil,
    at: c.now,
    ttlSeconds: MAX_TTL_SECONDS,
    urgency: 'normal',
    topic: topicOf(c.series),
  };
}

export function allClearPush(
  c: Common & { tag: string },
  place: AlertPlace | null,
  what: { kind: 'visible'; why: string } | { kind: 'kp'; kp: number; threshold: number },
): AlertPush {
  const visible = what.kind === 'visible';
  return {
    type: 'all-clear',
    subscriber: c.subscriber,
    event: c.event,
    tag: c.tag,
    title: visible
      ? `All clear: aurora no longer likely from ${place?.name ?? 'your place'}`
      : 'Aurora alert over',
    body: visible
      ? `For an hour now: ${what.why}.`
      : `Geomagnetic activity has eased to Kp ${kpText(what.kp)}, below your threshold of ${what.threshold}.`,
    url: '/',
    actions: ALL_CLEAR_ACTIONS,
    rule: c.rule,
    muteUntil: c.muteUntil,
    at: c.now,
    ttlSeconds: MAX_TTL_SECONDS,
    urgency: 'low',
    topic: topicOf(c.series),
  };
}

/** The payload the backend pushes (delivery headers travel as HTTP headers, not in it). */
export function payloadOf(push: AlertPush): AlertPayload {
  const { type, event, tag, title, body, url, actions, rule, muteUntil, at } = push;
  return { type, event, tag, title, body, url, actions, rule, muteUntil, at };
}
