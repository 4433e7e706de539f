import { VISIBLE_RANGE_DEG, type AuroraAtPlace, type PlaceView } from './auroraAtPlace.ts';
import { CIVIL, NAUTICAL, sunAltitude } from './darkness.ts';
import { distanceFromOval, kpBoundary, kpNeeded, kpPolewardBoundary } from './kpBoundary.ts';
import { magneticLocalTime, type MagneticPosition } from './magneticCoordinates.ts';
import { moonAt } from './moon.ts';
import type { Level, Reason, SlotAurora, SlotVerdict, TonightInputs } from './types.ts';
import {
  OVATION_GO_OVERHEAD_PERCENT,
  OVATION_GO_VISIBLE_PERCENT,
  OVATION_MAYBE_VISIBLE_PERCENT,
} from './ovationLevels.ts';

/** Thresholds of GO / MAYBE / NO; core/tonight/CONTEXT.md says why each is where it is. */
const RULES = {
  /** Sun below this: dark enough for aurora (nautical dusk; astronomical darkness is not needed). */
  darkBelowDeg: NAUTICAL,
  /** Sun between this and darkBelowDeg: twilight, only bright aurora shows (MAYBE); above it NO. */
  twilightBelowDeg: CIVIL,
  /** A moon lit beyond this fraction and above the horizon hides faint aurora (caps at MAYBE). */
  brightMoonFraction: 0.6,
  /** OVATION overhead at or above this, or visible above the horizon at or above goVisiblePercent: GO. */
  goOverheadPercent: OVATION_GO_OVERHEAD_PERCENT,
  goVisiblePercent: OVATION_GO_VISIBLE_PERCENT,
  /** Below this, even on the horizon: the oval is too far (NO). */
  maybeVisiblePercent: OVATION_MAYBE_VISIBLE_PERCENT,
  /** Strong enough to outshine a bright moon: OVATION overhead ≥ this, or this many degrees inside the Kp boundary. */
  strongPercent: 50,
  strongMarginDeg: 3,
  /** Cloud hiding the sky at or above this: NO; at or above partlyCloudyPercent: MAYBE. */
  cloudyPercent: 75,
  partlyCloudyPercent: 40,
  /** Thin high cloud (cirrus) lets bright aurora through: it counts at this weight. */
  highCloudWeight: 0.5,
  /** A cloud forecast hour stands for the slot when it is at most this far from the slot's middle. */
  cloudMatchMs: 45 * 60_000,
} as const;

const rank: Record<Level, number> = { NO: 0, MAYBE: 1, GO: 2 };

function lowerOf(a: Level, b: Level): Level {
  return rank[a] <= rank[b] ? a : b;
}

export interface SlotContext {
  inputs: TonightInputs;
  view: PlaceView;
  /** The place's magnetic coordinates (AACGM-v2 at 110 km; latitude null near the magnetic equator). */
  magnetic: MagneticPosition;
  /** The newest OVATION frame at the place, when it is fresh enough; null otherwise. */
  ovationNow: AuroraAtPlace | null;
  /** How far that frame reaches (epoch ms); slots starting later use the Kp forecast. */
  ovationReachesUntil: number | null;
  kpStale: boolean;
  cloudsStale: boolean;
  /** The cloud forecast is the backend's replayed sample: it cannot promise a clear sky. */
  cloudsReplay: boolean;
}

/** The cloud that hides aurora in a slot: low and middle cloud count fully, thin high cloud half. */
function slotCloud(clouds: TonightInputs['clouds'], mid: number): SlotVerdict['cloud'] {
  if (!clouds) return null;
  let best = -1;
  for (let i = 0; i < clouds.time.length; i++) {
    const d = Math.abs(clouds.time[i]! - mid);
    if (d <= RULES.cloudMatchMs && (best === -1 || d < Math.abs(clouds.time[best]! - mid)))
      best = i;
  }
  if (best === -1) return null;
  const low = clouds.low?.[best];
  const medium = clouds.medium?.[best];
  const high = clouds.high?.[best];
  if (low != null || medium != null || high != null) {
    const parts: [number, 'low' | 'medium' | 'high'][] = [
      [low ?? 0, 'low'],
      [medium ?? 0, 'medium'],
      [(high ?? 0) * RULES.highCloudWeight, 'high'],
    ];
    parts.sort((a, b) => b[0] - a[0]);
    return { percent: Math.round(parts[0]![0]), layer: parts[0]![1] };
  }
  const total = clouds.total[best];
  return total == null ? null : { percent: Math.round(total), layer: 'total' };
}

