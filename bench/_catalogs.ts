/** The saved real catalogs (test/fixtures/catalogs/shared), pooled into one catalog for benchmarks. */
import { fileURLToPath } from 'node:url';
import { newCatalog } from '../src/catalog/catalog-file.js';
import type { Catalog } from '../src/catalog/types.js';
import { loadCatalogs } from './search/load.js';

const SHARED = fileURLToPath(new URL('../test/fixtures/catalogs/shared/', import.meta.url));

/**
 * Every raw `tools/list` file (not the *.meta.json handshakes) as one server each, the whole
 * set repeated `copies` times (names suffixed, so servers stay distinct) for bigger runs.
 */
export function sharedCatalog(copies = 1): Catalog {
  const servers = loadCatalogs([SHARED]).servers;
  const pooled = Array.from({ length: copies }, (_, i) => servers.map((s) => (copies === 1 ? s : { ...s, name: `${s.name}#${i + 1}` }))).flat();
  return newCatalog(pooled);
}

const EXTRA = fileURLToPath(new URL('../test/fixtures/catalogs/extra/', import.meta.url));

/** The ten catalogs captured later for evaluation (test/fixtures/catalogs/extra), 200 tools. */
export const extraCatalog = (): Catalog => loadCatalogs([EXTRA]);

const DEV = fileURLToPath(new URL('../test/fixtures/catalogs/dev/', import.meta.url));

/** Every catalog outside the shared set, pooled: extra and the ten development catalogs (test/fixtures/catalogs/dev), 409 tools. */
export const extraDevCatalog = (): Catalog => loadCatalogs([EXTRA, DEV]);
