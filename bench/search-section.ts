/**
 * Tool search in `npm run bench`: index build and query latency over about 650 real tools (issue
 * 16's targets: build under 100 ms, p50 under 1 ms). Recall lives in `npm run bench:search`.
 */
import type { Section } from './sections.js';
import { latencySection } from './search/latency.js';
import { loadSet, resolvePath } from './search/load.js';
import { builtInSets, ROOT } from './search/sets.js';

export const searchSection: Section = {
  title: 'search: index build and query latency (about 650 real tools, 1,200 copies)',
  async run() {
    const pooled = builtInSets().find((s) => s.name === 'pooled-240')!;
    const set = loadSet(pooled.name, resolvePath(pooled.queries, ROOT), pooled.catalogs.map((c) => resolvePath(c, ROOT)));
    return latencySection(set.queries.map((q) => q.query));
  },
};
