/** Recursive-descent parser for `IN`/`OUT` payloads and the types inside them (docs/ttc.md). */
import { Cursor } from './cursor.js';
import { readDefault, readLiteral, readName, readNumber, startsNumber, WORD_RUN } from './parse-scalars.js';
import { TTC_PRIMITIVES } from './types.js';
import type { TTCField, TTCParams, TTCPrimitive, TTCRange, TTCType } from './types.js';

/**
 * Nesting deeper than this is refused, so no input can exhaust the stack. Well above the
 * 64 levels `toTTC` expands, so everything it renders parses.
 */
const MAX_NESTING = 256;

/** Parses a whole payload (`-` or a parameter list); `text` must hold nothing else. */
export function parseParamsAt(text: string, line: number, column: number): TTCParams {
  const c = new Cursor(text, line, column);
  if (text === '-') return { fields: [] };
  const params = readFields(c, 0);
  if (!c.done) throw c.error(`expected ", " or end of line, found ${c.found()}`);
  return params;
}

/** Parses one type expression, e.g. `{a:string, b?:number}[]`. */
export function parseTypeAt(text: string, line = 1, column = 1): TTCType {
  const c = new Cursor(text, line, column);
  const type = readType(c, 0);
  if (!c.done) throw c.error(`expected "|" or end of type, found ${c.found()}`);
  return type;
}

function readFields(c: Cursor, depth: number): TTCParams {
  const params: TTCParams = { fields: [] };
  const names = new Set<string>();
  for (;;) {
    readEntry(c, depth, params, names);
    if (!c.eat(',')) return params;
    c.match(/ +/);
  }
}

/** One `name?:type=default` or `*:type`, added to `params`. */
function readEntry(c: Cursor, depth: number, params: TTCParams, names: Set<string>): void {
  const at = c.pos;
  if (c.eat('*')) {
    if (params.rest) throw c.error('a second "*" entry', at);
    c.expect(':', 'after "*"');
    params.rest = readType(c, depth);
    return;
  }
  const name = readName(c, 'a parameter name');
  if (names.has(name)) throw c.error(`duplicate parameter ${JSON.stringify(name)}`, at);
  names.add(name);
  const optional = c.eat('?');
  c.expect(':', `after parameter ${JSON.stringify(name)}`);
  const field: TTCField = { name, optional, type: readType(c, depth) };
  if (c.eat('=')) field.default = readDefault(c);
  params.fields.push(field);
}

function readType(c: Cursor, depth: number): TTCType {
  if (depth > MAX_NESTING) throw c.error(`nesting deeper than ${MAX_NESTING} levels`);
  const alts = [readAlternative(c, depth + 1)];
  while (c.eat('|')) alts.push(readAlternative(c, depth + 1));
  return alts.length === 1 ? alts[0]! : { kind: 'union', alts };
}

function readAlternative(c: Cursor, depth: number): TTCType {
  let type = readBase(c, depth);
  while (c.eat('[]')) {
    const array: TTCType = { kind: 'array', items: type };
    if (c.peek() === '(') array.range = readRange(c);
    type = array;
  }
  return type;
}

function readBase(c: Cursor, depth: number): TTCType {
  const ch = c.peek();
  if (ch === '(') {
    c.pos++;
    const inner = readType(c, depth);
    c.expect(')', 'to close "("');
    return inner;
  }
  if (ch === '{') {
    c.pos++;
    const obj: TTCType = c.peek() === '}' ? { kind: 'object', fields: [] } : { kind: 'object', ...readFields(c, depth) };
    c.expect('}', 'to close "{"');
    return obj;
  }
  if (ch === '"' || startsNumber(c)) return { kind: 'literal', value: readLiteral(c, 'a value') };
  const at = c.pos;
  const word = c.match(WORD_RUN);
  if (word === undefined) throw c.error(`expected a type or value, found ${c.found()}`);
  if (!(TTC_PRIMITIVES as readonly string[]).includes(word)) {
    c.pos = at;
    return { kind: 'literal', value: readLiteral(c, 'a value') };
  }
  const prim: TTCType = { kind: 'prim', prim: word as TTCPrimitive };
  if (c.eat('<')) {
    const format = readLiteral(c, 'a format name');
    if (typeof format !== 'string') throw c.error('a format must be a name', at + word.length + 1);
    prim.format = format;
    c.expect('>', 'to close the format');
  }
  if (c.peek() === '(') prim.range = readRange(c);
  return prim;
}

/** `(1..100)`, `(1..)`, `(..9)`, `(>0)`, `(<9)`, `(>0..<9)`. */
function readRange(c: Cursor): TTCRange {
  const at = c.pos;
  c.expect('(', 'to open a range');
  const range: TTCRange = {};
  if (c.eat('<')) {
    Object.assign(range, { max: readNumber(c, 'after "<"'), exclusiveMax: true });
  } else {
    if (c.eat('>')) Object.assign(range, { min: readNumber(c, 'after ">"'), exclusiveMin: true });
    else if (startsNumber(c)) range.min = readNumber(c, 'as the lower bound');
    if (c.eat('..')) {
      if (c.eat('<')) Object.assign(range, { max: readNumber(c, 'after "<"'), exclusiveMax: true });
      else if (startsNumber(c)) range.max = readNumber(c, 'as the upper bound');
    } else if (!range.exclusiveMin) throw c.error(`expected ".." in range, found ${c.found()}`);
  }
  if (range.min === undefined && range.max === undefined) throw c.error('a range needs a bound', at);
  c.expect(')', 'to close the range');
  return range;
}
