import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { countTokens } from '../src/cost/tokenizer.js';
import { guardResult, readResultCall, ResultStore, type ContentBlock, type ToolResultLike } from '../src/gateway/result-guard.js';

const tokens = (text: string) => countTokens(text, 'o200k_base');
const tokensOf = (t: string) => countTokens(t, 'o200k_base');
const textOf = (r: ToolResultLike, i: number) => (r.content![i] as unknown as { text: string }).text;
const NOTE = /^\[mcp-slim: result cut at ([\d,]+) of ([\d,]+) tokens; read the rest with read_result\(id: "([^"]+)", offset: (\d+)\)(.*)\]$/;
/** A lone surrogate anywhere means a character was split. */
const wellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

const text = (t: string): ToolResultLike => ({ content: [{ type: 'text', text: t }] });
const words = (n: number, seed = 0) => Array.from({ length: n }, (_, i) => ['alpha', 'budget', 'context', 'delta', 'engine', 'fabric', 'gateway', 'harbor'][(i * 7 + seed) % 8]).join(' ');

/** Cut `t` with a given max, check the invariants every cut keeps, and return the kept text and note. */
function cut(t: string, maxTokens: number, store = new ResultStore()) {
  const out = guardResult(text(t), { warnTokens: maxTokens / 2, maxTokens, store });
  assert.ok(out.cut, 'it was cut');
  const content = out.result.content!;
  assert.equal(content.length, 2, 'the kept text, then the note as its own block');
  const kept = textOf(out.result, 0);
  const note = NOTE.exec(textOf(out.result, 1));
  assert.ok(note, textOf(out.result, 1));
  assert.equal(Number(note[4]), kept.length, 'the offset is where the kept text ends');
  assert.ok(t.startsWith(kept));
  assert.ok(wellFormed(kept));
  assert.ok(out.cut.keptTokens <= maxTokens, `${out.cut.keptTokens} <= ${maxTokens}`);
  assert.equal(Number(note[1]!.replace(/,/g, '')), tokens(kept));
  return { kept, note: note[0], id: note[3]!, extra: note[5]!, store, out };
}

test('under warnTokens a result passes unchanged; over it, its blocks unchanged, warned, and a note added', () => {
  const store = new ResultStore();
  const small = text('hello world');
  const a = guardResult(small, { warnTokens: 10, maxTokens: 20, store });
  assert.equal(a.result, small);
  assert.deepEqual([a.tokens, a.warned, a.cut], [2, false, undefined]);
  const medium = text(words(15));
  const b = guardResult(medium, { warnTokens: 10, maxTokens: 200, store });
  assert.equal(b.result.content![0], medium.content![0]);
  assert.equal(b.result.content!.length, 2);
  assert.equal(b.warned, true);
  assert.equal(b.cut, undefined);
  assert.equal(store.size, 0, 'nothing stored when nothing is cut');
});

test('an SDK CallToolResult is accepted as it is', () => {
  const result: CallToolResult = { content: [{ type: 'text', text: 'ok' }], structuredContent: { ok: true } };
  assert.equal(guardResult(result, { warnTokens: 10, maxTokens: 100, store: new ResultStore() }).result, result);
});

