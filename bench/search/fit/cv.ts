/**
 * Cross-validation over the development sets: each query's candidates and features, folds, a
 * model's held-out ranks, and the paired sign test between two models. Shared by the weight fit
 * (run.ts) and the field-weight search (fields.ts).
 */
import { FEATURES } from '../../../src/search/features.js';
import type { IndexOptions } from '../../../src/search/index-options.js';
import { indexCatalog } from '../../../src/search/tool-index.js';
import { loadSet, resolvePath } from '../load.js';
import { mean } from '../metrics.js';
import { signTest } from '../paired.js';
import { builtInSets, ROOT } from '../sets.js';
import { FIT, firstGoldRank, fitLogit, type Group } from './logit.js';
import { foldsOf } from './folds.js';

export const DEV_SETS = ['pooled-240', 'dev-250', 'everyday-dev'];
/** Candidates per query: the best by BM25F. A gold tool below them cannot be lifted to the top by any weights here. */
export const CANDIDATES = 60;
export const K = 5;
export const SEED = 20_261_201;

export interface SetGroups {
  name: string;
  groups: Group[];
}

/** A development set's queries as groups of candidates (column 0 log bm25f, then the features), under the index options given. */
export function groupsOf(name: string, options: IndexOptions = {}): SetGroups {
  const spec = builtInSets().find((s) => s.name === name);
  if (!spec || spec.blind) throw new Error(`${name}: not a development set`);
  const set = loadSet(spec.name, resolvePath(spec.queries, ROOT), spec.catalogs.map((c) => resolvePath(c, ROOT)));
  const index = indexCatalog(set.catalog, options);
  const groups = set.queries.map((q) => {
    const candidates = index.candidates(q.query, CANDIDATES);
    return {
      rows: candidates.map((c) => Float64Array.from([Math.log(c.bm25f), ...c.features])),
      gold: candidates.map((c) => q.gold.has(c.id)),
    };
  });
  return { name, groups };
}

export interface Model {
  name: string;
  /** Per query (all sets in order), the first gold's rank on its held-out fold. */
  ranks: number[];
}

export function crossValidated(sets: readonly SetGroups[], fixedZero: ReadonlySet<number>, name: string): Model {
  const folds = foldsOf(sets.map((s) => s.groups.length), K, SEED);
  const ranks: number[][] = sets.map((s) => new Array<number>(s.groups.length));
  for (let f = 0; f < K; f++) {
    const train = sets.flatMap((s, i) => s.groups.filter((_, q) => folds[i]![q] !== f));
    const w = fitLogit(train, FEATURES.length + 1, { ...FIT, fixedZero });
    sets.forEach((s, i) => s.groups.forEach((g, q) => folds[i]![q] === f && (ranks[i]![q] = firstGoldRank(g, w))));
  }
  return { name, ranks: ranks.flat() };
}

export const at = (ranks: readonly number[], k: number) => ranks.map((r) => (r <= k ? 1 : 0));

/** B − A and the exact sign test over the queries where they differ. */
export function paired(a: readonly number[], b: readonly number[]): { delta: number; p: number } {
  let wins = 0;
  let losses = 0;
  a.forEach((x, i) => (b[i]! > x ? wins++ : b[i]! < x ? losses++ : 0));
  return { delta: mean(b) - mean(a), p: signTest(wins, losses) };
}
