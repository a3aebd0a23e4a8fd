import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { compare, verdictOf } from '../bench/search/comparison.js';
import { goldRanksIn, type GoldRanks, type KindResult } from '../bench/search/evaluate.js';
import type { Query } from '../bench/search/load.js';
import { binomialCdf, bootstrapInterval, seededRandom, signTest } from '../bench/search/paired.js';
import { percentile } from '../bench/search/metrics.js';
import { plan } from '../bench/search/plan.js';
import { RANKS_FORMAT, ranksJson, readRanksFile, savedSet, type RanksFile, type SavedSet } from '../bench/search/ranks-file.js';
import { ROOT, type QuerySetSpec } from '../bench/search/sets.js';

// Invented rank files only: no benchmark query appears here.
const near = (actual: number, expected: number, eps = 1e-4) => assert.ok(Math.abs(actual - expected) < eps, `${actual} ≉ ${expected}`);
const file = (sets: Record<string, SavedSet>): RanksFile => ({ format: RANKS_FORMAT, commit: 'abc1234', date: '2026-01-01T00:00:00Z', sets });
const ranked = (ranks: Record<string, GoldRanks>): SavedSet => ({ kinds: { full: { depth: 50, ranks } } });
/** n queries q1 … qn with the given best rank each. */
const queries = (...best: (number | null)[]) => Object.fromEntries(best.map((r, i) => [`q${i + 1}`, [r]]));

describe('sign test (exact, two-sided)', () => {
  test('known values', () => {
    near(signTest(10, 2), 0.0386); // 2 × (1 + 12 + 66) / 4096
    near(signTest(2, 10), 0.0386);
    assert.equal(signTest(5, 5), 1);
    assert.equal(signTest(0, 0), 1);
    near(signTest(6, 0), 2 / 64, 1e-12);
    near(signTest(1, 0), 1, 1e-12);
  });
  test('thousands of discordant queries neither underflow nor exceed 1', () => {
    const p = signTest(5300, 4700);
    assert.ok(p > 0 && p < 1e-8, String(p)); // z ≈ 6: about 2e-9
    assert.equal(signTest(10_000, 10_000), 1);
    assert.ok(signTest(20_000, 0) === 0, 'too small for a double is 0, not NaN');
  });
});

describe('paired bootstrap interval', () => {
  const diffs = [1, 0, 0, -1, 1, 1, 0, 0, 1, 0, 0, 0, 1, -1, 0, 0, 1, 0, 0, 1];
  test('the same input and seed give the same interval', () => {
    assert.deepEqual(bootstrapInterval(diffs), bootstrapInterval([...diffs]));
    // Reciprocal-rank differences take many values, so another seed's resamples show in the interval.
    const rr = diffs.map((d, i) => d / (1 + (i % 7)));
    assert.notDeepEqual(bootstrapInterval(rr, { resamples: 10_000, seed: 7, level: 0.95 }), bootstrapInterval(rr), 'another seed, other resamples');
  });
  test('an identical pair gives [0, 0]; a constant difference gives itself', () => {
    assert.deepEqual(bootstrapInterval(new Array(30).fill(0)), [0, 0]);
    assert.deepEqual(bootstrapInterval(new Array(30).fill(0.5)), [0.5, 0.5]);
  });
  test('drawing only the changed queries matches resampling all n one by one', () => {
    [1 / 16, 5 / 16, 11 / 16, 15 / 16, 1].forEach((p, k) => near(binomialCdf(4, 0.5)[k]!, p, 1e-12));
    assert.deepEqual([...binomialCdf(3, 0)], [1, 1, 1, 1]);
    assert.deepEqual([...binomialCdf(3, 1)], [0, 0, 0, 1]);
    const random = seededRandom(3);
    const sparse = Array.from({ length: 400 }, (_, i) => (i % 5 === 0 ? random() - 0.3 : 0));
    const pick = seededRandom(11);
    const means = Array.from({ length: 10_000 }, () => sparse.reduce((sum) => sum + sparse[Math.floor(pick() * sparse.length)]!, 0) / sparse.length);
    const [lo, hi] = bootstrapInterval(sparse);
    near(lo, percentile(means, 2.5), 0.002);
    near(hi, percentile(means, 97.5), 0.002);
  });
  test('the interval holds the mean and narrows with a lower level', () => {
    const [lo, hi] = bootstrapInterval(diffs);
    const mean = diffs.reduce((a, b) => a + b) / diffs.length;
    assert.ok(lo < mean && mean < hi, `${lo} < ${mean} < ${hi}`);
    const [lo80, hi80] = bootstrapInterval(diffs, { resamples: 10_000, seed: 1, level: 0.8 });
    assert.ok(hi80 - lo80 < hi - lo);
  });
});

