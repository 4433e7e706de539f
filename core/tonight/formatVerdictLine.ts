import { formatAge } from '../time/formatAge.ts';
import { formatKp } from './judgeSlot.ts';
import type { InputAge, SlotVerdict } from './types.ts';
import type { Verdict } from './verdict.ts';

/** Clock time "22:30" in the given IANA time zone (the device's when omitted). */
function clock(time: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(time);
}

function ovationPhrase(slots: readonly SlotVerdict[]): string {
  const a = slots.reduce((best, s) =>
    (s.aurora.overheadPercent ?? 0) > (best.aurora.overheadPercent ?? 0) ||
    ((s.aurora.overheadPercent ?? 0) === (best.aurora.overheadPercent ?? 0) &&
      (s.aurora.visiblePercent ?? 0) > (best.aurora.visiblePercent ?? 0))
      ? s
      : best,
  ).aurora;
  return (a.overheadPercent ?? 0) >= (a.visiblePercent ?? 0) / 2
    ? `${a.overheadPercent} % overhead`
    : `${a.visiblePercent} % low in the ${a.compass}`;
}

function kpPhrase(slots: readonly SlotVerdict[]): string {
  const a = slots.reduce((best, s) =>
    (s.aurora.marginDeg ?? -99) > (best.aurora.marginDeg ?? -99) ? s : best,
  ).aurora;
  return (a.marginDeg ?? -1) >= 0
    ? `Kp ${formatKp(a.kp ?? 0)}, oval overhead`
    : `Kp ${formatKp(a.kp ?? 0)}, low in the ${a.compass}`;
}

/**
 * The aurora in the run's own half hours: OVATION's numbers for the ones it covers, the Kp
 * forecast's for the rest, and when the run holds both, each for its own hours ("35 % overhead
 * until 23:00, then Kp 6, oval overhead").
 */
function auroraPhrase(slots: readonly SlotVerdict[], timeZone?: string): string {
  const ovation = slots.filter((s) => s.aurora.source === 'ovation');
  const kp = slots.filter((s) => s.aurora.source === 'kp');
  if (ovation.length && kp.length)
    return `${ovationPhrase(ovation)} until ${clock(ovation[ovation.length - 1]!.end, timeZone)}, then ${kpPhrase(kp)}`;
  if (ovation.length) return ovationPhrase(ovation);
  if (kp.length) return kpPhrase(kp);
  return 'no aurora forecast';
}

function cloudPhrase(slots: readonly SlotVerdict[]): string {
  const known = slots.map((s) => s.cloud).filter((c) => c !== null);
  if (known.length === 0) return 'no cloud forecast';
  const worst = Math.max(...known.map((c) => c.percent));
  return worst < 20 ? 'clear' : `${worst} % cloud`;
}

function moonPhrase(slots: readonly SlotVerdict[]): string {
  const up = slots.filter((s) => s.moon.up);
  if (up.length === 0) return 'moon down';
  const lit = Math.round(Math.max(...up.map((s) => s.moon.illumination)) * 100);
  return up.length === slots.length ? `moon up (${lit} %)` : `moon up part of the time (${lit} %)`;
}

/**
 * Why nothing works tonight: the reason that closes most of the dark half hours (daylight closes
 * the rest anyway), told with its most hopeful detail (the lowest Kp that would do).
 */
function whyNot(verdict: Verdict): string {
  if (verdict.night.kind === 'midnight-sun') return 'midnight sun, the sun never sets';
  if (verdict.night.kind === 'never-dark') return 'it never gets dark enough';
  const dark = verdict.slots.filter(
    (s) => s.level === 'NO' && !s.reasons.some((r) => r.code === 'not-dark'),
  );
  if (dark.length === 0) return 'no dark hours left tonight';
  const counts = new Map<string, SlotVerdict[]>();
  // Only the reasons that close a half hour: a "low on the horizon" beside a cloud deck is not why.
  for (const s of dark)
    for (const code of s.closedBy) counts.set(code, [...(counts.get(code) ?? []), s]);
  const top = [...counts.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  if (!top) return 'no dark hours left tonight';
  const [code, slots] = top;
  const pick =
    code === 'kp-too-low'
      ? slots.reduce((a, b) => ((b.aurora.kpNeeded ?? 99) < (a.aurora.kpNeeded ?? 99) ? b : a))
      : slots[0]!;
  const text = pick.reasons.find((r) => r.code === code)!.text;
  if (code === 'too-cloudy') return `too cloudy (${text})`;
  if (code === 'oval-too-far') return `the aurora oval is ${text.replace(/^oval /, '')}`;
  return text;
}

function staleInputs(inputs: Verdict['inputs']): string {
  const names: [keyof Verdict['inputs'], string][] = [
    ['ovation', 'aurora map'],
    ['kpForecast', 'Kp forecast'],
    ['clouds', 'clouds'],
  ];
  const parts = names
    // A missing aurora map costs nothing past the current hour (the Kp forecast covers the night).
    .filter(([k]) => inputs[k].stale && (inputs[k].present || k !== 'ovation'))
    .map(([k, name]) => {
      const a: InputAge = inputs[k];
      return a.ageMs === null ? `no ${name}` : `${name} ${formatAge(a.ageMs)}`;
    });
  if (inputs.clouds.replay && !inputs.clouds.stale) parts.push('clouds: a replayed sample');
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * The one line for tonight: "Best tonight: 22:30–01:00 — 35 % overhead, clear, moon down", or
 * why not, always followed by the inputs that are too old to trust.
 */
export function formatVerdictLine(verdict: Verdict, opts: { timeZone?: string } = {}): string {
  const ages = staleInputs(verdict.inputs);
  if (!verdict.best) return `Not tonight: ${whyNot(verdict)}${ages}`;
  const { level, from, to, slots } = verdict.best;
  const head = level === 'GO' ? 'Best tonight' : 'Maybe tonight';
  return `${head}: ${clock(from, opts.timeZone)}–${clock(to, opts.timeZone)} — ${auroraPhrase(slots, opts.timeZone)}, ${cloudPhrase(slots)}, ${moonPhrase(slots)}${ages}`;
}
