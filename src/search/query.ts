import { stem, terms } from './tokenize.js';
import { PHRASES, SYNONYM_GROUPS } from './vocabulary.js';

/** How much a synonym counts against a word the user wrote. */
export const EXPANSION_WEIGHT = 0.35;
/** Words a query implies by its shape: a URL means a web address, a path means a file. */
const IMPLIED_WEIGHT = 0.5;

/** stem → stems of every word that shares a group with it. */
const SYNONYMS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of SYNONYM_GROUPS) {
    const stems = group.map((w) => stem(w));
    for (const s of stems) {
      const set = map.get(s) ?? new Set<string>();
      for (const other of stems) if (other !== s) set.add(other);
      map.set(s, set);
    }
  }
  return map;
})();

const PHRASE_LIST = Object.entries(PHRASES).sort((a, b) => b[0].length - a[0].length);
const URL = /\b(?:https?:\/\/\S+|(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|ai|co|edu|gov|test|local)(?:[/:]\S*)?|localhost(?::\d+)?\S*)/gi;
const PATH = /(?:^|\s)(?:~|\.{1,2})?\/[\w.\-/*]+|[\w*-]+\.(?:[a-z][a-z0-9]{0,4})\b|\b(?:readme|dockerfile|makefile|license|changelog)\b/gi;
// Quoted text is usually a value to type or look for, not a word about which tool to use.
const QUOTED = /(["'‘’“”])(?:(?!\1).){1,80}\1/g;

export interface QueryOptions {
  /** Add synonyms from the vocabulary (default true). */
  expand?: boolean;
  /** Weight of a synonym (default EXPANSION_WEIGHT). */
  expansionWeight?: number;
}


/** The query text with values set aside and phrases folded, plus the words its shape implies. */
function prepare(task: string): { text: string; implied: string[] } {
  const implied: string[] = [];
  let text = ` ${task.toLowerCase()} `;
  text = text.replace(URL, () => (implied.push('url', 'web', 'navigate'), ' '));
  text = text.replace(PATH, () => (implied.push('file', 'path'), ' '));
  text = text.replace(QUOTED, ' ');
  for (const [phrase, word] of PHRASE_LIST) text = text.replace(new RegExp(`\\b${phrase}\\b`, 'g'), ` ${word} `);
  // A question asks to read something: lean towards tools that get, list or search.
  if (/^\s*(what|which|who|where|when|how|is|are|does|do|has|have|any|show)\b/.test(text) || text.trim().endsWith('?')) implied.push('get', 'list', 'search', 'read');
  return { text, implied };
}

/**
 * A task as weighted terms: the user's own words at 1 (repeats add up a little), words implied by
 * a URL or a path, and synonyms at EXPANSION_WEIGHT, never lowering a word the user wrote.
 */
export function queryTerms(task: string, options: QueryOptions = {}): Map<string, number> {
  const { text, implied } = prepare(task);
  const own = terms(text);
  const weights = new Map<string, number>();
  const raise = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  for (const t of own) weights.set(t, Math.min(1.5, (weights.get(t) ?? 0) + 1));
  for (const t of implied) raise(stem(t), IMPLIED_WEIGHT);
  if (options.expand === false) return weights;
  for (const t of new Set(own)) for (const syn of SYNONYMS.get(t) ?? []) raise(syn, options.expansionWeight ?? EXPANSION_WEIGHT);
  return weights;
}