describe('comparing two ranks files', () => {
  test('paired over the ids both hold; the ones dropped are counted', () => {
    const a = file({ s: ranked(queries(1, 2, null, 1)) });
    const b = file({ s: ranked({ ...queries(1, 1, 3), q9: [1] }) });
    const [set] = compare(a, b).sets;
    assert.ok(set && !set.blind);
    const [full] = set.kinds;
    assert.deepEqual([full!.queries, full!.onlyA, full!.onlyB], [3, 1, 1]);
    const [r1, r5, mrr] = full!.rows;
    assert.deepEqual([r1!.a, r1!.b, r1!.sign], [1 / 3, 2 / 3, { bBetter: 1, aBetter: 0, p: 1 }]);
    assert.deepEqual([r5!.a, r5!.b, r5!.sign?.bBetter], [2 / 3, 1, 1]);
    near(mrr!.b - mrr!.a, (1 + 1 / 3 - 0.5 - 0) / 3, 1e-12);
    assert.equal(mrr!.sign, undefined, 'no sign test on MRR');
  });
  test('verdicts: better, worse, none, from the sign tests at p < 0.025 each', () => {
    const twelve = (r: number) => queries(...new Array(12).fill(r));
    const better = compare(file({ s: ranked(twelve(2)) }), file({ s: ranked(twelve(1)) })).sets[0]!;
    assert.ok(!better.blind && better.verdict.kind === 'better' && better.verdict.at === 'top-1');
    near(better.verdict.p, 2 / 4096, 1e-12);
    const worse = compare(file({ s: ranked(twelve(1)) }), file({ s: ranked(twelve(9)) })).sets[0]!;
    assert.ok(!worse.blind && worse.verdict.kind === 'worse' && worse.verdict.at === 'top-1');
    const same = compare(file({ s: ranked(twelve(3)) }), file({ s: ranked(twelve(3)) })).sets[0]!;
    assert.ok(!same.blind && same.verdict.kind === 'none');
    assert.deepEqual(same.kinds[0]!.rows.map((r) => r.ci), [[0, 0], [0, 0], [0, 0]]);
  });
  test('a trade-off between top-1 and top-5 is called mixed', () => {
    const a = { ...queries(...new Array(10).fill(2)), ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`z${i}`, [3]])) };
    const b = { ...queries(...new Array(10).fill(1)), ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`z${i}`, [null]])) };
    const [set] = compare(file({ s: ranked(a) }), file({ s: ranked(b) })).sets;
    assert.ok(set && !set.blind);
    const verdict = verdictOf(set.kinds[0]!);
    assert.ok(verdict.kind === 'mixed' && verdict.better.at === 'top-1' && verdict.worse.at === 'top-5');
    near(verdict.better.p, 2 / 1024, 1e-12);
    near(verdict.worse.p, 2 / 1024, 1e-12);
  });
});

