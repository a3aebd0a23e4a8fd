/**
 * What `npm run bench:search` was asked to do, read from its arguments: which sets, whether to
 * time, list misses or save ranks. Pure but for the sets and working directory passed in, so the
 * refusals (a blind set's misses above all) are tested without running a set.
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { SlimError } from '../../src/errors.js';
import { resolvePath } from './load.js';
import { aggregateOnly, ROOT, type QuerySetSpec } from './sets.js';

export const USAGE = 'usage: npm run bench:search [-- --set NAME | --queries FILE --catalog A.json [--catalog B.json …] [--name NAME] [--baseline FILE]] [--misses] [--save-ranks FILE.json]';
export const LATENCY = 'latency';

export interface Plan {
  sets: { spec: QuerySetSpec; base: string }[];
  latency: boolean;
  misses: boolean;
  /** Where to write the per-query ranks (ranks-file.ts), resolved against where the command was typed. */
  saveRanks?: string;
}

/**
 * @param sets the built-in sets
 * @param cwd where the user typed the command (npm runs scripts from the package root; INIT_CWD is the user's)
 */
export function plan(argv: string[], sets: readonly QuerySetSpec[], cwd: string): Plan | { help: string } {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, options: { set: { type: 'string' }, queries: { type: 'string' }, catalog: { type: 'string', multiple: true }, name: { type: 'string' }, baseline: { type: 'string' }, misses: { type: 'boolean' }, 'save-ranks': { type: 'string' }, help: { type: 'boolean' } } }));
  } catch (error) {
    throw new SlimError('usage', `${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) return { help: `${USAGE}\nbuilt-in sets: ${sets.map((s) => s.name).join(', ')}, ${LATENCY}` };
  const misses = values.misses ?? false;
  const saveRanks = values['save-ranks'] === undefined ? {} : { saveRanks: resolvePath(values['save-ranks'], cwd) };
  const checked = (chosen: Plan['sets']): Plan => {
    const blind = chosen.find((s) => s.spec.blind);
    // Asked for one set by name: refuse outright. Every set: the blind ones' misses are left out (runSet says so).
    if (misses && blind && chosen.length === 1) throw new SlimError('usage', aggregateOnly(blind.spec.name));
    if (saveRanks.saveRanks !== undefined && chosen.length === 0) throw new SlimError('usage', `--save-ranks needs a query set; ${LATENCY} has no ranks\n${USAGE}`);
    return { sets: chosen, latency: false, misses, ...saveRanks };
  };
  if (values.queries !== undefined) {
    if (values.set !== undefined) throw new SlimError('usage', `--set and --queries do not go together\n${USAGE}`);
    if (!values.catalog?.length) throw new SlimError('usage', `--queries needs at least one --catalog FILE.json to rank against\n${USAGE}`);
    const name = values.name ?? basename(values.queries).replace(/\.(?:jsonl|json|csv)$/i, '');
    const file = resolvePath(values.queries, cwd);
    // A blind set's file given by path is still that blind set.
    const blind = sets.find((s) => s.blind && resolvePath(s.queries, ROOT) === file);
    const baseline = values.baseline === undefined ? {} : { baseline: { file: values.baseline, about: 'given with --baseline' } };
    const spec: QuerySetSpec = { name: blind?.name ?? name, queries: values.queries, catalogs: values.catalog, about: 'from the command line', ...baseline, ...(blind ? { blind: true } : {}) };
    return checked([{ spec, base: cwd }]);
  }
  if (values.catalog !== undefined || values.name !== undefined || values.baseline !== undefined) throw new SlimError('usage', `--catalog, --name and --baseline go with --queries\n${USAGE}`);
  if (values.set === LATENCY) return { ...checked([]), latency: true };
  if (values.set !== undefined) {
    const spec = sets.find((s) => s.name === values.set);
    if (!spec) throw new SlimError('usage', `no set named "${values.set}"; the sets are ${sets.map((s) => s.name).join(', ')}, ${LATENCY}`);
    return checked([{ spec, base: ROOT }]);
  }
  return { ...checked(sets.map((spec) => ({ spec, base: ROOT }))), latency: true };
}
