/** Hand-aligned terminal tables shared by the human reporters (measure, slim). */
import type pc from 'picocolors';
import { textWidth, truncate } from './_format.js';
import type { TerminalStyle } from './types.js';

type Colors = ReturnType<typeof pc.createColors>;
export type Paint = (text: string) => string;

export interface Column {
  header: string;
  align: 'left' | 'right';
  /** Columns that may be cut to fit the terminal, cut in ascending order; absent means never cut. */
  shrinkOrder?: number;
  minWidth?: number;
}

/** Colour is applied after padding so escape codes never count towards a column's width. */
export interface Cell {
  text: string;
  paint?: Paint;
}

export type Row = Cell[];

const GAP = '  ';
export const INDENT = '  ';

/** Lay out rows under headers; when a width is given, cut the shrinkable text columns to fit it. */
export function table(columns: Column[], rows: Row[], style: TerminalStyle, c: Colors): string[] {
  const widths = columns.map((col, i) =>
    Math.max(textWidth(col.header), ...rows.map((row) => textWidth(row[i]?.text ?? ''))),
  );
  if (style.width !== undefined) fitToWidth(columns, widths, style.width);

  const format = (cells: Cell[], headerRow: boolean): string => {
    const parts = columns.map((col, i) => {
      const cell = cells[i] ?? { text: '' };
      const width = widths[i] ?? 0;
      const text = truncate(cell.text, width);
      const padding = ' '.repeat(Math.max(0, width - textWidth(text)));
      const padded = col.align === 'right' ? padding + text : text + padding;
      if (headerRow) return c.dim(padded);
      return cell.paint ? cell.paint(padded) : padded;
    });
    return (INDENT + parts.join(GAP)).trimEnd();
  };
  const header = format(columns.map((col) => ({ text: col.header })), true);
  return [header, ...rows.map((row) => format(row, false))];
}

function fitToWidth(columns: Column[], widths: number[], maxWidth: number): void {
  const used = () => textWidth(INDENT) + widths.reduce((a, b) => a + b, 0) + GAP.length * (columns.length - 1);
  const shrinkable = columns
    .map((col, i) => ({ col, i }))
    .filter(({ col }) => col.shrinkOrder !== undefined)
    .sort((a, b) => (a.col.shrinkOrder ?? 0) - (b.col.shrinkOrder ?? 0));
  for (const { col, i } of shrinkable) {
    const excess = used() - maxWidth;
    if (excess <= 0) return;
    const current = widths[i] ?? 0;
    const floor = Math.max(col.minWidth ?? 1, textWidth(col.header));
    widths[i] = Math.min(current, Math.max(floor, current - excess));
  }
}

