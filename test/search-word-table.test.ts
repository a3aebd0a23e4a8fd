import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HASH_START, hashStep, WordTable } from '../src/search/word-table.js';
import { words, wordsByPattern } from '../src/search/tokenize.js';

/** The hash inText expects: of the characters in lower case. */
const lowerHash = (text: string, from: number, end: number): number => {
  let h = HASH_START;
  for (let k = from; k < end; k++) h = hashStep(h, text.charCodeAt(k) | 32);
  return h;
};

const counting = (limit: number) => {
  const calls: string[] = [];
  const table = new WordTable((w: string) => {
    calls.push(w);
    return `<${w}>`;
  }, limit);
  return { table, calls };
};

describe('WordTable', () => {
  test('computes a word once, whether asked by string or by its characters in a text', () => {
    const { table, calls } = counting(100);
    assert.equal(table.get('file'), '<file>');
    const text = 'readFile now';
    assert.equal(table.inText(text, 4, 8, lowerHash(text, 4, 8)), '<file>');
    assert.equal(table.get('file'), '<file>');
    assert.deepEqual(calls, ['file']);
  });

  test('a word first met in a text is stored in lower case', () => {
    const { table, calls } = counting(100);
    const text = 'XMLHttp';
    assert.equal(table.inText(text, 0, 3, lowerHash(text, 0, 3)), '<xml>');
    assert.equal(table.get('xml'), '<xml>');
    assert.deepEqual(calls, ['xml']);
  });

  test('tells apart words of the same length and words that only differ in case when asked by string', () => {
    const { table } = counting(100);
    assert.equal(table.get('abc'), '<abc>');
    assert.equal(table.get('abd'), '<abd>');
    assert.equal(table.get('Abc'), '<Abc>');
    assert.equal(table.get(''), '<>');
    assert.equal(table.size, 4);
  });

  test('grows past its first slots without losing a word', () => {
    const { table, calls } = counting(1_000_000);
    const all = Array.from({ length: 10_000 }, (_, i) => `w${i.toString(36)}`);
    for (const w of all) table.get(w);
    for (const w of all) assert.equal(table.get(w), `<${w}>`);
    assert.equal(calls.length, all.length);
    assert.equal(table.size, all.length);
  });

  test('holds no more than its limit: when full it starts over', () => {
    const { table, calls } = counting(3);
    for (const w of ['a', 'b', 'c', 'd', 'e']) table.get(w);
    assert.ok(table.size <= 3, `size ${table.size}`);
    // Whatever was dropped is computed again, to the same value.
    for (const w of ['a', 'b', 'c', 'd', 'e']) assert.equal(table.get(w), `<${w}>`);
    assert.ok(table.size <= 3);
    assert.ok(calls.length > 5);
  });

  test('a limit under one is a mistake', () => {
    assert.throws(() => new WordTable((w) => w, 0), RangeError);
  });
});

describe('words: the one-pass scanner reads as the patterns do', () => {
  const cases = [
    '',
    '___',
    'readTextFile read_text_file read-text-file mcp__fs__read',
    'PRs, getURLs and IDs: PRs_ IDs_x ABs ABsd ABCs. URLsAre',
    'XMLHttpRequest HTTPSProxy iOS x3D a1B2C 2FA OAuth2Token',
    'İstanbul KELVIN scale',
    'naïve café — ✅ emoji 😀 ß Σίσυφος ǅ',
    'IDs',
    'the PRs',
    'aPRs.',
  ];
  for (const text of cases) test(JSON.stringify(text), () => assert.deepEqual(words(text), wordsByPattern(text)));

  test('random strings of the characters the rules turn on', () => {
    const alphabet = ['a', 'b', 'A', 'B', 's', 'S', 's', 'z', 'Z', '0', '9', '_', ' ', '-', '.', 'é', 'É', 'İ', 'K', 'Σ', '😀'];
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let k = 0; k < 20_000; k++) {
      let text = '';
      for (let n = Math.floor(next() * 12); n > 0; n--) text += alphabet[Math.floor(next() * alphabet.length)];
      assert.deepEqual(words(text), wordsByPattern(text), JSON.stringify(text));
    }
  });
});
