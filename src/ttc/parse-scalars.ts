/** The small tokens of a TTC line: names, quoted strings, numbers, literals, JSON defaults. */
import type { JsonValue } from '../catalog/types.js';
import type { Cursor } from './cursor.js';
import { NUMBER_RE } from './lexical.js';
import type { TTCLiteral } from './types.js';

const NAME_RUN = /[A-Za-z0-9_$][A-Za-z0-9_$.\/+-]*/;
export const WORD_RUN = /[A-Za-z_][A-Za-z0-9_.\/+-]*/;

/** A JSON string literal starting at the cursor's `"`. */
export function readQuoted(c: Cursor): string {
  const start = c.pos;
  let i = start + 1;
  while (i < c.text.length && c.text[i] !== '"') i += c.text[i] === '\\' ? 2 : 1;
  if (i >= c.text.length) throw c.error('unterminated quoted string', start);
  const raw = c.text.slice(start, i + 1);
  try {
    c.pos = i + 1;
    return JSON.parse(raw) as string;
  } catch {
    throw c.error('invalid quoted string (JSON string syntax expected)', start);
  }
}

export function readName(c: Cursor, what: string): string {
  if (c.peek() === '"') return readQuoted(c);
  const name = c.match(NAME_RUN);
  if (name === undefined) throw c.error(`expected ${what}, found ${c.found()}`);
  return name;
}

export function readNumber(c: Cursor, what: string): number {
  const text = c.match(NUMBER_RE);
  if (text === undefined) throw c.error(`expected a number ${what}, found ${c.found()}`);
  const value = Number(text);
  // `1e400` is Infinity, which JSON (and so a re-render) cannot write.
  if (!Number.isFinite(value)) throw c.error(`number ${text} is out of range`, c.pos - text.length);
  return value;
}

export const startsNumber = (c: Cursor): boolean => /[-0-9]/.test(c.peek());

/** An allowed value or a format: `"quoted"`, `12.5`, `true`, or a bare word. */
export function readLiteral(c: Cursor, what: string): TTCLiteral {
  if (c.peek() === '"') return readQuoted(c);
  if (startsNumber(c)) return readNumber(c, what);
  const word = c.match(WORD_RUN);
  if (word === undefined) throw c.error(`expected ${what}, found ${c.found()}`);
  return word === 'true' ? true : word === 'false' ? false : word;
}

/** A `=default`: a literal, `null`, or a JSON array/object written inline. */
export function readDefault(c: Cursor): JsonValue {
  const ch = c.peek();
  if (ch === '[' || ch === '{') return readJsonValue(c);
  if (c.startsWith('null') && !/[A-Za-z0-9_.\/+-]/.test(c.peek(4))) {
    c.pos += 4;
    return null;
  }
  return readLiteral(c, 'a default value');
}

/** Scans to the bracket that closes the one at the cursor, skipping over strings, then parses. */
function readJsonValue(c: Cursor): JsonValue {
  const start = c.pos;
  let depth = 0;
  let i = start;
  for (; i < c.text.length; i++) {
    const ch = c.text[i];
    if (ch === '"') {
      i++;
      while (i < c.text.length && c.text[i] !== '"') i += c.text[i] === '\\' ? 2 : 1;
    } else if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) break;
    }
  }
  if (i >= c.text.length) throw c.error('unterminated JSON default value', start);
  try {
    const value = JSON.parse(c.text.slice(start, i + 1)) as JsonValue;
    c.pos = i + 1;
    return value;
  } catch {
    throw c.error('invalid JSON default value', start);
  }
}
