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
 *
 * A bad set file ends with a one-line message (file:line) and exit code 2, never a stack.
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { SlimError, isSlimError } from '../../src/errors.js';
import { fmt } from '../_table.js';
import { baselineTable, readBaseline, type Baseline } from './baseline.js';
import { evaluate, KINDS } from './evaluate.js';
import { latencySection } from './latency.js';
import { loadSet, resolvePath, shown, type LoadedSet } from './load.js';
import { DEFINITIONS, labelTable, missesList, setTable } from './report.js';
import { builtInSets, ROOT, type QuerySetSpec } from './sets.js';

const USAGE = 'usage: npm run bench:search [-- --set NAME | --queries FILE --catalog A.json [--catalog B.json …] [--name NAME] [--baseline FILE]] [--misses]';
const LATENCY = 'latency';

interface Plan {
  sets: { spec: QuerySetSpec; base: string }[];
  latency: boolean;
  misses: boolean;
}

function plan(argv: string[]): Plan {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, options: { set: { type: 'string' }, queries: { type: 'string' }, catalog: { type: 'string', multiple: true }, name: { type: 'string' }, baseline: { type: 'string' }, misses: { type: 'boolean' }, help: { type: 'boolean' } } }));
  } catch (error) {
    throw new SlimError('usage', `${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(`${USAGE}\nbuilt-in sets: ${builtInSets().map((s) => s.name).join(', ')}, ${LATENCY}`);
    process.exit(0);
  }
  const sets = builtInSets();
  if (values.queries !== undefined) {
    if (values.set !== undefined) throw new SlimError('usage', `--set and --queries do not go together\n${USAGE}`);
    if (!values.catalog?.length) throw new SlimError('usage', `--queries needs at least one --catalog FILE.json to rank against\n${USAGE}`);
    const name = values.name ?? basename(values.queries).replace(/\.(?:jsonl|json|csv)$/i, '');
    // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
    const base = process.env.INIT_CWD ?? process.cwd();
    const baseline = values.baseline === undefined ? {} : { baseline: { file: values.baseline, about: 'given with --baseline' } };
    return { sets: [{ spec: { name, queries: values.queries, catalogs: values.catalog, about: 'from the command line', ...baseline }, base }], latency: false, misses: values.misses ?? false };
  }
  if (values.catalog !== undefined || values.name !== undefined || values.baseline !== undefined) throw new SlimError('usage', `--catalog, --name and --baseline go with --queries\n${USAGE}`);
  const misses = values.misses ?? false;
  if (values.set === LATENCY) return { sets: [], latency: true, misses };
  if (values.set !== undefined) {
    const spec = sets.find((s) => s.name === values.set);
    if (!spec) throw new SlimError('usage', `no set named "${values.set}"; the sets are ${sets.map((s) => s.name).join(', ')}, ${LATENCY}`);
    return { sets: [{ spec, base: ROOT }], latency: false, misses };
  }
  return { sets: sets.map((spec) => ({ spec, base: ROOT })), latency: true, misses };
}

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

function runSet(set: Loaded, { spec }: Plan['sets'][number], misses: boolean): void {
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
  if (misses) console.log(`\nmisses (full documents, no gold tool in the top 5):\n${missesList(set)}`);
  console.log('');
}

function main(): void {
  const started = performance.now();
  const { sets, latency, misses } = plan(process.argv.slice(2));
  // Load every set before the long runs, so a bad file fails fast.
  const loaded = sets.map(load);
  console.log(`tool search bench (node ${process.version}, ${process.platform}/${process.arch})\n\n${DEFINITIONS}\n`);
  sets.forEach((entry, i) => runSet(loaded[i]!, entry, misses));
  if (latency) {
    const pooled = builtInSets().find((s) => s.name === 'pooled-240')!;
    const queries = load({ spec: pooled, base: ROOT }).queries.map((q) => q.query);
    console.log(`== ${LATENCY}: a pool of over 1,000 tools ==\n\n${latencySection(queries)}\n`);
  }
  console.log(`(bench:search took ${fmt((performance.now() - started) / 1000, 1)} s)`);
}

try {
  main();
} catch (error) {
  if (!isSlimError(error)) throw error; // a bug in the bench: keep the stack
  console.error(`bench:search: ${error.message}`);
  process.exitCode = 2;
}
