/**
 * How long starting and listing the real demo servers takes, one at a time and all at once.
 * The point of starting them concurrently (fetchServers) is that a measure run costs about
 * the slowest server, not the sum of them all.
 */
import { newCatalog } from '../src/catalog/catalog-file.js';
import type { ServerEntry } from '../src/catalog/types.js';
import { measureCatalog } from '../src/cost/measure.js';
import { demoSpecs } from '../src/sources/demo.js';
import { fetchServers } from '../src/sources/fetch-servers.js';
import { fetchServer, type FetchOptions } from '../src/sources/live/fetch-server.js';
import { availableParallelism } from 'node:os';
import type { Section } from './sections.js';
import { median, timed } from './_stats.js';
import { fmt, keyValues, table } from './_table.js';

/** Each server is started alone this many times; the median of the runs is reported. */
const SOLO_RUNS = 2;
/** The concurrent start is repeated as often, so both sides of the speed-up are equally noisy. */
const CONCURRENT_RUNS = 2;
/** Fewer measured servers than this means the bench measures a broken setup, not the code. */
const MIN_MEASURED = 10;

// Generous: this measures speed, and a first, cold start of a big server can be slow.
const options: FetchOptions = { timeoutMs: 60_000, env: process.env, cwd: process.cwd() };

interface Runs {
  entry?: ServerEntry;
  aloneMs: number[];
  connectMs: number[];
  listMs: number[];
  /** Wall time left after connect + list: mostly close(), i.e. waiting for the process to exit. */
  closeMs: number[];
  crowdMs: number[];
  toolCounts: Set<number>;
  failures: string[];
}

function record(runs: Runs, entry: ServerEntry, where: string): boolean {
  if (entry.failure) {
    runs.failures.push(`${where}: ${entry.failure.kind}: ${entry.failure.message}`);
    return false;
  }
  runs.entry ??= entry;
  runs.toolCounts.add(entry.tools.length);
  return true;
}

async function run(): Promise<string> {
  const specs = demoSpecs();
  const runs = new Map<string, Runs>(
    specs.map((s) => [s.name, { aloneMs: [], connectMs: [], listMs: [], closeMs: [], crowdMs: [], toolCounts: new Set(), failures: [] }]),
  );

  for (let pass = 1; pass <= SOLO_RUNS; pass++) {
    for (const spec of specs) {
      const r = runs.get(spec.name)!;
      const { value: entry, ms } = await timed(() => fetchServer(spec, options));
      if (!record(r, entry, `alone #${pass}`)) continue;
      r.aloneMs.push(ms);
      const { connectMs, listMs } = entry.timings ?? { connectMs: NaN, listMs: NaN };
      r.connectMs.push(connectMs);
      r.listMs.push(listMs);
      r.closeMs.push(ms - connectMs - listMs);
    }
  }

  const concurrentMs: number[] = [];
  for (let pass = 1; pass <= CONCURRENT_RUNS; pass++) {
    const { value: entries, ms } = await timed(() => fetchServers(specs, options));
    concurrentMs.push(ms);
    for (const entry of entries) {
      const r = runs.get(entry.name)!;
      // Own start-and-list time while sharing the machine with the others: shows contention.
      if (record(r, entry, `concurrent #${pass}`)) r.crowdMs.push((entry.timings?.connectMs ?? NaN) + (entry.timings?.listMs ?? NaN));
    }
  }

  // Measured = answered in every run; a server that failed once would make the sums unfair.
  const measured = specs.filter((s) => runs.get(s.name)!.failures.length === 0);
  const report = measureCatalog(newCatalog(measured.map((s) => runs.get(s.name)!.entry!)));
  const cost = new Map(report.servers.map((c) => [c.name, c]));

  const rows = specs.map((s) => {
    const r = runs.get(s.name)!;
    const c = cost.get(s.name);
    if (!c) return [s.name, '—', '—', '—', '—', '—', '—', '—', '—', 'FAILED'];
    // Different tool counts between runs would mean the server's listing is not stable.
    const note = r.toolCounts.size > 1 ? `tool count varies: ${[...r.toolCounts].join('/')}` : '';
    return [s.name, c.toolCount, c.wire.bytes, c.wire.tokens.o200k_base, median(r.connectMs), median(r.listMs), median(r.closeMs), median(r.aloneMs), median(r.crowdMs), note];
  });
  const total = report.total;
  const sumAlone = measured.reduce((sum, s) => sum + median(runs.get(s.name)!.aloneMs), 0);
  const slowest = Math.max(...measured.map((s) => median(runs.get(s.name)!.aloneMs)));
  const concurrent = median(concurrentMs);

  const out = [
    table(
      ['server', 'tools', 'wire bytes', 'o200k tokens', 'connect ms', 'list ms', 'close ms', 'alone ms', 'in crowd ms', 'note'],
      [...rows, ['total', total.toolCount, total.wire.bytes, total.wire.tokens.o200k_base, '', '', '', sumAlone, '', '']],
    ),
    '',
    keyValues([
      ['servers measured', `${measured.length} of ${specs.length} (alone ×${SOLO_RUNS}, concurrent ×${CONCURRENT_RUNS}, medians)`],
      ['sum of own start-and-list times', `${fmt(sumAlone)} ms`],
      ['slowest server alone (the floor)', `${fmt(slowest)} ms`],
      ['concurrent wall time (fetchServers)', `${fmt(concurrent)} ms (runs: ${concurrentMs.map((ms) => fmt(ms)).join(', ')})`],
      ['speed-up', `${fmt(sumAlone / concurrent, 1)}×`],
      // Eleven Node processes starting at once compete for the cores: the speed-up is bounded by them.
      ['CPUs available', availableParallelism()],
    ]),
    '',
    'alone ms: wall time of fetchServer (spawn, initialize, every list, close); connect/list ms: its own timings;',
    'close ms: the rest (alone - connect - list), mostly waiting for the process to exit.',
    'in crowd ms: connect + list of the same server during the concurrent run.',
  ];
  const failures = specs.flatMap((s) => runs.get(s.name)!.failures.map((f) => `  ${s.name} (${f})`));
  if (failures.length) out.push('', 'failures:', ...failures);
  if (measured.length < MIN_MEASURED) {
    throw new Error(`only ${measured.length} of ${specs.length} demo servers were measured (need ${MIN_MEASURED})\n\n${out.join('\n')}`);
  }
  return out.join('\n');
}

export const measureServers: Section = { title: 'measure: concurrent start-and-list of real servers', run };
