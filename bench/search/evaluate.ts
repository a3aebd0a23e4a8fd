/**
 * One query set against one document kind: build the index, rank every query, average the
 * metrics, and time the queries on their own pass (so metric bookkeeping is not in the latency).
 */
import type { Catalog } from '../../src/catalog/types.js';
import { slimDocuments } from '../../src/slim/documents.js';
import { indexCatalog, type ToolSearchIndex } from '../../src/search/tool-index.js';
import type { DocumentKind } from '../../src/search/types.js';
import type { PresetName } from '../../src/slim/policy.js';
import { median } from '../_stats.js';
import type { Query } from './load.js';
import { allAt, mean, mrr, ndcgAt, percentile, recallAt, shareAt } from './metrics.js';

/** A kind of document as the bench reports it: slim under its default preset, and under `safe`. */
export interface DocumentVariant {
  label: string;
  document: DocumentKind;
  slimPreset?: PresetName;
}
export const KINDS: readonly DocumentVariant[] = [
  { label: 'full', document: 'full' },
  { label: 'slim', document: 'slim' },
  { label: 'slim-safe', document: 'slim', slimPreset: 'safe' },
  { label: 'ttc', document: 'ttc' },
];
/** What a caller would ask for (a short list for the model), so latency is for a real call. */
export const LATENCY_K = 10;
/** Searches before timing starts, so JIT compilation and lazy caches are not in the percentiles. */
const WARMUP = 200;
/** Small sets are timed in several rounds, so p99 is not just the single slowest query. */
const MIN_TIMED = 1000;
/** Builds timed per kind; the median is reported (the first also pays for warming up). */
const BUILDS = 3;

export interface Scores {
  recall1: number;
  recall3: number;
  recall5: number;
  all3: number;
  all5: number;
  /** Every gold tool in the top 10: issue 16's bar for tasks that need several tools. */
  all10: number;
  mrr: number;
  ndcg10: number;
  /** Share of the graded (grade ≥ 1) tools found in the top 1 / 5: how mcpproxy's baseline appears to count recall. */
  share1: number;
  share5: number;
}

export interface KindResult {
  /** The variant's label: full, slim, slim-safe, ttc. */
  kind: string;
  buildMs: number;
  p50: number;
  p99: number;
  scores: Scores;
  /** The same scores per query `kind` label, when the set has them. */
  byLabel: Map<string, { queries: number; scores: Scores }>;
  /** Per query (in the set's order), the 1-based ranks of its gold tools, best first; null for one not ranked at all. */
  goldRanks: GoldRanks[];
  /** How deep the ranking went: the whole index, so a null rank means the tool was not returned. */
  depth: number;
}

export type GoldRanks = (number | null)[];

/** The ranks of the gold ids in `ranked`, best first, those not in it (null) last. */
export function goldRanksIn(ranked: readonly string[], gold: ReadonlySet<string>): GoldRanks {
  const at = [...gold].map((id) => ranked.indexOf(id) + 1).sort((a, b) => a - b);
  return [...at.filter((r) => r > 0), ...at.filter((r) => r === 0).map(() => null)];
}

export function buildIndex(catalog: Catalog, { document, slimPreset }: DocumentVariant, builds = BUILDS): { index: ToolSearchIndex; ms: number; firstMs: number; warmMs: number } {
  const times: number[] = [];
  let index!: ToolSearchIndex;
  for (let i = 0; i < builds; i++) {
    const started = performance.now();
    index = indexCatalog(catalog, { document, ...(document === 'slim' ? { documents: slimDocuments(slimPreset) } : {}) });
    times.push(performance.now() - started);
  }
  // The first build in a process also compiles the code: what a gateway pays once, at start.
  return { index, ms: median(times), firstMs: times[0]!, warmMs: median(times.slice(1)) };
}

/** Per-search wall time (ms) of `search(query, LATENCY_K)`, after a warm-up; at least MIN_TIMED samples. */
export function timeQueries(index: ToolSearchIndex, queries: readonly string[]): number[] {
  for (let i = 0; i < WARMUP; i++) index.search(queries[i % queries.length]!, LATENCY_K);
  const times: number[] = [];
  for (let round = Math.ceil(MIN_TIMED / queries.length); round > 0; round--) {
    for (const q of queries) {
      const started = performance.now();
      index.search(q, LATENCY_K);
      times.push(performance.now() - started);
    }
  }
  return times;
}

function score(ranked: readonly string[], q: Query): Scores {
  const graded = new Set([...q.grades].filter(([, g]) => g > 0).map(([id]) => id));
  return {
    recall1: recallAt(ranked, q.gold, 1),
    recall3: recallAt(ranked, q.gold, 3),
    recall5: recallAt(ranked, q.gold, 5),
    all3: allAt(ranked, q.gold, 3),
    all5: allAt(ranked, q.gold, 5),
    all10: allAt(ranked, q.gold, 10),
    mrr: mrr(ranked, q.gold),
    ndcg10: ndcgAt(ranked, q.grades, 10),
    share1: shareAt(ranked, graded, 1),
    share5: shareAt(ranked, graded, 5),
  };
}

const average = (rows: readonly Scores[]): Scores =>
  Object.fromEntries(Object.keys(rows[0]!).map((key) => [key, mean(rows.map((r) => r[key as keyof Scores]))])) as unknown as Scores;

export function evaluate(catalog: Catalog, queries: readonly Query[], variant: DocumentVariant): KindResult {
  const { index, ms } = buildIndex(catalog, variant);
  // The whole ranking, so MRR is not cut off at some k.
  const goldRanks: GoldRanks[] = [];
  const perQuery = queries.map((q) => {
    const ranked = index.search(q.query, index.size).map((h) => h.id);
    goldRanks.push(goldRanksIn(ranked, q.gold));
    return score(ranked, q);
  });
  const times = timeQueries(index, queries.map((q) => q.query));

  const byLabel = new Map<string, { queries: number; scores: Scores }>();
  const labels = [...new Set(queries.flatMap((q) => (q.kind === undefined ? [] : [q.kind])))];
  for (const label of labels) {
    const rows = perQuery.filter((_, i) => queries[i]!.kind === label);
    byLabel.set(label, { queries: rows.length, scores: average(rows) });
  }
  return { kind: variant.label, buildMs: ms, p50: percentile(times, 50), p99: percentile(times, 99), scores: average(perQuery), byLabel, goldRanks, depth: index.size };
}