function kpAt(entries: readonly { time: number; kp: number }[], t: number): number | null {
  for (const e of entries) if (e.time <= t && t < e.time + 3 * 3_600_000) return e.kp;
  return null;
}

function auroraFor(
  ctx: SlotContext,
  start: number,
  mid: number,
): { level: Level; reason: Reason | null; aurora: SlotAurora; strong: boolean } {
  const { inputs, view } = ctx;
  if (ctx.ovationNow && ctx.ovationReachesUntil !== null && start < ctx.ovationReachesUntil) {
    const a = ctx.ovationNow;
    const aurora: SlotAurora = {
      source: 'ovation',
      overheadPercent: a.overheadPercent,
      visiblePercent: a.visiblePercent,
      compass: a.compass,
    };
    const strong = a.overheadPercent >= RULES.strongPercent;
    if (a.overheadPercent >= RULES.goOverheadPercent || a.visiblePercent >= RULES.goVisiblePercent)
      return { level: 'GO', reason: null, aurora, strong };
    if (a.visiblePercent >= RULES.maybeVisiblePercent) {
      return {
        level: 'MAYBE',
        reason: {
          code: 'oval-too-far',
          text: `${a.visiblePercent} % low in the ${a.compass ?? a.lookToward}`,
        },
        aurora,
        strong,
      };
    }
    const far =
      a.edgeDistanceKm === null
        ? 'no oval in this hemisphere'
        : `oval ${formatKm(a.edgeDistanceKm)} away`;
    return { level: 'NO', reason: { code: 'oval-too-far', text: far }, aurora, strong };
  }
  const { magnetic } = ctx;
  const kp = inputs.kpForecast ? kpAt(inputs.kpForecast.entries, mid) : null;
  if (magnetic.lat === null) {
    // Field lines here close below the aurora's height: no oval ever reaches them.
    return {
      level: 'NO',
      reason: { code: 'oval-too-far', text: 'oval out of reach near the magnetic equator' },
      aurora: { source: kp === null ? 'none' : 'kp', kp: kp ?? undefined, kpNeeded: null },
      strong: false,
    };
  }
  const absMagLat = Math.abs(magnetic.lat);
  const mlt = magneticLocalTime(magnetic, view.lat, view.lon, mid);
  const needed = kpNeeded(absMagLat, mlt, VISIBLE_RANGE_DEG);
  const poleward = magnetic.hemisphere;
  const equatorward = poleward === 'north' ? 'south' : 'north';
  const compassOf = (d: 'north' | 'south') => (d === 'north' ? 'N' : 'S');
  if (kp === null) {
    if (needed !== null) {
      return {
        level: 'MAYBE',
        reason: {
          code: 'data-too-old',
          text:
            needed === 0
              ? 'no Kp forecast (the oval is in reach even when quiet)'
              : `no Kp forecast (needs Kp ${Math.ceil(needed)})`,
        },
        aurora: { source: 'none', kpNeeded: needed },
        strong: false,
      };
    }
    const polar = distanceFromOval(0, mlt, absMagLat) < 0;
    return {
      level: 'NO',
      reason: {
        code: 'oval-too-far',
        text: polar ? `oval too far ${equatorward} at any Kp` : 'oval too far even at Kp 9',
      },
      aurora: { source: 'none', kpNeeded: null, ...(polar && { compass: compassOf(equatorward) }) },
      strong: false,
    };
  }
  const boundaryLat = kpBoundary(kp, mlt);
  // Positive: equatorward of the oval (look poleward); negative: in the polar cap (look toward the equator).
  const outside = distanceFromOval(kp, mlt, absMagLat);
  const marginDeg =
    outside === 0
      ? Math.min(absMagLat - boundaryLat, kpPolewardBoundary(kp, mlt) - absMagLat)
      : -Math.abs(outside);
  const look = outside < 0 ? equatorward : poleward;
  const aurora: SlotAurora = {
    source: 'kp',
    kp,
    boundaryLat: round1(boundaryLat),
    marginDeg: round1(marginDeg),
    kpNeeded: needed,
    compass: compassOf(look),
  };
  if (outside === 0)
    return { level: 'GO', reason: null, aurora, strong: marginDeg >= RULES.strongMarginDeg };
  if (Math.abs(outside) <= VISIBLE_RANGE_DEG) {
    return {
      level: 'MAYBE',
      reason: {
        code: outside > 0 ? 'kp-too-low' : 'oval-too-far',
        text: `Kp ${formatKp(kp)}: low on the ${look}ern horizon`,
      },
      aurora,
      strong: false,
    };
  }
  if (outside < 0 || needed === null) {
    return {
      level: 'NO',
      reason: {
        code: 'oval-too-far',
        text:
          outside < 0 ? `oval too far ${look} at Kp ${formatKp(kp)}` : 'oval too far even at Kp 9',
      },
      aurora,
      strong: false,
    };
  }
  return {
    level: 'NO',
    reason: { code: 'kp-too-low', text: `needs Kp ${Math.ceil(needed)}, forecast ${formatKp(kp)}` },
    aurora,
    strong: false,
  };
}

