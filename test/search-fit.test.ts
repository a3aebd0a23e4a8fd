import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstGoldRank, fitLogit, type Group } from '../bench/search/fit/logit.js';
import { foldsOf } from '../bench/search/fit/folds.js';
import { seededRandom } from '../bench/search/paired.js';

/** Queries whose gold candidate has feature 1 set and a BM25F score drawn like the others': only the feature tells it apart. */
function synthetic(n: number, seed: number): Group[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const gold = Math.floor(random() * 5);
    const rows = Array.from({ length: 5 }, (_, i) => Float64Array.from([Math.log(0.5 + random()), i === gold ? 1 : random() < 0.2 ? 1 : 0, random() < 0.5 ? 1 : 0]));
    return { rows, gold: rows.map((_, i) => i === gold) };
  });
}

test('the conditional logit learns a feature that finds the gold candidate, and ignores noise', () => {
  const groups = synthetic(300, 7);
  const w = fitLogit(groups, 3);
  assert.ok(w[1]! > 1, `feature weight ${w[1]}`);
  assert.ok(Math.abs(w[2]!) < 0.5, `noise weight ${w[2]}`);
  const top1 = groups.filter((g) => firstGoldRank(g, w) === 1).length / groups.length;
  // Others share the feature a fifth of the time, so the gold cannot always be first.
  assert.ok(top1 > 0.55, `top-1 ${top1}`);
  // Held at zero, the feature cannot help: the gold is first about as often as chance would put it.
  const without = fitLogit(groups, 3, { l2: 0.002, iterations: 50, fixedZero: new Set([1]) });
  assert.equal(without[1], 0);
  const chance = groups.filter((g) => firstGoldRank(g, without) === 1).length / groups.length;
  assert.ok(chance < 0.4, `top-1 without the feature ${chance}`);
});

test('folds deal every set into k folds of nearly equal size, the same for the same seed', () => {
  const [a, b] = foldsOf([10, 7], 5, 1);
  assert.deepEqual(foldsOf([10, 7], 5, 1), [a, b]);
  for (const folds of [a!, b!]) {
    const sizes = [0, 1, 2, 3, 4].map((f) => folds.filter((x) => x === f).length);
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, String(sizes));
  }
  assert.notDeepEqual(foldsOf([10], 5, 2)[0], a);
});
