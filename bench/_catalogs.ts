/** The saved real catalogs (test/fixtures/catalogs/shared), pooled into one catalog for benchmarks. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { newCatalog, parseCatalog } from '../src/catalog/catalog-file.js';
import type { Catalog } from '../src/catalog/types.js';

const SHARED = fileURLToPath(new URL('../test/fixtures/catalogs/shared/', import.meta.url));

/**
 * Every raw `tools/list` file (not the *.meta.json handshakes) as one server each, the whole
 * set repeated `copies` times (names suffixed, so servers stay distinct) for bigger runs.
 */
export function sharedCatalog(copies = 1): Catalog {
  const files = readdirSync(SHARED).filter((f) => f.endsWith('.json') && !f.endsWith('.meta.json')).sort();
  const servers = files.flatMap((f) => parseCatalog(readFileSync(join(SHARED, f), 'utf8'), f).servers);
  const pooled = Array.from({ length: copies }, (_, i) => servers.map((s) => (copies === 1 ? s : { ...s, name: `${s.name}#${i + 1}` }))).flat();
  return newCatalog(pooled);
}
