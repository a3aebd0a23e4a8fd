/**
 * Where a JSON text can be cut cleanly: the commas between elements (or members) of its outer
 * containers, and how to describe what is kept when a cut falls on one.
 */
import { formatInt } from '../../util/format.js';

interface JsonContainer {
  kind: 'array' | 'object';
  /** `.items[3].rows`; empty for the top level. */
  path: string;
  /** Elements or members, known once the container closes. */
  size: number;
}

export interface JsonBoundary {
  /** Just after a comma between two elements (or members). */
  pos: number;
  depth: number;
  container: JsonContainer;
  /** Elements before the comma. */
  before: number;
}

const MAX_DEPTH = 3;

/** The commas between elements of the outer containers of a JSON text, or undefined when it is not JSON. */
export function indexJson(text: string): JsonBoundary[] | undefined {
  const first = text.search(/\S/);
  if (first < 0 || (text[first] !== '{' && text[first] !== '[')) return undefined;
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  const boundaries: JsonBoundary[] = [];
  const stack: { c: JsonContainer; commas: number; empty: boolean; key?: string; expectKey: boolean }[] = [];
  for (let i = first; i < text.length; i++) {
    const ch = text[i]!;
    const top = stack[stack.length - 1];
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (top) {
        top.empty = false;
        if (top.c.kind === 'object' && top.expectKey) {
          top.key = JSON.parse(text.slice(i, j + 1)) as string;
          top.expectKey = false;
        }
      }
      i = j;
    } else if (ch === '{' || ch === '[') {
      let path = '';
      if (top) {
        top.empty = false;
        path = top.c.path + (top.c.kind === 'array' ? `[${top.commas}]` : keySegment(top.key ?? ''));
      }
      stack.push({ c: { kind: ch === '{' ? 'object' : 'array', path, size: 0 }, commas: 0, empty: true, expectKey: ch === '{' });
    } else if (ch === '}' || ch === ']') {
      const done = stack.pop()!;
      done.c.size = done.empty ? 0 : done.commas + 1;
    } else if (ch === ',' && top) {
      top.commas++;
      if (stack.length <= MAX_DEPTH) boundaries.push({ pos: i + 1, depth: stack.length, container: top.c, before: top.commas });
      if (top.c.kind === 'object') top.expectKey = true;
    } else if (top && ch !== ':' && ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') {
      top.empty = false;
    }
  }
  return boundaries;
}

const keySegment = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

export function describeJson(b: JsonBoundary): string {
  const { kind, path, size } = b.container;
  const unit = kind === 'array' ? 'elements' : 'members';
  return `the first ${formatInt(b.before)} of ${formatInt(size)} ${unit} of ${path ? path : `the top-level ${kind}`}`;
}

export function lastAtOrBefore(list: readonly JsonBoundary[], pos: number): number {
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.pos <= pos) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
