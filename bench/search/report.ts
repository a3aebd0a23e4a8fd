/** Plain-text tables for the search bench (the same style as `npm run bench`). */
import { table, type Cell, type Column } from '../_table.js';
import type { KindResult, Scores } from './evaluate.js';
import { LATENCY_K } from './evaluate.js';
import { recallAt } from './metrics.js';
import { indexCatalog } from '../../src/search/tool-index.js';
import type { LoadedSet } from './load.js';

const m = (title: string): Column => ({ title, digits: 3 });
const ms = (title: string, digits: number): Column => ({ title, digits });

export const DEFINITIONS = [
  'Recall@k: share of queries with ANY gold tool in the top k. all@k (multi-gold sets): share with EVERY gold tool in the top k.',
  'MRR: 1/rank of the first gold tool in the full ranking (0 if absent). nDCG@10: graded (gain = grade, gold without grades = 2; log2 discount).',
  `Latency: wall time of search(query, ${LATENCY_K}) per query after a warm-up (small sets repeated to ≥1,000 searches); build: indexCatalog, median of 3.`,
  'doc: the documents indexed. full: the tools as listed; slim: slimmed with the default preset (balanced); slim-safe: with the safe preset; ttc: their TTC entries (PURPOSE, IN, WHEN, TAGS).',
].join('\n');

export function setTable(set: LoadedSet, results: readonly KindResult[]): string {
  const multi = set.queries.filter((q) => q.gold.size > 1).length;
  const columns: Column[] = ['doc', m('R@1'), m('R@3'), m('R@5'), ...(multi ? [m('all@3'), m('all@5'), m('all@10')] : []), m('MRR'), m('nDCG@10'), ms('p50 ms', 3), ms('p99 ms', 3), ms('build ms', 1)];
  const rows: Cell[][] = results.map((r) => {
    const s = r.scores;
    return [r.kind, s.recall1, s.recall3, s.recall5, ...(multi ? [s.all3, s.all5, s.all10] : []), s.mrr, s.ndcg10, r.p50, r.p99, r.buildMs];
  });
  const lines = [table(columns, rows)];
  if (multi) {
    // all@k cannot reach 1 when some queries have more than k gold tools: say how high it can go.
    const ceiling = (k: number) => (set.queries.filter((q) => q.gold.size <= k).length / set.queries.length).toFixed(3);
    const most = Math.max(...set.queries.map((q) => q.gold.size));
    lines.push(`${multi} of ${set.queries.length} queries have several gold tools (up to ${most}); the most all@3 / all@5 / all@10 can reach is ${ceiling(3)} / ${ceiling(5)} / ${ceiling(10)}.`);
  }
  const repeats = repeatedQueries(set);
  if (repeats) lines.push(repeats);
  return lines.join('\n');
}

/** Repeated query texts cap what any ranker can score when their gold differs: worth knowing about a set. */
function repeatedQueries(set: LoadedSet): string | undefined {
  const gold = new Map<string, Set<string>>();
  for (const q of set.queries) gold.set(q.query, new Set([...(gold.get(q.query) ?? []), [...q.gold].sort().join(' ')]));
  const repeated = set.queries.length - gold.size;
  if (repeated === 0) return undefined;
  const conflicting = [...gold.values()].filter((g) => g.size > 1).length;
  return `${repeated} queries repeat an earlier query's text; ${conflicting} texts have different gold on different lines.`;
}

/** Recall@5 and MRR per query label (pooled-240's direct, paraphrase, …), one column per document kind; all@10 of the full documents. */
export function labelTable(results: readonly KindResult[]): string | undefined {
  const labels = [...(results[0]?.byLabel.keys() ?? [])];
  if (labels.length === 0) return undefined;
  const pick = (r: KindResult, label: string, key: keyof Scores) => r.byLabel.get(label)!.scores[key];
  const columns: Column[] = ['query kind', 'queries', ...results.map((r) => m(`${r.kind} R@5`)), ...results.map((r) => m(`${r.kind} MRR`)), m(`${results[0]!.kind} all@10`)];
  const rows: Cell[][] = labels.map((label) => [
    label,
    results[0]!.byLabel.get(label)!.queries,
    ...results.map((r) => pick(r, label, 'recall5')),
    ...results.map((r) => pick(r, label, 'mrr')),
    pick(results[0]!, label, 'all10'),
  ]);
  return table(columns, rows);
}

/** The queries whose gold is not in the top 5 of the full documents, with what came first instead: where to look next. */
export function missesList(set: LoadedSet): string {
  const index = indexCatalog(set.catalog, { document: 'full' });
  const lines: string[] = [];
  for (const q of set.queries) {
    const hits = index.search(q.query, 5);
    if (recallAt(hits.map((h) => h.id), q.gold, 5)) continue;
    lines.push(`${q.kind ? `[${q.kind}] ` : ''}${q.query}\n    gold ${[...q.gold].slice(0, 2).join(', ')}${q.gold.size > 2 ? ', …' : ''}\n    got  ${hits.slice(0, 3).map((h) => h.id).join(', ')}`);
  }
  return lines.length ? `${lines.join('\n')}\n(${lines.length} of ${set.queries.length})` : '(none)';
}
