/**
 * Prints, as JSON, each development query's (or the named sets') first gold rank under today's search (full
 * documents, top 10; 0 when no gold tool is there): what lexicon-ablation.ts compares, run in a
 * fresh process so the vocabulary is read anew.
 */
import { indexCatalog } from '../../../src/search/tool-index.js';
import { loadSet, resolvePath } from '../load.js';
import { builtInSets, ROOT } from '../sets.js';
import { DEV_SETS } from './cv.js';


export function devRanks(sets: readonly string[] = DEV_SETS): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const name of sets) {
    const spec = builtInSets().find((s) => s.name === name);
    if (!spec || spec.blind) throw new Error(`${name}: not a set whose queries may be ranked one by one`);
    const set = loadSet(spec.name, resolvePath(spec.queries, ROOT), spec.catalogs.map((c) => resolvePath(c, ROOT)));
    const index = indexCatalog(set.catalog);
    out[name] = set.queries.map((q) => index.search(q.query, 10).findIndex((h) => q.gold.has(h.id)) + 1);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(JSON.stringify(devRanks(process.argv.length > 2 ? process.argv.slice(2) : DEV_SETS)));
