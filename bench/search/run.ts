/**
 * `npm run bench:search`: tool-search quality and latency on every built-in query set.
 *
 *   npm run bench:search                                   every set, then the latency section
 *   npm run bench:search -- --set NAME                     one built-in set (or `latency`)
 *   npm run bench:search -- --queries Q.jsonl --catalog A.json|DIR [--catalog B.json …] [--name NAME] [--baseline B.json]
 *       queries: JSONL, a JSON array or {"queries": […]} (mcpproxy-go's golden set), or CSV with a
 *       query and a tool column (MetaTool's); catalogs: any file `--catalog` reads (tool-shapes.ts);
 *       baseline: reference metrics in mcpproxy-go's baseline format, printed beside ours
 *   add --misses to list, per set, the queries whose gold tool is not in the top 5 (full documents)
 *   add --save-ranks FILE.json to write each query's gold ranks, for `npm run bench:search:compare`
 *       (ranks-file.ts); a blind set (sets.ts) keeps only its averages there, and lists no misses
 *
 * A bad set file ends with a one-line message (file:line) and exit code 2, never a stack.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SlimError, isSlimError } from '../../src/errors.js';
import { fmt } from '../_table.js';
import { baselineTable, readBaseline, type Baseline } from './baseline.js';
import { evaluate, KINDS, type KindResult } from './evaluate.js';
import { latencySection } from './latency.js';
import { loadSet, resolvePath, shown, type LoadedSet } from './load.js';
import { LATENCY, plan, type Plan } from './plan.js';
import { RANKS_FORMAT, ranksJson, savedSet, type SavedSet } from './ranks-file.js';
import { DEFINITIONS, labelTable, missesList, setTable } from './report.js';
import { aggregateOnly, builtInSets, ROOT } from './sets.js';

/** A set with its queries, catalogs and baseline read. */
interface Loaded extends LoadedSet {
  baseline?: { file: string; metrics: Baseline };
}

function load({ spec, base }: Plan['sets'][number]): Loaded {
  const set = loadSet(spec.name, resolvePath(spec.queries, base), spec.catalogs.map((c) => resolvePath(c, base)));
  if (!spec.baseline) return set;
  const file = resolvePath(spec.baseline.file, base);
  return { ...set, baseline: { file, metrics: readBaseline(file) } };
}

function runSet(set: Loaded, { spec }: Plan['sets'][number], misses: boolean): KindResult[] {
  const servers = set.catalog.servers.length;
  const catalogs = set.catalogFiles.length === 1 ? shown(set.catalogFiles[0]!) : `${set.catalogFiles.length} files`;
  console.log(`== ${set.name}: ${spec.about} ==\n`);
  console.log(`${fmt(set.queries.length)} queries, ${fmt(set.tools)} tools in ${servers} server(s); queries ${shown(set.queriesFile)}, catalogs ${catalogs}\n`);
  const results = KINDS.map((variant) => evaluate(set.catalog, set.queries, variant));
  console.log(setTable(set, results));
  const labels = labelTable(results);
  if (labels) console.log(`\nby query kind:\n${labels}`);
  if (set.baseline && spec.baseline) {
    console.log(`\nagainst ${shown(set.baseline.file)} (${spec.baseline.about}):`);
    console.log(baselineTable(set.baseline.metrics, results));
  }
  if (misses) console.log(spec.blind ? `\n${aggregateOnly(set.name)}` : `\nmisses (full documents, no gold tool in the top 5):\n${missesList(set)}`);
  console.log('');
  return results;
}

/** The commit the ranks come from, for the file's reader; "unknown" outside a git checkout. */
function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}

function saveRanks(file: string, sets: [string, SavedSet][]): void {
  const text = ranksJson({ format: RANKS_FORMAT, commit: commit(), date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), sets: Object.fromEntries(sets) });
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new SlimError('io', `${shown(file)}: cannot write the ranks (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  console.log(`ranks saved to ${shown(file)}${sets.some(([, s]) => s.blind) ? ' (blind sets: averages only)' : ''}`);
}

function main(): void {
  const started = performance.now();
  const planned = plan(process.argv.slice(2), builtInSets(), process.env.INIT_CWD ?? process.cwd());
  if ('help' in planned) {
    console.log(planned.help);
    return;
  }
  const { sets, latency, misses } = planned;
  // Check what can fail before the long runs: every set loads, the ranks file has a folder.
  if (planned.saveRanks !== undefined && !existsSync(dirname(planned.saveRanks))) throw new SlimError('usage', `--save-ranks ${shown(planned.saveRanks)}: no folder ${shown(dirname(planned.saveRanks))}`);
  const loaded = sets.map(load);
  console.log(`tool search bench (node ${process.version}, ${process.platform}/${process.arch})\n\n${DEFINITIONS}\n`);
  const saved = sets.map((entry, i): [string, SavedSet] => {
    const set = loaded[i]!;
    return [set.name, savedSet(entry.spec.blind ?? false, set.queries, runSet(set, entry, misses))];
  });
  if (latency) {
    const pooled = builtInSets().find((s) => s.name === 'pooled-240')!;
    const queries = load({ spec: pooled, base: ROOT }).queries.map((q) => q.query);
    console.log(`== ${LATENCY}: about 650 real tools and 1,200 copies ==\n\n${latencySection(queries)}\n`);
  }
  if (planned.saveRanks !== undefined) saveRanks(planned.saveRanks, saved);
  console.log(`(bench:search took ${fmt((performance.now() - started) / 1000, 1)} s)`);
}

try {
  main();
} catch (error) {
  if (!isSlimError(error)) throw error; // a bug in the bench: keep the stack
  console.error(`bench:search: ${error.message}`);
  process.exitCode = 2;
}
