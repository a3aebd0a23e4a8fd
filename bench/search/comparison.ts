/**
 * Two ranks files compared set by set and kind by kind, paired over the query ids both hold:
 * R@1, R@5 and MRR of each, the difference B − A with a bootstrap interval, sign tests on top-1
 * and top-5, and a verdict per set. Blind sets are compared on their averages alone.
 */
import { mean } from './metrics.js';
import { pairedBootstrap, signTest } from './paired.js';
import { aggregate, METRICS, queryScores, type Aggregate, type Metric, type RanksFile, type SavedSet } from './ranks-file.js';

/** Both sign tests together may call a difference that is not there at most 5% of the time. */
export const ALPHA = 0.05;
const PER_TEST = ALPHA / 2;
/** The sign tests behind the verdict: hit at rank 1, hit in the top 5. */
export const TESTED = { recall1: 'top-1', recall5: 'top-5' } as const satisfies Partial<Record<Metric, string>>;
type Tested = keyof typeof TESTED;

export interface Sign {
  bBetter: number;
  aBetter: number;
  p: number;
}
export interface MetricRow {
  metric: Metric;
  a: number;
  b: number;
  /** 95% paired bootstrap interval of B − A (paired sets only). */
  ci?: [number, number];
  /** Queries right in one and not the other (R@1 and R@5 of paired sets only). */
  sign?: Sign;
}
export interface KindComparison {
  kind: string;
  /** Queries compared: the ids both files hold (the query count, for a blind set). */
  queries: number;
  onlyA: number;
  onlyB: number;
  rows: MetricRow[];
}

export type Verdict =
  | { kind: 'none' }
  | { kind: 'better' | 'worse'; p: number; at: string }
  | { kind: 'mixed'; better: { p: number; at: string }; worse: { p: number; at: string } };

export type SetComparison =
  | { name: string; blind: false; kinds: KindComparison[]; verdictKind: string; verdict: Verdict }
  | { name: string; blind: true; kinds: KindComparison[] };

export interface Comparison {
  sets: SetComparison[];
  onlyInA: string[];
  onlyInB: string[];
}

/**
 * @param blindNames sets to treat as blind whatever the files say (the built-in blind sets), so a
 *   file saved before a set was marked blind is still compared on averages only
 * @param verdictKind the document kind the verdict is read from (the full documents: what the gateway searches)
 */
export function compare(a: RanksFile, b: RanksFile, { blindNames = new Set<string>(), verdictKind = 'full' }: { blindNames?: ReadonlySet<string>; verdictKind?: string } = {}): Comparison {
  const names = Object.keys(a.sets).filter((name) => name in b.sets);
  const sets = names.map((name): SetComparison => {
    const [sa, sb] = [a.sets[name]!, b.sets[name]!];
    const kinds = Object.keys(sa.kinds).filter((kind) => kind in sb.kinds);
    if (sa.blind || sb.blind || blindNames.has(name)) return { name, blind: true, kinds: kinds.map((kind) => averagesOnly(kind, sa, sb)) };
    const compared = kinds.map((kind) => paired(kind, sa.kinds[kind]!.ranks, sb.kinds[kind]!.ranks));
    const chosen = compared.find((k) => k.kind === verdictKind) ?? compared[0];
    return { name, blind: false, kinds: compared, verdictKind: chosen?.kind ?? verdictKind, verdict: chosen ? verdictOf(chosen) : { kind: 'none' } };
  });
  return { sets, onlyInA: Object.keys(a.sets).filter((n) => !(n in b.sets)), onlyInB: Object.keys(b.sets).filter((n) => !(n in a.sets)) };
}

function averagesOnly(kind: string, sa: SavedSet, sb: SavedSet): KindComparison {
  const of = (s: SavedSet): Aggregate => (s.blind ? s.kinds[kind]! : aggregate(Object.values(s.kinds[kind]!.ranks)));
  const [x, y] = [of(sa), of(sb)];
  return { kind, queries: y.queries, onlyA: 0, onlyB: 0, rows: METRICS.map((metric) => ({ metric, a: x[metric], b: y[metric] })) };
}

function paired(kind: string, ra: Record<string, (number | null)[]>, rb: Record<string, (number | null)[]>): KindComparison {
  const ids = Object.keys(ra).filter((id) => id in rb);
  const sa = ids.map((id) => queryScores(ra[id]!));
  const sb = ids.map((id) => queryScores(rb[id]!));
  const columns = METRICS.map((metric) => ({ metric, x: sa.map((s) => s[metric]), y: sb.map((s) => s[metric]) }));
  const intervals = pairedBootstrap(columns.map(({ x, y }) => y.map((v, i) => v - x[i]!)));
  const rows = columns.map(({ metric, x, y }, m): MetricRow => {
    const row: MetricRow = { metric, a: mean(x), b: mean(y), ci: intervals[m]! };
    if (!(metric in TESTED)) return row;
    const bBetter = y.filter((v, i) => v > x[i]!).length;
    const aBetter = y.filter((v, i) => v < x[i]!).length;
    return { ...row, sign: { bBetter, aBetter, p: signTest(bBetter, aBetter) } };
  });
  return { kind, queries: ids.length, onlyA: Object.keys(ra).length - ids.length, onlyB: Object.keys(rb).length - ids.length, rows };
}

/** B better when a sign test favours B at p < ALPHA/2 and none favours A; mixed when both do. */
export function verdictOf(k: KindComparison): Verdict {
  const found = (dir: 'b' | 'a') =>
    k.rows
      .filter((r): r is MetricRow & { metric: Tested; sign: Sign } => r.sign !== undefined && r.sign.p < PER_TEST && (dir === 'b' ? r.sign.bBetter > r.sign.aBetter : r.sign.aBetter > r.sign.bBetter))
      .map((r) => ({ p: r.sign.p, at: TESTED[r.metric] }))
      .sort((x, y) => x.p - y.p)[0];
  const better = found('b');
  const worse = found('a');
  if (better && worse) return { kind: 'mixed', better, worse };
  if (better) return { kind: 'better', ...better };
  if (worse) return { kind: 'worse', ...worse };
  return { kind: 'none' };
}
