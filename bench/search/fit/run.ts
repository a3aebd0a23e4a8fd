/**
 * Fits the ranking features' weights (src/search/features.ts) by cross-validation on the
 * development sets, and ablates each feature: the same fit without it, scored on the same
 * held-out folds, with a paired sign test against the full model.
 *
 *   npm run bench:search:fit                 print the tables
 *   npm run bench:search:fit -- --drop a,b   also the fit without features a and b together
 *   npm run bench:search:fit -- --write      also write the weights fitted on every dev query to src/search/weights.json
 *
 * Only development sets are fitted on (never a held-out or blind set): see docs/search.md.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../../src/fs/atomic-write.js';
import { FEATURES, type Feature, type WeightsFile } from '../../../src/search/features.js';
import { table } from '../../_table.js';
import { ROOT } from '../sets.js';
import { FIT, firstGoldRank, fitLogit } from './logit.js';
import { at, CANDIDATES, crossValidated, DEV_SETS, groupsOf, K, paired, SEED, type Model } from './cv.js';
import { mean } from '../metrics.js';

/** Each of the two sign tests (top-1, top-5) at this level: 0.05 shared by the two. */
const ALPHA = 0.025;
const WEIGHTS_FILE = `${ROOT}src/search/weights.json`;

/** Log bm25f's weight is 1 in the index; the fit's own scale of it is divided out. */
const normalised = (w: Float64Array) => Float64Array.from(w.slice(1), (x) => x / w[0]!);
const withBm25 = (weights: readonly number[]) => Float64Array.from([1, ...weights]);

function main(): void {
  const write = process.argv.includes('--write');
  const file = JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as WeightsFile & { hand?: Record<string, number> };
  const hand = file.hand ?? file.weights;
  const sets = DEV_SETS.map((name) => groupsOf(name));
  const all = sets.flatMap((s) => s.groups);
  const reachable = all.filter((g) => g.gold.some(Boolean)).length;
  console.log(`fitting on ${DEV_SETS.join(', ')}: ${all.length} queries, ${reachable} with a gold tool among their ${CANDIDATES} best BM25F candidates; ${K}-fold cross-validation, seed ${SEED}\n`);

  const handModel: Model = { name: 'hand-set (round 1)', ranks: all.map((g) => firstGoldRank(g, withBm25(FEATURES.map((f) => hand[f] ?? 0)))) };
  const full = crossValidated(sets, new Set(), 'fitted, all features');
  const ablations = FEATURES.map((f, i) => crossValidated(sets, new Set([i + 1]), `− ${f}`));
  const bm25Only = crossValidated(sets, new Set(FEATURES.map((_, i) => i + 1)), 'BM25F alone');
  // Features none of whose removals alone loses significantly: do they matter together?
  const weak = FEATURES.filter((_, i) => [1, 5].every((k) => paired(at(full.ranks, k), at(ablations[i]!.ranks, k)).p >= ALPHA));
  const dropArg = process.argv.indexOf('--drop');
  const drop = dropArg > 0 ? process.argv[dropArg + 1]!.split(',') : [];
  const unknown = drop.filter((f) => !(FEATURES as readonly string[]).includes(f));
  if (unknown.length) throw new Error(`--drop: unknown feature ${unknown.join(', ')}; features: ${FEATURES.join(', ')}`);
  const dropped = drop.length ? [crossValidated(sets, new Set(drop.map((f) => FEATURES.indexOf(f as Feature) + 1)), `− ${drop.join(', ')}`)] : [];
  const weakTogether = crossValidated(sets, new Set(weak.map((f) => FEATURES.indexOf(f) + 1)), `− the ${weak.length} not significant alone`);

  const row = (m: Model) => {
    const top1 = paired(at(full.ranks, 1), at(m.ranks, 1));
    const top5 = paired(at(full.ranks, 5), at(m.ranks, 5));
    return [m.name, mean(at(m.ranks, 1)), mean(at(m.ranks, 5)), mean(m.ranks.map((r) => 1 / r)), top1.delta, top1.p, top5.delta, top5.p];
  };
  console.log('held-out folds (ranking of each query\'s candidates by the features alone; multi-step placement not applied):\n');
  console.log(
    table(
      ['model', { title: 'R@1', digits: 3 }, { title: 'R@5', digits: 3 }, { title: 'MRR', digits: 3 }, { title: 'ΔR@1 vs fitted', digits: 3 }, { title: 'p', digits: 3 }, { title: 'ΔR@5', digits: 3 }, { title: 'p', digits: 3 }],
      [handModel, full, ...ablations, weakTogether, ...dropped, bm25Only].map(row),
    ),
  );

  const fitted = normalised(fitLogit(all, FEATURES.length + 1, FIT));
  console.log(`\n${weakTogether.name}: ${weak.join(', ')}. Significant: p < ${ALPHA} on top-1 or top-5 (exact sign test; 0.05 shared by the two).`);
  console.log('\nweights (log-lifts; score = bm25f × exp(Σ weight × feature)), fitted on every development query:\n');
  console.log(table(['feature', { title: 'hand-set', digits: 3 }, { title: 'fitted', digits: 3 }, { title: 'lift at 1', digits: 2 }], FEATURES.map((f, i) => [f, hand[f] ?? 0, fitted[i]!, Math.exp(fitted[i]!)])));

  if (write) {
    const out = {
      about: file.about,
      weights: Object.fromEntries(FEATURES.map((f, i) => [f, Math.round(fitted[i]! * 1e4) / 1e4])),
      hand,
      fitted: { sets: DEV_SETS, queries: all.length, candidates: CANDIDATES, folds: K, seed: SEED, ...FIT, heldOutR1: mean(at(full.ranks, 1)), heldOutR5: mean(at(full.ranks, 5)) },
    };
    writeFileAtomic(WEIGHTS_FILE, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\nwrote ${WEIGHTS_FILE}`);
  }
}

main();
