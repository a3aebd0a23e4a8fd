/**
 * Each lexicon file's worth: the development sets searched without it (the file emptied for one
 * run in a child process, then put back byte for byte), paired against the search with every
 * file. `npm run bench:search:lexicons [-- --sets a,b] [--only core,objects]`; the default sets are
 * the development ones.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { LexiconFile } from '../../../src/vocabulary/types.js';
import { table } from '../../_table.js';
import { ROOT } from '../sets.js';
import { at, DEV_SETS, paired } from './cv.js';

const DIR = `${ROOT}src/vocabulary/lexicon/`;

function ranks(sets: readonly string[]): Record<string, number[]> {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${ROOT}bench/search/fit/dev-ranks.ts`, ...sets], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`dev-ranks failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, number[]>;
}

/** Runs `body` with the file emptied of entries, and always puts the file back as it was. */
function without<T>(file: string, body: () => T): T {
  const original = readFileSync(file);
  const restore = () => writeFileSync(file, original);
  const interrupted = () => (restore(), process.exit(130));
  process.once('SIGINT', interrupted);
  try {
    const lexicon = JSON.parse(original.toString('utf8')) as LexiconFile;
    writeFileSync(file, JSON.stringify({ about: lexicon.about, groups: [], implies: [], phrases: [] }));
    return body();
  } finally {
    restore();
    process.off('SIGINT', interrupted);
  }
}

/** dev-ranks.ts writes 0 for a query with no gold tool in its top 10. */
const within = (r: readonly number[], k: number) => at(r.map((x) => x || Infinity), k);

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]!.split(',') : undefined;
};

function main(): void {
  const sets = option('--sets') ?? DEV_SETS;
  const only = option('--only');
  const base = ranks(sets);
  const all = (r: Record<string, number[]>) => sets.flatMap((s) => r[s]!);
  const rows = readdirSync(DIR)
    .filter((f) => f.endsWith('.json') && (!only || only.includes(f.replace(/\.json$/, ''))))
    .sort()
    .map((f) => {
      const lexicon = JSON.parse(readFileSync(DIR + f, 'utf8')) as LexiconFile;
      const entries = lexicon.groups.length + lexicon.implies.length + lexicon.phrases.length;
      const ablated = without(DIR + f, () => ranks(sets));
      const perSet = sets.map((s) => paired(within(base[s]!, 1), within(ablated[s]!, 1)).delta);
      const top1 = paired(within(all(base), 1), within(all(ablated), 1));
      const top5 = paired(within(all(base), 5), within(all(ablated), 5));
      return [f.replace(/\.json$/, ''), entries, ...perSet, top1.delta, top1.p, top5.delta, top5.p];
    });
  console.log(`Each lexicon emptied in turn; paired against every file, first gold in search(task, 10), full documents, on ${sets.join(', ')}.\n`);
  const d = (title: string) => ({ title, digits: 3 });
  console.log(table(['without', 'entries', ...sets.map((s) => d(`ΔR@1 ${s}`)), d('ΔR@1 all'), d('p'), d('ΔR@5 all'), d('p')], rows));
}

main();
