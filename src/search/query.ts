import { stem, termGroups, terms, words } from './tokenize.js';
import { EXPANSION_WEIGHT, IMPLIED_BY, IMPLIES_WEIGHT, lemmas, sameWord, SYNONYMS, type Entry } from './word-forms.js';
import type { ValueKind } from './values/detector.js';
import { knownWord } from './values/known-word.js';
import { QUOTED } from './values/quoted.js';
import { detectValues } from './values/table.js';

export { EXPANSION_WEIGHT, IMPLIES_WEIGHT, lemmas, QUOTED, sameWord };
export type { ValueKind };

/** Words a query implies by its shape: a URL means a web address, a path means a file. */
const IMPLIED_WEIGHT = 0.5;

/** "Next.js", "Node.js", "Express.js" as written: a library. */
const LIBRARY = /\b([A-Z][a-z]+)\.js\b/g;
/** Longer tasks are cut here: beyond it words add nothing to ranking, and regexes stay linear in practice. */
export const MAX_TASK_CHARS = 2000;
/** A longer run without spaces is cut to this (a URL or a path keeps its shape). */
const MAX_TOKEN_CHARS = 200;

/** A task as the query functions read it: at most MAX_TASK_CHARS, whitespace runs collapsed. */
export const normalizeTask = (task: string): string =>
  task
    .replace(/\s+/g, ' ')
    // A run of 200 characters without a space is a value, not words; cut, so the shape regexes stay fast on it.
    .replace(/\S{200,}/g, (run) => run.slice(0, MAX_TOKEN_CHARS))
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .slice(0, MAX_TASK_CHARS);

/** Whether the task names a web address (an e-mail address is not one): reaching it is then a step of its own. */
export const mentionsUrl = (task: string): boolean => prepareTask(task).implied.some((c) => c[0] === 'url');

export interface QueryOptions {
  /** Add synonyms from the vocabulary (default true). */
  expand?: boolean;
  /** Weight of a synonym (default EXPANSION_WEIGHT). */
  expansionWeight?: number;
}

/** The query text with values set aside, plus the words its shape implies (exported for the detectors' tests). */
export function prepareTask(task: string): { text: string; implied: string[][]; values: Set<ValueKind> } {
  // Acronym plurals before lower-casing: "PRs" is pr, not prs.
  // "Next.js", "Node.js": a library's name, not a file.
  const text = ` ${normalizeTask(task).replace(/([A-Z]{2,})s\b/g, '$1').replace(LIBRARY, '$1js').toLowerCase()} `;
  return detectValues(text.replace(/\b(?:e\.g|i\.e|etc)\./g, ' '), task);
}

/** A name in the middle of a sentence ("Boston", "Dave") is a value to pass, not a word about which tool. */
const NAME_WEIGHT = 0.5;
/** A code identifier (getUserData, ERR_STREAM_CLOSED) is mostly a value too, though its words can name a tool. */
const IDENTIFIER_WEIGHT = 0.5;
const MID_SENTENCE_NAME = /(?<=[\p{Ll}\d,;:)]\s)\p{Lu}\p{Ll}+/gu;
/** A constant's name (ERR_STREAM_CLOSED, NODE_ENV); lower-case snake_case is more likely a tool the user names. */
const IDENTIFIER = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/** Terms of the task that are values by their shape, with the weight each keeps (words the lexicons know stay at full weight). */
function valueTerms(task: string): Map<string, number> {
  const out = new Map<string, number>();
  const text = normalizeTask(task);
  for (const m of text.matchAll(MID_SENTENCE_NAME)) {
    const w = m[0].toLowerCase();
    if (!knownWord(w)) for (const t of terms(w)) out.set(t, NAME_WEIGHT);
  }
  for (const m of text.matchAll(IDENTIFIER)) for (const t of terms(m[0])) out.set(t, Math.max(out.get(t) ?? 0, IDENTIFIER_WEIGHT));
  return out;
}

/**
 * "comment c3f1a2b4", "asset 9Kp2", "message 7": a thing named by its identifier (it has a digit);
 * the word before it says the kind of thing. Not "top 5", "in 2024", "first 20".
 */
