import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseTTC, parseTTCEntry, parseTypeAt, renderTTC, renderType, TTCParseError } from '../src/ttc/index.js';

const entry = (inLine: string): string => `TOOL t\nPURPOSE p\nIN ${inLine}\nWHEN user wants to do it\nTAGS a`;

/** Asserts a parse fails with a one-line TTCParseError at `line`:`column` whose message contains `text`. */
function fails(input: string, line: number, column: number, text: string): void {
  assert.throws(
    () => parseTTC(input),
    (e: unknown) => {
      assert.ok(e instanceof TTCParseError, String(e));
      assert.deepEqual([e.line, e.column], [line, column], e.message);
      assert.ok(e.message.includes(text), e.message);
      assert.doesNotMatch(e.message, /\n/);
      return true;
    },
  );
}

test('errors point at the line and column where the text stops making sense', () => {
  fails(entry('x:strin g'), 3, 11, 'expected ", " or end of line');
  fails(entry('x:{a:string'), 3, 15, 'expected "}" to close "{"');
  fails(entry('x?string'), 3, 6, 'expected ":" after parameter "x"');
  fails(entry('x:number(5)'), 3, 14, 'expected ".." in range');
  fails(entry('x:number(..)'), 3, 12, 'a range needs a bound');
  fails(entry('a:string, a:number'), 3, 14, 'duplicate parameter "a"');
  fails(entry('x:"abc'), 3, 6, 'unterminated quoted string');
  fails(entry('x:string=[1,'), 3, 13, 'unterminated JSON default');
  fails(entry('x:string<5>'), 3, 13, 'a format must be a name');
  fails(entry('x:number(1e400..)'), 3, 13, 'out of range');
  fails(entry(''), 3, 3, 'IN needs a value');
  fails('TOOL t\nPURPOSE p\nWHEN user wants to do it\nTAGS a', 3, 1, 'missing IN line before WHEN');
  fails('TOOL t\nPURPOSE p\nIN -\nFOO bar', 4, 1, 'unknown line "FOO"; expected OUT|ERR|WHEN|TAGS');
  fails('TOOL t\nPURPOSE p\nIN -\nWHEN w\nPURPOSE q', 5, 1, 'PURPOSE is repeated or out of order');
  fails('TOOL t\nPURPOSE p\nIN -', 3, 5, 'entry ends without a WHEN line');
  fails('TOOL t u', 1, 7, 'after the tool name');
  fails('  TOOL t', 1, 1, 'without indentation');
  fails('PURPOSE p', 1, 1, 'missing TOOL line before PURPOSE');
  fails(`${entry('-')}\n`.replace('TAGS a', 'TAGS a,,b'), 5, 8, 'expected a name');
});

test('parseTTCEntry wants exactly one entry', () => {
  assert.throws(() => parseTTCEntry(''), TTCParseError);
  assert.throws(() => parseTTCEntry(`${entry('-')}\n\n${entry('-')}`), /expected one TOOL entry, found 2/);
  assert.equal(parseTTCEntry(`\n${entry('-')}\n\n`).name, 't');
});

test('nesting beyond 256 levels is refused with a parse error, not a stack overflow', () => {
  for (const deep of ['('.repeat(100_000), '{a:'.repeat(100_000), `${'('.repeat(60)}string${')'.repeat(60)}`]) {
    try {
      parseTypeAt(deep);
    } catch (e) {
      assert.ok(e instanceof TTCParseError, String(e));
    }
  }
  assert.equal(renderType(parseTypeAt(`${'('.repeat(60)}string${')'.repeat(60)}`)), 'string');
});

