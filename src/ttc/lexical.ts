/**
 * The word-level rules shared by the renderer and the parser: which strings may appear bare,
 * which must be JSON-quoted. Keeping both sides on these few regexes is what makes
 * `render(parse(x)) === x` hold.
 */
import { TTC_PRIMITIVES } from './types.js';
import type { TTCLiteral } from './types.js';

/** Tool names, parameter names, tags and error codes. */
export const NAME_CHAR = /[A-Za-z0-9_$.\/+-]/;
const NAME_RE = /^[A-Za-z0-9_$][A-Za-z0-9_$.\/+-]*$/;

/** Bare allowed values: must start with a letter so they never read as numbers. */
const BARE_LITERAL_RE = /^[A-Za-z_][A-Za-z0-9_.\/+-]*$/;

/** JSON's number syntax; anything a renderer writes through `JSON.stringify(n)` matches it. */
export const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;

/** Words that would be read as a type or a boolean, so a string with this text is quoted. */
const RESERVED = new Set<string>([...TTC_PRIMITIVES, 'true', 'false']);

export function renderName(name: string): string {
  return NAME_RE.test(name) ? name : JSON.stringify(name);
}

export function isBareLiteral(text: string): boolean {
  return BARE_LITERAL_RE.test(text) && !RESERVED.has(text);
}

export function renderLiteral(value: TTCLiteral): string {
  if (typeof value === 'string') return isBareLiteral(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

/** Free text (PURPOSE, WHEN) lives on one line; any run of whitespace becomes one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
