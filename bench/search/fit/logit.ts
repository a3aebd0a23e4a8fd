/**
 * A conditional logit over each query's candidate tools: P(tool | query) ∝ exp(w · x), fitted by
 * maximising the chance of the query's gold tools (any of them) with an L2 penalty. It is the
 * ranking model the index uses (score = bm25f × exp(Σ wᵢ fᵢ), whose log is linear), so the fitted
 * weights drop straight in. Pure and deterministic: the same groups always give the same weights.
 */

/** One query: a row of features per candidate (column 0 is log bm25f), and which candidates are gold. */
export interface Group {
  rows: Float64Array[];
  gold: boolean[];
}

export interface FitOptions {
  /** L2 penalty per query (λ/2·|w|², with λ this times the number of groups). */
  l2: number;
  /** At most this many Newton steps. */
  iterations: number;
  /** Columns held at 0 (an ablated feature). */
  fixedZero?: ReadonlySet<number>;
  /** Where the descent starts. */
  start?: Float64Array;
}

export const FIT: FitOptions = { l2: 0.002, iterations: 50 };

const dot = (w: Float64Array, x: Float64Array) => {
  let s = 0;
  for (let i = 0; i < w.length; i++) s += w[i]! * x[i]!;
  return s;
};

/**
 * The mean log-likelihood of the gold candidates, its gradient, and the negated covariance of
 * the features under the model (the Hessian when a query has one gold tool; with several, a
 * negative definite stand-in that still points uphill).
 */
function likelihood(groups: readonly Group[], w: Float64Array, gradient: Float64Array, hessian: Float64Array): number {
  gradient.fill(0);
  hessian.fill(0);
  let total = 0;
  const dims = w.length;
  const all = new Float64Array(dims);
  const golds = new Float64Array(dims);
  const second = new Float64Array(dims * dims);
  for (const { rows, gold } of groups) {
    const s = rows.map((x) => dot(w, x));
    const max = Math.max(...s);
    let z = 0;
    let zGold = 0;
    all.fill(0);
    golds.fill(0);
    second.fill(0);
    for (let i = 0; i < rows.length; i++) {
      const e = Math.exp(s[i]! - max);
      const x = rows[i]!;
      z += e;
      if (gold[i]) zGold += e;
      for (let d = 0; d < dims; d++) {
        const ex = e * x[d]!;
        all[d]! += ex;
        if (gold[i]) golds[d]! += ex;
        for (let c = 0; c <= d; c++) second[d * dims + c]! += ex * x[c]!;
      }
    }
    total += Math.log(zGold) - Math.log(z);
    for (let d = 0; d < dims; d++) {
      gradient[d]! += golds[d]! / zGold - all[d]! / z;
      for (let c = 0; c <= d; c++) hessian[d * dims + c]! -= second[d * dims + c]! / z - (all[d]! / z) * (all[c]! / z);
    }
  }
  const n = groups.length;
  for (let d = 0; d < dims; d++) {
    gradient[d] = gradient[d]! / n;
    for (let c = 0; c <= d; c++) hessian[c * dims + d] = hessian[d * dims + c] = hessian[d * dims + c]! / n;
  }
  return total / n;
}

/** Solves A·x = b for a small symmetric positive definite A (Gaussian elimination with pivoting). */
function solve(a: Float64Array, b: Float64Array): Float64Array {
  const n = b.length;
  const m = Array.from({ length: n }, (_, i) => [...a.slice(i * n, i * n + n), b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let c = r + 1; c < n; c++) s -= m[r]![c]! * x[c]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

/**
 * Weights by damped Newton steps on the penalised likelihood (a dozen features converge in a
 * few dozen steps); only queries with a gold candidate teach anything.
 */
export function fitLogit(groups: readonly Group[], dims: number, options: FitOptions = FIT): Float64Array {
  const usable = groups.filter((g) => g.gold.some(Boolean) && g.rows.length > 1);
  const free = [...Array(dims).keys()].filter((d) => !options.fixedZero?.has(d));
  let w = options.start ? Float64Array.from(options.start) : new Float64Array(dims);
  if (!options.start) w[0] = 1;
  for (const d of options.fixedZero ?? []) w[d] = 0;
  const g = new Float64Array(dims);
  const h = new Float64Array(dims * dims);
  const objective = (v: Float64Array) => likelihood(usable, v, g, h) - (options.l2 / 2) * dot(v, v);
  let value = objective(w);
  for (let t = 0; t < options.iterations; t++) {
    // The free coordinates' system: (−H + λI)·step = gradient − λw.
    const a = new Float64Array(free.length * free.length);
    const b = Float64Array.from(free, (d) => g[d]! - options.l2 * w[d]!);
    free.forEach((d, i) => free.forEach((c, j) => (a[i * free.length + j] = -h[d * dims + c]! + (i === j ? options.l2 : 0))));
    const step = solve(a, b);
    let scale = 1;
    let next = w;
    let nextValue = -Infinity;
    for (; scale > 1e-4; scale /= 2) {
      next = Float64Array.from(w);
      free.forEach((d, i) => (next[d] = w[d]! + scale * step[i]!));
      nextValue = objective(next);
      if (nextValue >= value) break;
    }
    if (nextValue < value) break;
    const gain = nextValue - value;
    w = next;
    value = nextValue;
    if (gain < 1e-9) break;
  }
  return w;
}

/** The candidates' order under weights, best first; ties keep the candidates' own order (BM25F, then id). */
export function ranked(group: Group, w: Float64Array): number[] {
  const s = group.rows.map((x) => dot(w, x));
  return s.map((_, i) => i).sort((a, b) => s[b]! - s[a]! || a - b);
}

/** The 1-based rank of the first gold candidate under weights; Infinity when no candidate is gold. */
export function firstGoldRank(group: Group, w: Float64Array): number {
  const i = ranked(group, w).findIndex((c) => group.gold[c]);
  return i < 0 ? Infinity : i + 1;
}
