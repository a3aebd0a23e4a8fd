/**
 * Query latency at a realistic scale: the 240 shared tools five times over (distinct server
 * names, so 1,200 tools), searched with our 470 queries. Only timings: labels do not apply to copies.
 */
import { sharedCatalog } from '../_catalogs.js';
import { table } from '../_table.js';
import { buildIndex, KINDS, LATENCY_K, timeQueries } from './evaluate.js';
import { mean, percentile } from './metrics.js';

const COPIES = 5;

export function latencySection(queries: readonly string[]): string {
  const catalog = sharedCatalog(COPIES);
  // slim-safe searches as slim does; only its documents differ.
  const rows = KINDS.filter((v) => !v.slimPreset).map((variant) => {
    const { index, ms } = buildIndex(catalog, variant);
    const times = timeQueries(index, queries);
    return [variant.label, index.size, ms, percentile(times, 50), percentile(times, 99), mean(times), Math.max(...times)];
  });
  const head = `${queries.length} queries, search(query, ${LATENCY_K}), ${catalog.servers.length} servers (the shared catalogs ×${COPIES})`;
  return `${head}\n\n${table(['doc', 'tools', { title: 'build ms', digits: 1 }, { title: 'p50 ms', digits: 3 }, { title: 'p99 ms', digits: 3 }, { title: 'mean ms', digits: 3 }, { title: 'max ms', digits: 3 }], rows)}`;
}
