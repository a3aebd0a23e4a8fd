/**
 * How fast tool definitions are tokenized: measureCatalog counts every tool four times (wire
 * text and model view, in o200k_base and cl100k_base), so its cost decides whether measuring
 * a big catalog is instant. Input: the 19 saved real catalogs (240 tools), and the same ×5.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { clearMergeCache as clearO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { clearMergeCache as clearCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import type { Section } from './sections.js';
import { sharedCatalog } from './_catalogs.js';
import { median, timed } from './_stats.js';
import { fmt, keyValues, table, type Cell } from './_table.js';
import { workload, WORKLOAD_IDS, type WorkloadId } from './_tokenizer-work.js';

const RUNS = 5;
const POOLS = [1, 5];
/** "Well under a second" for the headline line: a quarter of one. */
const WELL_UNDER_MS = 250;
const COLD_SCRIPT = fileURLToPath(new URL('./_tokenizer-cold.ts', import.meta.url));

/**
 * The cold run happens in a fresh process: in this one the vocabularies were loaded at import
 * and earlier sections have already tokenized, so a "first" run here would not be cold.
 */
async function coldRun(id: WorkloadId, copies: number): Promise<{ importMs: number; firstMs: number }> {
  // process.execArgv carries tsx's loader flags, so the child runs TypeScript the same way.
  const { stdout } = await promisify(execFile)(process.execPath, [...process.execArgv, COLD_SCRIPT, id, String(copies)]);
  return JSON.parse(stdout) as { importMs: number; firstMs: number };
}

function clearCaches(): void {
  clearO200k();
  clearCl100k();
}

async function run(): Promise<string> {
  const rows: Cell[][] = [];
  const importMs: number[] = [];
  let headline = { tools: 0, ms: NaN };
  for (const copies of POOLS) {
    const catalog = sharedCatalog(copies);
    const tools = catalog.servers.reduce((n, s) => n + s.tools.length, 0);
    for (const id of WORKLOAD_IDS) {
      const cold = await coldRun(id, copies);
      importMs.push(cold.importMs);
      const work = workload(id, catalog);
      const { value: size } = await timed(() => work.run()); // warm-up, also gives the sizes
      const hot: number[] = [];
      const cleared: number[] = [];
      for (let i = 0; i < RUNS; i++) hot.push((await timed(() => work.run())).ms);
      // gpt-tokenizer memoizes merges (100k entries): re-running the same text is flattered,
      // so also time runs that start with the memo empty (vocabulary still loaded).
      for (let i = 0; i < RUNS; i++) {
        clearCaches();
        cleared.push((await timed(() => work.run())).ms);
      }
      const ms = median(cleared);
      if (copies === 1 && id === 'measureCatalog') headline = { tools, ms: cold.firstMs };
      rows.push([
        `${work.label}${copies > 1 ? ` ×${copies}` : ''}`, tools, size.bytes, size.tokens,
        cold.firstMs, ms, median(hot), size.tokens / (ms / 1000), size.bytes / 1e6 / (ms / 1000),
      ]);
    }
  }
  return [
    table(
      ['workload', 'tools', 'bytes', 'tokens', { title: 'cold ms', digits: 1 }, { title: 'median ms', digits: 1 }, { title: 'memo-hot ms', digits: 1 }, 'tokens/s', { title: 'MB/s', digits: 2 }],
      rows,
    ),
    '',
    `cold: first run in a fresh process; median: of ${RUNS} runs after a warm-up, merge memo cleared before each;`,
    `memo-hot: median of ${RUNS} runs re-using the memo; tokens/s and MB/s from the median.`,
    'measureCatalog bytes/tokens: everything it fed the tokenizer (wire + model view, both encodings).',
    `×${POOLS[1]}: the same text ${POOLS[1]} times, so copies after the first hit the memo even in one run.`,
    '',
    keyValues([['loading the tokenizer (both vocabularies, import)', `${fmt(median(importMs))} ms (median of ${importMs.length} fresh processes)`]]),
    '',
    `${headline.tools} tools tokenized in ${fmt(headline.ms)} ms (well under a second: ${headline.ms < WELL_UNDER_MS ? 'yes' : 'no'})`,
    `  (measureCatalog, cold, import not included; "well under" = below ${WELL_UNDER_MS} ms)`,
  ].join('\n');
}

export const tokenizerThroughput: Section = { title: 'cost: tokenizer throughput', run };
