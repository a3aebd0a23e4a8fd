/** Ranked entries (`[id, score]`): the order every ranking step uses. */

/** Best first; equal scores by id, so results are stable. */
export const byScore = (a: [string, number], b: [string, number]): number => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);

/** The best `limit` entries, best first, without sorting them all (a search wants a dozen of a thousand). */
export function top(entries: Iterable<[string, number]>, limit: number): [string, number][] {
  const out: [string, number][] = [];
  for (const entry of entries) {
    if (out.length >= limit && byScore(entry, out[out.length - 1]!) >= 0) continue;
    let i = out.length;
    while (i > 0 && byScore(entry, out[i - 1]!) < 0) i--;
    out.splice(i, 0, entry);
    if (out.length > limit) out.pop();
  }
  return out;
}

