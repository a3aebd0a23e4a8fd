/** Cross-validation folds: each set's queries dealt into k folds in a seeded order, so every fold has every set. */
import { seededRandom } from '../paired.js';

export function foldsOf(sizes: readonly number[], k: number, seed: number): number[][] {
  const random = seededRandom(seed);
  return sizes.map((n) => {
    const order = [...Array(n).keys()];
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const fold = new Array<number>(n);
    order.forEach((q, position) => (fold[q] = position % k));
    return fold;
  });
}
