import { baseForm, isAction } from '../text/verbs.js';
import { stemmer } from 'stemmer';
import { PHRASES } from '../vocabulary/index.js';

/** Words that carry no choice between tools. Kept short on purpose: "list", "all", "new" do. */
const STOP = new Set(
  'a an the and or of to in on at for from by with as is are be been it its this that these those i me my we our you your he she they them their can could would should will shall may might do does did please want need like just some any so if then than into onto about over via using use used uses which what who whom whose how when where there here also only not no yes tool tools mcp server everything anything something nothing everyone anyone someone thing stuff right now currently current okay ok hey s t re ll ve d m'.split(' '),
);

/** `readTextFile`, `read_text_file`, `read-text-file`, `mcp__fs__read` → read, text, file… */
export function words(text: string): string[] {
  return text
    .replace(/([A-Z]{2,})s\b/g, '$1') // PRs, getURLs, IDs: an acronym's plural, not P + Rs
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const stemCache = new Map<string, string>();
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = word.length <= 3 || /\d/.test(word) ? word : stemmer(word);
    stemCache.set(word, s);
  }
  return s;
}

interface Phrase {
  /** The phrase's words as written, lower case; the last one is compared by stem ("pull requests"). */
  words: readonly string[];
  stems: readonly string[];
  term: string;
}

/**
 * Phrases by their first word's stem, longest first. Matching stems means "pull requests" folds
 * like "pull request"; stop words stay in the sequence until folding, so "log in" is a phrase.
 */
const PHRASE_TABLE: ReadonlyMap<string, readonly Phrase[]> = (() => {
  const table = new Map<string, Phrase[]>();
  for (const [phrase, word] of Object.entries(PHRASES)) {
    const own = words(phrase);
    if (own.length < 2) continue;
    const stems = own.map(stem);
    const list = table.get(stems[0]!) ?? [];
    list.push({ words: own, stems, term: stem(word) });
    table.set(stems[0]!, list);
  }
  for (const list of table.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return table;
})();

/**
 * The phrase starting at word i. The last word compares by stem ("pull requests" is "pull
 * request"); a word before it as written or as a verb form ("shutting down", "logged in"), but
 * not as a plural: "the error logs in grafana" is not "log in".
 */
function phraseAt(raw: readonly string[], stems: readonly string[], i: number): Phrase | undefined {
  const candidates = PHRASE_TABLE.get(stems[i]!);
  if (!candidates) return undefined;
  for (const p of candidates) {
    let all = true;
    for (let j = 0; j < p.words.length && all; j++) {
      all = j === p.words.length - 1 ? stems[i + j] === p.stems[j] : raw[i + j] === p.words[j] || (stems[i + j] === p.stems[j] && /(?:ing|ed)$/.test(raw[i + j]!));
    }
    if (all) return p;
  }
  return undefined;
}

/** A phrasal verb's closing particle ("shut down", "find out", "write down") means nothing alone: "down" is not mouse_down. */
const PARTICLES = new Set(['down', 'out', 'off']);
/** Verbs of phrasal verbs the action list does not have; "page down", "thumbs down" and "day off" are not verbs. */
const PHRASAL_VERBS = new Set(['shut', 'turn', 'switch', 'wake', 'hang', 'jot', 'sign', 'log', 'back', 'pick', 'bring', 'put']);
const phrasalVerb = (word: string): boolean => PHRASAL_VERBS.has(word) || isAction(baseForm(word));

/**
 * A text's terms in groups: a plain word is a group of one; a phrase is its folded word followed
 * by its own content words ("pull requests" → [pr, pull, request]). The words stay because a
 * phrase can still match by accident: folding adds the phrase's meaning without taking the words
 * away; a phrasal verb's particle goes. Stop words are dropped after folding, so "log in" is still a phrase.
 */
export function termGroups(text: string): string[][] {
  const raw = words(text);
  const stems = raw.map(stem);
  const out: string[][] = [];
  for (let i = 0; i < raw.length; i++) {
    const phrase = phraseAt(raw, stems, i);
    if (phrase) {
      const last = phrase.stems.length - 1;
      const particle = last > 0 && PARTICLES.has(raw[i + last]!) && phrasalVerb(raw[i]!);
      const own = stems.slice(i, i + phrase.stems.length).filter((s, j) => !STOP.has(raw[i + j]!) && !(particle && j === last) && s !== phrase.term);
      out.push([phrase.term, ...new Set(own)]);
      i += phrase.stems.length - 1;
    } else if (!STOP.has(raw[i]!)) out.push([stems[i]!]);
  }
  return out;
}

/**
 * Index and query terms: words stemmed, phrases folded into the one word they stand for (their
 * words kept too), stop words out. Tool text and tasks go through the same folding, so "pull
 * request" in a tool's name and "PR" in a task meet as the same term.
 */
export function terms(text: string): string[] {
  // The groups, flattened by hand: Array.prototype.flat is the slow part of indexing a catalog.
  const out: string[] = [];
  for (const group of termGroups(text)) for (const term of group) out.push(term);
  return out;
}

export const isStopWord = (word: string): boolean => STOP.has(word);
