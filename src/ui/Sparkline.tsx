/**
 * A small line chart for a recent window of one field: gaps (null) break the line, and an
 * optional zero line makes the sign visible (Bz south is what matters).
 */
export function Sparkline({
  t,
  values,
  label,
  zeroLine = false,
  width = 320,
  height = 72,
}: {
  t: readonly number[];
  values: readonly (number | null)[];
  label: string;
  zeroLine?: boolean;
  width?: number;
  height?: number;
}) {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (t.length < 2 || present.length < 2) return null;
  let lo = Math.min(...present);
  let hi = Math.max(...present);
  if (zeroLine) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (hi === lo) hi = lo + 1;
  const t0 = t[0]!;
  const span = Math.max(1, t[t.length - 1]! - t0);
  const x = (time: number) => ((time - t0) / span) * width;
  const y = (v: number) => height - 4 - ((v - lo) / (hi - lo)) * (height - 8);
  let d = '';
  let pen = false;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${x(t[i]!).toFixed(1)},${y(v).toFixed(1)}`;
    pen = true;
  });
  return (
    <svg className="sparkline" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={label}>
      {zeroLine ? <line x1={0} x2={width} y1={y(0)} y2={y(0)} className="sparkline__zero" /> : null}
      <path d={d} className="sparkline__line" />
    </svg>
  );
}
