import { stem } from './tokenize.js';
import { GROUPS, IMPLIES } from '../vocabulary/index.js';

/**
 * A user's word against the lexicons: the entries its stem finds, its base forms, and the verbs an
 * action noun comes from. The query reader (query.ts) builds a task's concepts from these.
 */

/** How much a synonym counts against a word the user wrote. */
export const EXPANSION_WEIGHT = 0.5;

/** How much a tool word counts that a user's word implies ("altitude" → elevation). */
export const IMPLIES_WEIGHT = 0.7;

/** A lexicon entry found by the stem of its key: the key as written, and the stems it brings. */
export interface Entry {
  key: string;
  stems: readonly string[];
}

function addEntry(map: Map<string, Entry[]>, key: string, stems: readonly string[]): void {
  const s = stem(key.toLowerCase());
  const list = map.get(s) ?? [];
  list.push({ key: key.toLowerCase(), stems: [...new Set(stems)].filter((t) => t !== s) });
  map.set(s, list);
}

/** stem → each group word with that stem, with the stems of the rest of its group. */
export const SYNONYMS: ReadonlyMap<string, readonly Entry[]> = (() => {
  const map = new Map<string, Entry[]>();
  for (const group of GROUPS) {
    const stems = group.map((w) => stem(w));
    group.forEach((w, i) => addEntry(map, w, stems.filter((_, j) => j !== i)));
  }
  return map;
})();

/** stem of a user's word → the keys with that stem and the stems of the tool words each implies. */
export const IMPLIED_BY: ReadonlyMap<string, readonly Entry[]> = (() => {
  const map = new Map<string, Entry[]>();
  for (const [word, targets] of IMPLIES) addEntry(map, word, targets.map((t) => stem(t)));
  return map;
})();

/** Words whose final s is not a plural's, or whose plural has a sense of its own ("shares" are stock, "directions" a route). */
const NOT_PLURAL = new Set(['news', 'means', 'goods', 'series', 'species', 'lens', 'always', 'perhaps', 'shares', 'directions']);

/**
 * Verb forms with a sense of their own, apart from their verb: as a lexicon key or as written they
 * match only themselves and their plural. "Created" is a date in file metadata, not "create";
 * "filing" is a report to a regulator, "settings" a configuration, "recording" a video,
 * "incoming" not "income".
 */
const OWN_SENSE = new Set(['created', 'modified', 'filing', 'filings', 'staging', 'sizing', 'recording', 'recordings', 'setting', 'settings', 'incoming', 'outgoing']);

/** One step of regular inflection undone: files → file, boxes → box, entries → entry, running → run, created → create. */
function baseForms(word: string): string[] {
  const out: string[] = [];
  if (/ies$/.test(word) && word.length > 4) out.push(`${word.slice(0, -3)}y`);
  if (/(?:s|x|z|ch|sh)es$/.test(word)) out.push(word.slice(0, -2));
  // "status" and "analysis" are not plurals; "apis", "cpus" and "kpis" are (an acronym's plural, written small).
  if (/s$/.test(word) && !/ss$/.test(word) && (!/(?:us|is)$/.test(word) || word.length <= 4) && !NOT_PLURAL.has(word)) out.push(word.slice(0, -1));
  for (const suffix of ['ing', 'ed']) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const base = word.slice(0, -suffix.length);
    out.push(base, `${base}e`);
    if (/([b-df-hj-np-tv-z])\1$/.test(base)) out.push(base.slice(0, -1));
    if (suffix === 'ed' && base.endsWith('i')) out.push(`${base.slice(0, -1)}y`);
  }
  return out;
}

/**
 * A word with every form reached by undoing inflections in turn ("listings" → listing → list).
 * Derivations (configuration → configure) are left out: by form alone they also make
 * transition → transit, animation → anime, department → depart.
 */
export function lemmas(word: string): Set<string> {
  const out = new Set([word]);
  for (const w of out) for (const b of baseForms(w)) out.add(b);
  return out;
}

/**
 * Whether a written word and a lexicon key are inflections of one word (files/file, running/run,
 * listings/list), not two words the stemmer happens to merge: fitness/fit, acme/acm, harness/har,
 * news/new, settings/set.
 */
export function sameWord(written: string, key: string): boolean {
  if (written === key) return true;
  if (OWN_SENSE.has(key) || OWN_SENSE.has(written)) return written === `${key}s` || key === `${written}s`;
  const a = lemmas(written);
  const b = lemmas(key);
  for (const l of b) if (a.has(l)) return true;
  // An action and its noun are one word here: "configuration" reaches configure's entries, "recommend" recommendation's.
  for (const w of a) for (const base of actionOf(w)) if (base === key) return true;
  for (const k of b) for (const base of actionOf(k)) if (a.has(base)) return true;
  return false;
}

/** Nouns that look like the noun of an action but are not that action's. */
const NOT_ACTION_NOUN = new Set(['transition', 'animation', 'department', 'apartment', 'comment', 'direction', 'question', 'station', 'version', 'mention']);

/** Every word the lexicons have an entry for, as written. */
const KEYS: ReadonlySet<string> = new Set([...SYNONYMS.values(), ...IMPLIED_BY.values()].flat().map((e) => e.key));

/**
 * The verbs an action noun may come from: configuration → configure, deletion → delete, payment →
 * pay. A noun the lexicons know has its own entries and keeps them: "information" is not "inform",
 * "production" not "product", "location" not "locate".
 */
function actionOf(noun: string): string[] {
  const m = /^(.{3,}?)(ation|ion|ment)$/.exec(noun);
  if (!m || NOT_ACTION_NOUN.has(noun) || KEYS.has(noun)) return [];
  return [m[1]!, `${m[1]}e`, ...(m[2] === 'ation' ? [`${m[1]}ate`] : [])];
}

