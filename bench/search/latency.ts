/**
 * Query latency at a realistic scale: the pool of the shared, extra and dev catalogs (about 650
 * real tools, issue 16's target: p50 under 1 ms, build under 100 ms), and the 240 shared tools
 * five times over (distinct server names, so 1,200 tools), searched with our 470 queries. Only
 * timings: labels do not apply to copies or to the other catalogs.
 */
import { sharedCatalog } from '../_catalogs.js';
import { loadCatalogs } from './load.js';
import { ROOT } from './sets.js';
import { table } from '../_table.js';
import { buildIndex, KINDS, LATENCY_K, timeQueries } from './evaluate.js';
import { mean, percentile } from './metrics.js';

const COPIES = 5;
/** Builds per catalog and kind: the first (which also compiles the code) and the warm ones after it. */
const BUILDS = 6;

const POOL = ['shared', 'extra', 'dev'].map((d) => `${ROOT}test/fixtures/catalogs/${d}`);

export function latencySection(queries: readonly string[]): string {
  const pools = [
    { name: 'pool', catalog: loadCatalogs(POOL) },
    { name: `shared ×${COPIES}`, catalog: sharedCatalog(COPIES) },
  ];
  // slim-safe searches as slim does; only its documents differ.
  const rows = pools.flatMap(({ name, catalog }) =>
    KINDS.filter((v) => !v.slimPreset).map((variant) => {
      const { index, firstMs, warmMs } = buildIndex(catalog, variant, BUILDS);
      const times = timeQueries(index, queries);
      return [name, variant.label, index.size, firstMs, warmMs, percentile(times, 50), percentile(times, 99), mean(times), Math.max(...times)];
    }),
  );
  const head = `${queries.length} queries, search(query, ${LATENCY_K}); pool: the shared, extra and dev catalogs; shared ×${COPIES}: the shared catalogs with distinct server names`;
  return `${head}\n\n${table(['catalog', 'doc', 'tools', { title: 'first build ms', digits: 1 }, { title: `warm build ms (median of ${BUILDS - 1})`, digits: 1 }, { title: 'p50 ms', digits: 3 }, { title: 'p99 ms', digits: 3 }, { title: 'mean ms', digits: 3 }, { title: 'max ms', digits: 3 }], rows)}`;
}
