import type { DomainLexicon } from './types.js';

/**
 * What the checks need of the tokenizer and the query reader (src/search), passed in so that the
 * vocabulary stays below search: search reads the vocabulary, not the other way round.
 */
export interface Reader {
  /** The words tokenize.ts makes of a text: lower case, split on anything but letters and digits. */
  words(text: string): string[];
  stem(word: string): string;
  isStopWord(word: string): boolean;
  /** The terms a tool's text is indexed by. */
  terms(text: string): string[];
  /** The terms the query reader takes from a task as written (values such as URLs and times set aside). */
  written(task: string): ReadonlySet<string>;
  /** Whether a word as written and a lexicon key are forms of one word, so that the key's entries apply. */
  sameWord(written: string, key: string): boolean;
}

const TOKEN = /^[a-z0-9]+$/;
/** "61c88e6 2026-11-29", and for an entry merged from another file "…; data-infra 4491720 2026-11-29". */
const SOURCE = /^[0-9a-f]{7,40} \d{4}-\d{2}-\d{2}(?:; [a-z0-9-]+ [0-9a-f]{7,40} \d{4}-\d{2}-\d{2})*$/;

/** Forms of a word a user may write: the word, and its regular inflections. */
const formsOf = (w: string): string[] => [w, `${w}s`, `${w}es`, `${w}d`, `${w}ed`, `${w}ing`, ...(w.endsWith('y') ? [`${w.slice(0, -1)}ies`] : []), ...(w.endsWith('e') ? [`${w.slice(0, -1)}ing`] : [])];

/**
 * Every problem of the lexicons, one line each: malformed entries, a key defined twice, a phrase
 * two files fold differently, phrases the tokenizer reads as one, repeated groups, and keys no
 * written word reaches. Empty when the vocabulary is sound.
 */
export function lexiconProblems(lexicons: readonly DomainLexicon[], reader: Reader): string[] {
  const out: string[] = [];
  const phraseTerms = new Set(lexicons.flatMap(({ file }) => file.phrases.filter((p) => reader.words(p.phrase).length >= 2).map((p) => reader.stem(p.word))));
  // A key is found by the stem of a written word and applies to forms of its own word; a stop word
  // is no term, but written beside a word of its stem ("on" by "ones") it is a form of that term.
  const reached = (key: string): boolean => {
    const s = reader.stem(key);
    return phraseTerms.has(s) || formsOf(key).some((w) => reader.written(w).has(s) && (reader.sameWord(w, key) || reader.isStopWord(key)));
  };
  const indexed = (w: string): boolean => reader.terms(w).includes(reader.stem(w));
  const impliesKeys = new Map<string, string>();
  const phrases = new Map<string, { domain: string; word: string }>();
  const readings = new Map<string, { domain: string; phrase: string; word: string }>();
  const groups = new Map<string, string>();
  for (const { domain, file } of lexicons) {
    const at = `${domain}.json`;
    const sourced = (what: string, source: string) => {
      if (!SOURCE.test(source)) out.push(`${at}: ${what} has source "${source}"; write "<commit> <yyyy-mm-dd>", adding "; <domain> <commit> <date>" for an entry merged from another file`);
    };
    const tokens = (what: string, ws: readonly string[]) => {
      for (const w of ws) if (!TOKEN.test(w)) out.push(`${at}: ${what} has "${w}", not one lower-case word of letters and digits (the tokenizer splits or drops the rest)`);
      const repeated = ws.filter((w, i) => ws.indexOf(w) !== i);
      if (repeated.length) out.push(`${at}: ${what} repeats ${repeated.join(', ')}`);
    };
    for (const g of file.groups) {
      const what = `group [${g.words.join(', ')}]`;
      sourced(what, g.source);
      tokens(what, g.words);
      if (g.words.length < 2) out.push(`${at}: ${what} has fewer than two words, so it searches nothing`);
      const key = [...new Set(g.words)].sort().join(' ');
      const first = groups.get(key);
      if (first) out.push(`${at}: ${what} repeats a group of ${first}.json; drop this one`);
      else groups.set(key, domain);
      for (const w of g.words) if (TOKEN.test(w) && !reached(w) && !indexed(w)) out.push(`${at}: ${what}: no word a user writes reaches "${w}", and no tool text is indexed by it`);
    }
    for (const e of file.implies) {
      const what = `implies "${e.word}"`;
      sourced(what, e.source);
      tokens(what, [e.word, ...e.implies]);
      if (e.implies.length === 0) out.push(`${at}: ${what} implies nothing`);
      const first = impliesKeys.get(e.word);
      if (first) out.push(`${at}: ${what} is defined in ${first}.json too; the targets are a union, so merge them into that entry, with both sources`);
      else impliesKeys.set(e.word, domain);
      if (TOKEN.test(e.word) && !reached(e.word)) out.push(`${at}: ${what}: no word a user writes reaches it (the query reader takes it as a value, or drops it)`);
    }
    for (const p of file.phrases) {
      const what = `phrase "${p.phrase}" → ${p.word}`;
      sourced(what, p.source);
      tokens(what, [p.word]);
      if (!/^[a-z0-9]+(?:[ '-][a-z0-9]+)+$/.test(p.phrase)) {
        out.push(`${at}: ${what}: a phrase is two or more lower-case words, apart by a space, "-" or "'"`);
        continue;
      }
      const ws = reader.words(p.phrase);
      if (ws.length < 2) {
        out.push(`${at}: ${what} is one word to the tokenizer, so it never folds`);
        continue;
      }
      const first = phrases.get(p.phrase);
      if (first) {
        out.push(first.word === p.word ? `${at}: ${what} repeats ${first.domain}.json's; drop one` : `${at}: ${what} conflicts with ${first.domain}.json's → ${first.word}; the first file wins, so this one never applies`);
        continue;
      }
      phrases.set(p.phrase, { domain, word: p.word });
      // Matched with the last word by its stem: "pull requests" is "pull request", "pull-request" too.
      const reading = [...ws.slice(0, -1), reader.stem(ws[ws.length - 1]!)].join(' ');
      const same = readings.get(reading);
      if (same) out.push(`${at}: ${what} reads as ${same.domain}.json's "${same.phrase}" → ${same.word} (the same words, the last by its stem); ${same.word === p.word ? 'drop one' : 'only one of them ever applies: keep that one'}`);
      else readings.set(reading, { domain, phrase: p.phrase, word: p.word });
    }
  }
  return out;
}