test('boundary: the last paragraph break within the budget', () => {
  const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i}. ${words(30, i)}.\nA second line of it. ${words(10, i)}.`);
  const { kept } = cut(paragraphs.join('\n\n'), 800);
  assert.match(kept, /\.\n\n$/);
  assert.ok(tokens(kept) > 300, 'most of the budget is used');
});

test('boundary: a line break when there is no paragraph break', () => {
  const lines = Array.from({ length: 200 }, (_, i) => `line ${i}: ${words(12, i)}. More of it, ${words(6, i)}.`);
  const { kept } = cut(lines.join('\n'), 800);
  assert.match(kept, /\.\n$/);
});

test('boundary: a sentence end when the text is one line', () => {
  const sentences = Array.from({ length: 200 }, (_, i) => `Sentence ${i} says ${words(12, i)}.`);
  const { kept } = cut(sentences.join(' '), 800);
  assert.match(kept, /\d+ says [a-z ]+\. $/);
});

test('boundary: whitespace when there are no sentences', () => {
  const { kept } = cut(words(3000), 800);
  assert.match(kept, /[a-z] $/);
});

test('boundary: a hard cut when there is no whitespace at all, and a blank line near the start is not taken', () => {
  const blob = 'QmFzZTY0'.repeat(2000);
  const hard = cut(blob, 600);
  assert.ok(hard.kept.length > 500);
  const early = cut(`title\n\n${words(4000)}`, 800);
  assert.ok(early.kept.length > 500, 'the early paragraph break would have kept almost nothing');
  assert.match(early.kept, / $/);
});

test('multi-byte text: emoji, ZWJ sequences and CJK are never split', () => {
  const emoji = cut('😀'.repeat(4000), 600);
  assert.ok(emoji.kept.length > 0 && wellFormed(emoji.kept));
  const family = '👨‍👩‍👧';
  const zwj = cut(family.repeat(2000), 600);
  assert.ok(zwj.kept.length > 0);
  assert.equal(zwj.kept.length % family.length, 0, 'whole family emoji only');
  const cjk = cut('日本語のテキストを読みます。これは二番目の文です'.repeat(400), 600);
  assert.match(cjk.kept, /。$/);
  const mixed = 'ab😀'.repeat(5000);
  for (const max of [200, 201, 203, 257]) assert.ok(wellFormed(cut(mixed, max).kept));
});

test('a 100,000-token result is cut to the limit and read back whole with read_result', () => {
  const lines = Array.from({ length: 6000 }, (_, i) => `${String(i).padStart(5, '0')} GET /api/v1/items/${i * 37} 200 ${(i * 13) % 997}ms ${words(8, i)} — 東京 ✓`);
  const original = lines.join('\n');
  const total = tokens(original);
  assert.ok(total >= 100_000, String(total));
  const store = new ResultStore();
  const out = guardResult(text(original), { warnTokens: 10_000, maxTokens: 25_000, store });
  assert.equal(out.warned, true);
  assert.equal(out.tokens, total);
  assert.ok(out.cut && out.cut.keptTokens <= 25_000 && out.cut.keptTokens > 20_000, JSON.stringify(out.cut));
  const note = NOTE.exec(textOf(out.result, 1))!;
  let assembled = textOf(out.result, 0);
  let offset: number | undefined = Number(note[4]);
  let reads = 0;
  while (offset !== undefined) {
    const page = readResultCall(store, { id: note[3], offset }, 25_000);
    assert.equal(page.isError, undefined);
    assert.ok(tokens(page.content!.map((b) => (b as unknown as { text: string }).text).join('')) <= 25_000);
    assembled += textOf(page, 0);
    const next = /offset: (\d+)\)\]$/.exec(textOf(page, 1));
    offset = next ? Number(next[1]) : undefined;
    if (!next) assert.match(textOf(page, 1), /end of result/);
    assert.ok(++reads < 10);
  }
  assert.equal(assembled, original);
  assert.ok(reads >= 3);
});

test('JSON is cut between top-level elements, and the note says what the kept part is', () => {
  const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'], nested: { ok: i % 2 === 0 } }));
  const { kept, extra } = cut(JSON.stringify(rows, null, 2), 2000);
  assert.match(kept, /\},$/);
  const n = Number(/kept: JSON, the first ([\d,]+) of 2,000 elements of the top-level array/.exec(extra)?.[1]);
  assert.ok(n > 10, extra);
  assert.deepEqual(JSON.parse(`${kept.slice(0, -1)}]`), rows.slice(0, n));
});

test('compact JSON with one big member is cut inside it, named by its path', () => {
  const doc = { total: 3000, items: Array.from({ length: 3000 }, (_, i) => ({ id: i, title: `t${i}` })) };
  const { kept, extra } = cut(JSON.stringify(doc), 1500);
  assert.match(extra, /kept: JSON, the first [\d,]+ of 3,000 elements of \.items/);
  assert.match(kept, /\},$/);
});

test('structuredContent stays when the result fits and is dropped, with a note, when it is cut', () => {
  const store = new ResultStore();
  const fits = { content: [{ type: 'text', text: 'small' }], structuredContent: { a: 1 } };
  assert.equal(guardResult(fits, { warnTokens: 50, maxTokens: 100, store }).result, fits);
  const big = { content: [{ type: 'text', text: words(2000) }], structuredContent: { words: words(2000) } };
  const out = guardResult(big, { warnTokens: 100, maxTokens: 500, store });
  assert.equal(out.result.structuredContent, undefined);
  assert.equal(out.structuredDropped, true);
  assert.match(textOf(out.result, 1), /structuredContent left out/);
  const onlyStructured = { content: [{ type: 'text', text: 'see structured' }], structuredContent: { words: words(2000) } };
  const out2 = guardResult(onlyStructured, { warnTokens: 100, maxTokens: 500, store });
  assert.equal(out2.cut, undefined);
  assert.equal(out2.structuredDropped, true);
  assert.match(textOf(out2.result, 1), /structuredContent left out: [\d,]+ tokens is over the 500-token limit/);
});

test('a tool with an outputSchema keeps a structuredContent that fits when the text is cut: clients check it against the schema', () => {
  const store = new ResultStore();
  const big = { content: [{ type: 'text', text: words(2000) }], structuredContent: { words: words(50) } };
  const out = guardResult(big, { warnTokens: 100, maxTokens: 500, store, validateStructured: () => true });
  assert.ok(out.cut, 'the text is still cut');
  assert.deepEqual(out.result.structuredContent, big.structuredContent);
  assert.equal(out.structured, 'kept');
  assert.match(textOf(out.result, 1), /structuredContent kept whole/);
});

test('an oversized structuredContent of a tool with an outputSchema is cut to a copy that still validates', () => {
  const store = new ResultStore();
  const long = words(3000);
  const big = { content: [{ type: 'text', text: long }], structuredContent: { content: long, rows: Array.from({ length: 500 }, (_, i) => ({ id: i })) } };
  const valid = (v: unknown) => typeof (v as { content?: unknown }).content === 'string' && Array.isArray((v as { rows?: unknown }).rows);
  const out = guardResult(big, { warnTokens: 100, maxTokens: 500, store, validateStructured: valid });
  const structured = out.result.structuredContent as { content: string; rows: unknown[] };
  assert.equal(out.structured, 'cut');
  assert.ok(long.startsWith(structured.content) && structured.content.length < long.length);
  assert.ok(structured.rows.length >= 1 && structured.rows.length < 500);
  assert.ok(tokensOf(JSON.stringify(structured)) <= 500);
  assert.match(textOf(out.result, 1), /structuredContent cut to [\d,]+ of [\d,]+ tokens/);
  assert.equal((out.result._meta as Record<string, { structured: string }>)['mcp-slim/guard']!.structured, 'cut');
  // When no shorter copy validates, it is left out and the note says why.
  const refused = guardResult(big, { warnTokens: 100, maxTokens: 500, store, validateStructured: (v) => v === big.structuredContent });
  assert.equal(refused.result.structuredContent, undefined);
  assert.equal(refused.structured, 'omitted');
  assert.match(textOf(refused.result, 1), /no shorter copy matches the output schema/);
  // Text that fits with a structured copy over the limit: the copy is cut too.
  const onlyStructured = { content: [{ type: 'text', text: 'see structured' }], structuredContent: { content: long, rows: [] } };
  const out2 = guardResult(onlyStructured, { warnTokens: 100, maxTokens: 500, store, validateStructured: valid });
  assert.equal(out2.structured, 'cut');
  assert.equal(out2.cut, undefined);
});

test('a result over the warning level passes whole with a note the model reads and _meta the client reads', () => {
  const result = { content: [{ type: 'text', text: words(300) }] };
  const out = guardResult(result, { warnTokens: 100, maxTokens: 1000, store: new ResultStore() });
  assert.equal(out.warned, true);
  assert.equal(out.cut, undefined);
  assert.equal(out.result.content![0], result.content[0]);
  assert.match(textOf(out.result, 1), /^\[mcp-slim: this result is [\d,]+ tokens, over the 100-token warning level/);
  assert.equal(out.sentTokens, tokensOf(words(300)) + tokensOf(textOf(out.result, 1)));
  assert.equal((out.result._meta as Record<string, { warned: boolean }>)['mcp-slim/guard']!.warned, true);
});

test('a cut result can be read back only by the owner that produced it, and ids are not guessable', () => {
  const store = new ResultStore();
  const out = guardResult({ content: [{ type: 'text', text: words(3000) }] }, { warnTokens: 100, maxTokens: 500, store, owner: 'session-a' });
  const id = out.cut!.id!;
  assert.match(id, /^[0-9a-f]{24}$/);
  const mine = readResultCall(store, { id, offset: 10 }, 500, 'session-a');
  assert.equal(mine.isError, undefined);
  const theirs = readResultCall(store, { id, offset: 10 }, 500, 'session-b');
  const unknown = readResultCall(store, { id: 'f'.repeat(24), offset: 10 }, 500, 'session-b');
  assert.equal(theirs.isError, true);
  assert.equal(textOf(theirs, 0).replace(id, 'ID'), textOf(unknown, 0).replace('f'.repeat(24), 'ID'));
});

test('a non-text block over the limit becomes a note naming its type and size; small ones stay', () => {
  const image: ContentBlock = { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo'.repeat(20_000) };
  const icon: ContentBlock = { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo' };
  const store = new ResultStore();
  const out = guardResult({ content: [{ type: 'text', text: 'Screenshot:' }, image, icon] }, { warnTokens: 1000, maxTokens: 2000, store });
  const content = out.result.content!;
  assert.equal(content[0]!.text, 'Screenshot:');
  assert.match(textOf(out.result, 1), /^\[mcp-slim: image content \(image\/png\) of 161\.1 KB left out: its [\d,]+ tokens are over the 2,000-token limit\]$/);
  assert.equal(content[2], icon);
  assert.ok(out.cut && out.cut.id === undefined, 'no text was cut, so nothing to read back');
  assert.equal(store.size, 0);
});

test('several text blocks: read_result reads their text joined by a blank line', () => {
  const a = words(100);
  const b = words(3000, 3);
  const store = new ResultStore();
  const out = guardResult({ content: [{ type: 'text', text: a }, { type: 'text', text: b }] }, { warnTokens: 100, maxTokens: 1000, store, id: () => 'call-7' });
  assert.equal(textOf(out.result, 0), a);
  const note = NOTE.exec(textOf(out.result, 2))!;
  assert.equal(note[3], 'call-7', 'the id option names the stored text');
  assert.equal(textOf(readResultCall(store, { id: 'call-7', offset: String(note[4]) }, 100_000), 0), textOf(readResultCall(store, { id: 'call-7', offset: Number(note[4]) }, 100_000), 0), 'a quoted offset works too');
  const rest = store.read(note[3]!, Number(note[4]), 100_000);
  assert.ok('text' in rest);
  assert.equal(textOf(out.result, 0) + '\n\n' + textOf(out.result, 1) + rest.text, `${a}\n\n${b}`);
});

test('store: unknown ids, expiry after 30 minutes unread, eviction by total bytes (least recently read first)', () => {
  let now = 0;
  const store = new ResultStore({ maxBytes: 100, now: () => now });
  const unknown = readResultCall(store, { id: 'nope', offset: 0 }, 1000);
  assert.equal(unknown.isError, true);
  assert.match(textOf(unknown, 0), /no cut result has id "nope"/);

  const a = store.put('a'.repeat(40));
  const b = store.put('b'.repeat(40));
  now += 10 * 60_000;
  assert.ok('text' in store.read(a, 0, 100), 'reading a makes b the least recently used');
  const c = store.put('c'.repeat(40));
  assert.equal(store.size, 2);
  assert.ok(store.totalBytes <= 100);
  const evicted = readResultCall(store, { id: b }, 1000);
  assert.equal(evicted.isError, true);
  assert.match(textOf(evicted, 0), /dropped to make room for newer ones \(cut results are kept up to 100 bytes in all\)/);

  now += 29 * 60_000;
  assert.ok('text' in store.read(c, 0, 100));
  now += 2 * 60_000;
  const expired = readResultCall(store, { id: a, offset: 0 }, 1000);
  assert.equal(expired.isError, true);
  assert.match(textOf(expired, 0), /result "[0-9a-f]+" has expired \(cut results are kept 30 minutes after their last read\)/);
  assert.ok('text' in store.read(c, 0, 100), 'read 2 minutes ago: still there');

  assert.match(textOf(readResultCall(store, { id: c, offset: 41 }, 1000), 0), /offset 41 is past the end/);
  assert.match(textOf(readResultCall(store, { id: c, offset: -1 }, 1000), 0), /offset must be a whole number/);
  assert.match(textOf(readResultCall(store, {}, 1000), 0), /pass the id/);
});

test('store: every chunk moves on, even with a budget smaller than a character', () => {
  const store = new ResultStore();
  const id = store.put('😀日本'.repeat(20));
  let offset: number | undefined = 0;
  let text = '';
  for (let i = 0; offset !== undefined && i < 200; i++) {
    const r = store.read(id, offset, 1);
    assert.ok('text' in r);
    assert.ok(r.text.length > 0 && wellFormed(r.text));
    text += r.text;
    offset = r.nextOffset;
  }
  assert.equal(text, '😀日本'.repeat(20));
});

test('regression: a long run without breaks (BPE is quadratic on it) is guarded in well under a second', () => {
  // Whitespace runs are one pre-token too: 200k spaces took two minutes to count.
  // Runs just under the split length: the run pattern was retried inside each (3 s per MB).
  for (const blob of ['abcdefghij'.repeat(50_000), '👨‍👩‍👧'.repeat(40_000), `x${' '.repeat(200_000)}y`, '\n'.repeat(200_000), `x${' '.repeat(1020)}`.repeat(1000), `${'a'.repeat(1020)} `.repeat(1000)]) {
    const started = performance.now();
    const out = guardResult(text(blob), { warnTokens: 10_000, maxTokens: 25_000, store: new ResultStore() });
    assert.ok(out.sentTokens <= 25_000);
    assert.ok(performance.now() - started < 1500, `${Math.round(performance.now() - started)} ms`);
  }
});

test('regression: a run of 4 M two-byte letters is counted in slabs (the run pattern overflowed the stack on it)', () => {
  const out = guardResult(text('中'.repeat(4_000_000)), { warnTokens: 10_000, maxTokens: 25_000, store: new ResultStore() });
  assert.ok(out.cut && out.cut.keptTokens <= 25_000);
});

test('regression: an estimate never decides that a result fits; a huge result whose first MB is cheap is still cut', () => {
  const blob = '-'.repeat(1_048_576) + '中文字'.repeat(1_100_000);
  const out = guardResult(text(blob), { warnTokens: 10_000, maxTokens: 100_000, store: new ResultStore() });
  assert.equal(out.estimated, true);
  assert.ok(out.cut, 'cut, not sent whole on the strength of an estimate');
  assert.ok(out.sentTokens <= 100_000);
});

test('regression: the warning note never takes a result just under the limit over it', () => {
  const store = new ResultStore();
  // The longest text of these words that stays under 24,990 tokens (a binary search).
  let [lo, hi] = [1, 40_000];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (tokensOf(words(mid)) <= 24_990) lo = mid;
    else hi = mid - 1;
  }
  const n = lo;
  const out = guardResult(text(words(n)), { warnTokens: 10_000, maxTokens: 25_000, store });
  assert.ok(out.sentTokens <= 25_000, `${out.sentTokens} sent`);
});

test('regression: a content block that is not an object (null) is dropped, not fatal', () => {
  const out = guardResult({ content: [null as never, { type: 'text', text: 'ok' }] }, { warnTokens: 100, maxTokens: 1000, store: new ResultStore() });
  assert.deepEqual(out.result.content, [{ type: 'text', text: 'ok' }]);
});

test('when the store is full, the same owner\'s older results are dropped before another session\'s', () => {
  const store = new ResultStore({ maxBytes: 100 });
  const theirs = store.put('t'.repeat(40), undefined, 'b');
  const mine = store.put('m'.repeat(40), undefined, 'a');
  store.put('n'.repeat(40), undefined, 'a');
  assert.ok('text' in store.read(theirs, 0, 100, 'b'), 'the other session keeps its result');
  assert.match((store.read(mine, 0, 100, 'a') as { error: string }).error, /dropped to make room/);
});

test('regression: a huge image with no text is left out with a note; no empty text is stored or offered to read_result', () => {
  const store = new ResultStore();
  const out = guardResult({ content: [{ type: 'image', mimeType: 'image/png', data: 'A'.repeat(5_000_000) }] }, { warnTokens: 100, maxTokens: 1000, store });
  assert.equal(out.cut?.id, undefined);
  assert.equal(store.size, 0);
  assert.doesNotMatch(JSON.stringify(out.result.content), /read_result/);
  assert.match(textOf(out.result, 0), /image content \(image\/png\) of [\d.]+ MB left out/);
});