/** GO / MAYBE / NO for one half hour, with the reasons for anything short of GO. */
export function judgeSlot(ctx: SlotContext, start: number, end: number): SlotVerdict {
  const { lat, lon } = ctx.inputs.place;
  const mid = (start + end) / 2;
  const reasons: Reason[] = [];
  let level: Level = 'GO';
  const closedBy: Reason['code'][] = [];
  const cap = (to: Level, reason: Reason | null) => {
    level = lowerOf(level, to);
    if (reason) reasons.push(reason);
    if (reason && to === 'NO') closedBy.push(reason.code);
  };

  const sun = sunAltitude(mid, lat, lon);
  if (sun > RULES.twilightBelowDeg)
    cap('NO', { code: 'not-dark', text: sun > -0.833 ? 'daylight' : 'twilight' });
  else if (sun > RULES.darkBelowDeg) cap('MAYBE', { code: 'not-dark', text: 'twilight' });

  const aurora = auroraFor(ctx, start, mid);
  cap(aurora.level, aurora.reason);
  if (aurora.aurora.source === 'kp' && ctx.kpStale)
    cap('MAYBE', { code: 'data-too-old', text: 'Kp forecast out of date' });

  const moon = moonAt(mid, lat, lon);
  if (moon.up && moon.illumination >= RULES.brightMoonFraction && !aurora.strong) {
    cap('MAYBE', {
      code: 'bright-moon',
      text: `bright moon (${Math.round(moon.illumination * 100)} %)`,
    });
  }

  const cloud = slotCloud(ctx.inputs.clouds, mid);
  if (!cloud) cap('MAYBE', { code: 'data-too-old', text: 'no cloud forecast' });
  else {
    const text = `${cloud.percent} % ${cloud.layer === 'total' ? '' : `${cloud.layer} `}cloud`;
    if (cloud.percent >= RULES.cloudyPercent) cap('NO', { code: 'too-cloudy', text });
    else if (cloud.percent >= RULES.partlyCloudyPercent) cap('MAYBE', { code: 'too-cloudy', text });
    if (ctx.cloudsStale) cap('MAYBE', { code: 'data-too-old', text: 'cloud forecast out of date' });
    else if (ctx.cloudsReplay)
      cap('MAYBE', { code: 'data-too-old', text: 'cloud forecast is a replayed sample' });
  }

  return {
    start,
    end,
    level,
    reasons,
    closedBy,
    sunAltitudeDeg: round1(sun),
    moon: {
      altitudeDeg: round1(moon.altitudeDeg),
      illumination: Math.round(moon.illumination * 100) / 100,
      up: moon.up,
    },
    cloud,
    aurora: aurora.aurora,
  };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** Kp in the way it is published: thirds as −, o, + would be unfamiliar, so one decimal at most. */
export function formatKp(kp: number): string {
  return Number.isInteger(kp) ? String(kp) : kp.toFixed(1);
}

function formatKm(km: number): string {
  return `${Math.round(km).toLocaleString('en-GB')} km`;
}
