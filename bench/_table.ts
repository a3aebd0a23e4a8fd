/**
 * Plain-text tables for the bench sections: no colours, so the output can be pasted into an
 * issue or diffed between runs. Numbers are right-aligned with thousands separators.
 */

export type Cell = string | number;

/** A column title, optionally with the number of decimals its numbers are shown with. */
export type Column = string | { title: string; digits?: number };

const formats = new Map<number, Intl.NumberFormat>();

/** `1234.5` → `1,235` (or `1,234.5` with digits = 1). */
export function fmt(n: number, digits = 0): string {
  let f = formats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(digits, f);
  }
  return f.format(n);
}

/**
 * Aligned columns. A column holding any number is right-aligned (its text cells too, such as
 * "—" for a missing value), so figures line up on their last digit; other columns are left-aligned.
 */
export function table(columns: Column[], rows: Cell[][]): string {
  const titles = columns.map((c) => (typeof c === 'string' ? c : c.title));
  const digits = columns.map((c) => (typeof c === 'string' ? 0 : (c.digits ?? 0)));
  const right = columns.map((_, i) => rows.some((r) => typeof r[i] === 'number'));
  const text = rows.map((r) => columns.map((_, i) => {
    const cell = r[i] ?? '';
    return typeof cell === 'number' ? fmt(cell, digits[i]) : cell;
  }));
  const widths = titles.map((t, i) => Math.max(t.length, ...text.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(titles), widths.map((w) => '-'.repeat(w)).join('  '), ...text.map(line)].join('\n');
}

/** `label: value` lines with the values lined up, for the totals under a table. */
export function keyValues(pairs: [string, Cell][]): string {
  const width = Math.max(...pairs.map(([k]) => k.length));
  return pairs.map(([k, v]) => `${`${k}:`.padEnd(width + 1)}  ${typeof v === 'number' ? fmt(v) : v}`).join('\n');
}
