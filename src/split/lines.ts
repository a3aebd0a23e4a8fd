/**
 * A document as lines that keep their own endings, so that joining them is the document again,
 * byte for byte: CRLF, a missing final newline, a BOM on the first line and trailing spaces are
 * all part of some line's text and nothing here ever trims them.
 */

/** Lines with their terminators; the last one lacks it when the text has no final newline. */
export function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

/** A line without its `\n` or `\r\n` (and without a BOM), for reading, never for writing. */
export const lineBody = (line: string): string => line.replace(/^\uFEFF/, '').replace(/\r?\n$/, '');

export const isBlank = (line: string): boolean => lineBody(line).trim() === '';

/** The ending most lines use, for text we add (the pointer block): CRLF files get CRLF. */
export function dominantEol(lines: readonly string[]): '\n' | '\r\n' {
  const crlf = lines.filter((l) => l.endsWith('\r\n')).length;
  const lf = lines.filter((l) => l.endsWith('\n') && !l.endsWith('\r\n')).length;
  return crlf > lf ? '\r\n' : '\n';
}

/** The lines of a leading YAML front matter (`---` … `---`), 0 when there is none. */
export function frontMatterEnd(lines: readonly string[]): number {
  if (!lines.length || lineBody(lines[0]!) !== '---') return 0;
  return lines.findIndex((l, k) => k > 0 && /^(---|\.\.\.)\s*$/.test(lineBody(l))) + 1;
}

const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Which lines are code: fenced blocks (fences included; a fence indented inside a list item
 * counts, since agent files put YAML and shell in lists) and a leading YAML front matter
 * (Cursor's `.mdc` rules keep their globs there). Code is never read as headings and never
 * rewritten. A fence left open runs to the end of the file, as CommonMark reads it.
 */
export function codeLines(lines: readonly string[]): boolean[] {
  const code = lines.map(() => false);
  let i = 0;
  for (const end = frontMatterEnd(lines); i < end; i++) code[i] = true;
  let open: { char: string; length: number } | undefined;
  for (; i < lines.length; i++) {
    const m = FENCE.exec(lineBody(lines[i]!));
    if (open) {
      code[i] = true;
      if (m && m[1]![0] === open.char && m[1]!.length >= open.length && lineBody(lines[i]!).trim() === m[1]) open = undefined;
    } else if (m) {
      code[i] = true;
      open = { char: m[1]![0]!, length: m[1]!.length };
    }
  }
  return code;
}

/** Where a line range's text is, 1-based and inclusive, for people reading a plan. */
export const lineRange = (start: number, end: number): string => (end - start <= 1 ? `${start + 1}` : `${start + 1}-${end}`);
