/**
 * Paired tests for two rankers scored on the same queries: an exact sign test on the queries
 * where they disagree, and a bootstrap confidence interval of the mean difference. Pure and
 * seeded, so the same two files always give the same numbers.
 */
import { percentile } from './metrics.js';

/**
 * Exact two-sided sign test: the chance, were both rankers equally good, of a split of the
 * discordant queries at least this uneven. Ties (both right, both wrong) are not counted.
 * Summed in log space, so thousands of discordant queries do not underflow.
 */
export function signTest(wins: number, losses: number): number {
  const n = wins + losses;
  const k = Math.min(wins, losses);
  if (n === 0) return 1;
  // log(C(n, i) / 2^n) for i = 0 … k; the last is the largest, since k ≤ n / 2.
  const logs = [-n * Math.LN2];
  for (let i = 0; i < k; i++) logs.push(logs[i]! + Math.log((n - i) / (i + 1)));
  const top = logs[k]!;
  const tail = Math.exp(top) * logs.reduce((sum, l) => sum + Math.exp(l - top), 0);
  return Math.min(1, 2 * tail);
}

/** mulberry32: a small, fast 32-bit generator; enough for resampling, and the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BootstrapOptions {
  resamples: number;
  seed: number;
  /** The interval's coverage, 0.95 for a 95% interval. */
  level: number;
}
export const BOOTSTRAP: BootstrapOptions = { resamples: 10_000, seed: 20_261_201, level: 0.95 };

/**
 * Percentile bootstrap intervals of the means of paired differences (B − A per query, one column
 * per metric): resample the queries with replacement, keeping each query's pair together, the
 * same resamples for every column.
 *
 * Only the m queries where some column differs are drawn: of a resample's n picks, the number
 * landing on them is Binomial(n, m/n), each of those uniform over them, and the ties add 0. The
 * same distribution as n picks one by one, at a cost that grows with the queries that changed
 * rather than with the whole set.
 */
export function pairedBootstrap(columns: readonly (readonly number[])[], { resamples, seed, level }: BootstrapOptions = BOOTSTRAP): [number, number][] {
  const n = columns[0]?.length ?? 0;
  if (n === 0) return columns.map(() => [NaN, NaN]);
  const changed = [...Array(n).keys()].filter((i) => columns.some((c) => c[i] !== 0));
  const m = changed.length;
  const values = columns.map((c) => Float64Array.from(changed, (i) => c[i]!));
  const landing = binomialCdf(n, m / n);
  const random = seededRandom(seed);
  const means = columns.map(() => new Array<number>(resamples));
  const sums = new Float64Array(columns.length);
  for (let r = 0; r < resamples; r++) {
    sums.fill(0);
    for (let k = firstAtLeast(landing, random()); k > 0; k--) {
      const j = Math.floor(random() * m);
      for (let c = 0; c < values.length; c++) sums[c]! += values[c]![j]!;
    }
    for (let c = 0; c < values.length; c++) means[c]![r] = sums[c]! / n;
  }
  const tail = ((1 - level) / 2) * 100;
  return means.map((c) => [percentile(c, tail), percentile(c, 100 - tail)]);
}

export const bootstrapInterval = (differences: readonly number[], options: BootstrapOptions = BOOTSTRAP): [number, number] => pairedBootstrap([differences], options)[0]!;

/** P(X ≤ k) for X ~ Binomial(n, q), k = 0 … n; from log probabilities, so a large n does not underflow. */
export function binomialCdf(n: number, q: number): Float64Array {
  const cdf = new Float64Array(n + 1);
  if (q <= 0 || q >= 1) return cdf.fill(1, q <= 0 ? 0 : n);
  const logs = new Float64Array(n + 1);
  logs[0] = n * Math.log1p(-q);
  const odds = Math.log(q / (1 - q));
  for (let k = 0; k < n; k++) logs[k + 1] = logs[k]! + Math.log((n - k) / (k + 1)) + odds;
  const top = logs.reduce((a, b) => Math.max(a, b));
  let sum = 0;
  for (let k = 0; k <= n; k++) cdf[k] = sum += Math.exp(logs[k]! - top);
  return cdf.map((c) => c / sum);
}

/** The least k with cdf[k] > u, for u uniform in [0, 1): a draw from the distribution, by binary search. */
function firstAtLeast(cdf: Float64Array, u: number): number {
  let [lo, hi] = [0, cdf.length - 1];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid]! > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