describe('blind sets are scored only in aggregate', () => {
  const blind: QuerySetSpec = { name: 'secret', queries: 'invented/secret.jsonl', catalogs: ['invented'], about: 'invented', blind: true };
  const open: QuerySetSpec = { name: 'open', queries: 'invented/open.jsonl', catalogs: ['invented'], about: 'invented' };
  const refused = /^SlimError: secret is a blind set: scored only in aggregate$/;

  test('--misses refuses a blind set named with --set, or given by its file', () => {
    assert.throws(() => plan(['--set', 'secret', '--misses'], [open, blind], ROOT), refused);
    assert.throws(() => plan(['--queries', join(ROOT, 'invented/secret.jsonl'), '--catalog', 'x.json', '--misses'], [blind], ROOT), refused);
    const byFile = plan(['--queries', 'invented/secret.jsonl', '--catalog', 'x.json'], [blind], ROOT);
    assert.ok(!('help' in byFile) && byFile.sets[0]!.spec.blind === true && byFile.sets[0]!.spec.name === 'secret');
    // Every set: runs, and runSet prints the refusal in place of the blind set's misses.
    const all = plan(['--misses'], [open, blind], ROOT);
    assert.ok(!('help' in all) && all.misses && all.sets.length === 2);
    assert.throws(() => plan(['--set', 'latency', '--save-ranks', 'r.json'], [open], ROOT), /--save-ranks needs a query set/);
  });

  test('--save-ranks keeps only the averages of a blind set', () => {
    const qs: Query[] = ['b1', 'b2'].map((id) => ({ id, query: 'invented', gold: new Set(['srv/t']), grades: new Map([['srv/t', 2]]) }));
    const result = { kind: 'full', buildMs: 0, p50: 0, p99: 0, byLabel: new Map(), goldRanks: [[1], [4]], depth: 9 } as unknown as KindResult;
    const saved = savedSet(true, qs, [result]);
    assert.deepEqual(saved, { blind: true, kinds: { full: { queries: 2, recall1: 0.5, recall5: 1, mrr: 0.625 } } });
    assert.doesNotMatch(JSON.stringify(saved), /b1|b2/, 'no query id in it');
    assert.deepEqual(savedSet(false, qs, [result]), { kinds: { full: { depth: 9, ranks: { b1: [1], b2: [4] } } } });
  });

  test('compare gives a blind set its averages only: no interval, no sign test', () => {
    const a = file({ secret: { blind: true, kinds: { full: { queries: 40, recall1: 0.5, recall5: 0.75, mrr: 0.6 } } } });
    const b = file({ secret: { blind: true, kinds: { full: { queries: 40, recall1: 0.55, recall5: 0.75, mrr: 0.62 } } } });
    const [set] = compare(a, b).sets;
    assert.ok(set?.blind);
    assert.ok(set.kinds[0]!.rows.every((r) => r.ci === undefined && r.sign === undefined));
    // A file saved before the set was marked blind still holds its ranks: compared on averages all the same.
    const old = compare(file({ secret: ranked(queries(1, 3)) }), file({ secret: ranked(queries(1, 1)) }), { blindNames: new Set(['secret']) }).sets[0]!;
    assert.ok(old.blind);
    assert.deepEqual(old.kinds[0]!.rows.map((r) => [r.a, r.b]), [[0.5, 1], [1, 1], [0.666667, 1]]);
  });
});

describe('ranks files', () => {
  test('gold ranks are best first, those not ranked last', () => {
    assert.deepEqual(goldRanksIn(['x', 'b', 'a'], new Set(['z', 'a', 'b'])), [2, 3, null]);
    assert.deepEqual(goldRanksIn([], new Set(['a'])), [null]);
  });
  test('written one query a line, read back the same', () => {
    const data = file({ s: ranked({ q1: [1, null], q2: [12] }), secret: { blind: true, kinds: { full: { queries: 3, recall1: 0.5, recall5: 1, mrr: 0.7 } } } });
    const text = ranksJson(data);
    assert.match(text, /\n {12}"q1": \[1, null\],\n {12}"q2": \[12\]\n/);
    const dir = mkdtempSync(join(tmpdir(), 'search-compare-'));
    writeFileSync(join(dir, 'r.json'), text);
    assert.deepEqual(readRanksFile(join(dir, 'r.json')), data);
  });
  test('a bad file is one line naming the field; the CLI exits 2 without a stack', () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-compare-'));
    const write = (name: string, value: unknown) => {
      writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
      return join(dir, name);
    };
    const good = write('good.json', file({ s: ranked(queries(1)) }));
    assert.throws(() => readRanksFile(write('a.json', '{')), /a\.json: not valid JSON/);
    assert.throws(() => readRanksFile(write('b.json', { format: 'other' })), /b\.json: not a ranks file/);
    assert.throws(() => readRanksFile(write('c.json', file({ s: ranked({ q1: [0] }) }))), /c\.json: sets\["s"\]\.kinds\.full\.ranks\["q1"\] must be a non-empty array of ranks/);
    assert.throws(() => readRanksFile(write('d.json', file({ s: { blind: true, kinds: { full: { queries: 3 } } } as unknown as SavedSet }))), /d\.json: sets\["s"\]\.kinds\.full must be \{"queries", "recall1"/);
    const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/search/compare.ts'), ...args], { encoding: 'utf8', cwd: ROOT });
    const bad = cli(good, join(dir, 'b.json'));
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^bench:search:compare: .*b\.json: not a ranks file.*\n$/);
    const same = cli(good, good);
    assert.equal(same.status, 0, same.stderr);
    assert.match(same.stdout, /^s \(full\): no significant difference$/m);
  });
});
