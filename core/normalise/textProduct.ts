/**
 * Shared reading of SWPC's text bulletins: the `:Product:` and `:Issued:` header, the day columns
 * ("Dec 31  Jan 01  Jan 02", no year: the year comes from the Issued line, nearest day wins, so
 * a forecast issued on Dec 31 puts "Jan 01" in the next year) and the 8-row Kp tables.
 */
import { NormaliseError } from './result.ts';
import { checkText } from './parseBody.ts';
import { dayNearest, parseIssued } from './swpcTime.ts';
import { KP_RANGE, gScaleFromKp, parseGTag, toNumber } from './values.ts';

export interface TextProduct {
  product: string;
  issued: number;
  lines: string[];
  raw: string;
}

export function readTextProduct(body: string, expectedProduct: RegExp): TextProduct {
  const text = checkText(body);
  if (!text.ok) throw new NormaliseError(text.reason);
  const lines = text.value.split(/\r?\n|\r/).map((l) => l.replace(/\s+$/, ''));
  const productLine = lines.find((l) => l.startsWith(':Product:'));
  const issuedLine = lines.find((l) => l.startsWith(':Issued:'));
  if (!productLine) throw new NormaliseError('changed shape: no ":Product:" line');
  const product = productLine.slice(':Product:'.length).trim();
  if (!expectedProduct.test(product))
    throw new NormaliseError(
      `changed shape: this is "${product.slice(0, 80)}", not the expected product`,
    );
  if (!issuedLine) throw new NormaliseError('changed shape: no ":Issued:" line');
  const issued = parseIssued(issuedLine.slice(':Issued:'.length));
  if (issued === null)
    throw new NormaliseError(`unreadable issue time "${issuedLine.slice(0, 60)}"`);
  return { product, issued, lines, raw: text.value };
}

/** "             Dec 31       Jan 01       Jan 02" → the three days (UTC midnight). */
export function parseDayColumns(line: string, issued: number): number[] | null {
  const days: number[] = [];
  for (const m of line.matchAll(/\b([A-Z][a-z]{2})\s+(\d{1,2})\b/g)) {
    const t = dayNearest(m[1] ?? '', Number(m[2]), issued);
    if (t === null) return null;
    days.push(t);
  }
  return days.length > 0 ? days : null;
}

export interface KpCell {
  /** Start of the 3-hour period, epoch ms UTC. */
  start: number;
  kp: number | null;
  /** G level: SWPC's tag where printed ("(G1)"), else from Kp. */
  g: number;
  /** The tag as printed, or null (the geomag forecast prints none). */
  tag: number | null;
}

const KP_ROW = /^(\d{2})-(\d{2})UT\s+(.*)$/;
const KP_CELL = /(\d+(?:\.\d+)?)(?:\s*\((G[0-5])\))?/g;

/**
 * Finds a Kp table after the line matching `title`: the day-columns line, then 8 rows
 * `00-03UT  5.00 (G1)  2.67 …`. Returns the cells in time order, or null when absent.
 */
export function parseKpTable(
  lines: readonly string[],
  title: RegExp,
  issued: number,
): { days: number[]; cells: KpCell[] } | null {
  const at = lines.findIndex((l) => title.test(l));
  if (at < 0) return null;
  let i = at + 1;
  while (i < lines.length && (lines[i] ?? '').trim() === '') i++;
  const days = parseDayColumns(lines[i] ?? '', issued);
  if (!days) return null;
  const cells: KpCell[] = [];
  let rows = 0;
  for (i = i + 1; i < lines.length && rows < 8; i++) {
    const m = KP_ROW.exec((lines[i] ?? '').trim());
    if (!m) break;
    rows++;
    const hour = Number(m[1]);
    if (hour > 21 || hour % 3 !== 0) return null;
    const found = [...(m[3] ?? '').matchAll(KP_CELL)];
    if (found.length !== days.length) return null;
    found.forEach((c, d) => {
      const kp = toNumber(c[1], KP_RANGE);
      const tag = parseGTag(c[2]);
      cells.push({
        start: (days[d] as number) + hour * 3_600_000,
        kp,
        g: tag ?? gScaleFromKp(kp),
        tag,
      });
    });
  }
  if (rows !== 8) return null;
  cells.sort((a, b) => a.start - b.start);
  return { days, cells };
}

/** The paragraphs that start with "Rationale:", joined into single lines. */
export function paragraphAfter(
  lines: readonly string[],
  from: number,
  to: number,
  prefix: string,
): string | null {
  for (let i = from; i < to; i++) {
    const line = lines[i] ?? '';
    if (!line.startsWith(prefix)) continue;
    const parts = [line.slice(prefix.length).trim()];
    for (let j = i + 1; j < to && (lines[j] ?? '').trim() !== ''; j++)
      parts.push((lines[j] ?? '').trim());
    return parts.join(' ');
  }
  return null;
}

/** Percent cells of a probability row: "S1 or greater   20%     20%     20%" → [20, 20, 20]. */
export function percentRow(lines: readonly string[], label: RegExp): number[] | null {
  const line = lines.find((l) => label.test(l));
  if (!line) return null;
  const values = [...line.matchAll(/(\d{1,3})%/g)].map((m) => Number(m[1]));
  return values.length > 0 && values.every((v) => v <= 100) ? values : null;
}
