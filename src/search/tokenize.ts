import { baseForm, isAction } from '../text/verbs.js';
import { stemmer } from 'stemmer';
import { PHRASES } from '../vocabulary/index.js';
import { HASH_START, hashStep, WordTable } from './word-table.js';

/** Words that carry no choice between tools. Kept short on purpose: "list", "all", "new" do. */
const STOP = new Set(
  'a an the and or of to in on at for from by with as is are be been it its this that these those i me my we our you your he she they them their can could would should will shall may might do does did please want need like just some any so if then than into onto about over via using use used uses which what who whom whose how when where there here also only not no yes tool tools mcp server everything anything something nothing everyone anyone someone thing stuff right now currently current okay ok hey s t re ll ve d m'.split(' '),
);

/**
 * words() as regular expressions: its definition, which it follows character for character, and
 * how it reads the rare text with a character LOWERS_TO_ASCII finds.
 */
export function wordsByPattern(text: string): string[] {
  return text
    .replace(/([A-Z]{2,})s\b/g, '$1') // PRs, getURLs, IDs: an acronym's plural, not P + Rs
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const stemWord = (word: string): string => (word.length <= 3 || /\d/.test(word) ? word : stemmer(word));

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
    const own = wordsByPattern(phrase);
    if (own.length < 2) continue;
    const stems = own.map(stemWord);
    const list = table.get(stems[0]!) ?? [];
    list.push({ words: own, stems, term: stemWord(word) });
    table.set(stems[0]!, list);
  }
  for (const list of table.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return table;
})();

/** A word as the folding reads it, looked up once per word read. */
interface Lexeme {
  /** Lower case, as words() gives it. */
  word: string;
  stem: string;
  stop: boolean;
  /** The phrases this word can open, by their second word's stem, longest first (see phraseAt). */
  phrases: ReadonlyMap<string, readonly Phrase[]> | undefined;
}

/**
 * The phrases a word can open: those of its stem that it opens as written or as a verb form
 * ("shutting down", "logged in"), but not as a plural ("the error logs in grafana" is not "log
 * in"). That is the same in every text, so it is settled once per word, not per word read. By
 * their second stem, which the next word must have: the words of the 649-tool pool open some
 * 140,000 phrases by their stem alone, and few of them get past the next word.
 */
function phrasesOpenedBy(word: string, s: string): ReadonlyMap<string, readonly Phrase[]> | undefined {
  const all = PHRASE_TABLE.get(s);
  if (!all) return undefined;
  const verbForm = /(?:ing|ed)$/.test(word);
  let out: Map<string, Phrase[]> | undefined;
  for (const p of all) {
    if (word !== p.words[0] && !verbForm) continue;
    out ??= new Map();
    const list = out.get(p.stems[1]!);
    if (list) list.push(p);
    else out.set(p.stems[1]!, [p]);
  }
  return out;
}

/** Tools and tasks use a few thousand words; past 32k distinct ones the table starts over (the memory stays bounded). */
const LEXEMES = new WordTable<Lexeme>((word) => {
  const s = stemWord(word);
  return { word, stem: s, stop: STOP.has(word), phrases: phrasesOpenedBy(word, s) };
}, 32_768);

export const stem = (word: string): string => LEXEMES.get(word).stem;

/**
 * How the scanner reads a character: an ASCII letter in either case, a digit, or (0) a separator.
 * Every UTF-16 code unit has an entry: a read past the end of a typed array is slow in V8.
 */
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const CHAR_CLASS = new Uint8Array(65536);
for (let c = 65; c <= 90; c++) CHAR_CLASS[c] = UPPER;
for (let c = 97; c <= 122; c++) CHAR_CLASS[c] = LOWER;
for (let c = 48; c <= 57; c++) CHAR_CLASS[c] = DIGIT;
const S = 115;
const UNDERSCORE = 95;
/** What the end of a text reads as: it ends a word as a space does. */
const SPACE = 32;
/** İ and the Kelvin sign: the only characters beyond ASCII whose lower case has a letter a-z in it, so they make words. */
const LOWERS_TO_ASCII = /[\u0130\u212a]/;

/**
 * The last scan's words, the first `count` that scan returned (the rest are older): one array for
 * every text, as indexing a catalog scans some 80,000 words. Each caller reads it before it scans
 * again, and nothing it calls meanwhile scans.
 */
const scanned: Lexeme[] = [];

/**
 * A text's words into `scanned`, returning how many; wordsByPattern in one pass, each word looked
 * up by its characters as they are read. A word is a run of ASCII letters and digits, split before
 * an upper-case letter after a lower-case one or a digit (readText → read, text), and before the
 * last capital of a run that a lower-case letter follows (XMLHttp → xml, http), unless that letter
 * is an acronym's plural s ending the word, which goes (PRs → pr; not IDs_x, an underscore does not end it).
 */
