import type { Catalog } from '../catalog/types.js';
import { indexCatalog, type IndexOptions, type ToolSearchIndex } from './tool-index.js';
import type { SearchHit } from './types.js';

/**
 * Indexes already built, per catalog object and options: a per-turn agent loop that calls
 * rankTools with the same catalog searches a built index (catalogs are values here: a changed
 * catalog is a new object, as every function of this library returns).
 */
const built = new WeakMap<Catalog, Map<string, ToolSearchIndex>>();
/** A number per documents function: JSON leaves functions out, so the key names them by these. */
const builders = new WeakMap<(catalog: Catalog) => Catalog, number>();
let nextBuilder = 0;

function optionsKey(options: IndexOptions): string {
  const { documents, ...rest } = options;
  if (documents && !builders.has(documents)) builders.set(documents, nextBuilder++);
  return JSON.stringify({ ...rest, ...(documents ? { documents: builders.get(documents) } : {}) });
}

/** seeds/003 fix 1: the `k` tools most relevant to this turn's task, for per-turn pruning. */
export function rankTools(catalog: Catalog, task: string, k = 5, options: IndexOptions = {}): SearchHit[] {
  const key = optionsKey(options);
  const byOptions = built.get(catalog) ?? new Map<string, ToolSearchIndex>();
  built.set(catalog, byOptions);
  let index = byOptions.get(key);
  if (!index) byOptions.set(key, (index = indexCatalog(catalog, options)));
  return index.search(task, k);
}