const IDENTIFIED = /\b([a-z][a-z-]{2,})\s+(?:(?:id|number|no\.?)\s+)?#?(?=[\w:-]*\d)[a-z0-9][\w:-]{0,40}\b/gi;
const NOT_OBJECTS = new Set(
  'id number the and for with from than last first next top every about over under after before into onto page line lines step version port that this these those all only just since until year day days week weeks month hour hours minute minutes around between per each'.split(' '),
);
function identifiedInTask(task: string): Set<string> {
  const out = new Set<string>();
  for (const m of normalizeTask(task).matchAll(IDENTIFIED)) {
    const word = m[1]!.toLowerCase();
    if (!NOT_OBJECTS.has(word)) out.add(stem(word));
  }
  return out;
}

/** A task as the index reads it: its concepts, and every term the user wrote (values set aside). */
export interface TaskReading {
  /** Kinds of thing the task names by an identifier ("comment c3f1a2b4" → comment). */
  identified: ReadonlySet<string>;
  concepts: Map<string, number>[];
  /** The written terms whatever their weight: a server's name among them is a mention. */
  written: ReadonlySet<string>;
  /** The kinds of value the task carries ("48.85, 2.35", "#501", "docs/a.md"), which tools may take as arguments. */
  values: ReadonlySet<ValueKind>;
}

/**
 * A task as concepts: each word the user wrote (repeats add up a little) with its synonyms and the
 * tool words it implies, and each word implied by the task's shape (a URL, a path, a question).
 * A concept counts once per tool, by its best-matching term, so a word with many synonyms does not
 * outweigh a word with none.
 */
export function readTask(task: string, options: QueryOptions = {}): TaskReading {
  const { text, implied, values: valueKinds } = prepareTask(task);
  // A group is a word, or a phrase's folded word with its own words: one concept either way.
  const groups = new Map<string, { terms: string[]; weight: number }>();
  for (const g of termGroups(text)) {
    const key = g.join(' ');
    const seen = groups.get(key);
    groups.set(key, { terms: g, weight: Math.min(1.5, (seen?.weight ?? 0) + 1) });
  }
  const values = valueTerms(task);
  // The written forms behind each stem, so a lexicon entry applies only to forms of its own word.
  const surfaces = new Map<string, Set<string>>();
  for (const w of words(text)) {
    const t = stem(w);
    surfaces.set(t, (surfaces.get(t) ?? new Set()).add(w));
  }
  const written = new Set([...groups.values()].flatMap((g) => g.terms));
  const concepts: Map<string, number>[] = [];
  for (const { terms: group, weight: counted } of groups.values()) {
    const weight = group.length === 1 && counted === 1 ? (values.get(group[0]!) ?? 1) : counted;
    const concept = new Map(group.map((t) => [t, weight]));
    const raise = (term: string, w: number) => {
      if (!written.has(term)) concept.set(term, Math.max(concept.get(term) ?? 0, w));
    };
    if (options.expand !== false) {
      for (const t of group) {
        // A folded phrase has no written form of its own: its entries all apply.
        const forms = surfaces.get(t);
        const applies = (e: Entry) => !forms || [...forms].some((u) => sameWord(u, e.key));
        for (const e of SYNONYMS.get(t) ?? []) if (applies(e)) for (const syn of e.stems) raise(syn, options.expansionWeight ?? EXPANSION_WEIGHT);
        for (const e of IMPLIED_BY.get(t) ?? []) if (applies(e)) for (const target of e.stems) raise(target, IMPLIES_WEIGHT);
      }
    }
    concepts.push(concept);
  }
  const shapes = new Set<string>();
  for (const alternatives of implied) {
    const stems = alternatives.map((w) => stem(w));
    // Five file names in a task are one hint that it is about files, not five.
    if (shapes.has(stems.join(' ')) || stems.some((t) => written.has(t))) continue;
    shapes.add(stems.join(' '));
    concepts.push(new Map(stems.map((t) => [t, IMPLIED_WEIGHT])));
  }
  return { concepts, written, values: valueKinds, identified: identifiedInTask(task) };
}

export const queryConcepts = (task: string, options: QueryOptions = {}): Map<string, number>[] => readTask(task, options).concepts;

/** Every term of a task's concepts at its highest weight (never lowering a word the user wrote). */
export function queryTerms(task: string, options: QueryOptions = {}): Map<string, number> {
  return flattenConcepts(queryConcepts(task, options));
}

export function flattenConcepts(concepts: readonly ReadonlyMap<string, number>[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const concept of concepts) for (const [t, w] of concept) weights.set(t, Math.max(weights.get(t) ?? 0, w));
  return weights;
}
