/**
 * `npm run bench:search:compare -- A.json B.json [--set NAME] [--kind KIND]`: is B's ranking
 * better than A's? Two files written by `npm run bench:search -- --save-ranks FILE.json`,
 * compared per set and document kind over the queries both hold (comparison.ts). A ranking change
 * is kept when this says so on the development sets (docs/search.md, "Evaluation discipline").
 *
 * A bad file or argument ends with a one-line message and exit code 2, never a stack.
 */
import { parseArgs } from 'node:util';
import { SlimError, isSlimError } from '../../src/errors.js';
import { fmt, table, type Cell } from '../_table.js';
import { ALPHA, compare, TESTED, type KindComparison, type SetComparison, type Verdict } from './comparison.js';
import { resolvePath, shown } from './load.js';
import { BOOTSTRAP } from './paired.js';
import { readRanksFile, type Metric, type RanksFile } from './ranks-file.js';
import { aggregateOnly, builtInSets } from './sets.js';

const USAGE = 'usage: npm run bench:search:compare -- A.json B.json [--set NAME] [--kind full|slim|slim-safe|ttc]';
const LABELS: Record<Metric, string> = { recall1: 'R@1', recall5: 'R@5', mrr: 'MRR' };

const signed = (n: number) => (Number.isNaN(n) ? '—' : `${n >= 0 ? '+' : '-'}${Math.abs(n).toFixed(3)}`);
const pText = (p: number) => (p < 0.001 ? '<0.001' : p.toFixed(3));
const pValue = (p: number) => (p < 0.001 ? `p${pText(p)}` : `p=${pText(p)}`);

function legend(files: { path: string; data: RanksFile }[], kind: string): string {
  const { resamples, seed, level } = BOOTSTRAP;
  return [
    ...files.map(({ path, data }, i) => `${'AB'[i]}: ${shown(path)} (commit ${data.commit}, ${data.date})`),
    '',
    `B−A: the difference of the means over the queries both files hold. CI: ${level * 100}% paired bootstrap of it (${fmt(resamples)} resamples, seed ${seed}).`,
    'B+ / A+: queries right (gold at rank 1, or in the top 5) in B only / in A only; p: exact two-sided sign test on them, ties left out.',
    `Verdict: the ${Object.values(TESTED).join(' and ')} sign tests on the ${kind} documents, each at p < ${ALPHA / 2} (${ALPHA} shared by the two).`,
  ].join('\n');
}

function kindRows(k: KindComparison): Cell[][] {
  return k.rows.map((r, i) => [
    i === 0 ? k.kind : '',
    i === 0 ? k.queries : '',
    LABELS[r.metric],
    r.a,
    r.b,
    signed(r.b - r.a),
    r.ci ? `[${signed(r.ci[0])}, ${signed(r.ci[1])}]` : '',
    r.sign?.bBetter ?? '',
    r.sign?.aBetter ?? '',
    r.sign ? pText(r.sign.p) : '',
  ]);
}

function verdictLine(v: Verdict): string {
  if (v.kind === 'none') return 'no significant difference';
  if (v.kind === 'mixed') return `mixed: B better at ${v.better.at} (${pValue(v.better.p)}), B worse at ${v.worse.at} (${pValue(v.worse.p)})`;
  return `B ${v.kind} (${pValue(v.p)}, ${v.at})`;
}

function setSection(s: SetComparison): string {
  const metric = (digits: number) => (title: string) => ({ title, digits });
  const columns = ['doc', 'queries', 'metric', ...['A', 'B'].map(metric(3)), 'B−A', ...(s.blind ? [] : ['95% CI', 'B+', 'A+', 'p'])];
  const rows = s.kinds.flatMap((k) => kindRows(k).map((row) => (s.blind ? row.slice(0, 6) : row)));
  const first = s.kinds[0];
  const dropped = first && (first.onlyA || first.onlyB) ? `; ${first.onlyA} only in A and ${first.onlyB} only in B dropped` : '';
  const head = s.blind ? `== ${s.name}: averages only ==` : `== ${s.name}: ${fmt(first?.queries ?? 0)} queries paired${dropped} ==`;
  const verdict = s.blind
    ? `${aggregateOnly(s.name)} (no paired test)`
    : first?.queries
      ? `${s.name} (${s.verdictKind}): ${verdictLine(s.verdict)}`
      : `${s.name}: no query ids in common, nothing to compare`;
  return `${head}\n\n${table(columns, rows)}\n\n${verdict}\n`;
}

function main(): void {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({ args: process.argv.slice(2), strict: true, allowPositionals: true, options: { set: { type: 'string' }, kind: { type: 'string' }, help: { type: 'boolean' } } }));
  } catch (error) {
    throw new SlimError('usage', `${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 2) throw new SlimError('usage', `give two ranks files, A (before) and B (after)\n${USAGE}`);
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const files = positionals.map((p) => resolvePath(p, cwd)).map((path) => ({ path, data: readRanksFile(path) }));
  const [a, b] = files.map((f) => f.data) as [RanksFile, RanksFile];
  if (values.set !== undefined) {
    const missing = files.find((f) => !(values.set! in f.data.sets));
    if (missing) throw new SlimError('usage', `no set "${values.set}" in ${shown(missing.path)}; it has ${Object.keys(missing.data.sets).join(', ') || 'none'}`);
    for (const f of [a, b]) f.sets = { [values.set]: f.sets[values.set]! };
  }
  const kind = values.kind ?? 'full';
  const kinds = new Set([a, b].flatMap((f) => Object.values(f.sets).flatMap((s) => Object.keys(s.kinds))));
  if (values.kind !== undefined && !kinds.has(kind)) throw new SlimError('usage', `no document kind "${kind}" in the files; they have ${[...kinds].join(', ') || 'none'}`);
  const result = compare(a, b, { blindNames: new Set(builtInSets().filter((s) => s.blind).map((s) => s.name)), verdictKind: kind });
  if (result.sets.length === 0) throw new SlimError('usage', `the two files have no set in common (A: ${Object.keys(a.sets).join(', ') || 'none'}; B: ${Object.keys(b.sets).join(', ') || 'none'})`);
  console.log(`${legend(files, kind)}\n`);
  for (const s of result.sets) console.log(setSection(s));
  const unpaired = [...result.onlyInA.map((n) => `${n} (only in A)`), ...result.onlyInB.map((n) => `${n} (only in B)`)];
  if (unpaired.length) console.log(`not compared: ${unpaired.join(', ')}`);
}

try {
  main();
} catch (error) {
  if (!isSlimError(error)) throw error; // a bug in the bench: keep the stack
  console.error(`bench:search:compare: ${error.message}`);
  process.exitCode = 2;
}
