/**
 * The BM25F field weights and k1 under the same cross-validation as the feature weights: they
 * change the candidates, so each setting rebuilds the development sets' candidates and refits
 * the features' weights on held-out folds. Coordinate search: each parameter ×0.6 and ×1.6 in
 * turn, a change kept when held-out R@1 + R@5 rises, until a pass changes nothing.
 *
 *   npm run bench:search:fields
 *
 * Prints the path taken and the best setting; src/search/index-options.ts is edited by hand,
 * after the end-to-end paired test (docs/search.md).
 */
import type { FieldParams } from '../../../src/search/bm25f.js';
import { FIELD_PARAMS } from '../../../src/search/index-options.js';
import type { FieldName } from '../../../src/search/types.js';
import { table } from '../../_table.js';
import { at, crossValidated, DEV_SETS, groupsOf, paired, type Model } from './cv.js';
import { mean } from '../metrics.js';

type Setting = { fields: Record<FieldName, FieldParams>; k1: number };

const FACTORS = [0.6, 1.6];
/** Fields every document kind has (when and tags are TTC's). */
const TUNED: FieldName[] = ['name', 'server', 'purpose', 'description', 'params'];

function score(setting: Setting, name: string): Model {
  const sets = DEV_SETS.map((set) => groupsOf(set, setting));
  return crossValidated(sets, new Set(), name);
}

const objective = (m: Model) => mean(at(m.ranks, 1)) + mean(at(m.ranks, 5));

function main(): void {
  let best: Setting = { fields: structuredClone(FIELD_PARAMS) as Record<FieldName, FieldParams>, k1: 1.2 };
  const start = score(best, 'today');
  let bestModel = start;
  const path: (string | number)[][] = [['today', mean(at(start.ranks, 1)), mean(at(start.ranks, 5))]];
  for (let pass = 1, changed = true; changed && pass <= 3; pass++) {
    changed = false;
    for (const knob of [...TUNED, 'k1' as const]) {
      for (const factor of FACTORS) {
        const trial: Setting = structuredClone(best);
        if (knob === 'k1') trial.k1 = Math.round(best.k1 * factor * 100) / 100;
        else trial.fields[knob].weight = Math.round(best.fields[knob].weight * factor * 100) / 100;
        const label = knob === 'k1' ? `k1 ${trial.k1}` : `${knob} ${trial.fields[knob].weight}`;
        const model = score(trial, label);
        path.push([`pass ${pass}: ${label}`, mean(at(model.ranks, 1)), mean(at(model.ranks, 5))]);
        if (objective(model) > objective(bestModel) + 1e-9) {
          best = trial;
          bestModel = model;
          changed = true;
        }
      }
    }
  }
  console.log(table(['setting (held-out folds)', { title: 'R@1', digits: 3 }, { title: 'R@5', digits: 3 }], path));
  const top1 = paired(at(start.ranks, 1), at(bestModel.ranks, 1));
  const top5 = paired(at(start.ranks, 5), at(bestModel.ranks, 5));
  console.log(`\nbest: ${TUNED.map((f) => `${f} ${best.fields[f].weight}`).join(', ')}, k1 ${best.k1}`);
  console.log(`against today (held-out folds): R@1 ${top1.delta >= 0 ? '+' : ''}${top1.delta.toFixed(3)} (p ${top1.p.toFixed(3)}), R@5 ${top5.delta >= 0 ? '+' : ''}${top5.delta.toFixed(3)} (p ${top5.p.toFixed(3)})`);
  console.log('The choice of setting is made on the same folds it is scored on: confirm it end to end with bench:search:compare before keeping it.');
}

main();