function scan(text: string): number {
  let count = 0;
  if (LOWERS_TO_ASCII.test(text)) {
    for (const w of wordsByPattern(text)) scanned[count++] = LEXEMES.get(w);
    return count;
  }
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && !CHAR_CLASS[text.charCodeAt(i)]) i++;
    if (i === n) break;
    let from = i;
    let previous = CHAR_CLASS[text.charCodeAt(i)];
    let hash = hashStep(HASH_START, text.charCodeAt(i) | 32);
    let end = -1;
    for (i++; i < n; i++) {
      const c = text.charCodeAt(i);
      const current = CHAR_CLASS[c];
      if (!current) break;
      if (current === UPPER && (previous !== UPPER || (i + 1 < n && CHAR_CLASS[text.charCodeAt(i + 1)] === LOWER))) {
        if (previous === UPPER && text.charCodeAt(i + 1) === S) {
          const after = i + 2 < n ? text.charCodeAt(i + 2) : SPACE;
          if (!CHAR_CLASS[after] && after !== UNDERSCORE) {
            hash = hashStep(hash, c | 32);
            end = i + 1;
            i += 2;
            break;
          }
        }
        scanned[count++] = LEXEMES.inText(text, from, i, hash);
        from = i;
        hash = HASH_START;
      }
      hash = hashStep(hash, c | 32);
      previous = current;
    }
    scanned[count++] = LEXEMES.inText(text, from, end < 0 ? i : end, hash);
  }
  return count;
}

/** `readTextFile`, `read_text_file`, `read-text-file`, `mcp__fs__read` → read, text, file… */
export function words(text: string): string[] {
  const count = scan(text);
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) out[i] = scanned[i]!.word;
  return out;
}

/**
 * The phrase starting at word i of `count` scanned. The last word compares by stem ("pull
 * requests" is "pull request"); a word between the first and the last as written or as a verb
 * form, as the first does (phrasesOpenedBy).
 */
function phraseAt(i: number, count: number): Phrase | undefined {
  const byNext = scanned[i]!.phrases;
  if (!byNext || i + 1 >= count) return undefined;
  const candidates = byNext.get(scanned[i + 1]!.stem);
  if (!candidates) return undefined;
  for (const p of candidates) {
    const last = p.words.length - 1;
    if (i + last >= count) continue;
    let all = true;
    for (let j = 1; j <= last && all; j++) {
      const { word, stem: s } = scanned[i + j]!;
      all = j === last ? s === p.stems[j] : word === p.words[j] || (s === p.stems[j] && /(?:ing|ed)$/.test(word));
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

/** The group of the phrase at scanned word i: its folded word, then its own content words, each once. */
function phraseGroup(i: number, phrase: Phrase): string[] {
  const last = phrase.stems.length - 1;
  const particle = last > 0 && PARTICLES.has(scanned[i + last]!.word) && phrasalVerb(scanned[i]!.word);
  const own = new Set<string>();
  for (let j = 0; j <= last; j++) {
    const { stem: s, stop } = scanned[i + j]!;
    if (!stop && !(particle && j === last) && s !== phrase.term) own.add(s);
  }
  return [phrase.term, ...own];
}

/**
 * A text's terms in groups: a plain word is a group of one; a phrase is its folded word followed
 * by its own content words ("pull requests" → [pr, pull, request]). The words stay because a
 * phrase can still match by accident: folding adds the phrase's meaning without taking the words
 * away; a phrasal verb's particle goes. Stop words are dropped after folding, so "log in" is still a phrase.
 */
export function termGroups(text: string): string[][] {
  const count = scan(text);
  const out: string[][] = [];
  for (let i = 0; i < count; i++) {
    const phrase = phraseAt(i, count);
    if (phrase) {
      out.push(phraseGroup(i, phrase));
      i += phrase.stems.length - 1;
    } else if (!scanned[i]!.stop) out.push([scanned[i]!.stem]);
  }
  return out;
}

/**
 * Index and query terms: words stemmed, phrases folded into the one word they stand for (their
 * words kept too), stop words out. Tool text and tasks go through the same folding, so "pull
 * request" in a tool's name and "PR" in a task meet as the same term.
 */
export function terms(text: string): string[] {
  // termGroups flattened as it goes: an array per word was most of the garbage indexing a catalog made.
  const count = scan(text);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const phrase = phraseAt(i, count);
    if (phrase) {
      for (const term of phraseGroup(i, phrase)) out.push(term);
      i += phrase.stems.length - 1;
    } else if (!scanned[i]!.stop) out.push(scanned[i]!.stem);
  }
  return out;
}

export const isStopWord = (word: string): boolean => STOP.has(word);
