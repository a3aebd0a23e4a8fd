/** Description sentences as slimming moves them: where each stands, and which ones a change took away. */
import type { JsonValue } from '../catalog/types.js';
import { schemaNodes } from '../schema/walk.js';
import { sentences } from '../text/sentences.js';
import { paramPath } from './steps/_param-path.js';

/** Every description sentence in a schema, in walk order, with the parameter it documents. */
export function describedSentences(schema: JsonValue | undefined, path: (string | number)[] = []): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  for (const node of schemaNodes(schema, path)) {
    if (typeof node.schema.description === 'string') for (const s of sentences(node.schema.description)) out.push({ where: paramPath(node.path), text: s.text });
  }
  return out;
}

/**
 * The sentences of `before` that `after` no longer says. Counted, not a set: a sentence said twice
 * and kept once was still removed once.
 */
export function sentencesGone<T extends { text: string }>(before: readonly T[], after: Iterable<string>): T[] {
  const still = new Map<string, number>();
  for (const text of after) still.set(text, (still.get(text) ?? 0) + 1);
  return before.filter((s) => {
    const left = still.get(s.text) ?? 0;
    if (left > 0) still.set(s.text, left - 1);
    return left === 0;
  });
}
