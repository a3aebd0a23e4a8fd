import type { DomainLexicon, Lexicon } from './types.js';

/** A domain's entries without their sources. */
export const lexiconOf = ({ file }: DomainLexicon): Lexicon => ({
  groups: file.groups.map((g) => g.words),
  implies: Object.fromEntries(file.implies.map((e) => [e.word, e.implies])),
  phrases: Object.fromEntries(file.phrases.map((p) => [p.phrase, p.word])),
});

/** Every group of every domain, in file order: each takes effect. */
export const mergeGroups = (lexicons: readonly DomainLexicon[]): readonly (readonly string[])[] => lexicons.flatMap(({ file }) => file.groups.map((g) => g.words));

/** A user's word → the tool words it implies: the union over the files, in the order first seen. */
export function mergeImplies(lexicons: readonly DomainLexicon[]): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, Set<string>>();
  for (const { file } of lexicons) for (const { word, implies } of file.implies) {
    const set = map.get(word) ?? new Set<string>();
    for (const t of implies) set.add(t);
    map.set(word, set);
  }
  return new Map([...map].map(([w, set]) => [w, [...set]]));
}

/** Phrase → the one word it folds into; a phrase two files define keeps the first file's word (the validator allows one). */
export function mergePhrases(lexicons: readonly DomainLexicon[]): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { file } of lexicons) for (const { phrase, word } of file.phrases) if (!Object.hasOwn(out, phrase)) out[phrase] = word;
  return out;
}

/** Every word the vocabulary knows: group words, implies keys and targets, and the words phrases fold into. */
export const domainWords = (lexicons: readonly DomainLexicon[]): ReadonlySet<string> =>
  new Set(
    lexicons.flatMap(({ file }) => [
      ...file.groups.flatMap((g) => g.words),
      ...file.implies.flatMap((e) => [e.word, ...e.implies]),
      ...file.phrases.map((p) => p.word),
    ]),
  );
