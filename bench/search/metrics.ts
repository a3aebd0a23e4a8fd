/**
 * Ranking metrics for one query, as pure functions of the ranked ids (best first) and the labels.
 * The bench averages them over a set; the tests check them on hand-computed cases.
 */

/** 1 if any gold id is in the top k, else 0 (the usual tool-search "hit rate"). */
export function recallAt(ranked: readonly string[], gold: ReadonlySet<string>, k: number): number {
  return ranked.slice(0, k).some((id) => gold.has(id)) ? 1 : 0;
}

/** 1 if every gold id is in the top k, else 0: the strict reading for queries needing several tools. */
export function allAt(ranked: readonly string[], gold: ReadonlySet<string>, k: number): number {
  const top = new Set(ranked.slice(0, k));
  return [...gold].every((id) => top.has(id)) ? 1 : 0;
}

/** The share of `relevant` ids found in the top k (fractional recall, as some IR baselines report it). */
export function shareAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  return ranked.slice(0, k).filter((id) => relevant.has(id)).length / relevant.size;
}

/** Reciprocal rank of the first gold id; 0 when none was returned. */
export function mrr(ranked: readonly string[], gold: ReadonlySet<string>): number {
  const i = ranked.findIndex((id) => gold.has(id));
  return i < 0 ? 0 : 1 / (i + 1);
}

/**
 * nDCG@k with linear gains (gain = grade, as trec_eval) and a log2(rank + 1) discount, normalised
 * by the ideal ordering of all graded ids. Ids missing from `grades` count 0.
 */
export function ndcgAt(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): number {
  const dcg = (gains: number[]) => gains.slice(0, k).reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const ideal = dcg([...grades.values()].filter((g) => g > 0).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((id) => grades.get(id) ?? 0)) / ideal;
}

/** The p-th percentile (0–100) by linear interpolation between closest ranks; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (Math.min(Math.max(p, 0), 100) / 100) * (s.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length;
}