test('the text grammar accepts its documented variants', () => {
  const cases: [string, string][] = [
    ['x:integer(>0..<9)', 'x:integer(>0..<9)'],
    ['x:number(<9)', 'x:number(<9)'],
    ['x:number(..9)', 'x:number(..9)'],
    ['x:(a|b)|c', 'x:(a|b)|c'],
    ['x:((string))[]', 'x:string[]'],
    ['x:{}', 'x:{}'],
    ['x:{*:string, a:number}', 'x:{a:number, *:string}'],
    ['"x":string,   y:null=null', 'x:string, y:null=null'],
    ['x:string="a b",y:any={"k":[1,"]"]}', 'x:string="a b", y:any={"k":[1,"]"]}'],
  ];
  for (const [input, canonical] of cases) {
    const text = renderTTC(parseTTC(entry(input)));
    assert.equal(text.split('\n')[2], `IN ${canonical}`, input);
  }
});

/** Small, seeded PRNG so a failure can be replayed. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['TOOL ', 'PURPOSE ', 'IN ', 'OUT ', 'ERR ', 'WHEN ', 'TAGS ', '\n', '\n\n', 'string', 'number', 'integer',
  'null', 'true', 'any', 'object', ':', '?', ',', ', ', '|', '(', ')', '{', '}', '[]', '[', ']', '<', '>', '..', '=', '*',
  '"', '\\', '-', '1', '0.5', 'e9', 'a', 'b_c', ' ', '\t', '\r', '"x"', '{"k":1}', '\u2028', '\u00e9', '-'];

/** On success the result must render, and its rendering must be a fixed point of parse → render. */
function survives(text: string): void {
  let entries;
  try {
    entries = parseTTC(text);
  } catch (e) {
    assert.ok(e instanceof TTCParseError, `${String(e)} for ${JSON.stringify(text)}`);
    assert.ok(e.line >= 1 && e.column >= 1, e.message);
    assert.doesNotMatch(e.message, /\n/);
    return;
  }
  const rendered = renderTTC(entries);
  assert.equal(renderTTC(parseTTC(rendered)), rendered, JSON.stringify(text));
}

test('random text never crashes or hangs the parser', { timeout: 30_000 }, () => {
  const random = rng(2002);
  for (let i = 0; i < 4000; i++) {
    const n = Math.floor(random() * 40);
    let text = random() < 0.5 ? 'TOOL t\nPURPOSE p\nIN ' : '';
    for (let k = 0; k < n; k++) text += PIECES[Math.floor(random() * PIECES.length)];
    survives(text);
  }
});

test('mutations of valid TTC never crash or hang the parser', { timeout: 30_000 }, () => {
  const random = rng(7);
  const valid = `${entry('path:string, mode?:"a b"|ok=ok, n?:integer(1..9)=1, o?:{a:string[], *:number}, u:(x|null)[](1..)')}\n\n${entry('-')}`;
  for (let i = 0; i < 4000; i++) {
    const chars = [...valid];
    for (let m = 1 + Math.floor(random() * 3); m > 0; m--) {
      const at = Math.floor(random() * chars.length);
      const op = random();
      if (op < 0.4) chars.splice(at, 1);
      else if (op < 0.8) chars.splice(at, 0, PIECES[Math.floor(random() * PIECES.length)]!);
      else [chars[at], chars[at + 1]] = [chars[at + 1] ?? '', chars[at] ?? ''];
    }
    survives(chars.join(''));
  }
});

test('the examples in docs/ttc.md parse and render back unchanged', () => {
  const doc = readFileSync(new URL('../docs/ttc.md', import.meta.url), 'utf8');
  const blocks = [...doc.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  const seed = blocks.find((b) => b.startsWith('TOOL '))!;
  assert.equal(renderTTC(parseTTC(seed.trimEnd())), seed.trimEnd());
  const examples = blocks.find((b) => b.startsWith('IN '))!.trimEnd().split('\n');
  assert.ok(examples.length >= 8);
  for (const line of examples) {
    const key = line.startsWith('OUT ') ? 'OUT' : 'IN';
    const text = `TOOL t\nPURPOSE p\n${key === 'IN' ? line : 'IN -'}\n${key === 'OUT' ? `${line}\n` : ''}WHEN user wants to do it\nTAGS a`;
    assert.equal(renderTTC(parseTTC(text)), text, line);
  }
});
