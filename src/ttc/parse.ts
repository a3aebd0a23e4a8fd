/** TTC text → entries. Strict about order and shape so every message can point at a column. */
import { Cursor } from './cursor.js';
import { readName } from './parse-scalars.js';
import { parseParamsAt } from './parse-type.js';
import { TTCParseError } from './parse-error.js';
import type { TTCEntry } from './types.js';

/** Line keys in the only order allowed; `false` marks an optional line. */
const KEYS = [
  ['TOOL', true],
  ['PURPOSE', true],
  ['IN', true],
  ['OUT', false],
  ['ERR', false],
  ['WHEN', true],
  ['TAGS', true],
] as const;
type Key = (typeof KEYS)[number][0];

interface Line {
  number: number;
  text: string;
}

/** Every entry of a TTC document; blank lines separate them, each starts with `TOOL`. */
export function parseTTC(text: string): TTCEntry[] {
  const lines = text.split(/\r?\n/).map((t, i): Line => ({ number: i + 1, text: t.replace(/\s+$/, '') }));
  const entries: TTCEntry[] = [];
  let current: Line[] = [];
  const flush = (): void => {
    if (current.length > 0) entries.push(parseEntryLines(current));
    current = [];
  };
  for (const line of lines) {
    if (line.text === '' || line.text.startsWith('TOOL ')) flush();
    if (line.text !== '') current.push(line);
  }
  flush();
  return entries;
}

/** Exactly one entry. */
export function parseTTCEntry(text: string): TTCEntry {
  const entries = parseTTC(text);
  if (entries.length !== 1) throw new TTCParseError(1, 1, `expected one TOOL entry, found ${entries.length}`);
  return entries[0]!;
}

function parseEntryLines(lines: Line[]): TTCEntry {
  const entry: Partial<TTCEntry> = {};
  let next = 0;
  for (const line of lines) {
    if (/^\s/.test(line.text)) throw new TTCParseError(line.number, 1, 'lines start with their key, without indentation');
    const key = line.text.split(' ', 1)[0]!;
    const at = KEYS.findIndex(([k]) => k === key);
    const fail = (column: number, reason: string): TTCParseError => new TTCParseError(line.number, column, reason);
    if (at < 0) throw fail(1, `unknown line ${JSON.stringify(key.slice(0, 20))}; expected ${expected(next)}`);
    if (at < next) throw fail(1, `${key} is repeated or out of order; expected ${expected(next)}`);
    const missing = KEYS.slice(next, at).find(([, required]) => required);
    if (missing) throw fail(1, `missing ${missing[0]} line before ${key}`);
    if (line.text.length <= key.length + 1) throw fail(key.length + 1, `${key} needs a value after one space`);
    readValue(entry, key as Key, { number: line.number, text: line.text.slice(key.length + 1), column: key.length + 2 });
    next = at + 1;
  }
  const last = lines[lines.length - 1]!;
  const absent = KEYS.slice(next).find(([, required]) => required);
  if (absent) throw new TTCParseError(last.number, last.text.length + 1, `entry ends without a ${absent[0]} line`);
  // Field order matches what toTTC builds, so parsed and built entries compare deep-equal.
  const { name, purpose, input, output, err, when, tags } = entry as TTCEntry;
  return { name, purpose, input, when, tags, ...(output ? { output } : {}), ...(err ? { err } : {}) };
}

const expected = (next: number): string => KEYS.slice(next).map(([k]) => k).join('|') || 'a blank line';

type Value = Line & { column: number };

function readValue(entry: Partial<TTCEntry>, key: Key, value: Value): void {
  const free = value.text === '-' ? '' : value.text.trim();
  switch (key) {
    case 'TOOL':
      entry.name = single(value);
      break;
    case 'PURPOSE':
      entry.purpose = free;
      break;
    case 'IN':
      entry.input = parseParamsAt(value.text, value.number, value.column);
      break;
    case 'OUT':
      entry.output = parseParamsAt(value.text, value.number, value.column);
      break;
    case 'ERR':
      entry.err = list(value, '|');
      break;
    case 'WHEN':
      entry.when = free;
      break;
    case 'TAGS':
      entry.tags = list(value, ',');
  }
}

/** A name and nothing after it (the TOOL line). */
function single(line: Value): string {
  const c = new Cursor(line.text, line.number, line.column);
  const name = readName(c, 'a tool name');
  if (!c.done) throw c.error(`unexpected ${c.found()} after the tool name`);
  return name;
}

/** `a,b,"c d"` (TAGS) or `a|b` (ERR); `-` is the empty list. */
function list(line: Value, sep: string): string[] {
  if (line.text === '-') return [];
  const c = new Cursor(line.text, line.number, line.column);
  const items = [readName(c, 'a name')];
  while (c.eat(sep)) items.push(readName(c, 'a name'));
  if (!c.done) throw c.error(`expected ${JSON.stringify(sep)} or end of line, found ${c.found()}`);
  return items;
}
