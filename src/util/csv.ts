/** A CSV row and the line it starts on (a quoted field may hold line breaks, so rows and lines differ). */
export interface CsvRow {
  cells: string[];
  line: number;
}

/**
 * RFC 4180 rows: quoted fields may hold commas, doubled quotes and newlines. `open` is the line
 * of a quoted field that the text never closes (the rest of the file would be one field).
 */
export function parseCsvLines(text: string): { rows: CsvRow[]; open?: number } {
  const rows: CsvRow[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  const endRow = () => {
    row.push(field);
    rows.push({ cells: row, line: rowLine });
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') (quoted = true), (quoteLine = line);
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') continue;
      endRow();
      rowLine = line;
    } else field += c;
  }
  if (field !== '' || row.length > 0) endRow();
  return quoted ? { rows, open: quoteLine } : { rows };
}

/** The rows' cells alone. */
export const parseCsv = (text: string): string[][] => parseCsvLines(text).rows.map((r) => r.cells);
