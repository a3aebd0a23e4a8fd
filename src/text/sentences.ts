/**
 * Split description text into sentences without breaking at abbreviations (e.g., i.e., etc.),
 * decimals, version numbers, file extensions or inside `code`. Every character of the input
 * belongs to exactly one sentence, so joining `sentences(x).map(s => s.raw)` gives back `x`.
 */
export interface Sentence {
  /** The sentence with its trailing whitespace, exactly as in the text. */
  raw: string;
  /** The sentence without surrounding whitespace. */
  text: string;
}

const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|Mr|Mrs|Ms|Dr|St|No|Inc|Ltd|Jr|Sr)\.)$/i;

/** A list item's opening: "- size", "* Text styling: …", "2) …". A line break before one ends a sentence. */
export const LIST_ITEM = /^(?:[-*•]|\d+[.)])\s/;

/** The whitespace after a sentence, as in the text. */
export const trailing = (p: Sentence): string => p.raw.slice(p.raw.trimEnd().length);
/** A blank line after a sentence ends its paragraph (and whatever list it is in). */
export const blankLineAfter = (p: Sentence): boolean => /\n[ \t\r]*\n/.test(trailing(p));

/** Whether text ends with an abbreviation's period ("e.g.", "etc."), where a sentence does not end. */
export const endsWithAbbreviation = (text: string): boolean => ABBREVIATIONS.test(text.slice(-12));

/** Whether the line holding position `i` is, up to `i`, only a number of up to three digits: "2." opens a numbered item. */
function numberedItemAt(text: string, i: number): boolean {
  const lineStart = text.lastIndexOf('\n', i - 1) + 1;
  return i - lineStart <= 8 && /^[ \t]*\d{1,3}$/.test(text.slice(lineStart, i));
}

/** `start`: where the current sentence starts. */
function isBoundary(text: string, i: number, inCode: boolean, start: number): boolean {
  const ch = text[i]!;
  if (inCode) return false;
  if (ch === '\n') {
    // A list item ends at a line that starts a new sentence without indentation ("- phone numbers\nUse this when…");
    // a lower-case line continues it (a wrapped item).
    if (LIST_ITEM.test(text.slice(start, start + 12).trimStart()) && /^[A-Z]/.test(text[i + 1] ?? '')) return true;
    // A short label line ("Error Responses:") starts a section of its own.
    if (/^[ \t]*[^\s:][^\n:]{0,30}:[ \t\r]*(?:\n|$)/.test(text.slice(i + 1, i + 40)) && text.slice(i + 1, i + 40).split('\n')[0]!.trim().split(/\s+/).length <= 3) return true;
    // A blank line, or a line break before a list item or heading, ends a sentence.
    const rest = text.slice(i + 1);
    let end = i - 1;
    while (end >= 0 && (text[end] === ' ' || text[end] === '\t' || text[end] === '\r')) end--;
    const before = text.slice(Math.max(0, end - 11), end + 1);
    // "(e.g.\nexternally sourced text)": an abbreviation at the end of a line does not end the sentence.
    return /^\s*\n/.test(rest) || LIST_ITEM.test(rest.trimStart()) || /^\s*#{1,6}\s/.test(rest) || (/[.!?:]$/.test(before) && !endsWithAbbreviation(before));
  }
  if (ch !== '.' && ch !== '!' && ch !== '?') return false;
  const next = text[i + 1];
  if (next !== undefined && !/\s/.test(next)) return false; // 1.5, file.txt, example.com
  if (ch === '.' && endsWithAbbreviation(text.slice(Math.max(0, i - 11), i + 1))) return false;
  // "1. size": a numbered item's number is not a sentence.
  if (ch === '.' && numberedItemAt(text, i)) return false;
  return true;
}

export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  let inCode = false;
  let fence = false;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('```', i)) {
      fence = !fence;
      i += 2;
      continue;
    }
    if (text[i] === '`' && !fence) inCode = !inCode;
    if (!isBoundary(text, i, inCode || fence, start)) continue;
    let end = i + 1;
    while (end < text.length && /[ \t\r\n]/.test(text[end]!)) end++;
    const raw = text.slice(start, end);
    if (raw.trim()) out.push({ raw, text: raw.trim() });
    else if (out.length) out[out.length - 1]!.raw += raw;
    start = end;
    i = end - 1;
  }
  if (start < text.length) {
    const raw = text.slice(start);
    if (raw.trim() || !out.length) out.push({ raw, text: raw.trim() });
    else out[out.length - 1]!.raw += raw;
  }
  return out;
}
