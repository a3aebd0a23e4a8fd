import { stemmer } from 'stemmer';
import { escapeRegExp } from '../util/regexp.js';
import { isBlank, lineBody } from './lines.js';
import words from './words.json' with { type: 'json' };

const stem = (word: string): string => (word.length <= 3 || /\d/.test(word) ? word : stemmer(word));
const stems = (list: readonly string[]): Set<string> => new Set(list.map(stem));

const GENERAL = stems(words.general.words);
const FUNCTION = stems(words.function.words);
const GENERIC = new Set([...FUNCTION, ...stems(words.generic.words)]);
const ALWAYS = new RegExp(`\\b(?:${words.always.phrases.map(escapeRegExp).join('|')})\\b`, 'i');

/** A heading's words, lower case, apostrophes dropped (`Don't` → `dont`). */
export const headingWords = (heading: string): string[] =>
  heading.toLowerCase().replace(/['’]/g, '').split(/[^a-z0-9]+/).filter(Boolean);

/** Stemmed words that can say a heading's topic: no generic words, none of the title's. */
function topicStems(heading: string, title: ReadonlySet<string>): string[] {
  return [...new Set(headingWords(heading).map(stem))].filter((s) => s.length > 1 && !GENERIC.has(s) && !title.has(s));
}

/** The document's name (its first title heading): a later title line may be a whole sentence of topics. */
/** A subsection about its parent's topic: its first topic word is one of the parent's (`Quarantined tests` › `Quarantine via Local Tool`). */
export function aboutParent(sub: string, parent: string): boolean {
  const none = new Set<string>();
  const first = topicStems(sub, none)[0];
  return first !== undefined && topicStems(parent, none).includes(first);
}

export const titleStems = (title: readonly string[]): Set<string> => new Set(headingWords(title[0] ?? '').map(stem));

export const isGeneralHeading = (heading: string): boolean => headingWords(heading).some((w) => GENERAL.has(stem(w)));

/**
 * Rules without a condition: at least half the lines of prose say "always", "never", "every
 * task"… Headings and code do not count as lines here.
 */
export function isRuleText(lines: readonly string[], code: readonly boolean[]): boolean {
  const prose = lines.filter((l, i) => !code[i] && !isBlank(l) && !/^\s{0,3}#/.test(lineBody(l)));
  return prose.length > 0 && prose.filter((l) => ALWAYS.test(l)).length * 2 >= prose.length;
}

/**
 * The topic that ties sections into one family: a word (stemmed) that at least two headings
 * share and that is not everywhere (more than half the headings, when there are more than
 * four), so "tests" joins "Running tests" and "Quarantined tests" but a word every heading
 * repeats ties nothing. Of a heading's shared words, the most shared wins; `undefined` for a
 * heading that shares none: its section is a family of its own.
 */
export function topicKeys(headings: readonly (string | undefined)[], title: ReadonlySet<string>): (string | undefined)[] {
  const perHeading = headings.map((h) => (h === undefined ? [] : topicStems(h, title)));
  const df = new Map<string, number>();
  for (const list of perHeading) for (const s of list) df.set(s, (df.get(s) ?? 0) + 1);
  const ceiling = headings.length > 4 ? Math.floor(headings.length / 2) : headings.length;
  return perHeading.map((list) => {
    let best: string | undefined;
    for (const s of list) {
      const n = df.get(s)!;
      if (n >= 2 && n <= ceiling && (best === undefined || n > df.get(best)!)) best = s;
    }
    return best;
  });
}

/** The word people read for a topic: the form its headings use most (`tests`, not `test`). */
export function topicName(key: string, headings: readonly string[]): string {
  const forms = new Map<string, number>();
  for (const w of headings.flatMap(headingWords)) if (stem(w) === key) forms.set(w, (forms.get(w) ?? 0) + 1);
  return [...forms].sort((a, b) => b[1] - a[1])[0]?.[0] ?? key;
}

/** A file name for a family: lower case, dashes, at most 40 characters. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '') || 'part';
}

/** A family's name from one heading: its first three words, the document's name and function words left out. */
export function headingName(heading: string, title: ReadonlySet<string>): string {
  const all = headingWords(heading);
  const meaningful = all.filter((w) => !FUNCTION.has(stem(w)) && !title.has(stem(w)));
  return slug((meaningful.length ? meaningful : all).slice(0, 3).join('-'));
}

/** Names made unique in order: a second `tests` becomes `tests-2`. */
export function uniqueNames(names: readonly string[], reserved: readonly string[] = []): string[] {
  const used = new Set<string>(reserved);
  return names.map((name) => {
    let out = name;
    for (let n = 2; used.has(out); n++) out = `${name}-${n}`;
    used.add(out);
    return out;
  });
}
