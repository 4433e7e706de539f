/**
 * A y axis's tick label: "1,000", "-2.5", "0.125" — at most three decimals, half away from zero,
 * thousands grouped with commas. This is what uPlot's default (`Intl.NumberFormat` in en-US) writes,
 * without an Intl object: the first one a page creates initialises ICU, tens of milliseconds on
 * the chart screens' first visit (scripts/vite/lazyUplotIntl.ts). Like the rest of the app's text
 * it is English whatever the device's language. A value that rounds to zero is "0", never "-0".
 * Not finite (uPlot never passes one): "".
 */
export function formatAxisNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const { whole, fraction } = roundedDigits(decimalDigits(Math.abs(value)));
  const text = grouped(whole) + (fraction ? `.${fraction}` : '');
  return value < 0 && text !== '0' ? `-${text}` : text;
}

const FRACTION_DIGITS = 3;

/** A non-negative finite number's shortest round-trip decimal (as ICU reads a double), without an exponent. */
function decimalDigits(abs: number): { whole: string; fraction: string } {
  const text = String(abs);
  const exp = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exp) {
    const [whole = '0', fraction = ''] = text.split('.');
    return { whole, fraction };
  }
  const digits = exp[1]! + (exp[2] ?? '');
  const point = 1 + Number(exp[3]);
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length)
    return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Rounded to FRACTION_DIGITS, half up on the magnitude; trailing zeros dropped. */
function roundedDigits({ whole, fraction }: { whole: string; fraction: string }): {
  whole: string;
  fraction: string;
} {
  if (fraction.length <= FRACTION_DIGITS) return { whole, fraction: fraction.replace(/0+$/, '') };
  const kept = whole + fraction.slice(0, FRACTION_DIGITS);
  const up = fraction.charCodeAt(FRACTION_DIGITS) >= '5'.charCodeAt(0);
  const digits = up ? incremented(kept) : kept;
  const point = digits.length - FRACTION_DIGITS;
  return {
    whole: digits.slice(0, point).replace(/^0+(?=\d)/, ''),
    fraction: digits.slice(point).replace(/0+$/, ''),
  };
}

/** A digit string plus one ("0999" → "1000", "999" → "1000"). */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** "1234567" → "1,234,567". */
function grouped(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}
