/** How parameter descriptions compare across tools: shared by lint (the finding) and slim (the fix). */
import { identifierWords } from './restates.js';

/** Wording differences that do not count: case, spacing, a final period. */
export const normalizeWording = (text: string) => text.trim().replace(/\s+/g, ' ').replace(/\.$/, '').toLowerCase();

/**
 * Two wordings this alike (shared words over all words) say the same thing differently; below it
 * they usually describe different uses of one name (`filePath` to save a trace, to save a
 * screenshot), and one sentence for both would be wrong.
 */
export const SAME_MEANING = 0.5;

export function similarity(a: string, b: string): number {
  const A = new Set(identifierWords(a));
  const B = new Set(identifierWords(b));
  let shared = 0;
  for (const w of A) if (B.has(w)) shared++;
  const all = A.size + B.size - shared;
  return all ? shared / all : 1;
}

/** The wording most tools use; ties go to the shortest, then the first alphabetically (stable output). */
export function standardWording(texts: readonly string[]): string {
  const variants = new Map<string, { text: string; count: number }>();
  for (const text of texts) {
    const v = variants.get(normalizeWording(text));
    if (v) v.count++;
    else variants.set(normalizeWording(text), { text: text.trim(), count: 1 });
  }
  const ranked = [...variants.values()].sort((a, b) => b.count - a.count || a.text.length - b.text.length || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return ranked[0]!.text;
}

