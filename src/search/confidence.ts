import type { SearchHit } from './types.js';

/**
 * Below this fit, no tool covers enough of a task to be offered as its answer. Chosen on the
 * development sets (pooled-240, dev-250): 3% and 5% of their right first answers fit less, while
 * 14% and 40% of the same tasks asked of the other set's catalogs (built for other work, mostly
 * without a right tool) do. A word no tool has counts against the fit (see Bm25fIndex.scoreConcepts).
 */
export const WEAK_FIT = 0.2;

/** What to say when the best hits cover too little of the task, or undefined when one fits. */
export function weakMatch(hits: readonly SearchHit[]): string | undefined {
  if (!hits.length) return undefined;
  const best = Math.max(...hits.map((h) => h.fit));
  if (best >= WEAK_FIT) return undefined;
  return `No tool fits this task well: the closest covers ${Math.round(best * 100)}% of it. These are the nearest, not answers.`;
}
