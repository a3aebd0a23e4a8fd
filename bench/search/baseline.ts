/**
 * Published reference numbers for a set, read from the file the dataset ships
 * (mcpproxy-go's baseline_v1.json: `recall_at: {"1": …}`, `mrr`, `ndcg_at_10`), printed beside ours.
 */
import { readFileSync } from 'node:fs';
import { SlimError } from '../../src/errors.js';
import { table } from '../_table.js';
import type { KindResult, Scores } from './evaluate.js';
import { shown } from './load.js';

export type BaselineMetric = 'recall1' | 'recall3' | 'recall5' | 'mrr' | 'ndcg10';
export type Baseline = Partial<Record<BaselineMetric, number>>;

const LABELS: Record<BaselineMetric, string> = { recall1: 'Recall@1', recall3: 'Recall@3', recall5: 'Recall@5', mrr: 'MRR', ndcg10: 'nDCG@10' };
/** The four numbers mcpproxy reports in its README; recall_at.3 is in the file too but not quoted. */
const SHOWN: BaselineMetric[] = ['recall1', 'recall5', 'mrr', 'ndcg10'];

export function readBaseline(file: string): Baseline {
  let data: { recall_at?: Record<string, unknown>; mrr?: unknown; ndcg_at_10?: unknown } | null;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as typeof data;
  } catch (error) {
    throw new SlimError('config', `${shown(file)}: cannot read the baseline (${(error as Error).message})`);
  }
  const found: Record<BaselineMetric, unknown> = { recall1: data?.recall_at?.['1'], recall3: data?.recall_at?.['3'], recall5: data?.recall_at?.['5'], mrr: data?.mrr, ndcg10: data?.ndcg_at_10 };
  const metrics = Object.fromEntries(Object.entries(found).filter(([, v]) => typeof v === 'number')) as Baseline;
  if (Object.keys(metrics).length === 0) {
    throw new SlimError('config', `${shown(file)}: no baseline metrics in it; expected mcpproxy-go's baseline format ({"recall_at": {"1": …, "5": …}, "mrr": …, "ndcg_at_10": …})`);
  }
  return metrics;
}

const mark = (ours: number, theirs: number) => {
  const d = ours - theirs;
  return `${ours.toFixed(3)} ${Math.abs(d) < 0.0005 ? 'same' : d > 0 ? 'better' : 'worse'} (${d >= 0 ? '+' : ''}${d.toFixed(3)})`;
};

/**
 * Ours (per document kind) against theirs. Their recall values are multiples of 1/282 = 1/(47×6),
 * which an any-gold hit rate over 47 queries cannot produce; a mean share of the graded tools
 * (1 to 3 per query) can, so that reading is shown too, as the closer comparison.
 */
export function baselineTable(baseline: Baseline, results: readonly KindResult[]): string {
  const row = (label: string, theirs: number | undefined, ours: (s: Scores) => number) =>
    theirs === undefined ? [] : [[label, theirs.toFixed(3), ...results.map((r) => mark(ours(r.scores), theirs))]];
  const rows = [
    ...SHOWN.flatMap((m) => row(LABELS[m], baseline[m], (s) => s[m])),
    ...row('Recall@1, share of graded tools', baseline.recall1, (s) => s.share1),
    ...row('Recall@5, share of graded tools', baseline.recall5, (s) => s.share5),
  ];
  return table(['metric', 'baseline', ...results.map((r) => r.kind)], rows);
}
