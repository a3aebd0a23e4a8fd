import { selectTools } from '../catalog/select.js';
import type { Catalog } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import { closest } from '../util/closest.js';

/** seeds/003 fix 3: named sets of tools for the phases of a workflow (`plan`, `edit`, `review`). */
export type PhaseSets = Readonly<Record<string, readonly string[]>>;

/** The tools of one phase (patterns as in toolMatcher). An unknown phase is an error naming the closest. */
export function phaseCatalog(catalog: Catalog, phases: PhaseSets, phase: string): Catalog {
  const patterns = phases[phase];
  if (!patterns) {
    const guess = closest(phase, Object.keys(phases));
    throw new SlimError('usage', `no phase "${phase}"${guess ? `; did you mean "${guess}"?` : ''} (phases: ${Object.keys(phases).join(', ') || 'none'})`);
  }
  return selectTools(catalog, patterns);
}
