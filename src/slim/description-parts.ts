/**
 * A description as slimming sees it: sentences, the lists they introduce, the bullets that document
 * a parameter, and how a chosen subset of sentences is written back so it splits as it did.
 */
import { blankLineAfter, endsWithAbbreviation, LIST_ITEM, sentences, trailing, type Sentence } from '../text/sentences.js';

export const isItem = (text: string): boolean => LIST_ITEM.test(text);

/** "- literalSearch: …", "* **path**: …", "1) `mode`: …": the parameter a bullet documents. */
const PARAMETER_BULLET = /^(?:[-*•]|\d+[.)])\s*(?:\*\*|`)?([\w.]+)(?:\*\*|`)?\s*:/;

/** The parameter a bullet of a description documents, when it names one of the tool's parameters. */
export function documentedParameter(text: string, params: ReadonlySet<string>): string | undefined {
  const name = PARAMETER_BULLET.exec(text)?.[1];
  return name !== undefined && params.has(name) ? name : undefined;
}

/** Whether the sentence after `p` starts a line of its own without indentation. */
const nextStartsLine = (p: Sentence): boolean => {
  const ws = trailing(p);
  return ws.includes('\n') && !/^(?: {2,}|\t)/.test(ws.slice(ws.lastIndexOf('\n') + 1));
};

/**
 * The parts of a description as list structure: for each sentence, the index of the sentence that
 * introduces the list it belongs to (an item, or a sentence continuing one), or -1. A list starts
 * with an item right after its introduction ("Returns:", "Notes") and runs over items and the
 * sentences that continue them (on the same line, indented, or in lower case); a blank line, or an
 * unindented line that starts a new sentence, ends it unless another item follows.
 */
export function listIntros(parts: readonly Sentence[]): number[] {
  const intro = parts.map(() => -1);
  for (let i = 0; i + 1 < parts.length; i++) {
    if (isItem(parts[i]!.text) || !isItem(parts[i + 1]!.text)) continue;
    let j = i + 1;
    for (; j < parts.length; j++) {
      const prev = parts[j - 1]!;
      if (!isItem(parts[j]!.text) && (blankLineAfter(prev) || (nextStartsLine(prev) && !/^[a-z]/.test(parts[j]!.text)))) break;
      intro[j] = i;
    }
    i = j - 1;
  }
  return intro;
}

/**
 * The kept parts written back as one text, or undefined when no joining splits again into exactly
 * those sentences (the fact check compares sentences). Between parts that were not neighbours: after
 * . ! or ? (not an abbreviation's) a space is a boundary, otherwise only a blank line is; a list's
 * part, or an item, is set off by a blank line so nothing reads as part of a list it was not in.
 */
export function joinKept(parts: readonly Sentence[], keep: readonly boolean[], intro: readonly number[] = listIntros(parts)): string | undefined {
  const chosen = parts.flatMap((p, i) => (keep[i] ? [{ text: p.text, at: i }] : []));
  const inList = (k: { text: string; at: number }) => isItem(k.text) || intro[k.at]! >= 0;
  const joint = (a: { text: string; at: number }, b: { text: string; at: number }): string => {
    // Neighbours in the original keep the whitespace that separated them there (line breaks and
    // indentation included), so they split, and read, as they did: a sentence after a list stays off it.
    if (b.at === a.at + 1) {
      const ws = trailing(parts[a.at]!).replace(/\r/g, '');
      if (/\n[ \t]*\n/.test(ws)) return '\n\n';
      if (ws.includes('\n')) return ws.slice(ws.indexOf('\n'));
      if (ws !== '') return ' ';
    }
    // A label that introduces a list starts a paragraph of its own, off the sentence before it.
    if (inList(a) || isItem(b.text) || intro.includes(b.at)) return '\n\n';
    return /[.!?]$/.test(a.text) && !endsWithAbbreviation(a.text) ? ' ' : '\n\n';
  };
  const join = (sep: typeof joint) => chosen.map((k, i) => (i === chosen.length - 1 ? k.text : `${k.text}${sep(k, chosen[i + 1]!)}`)).join('');
  const splitsAsKept = (text: string) => {
    const again = sentences(text);
    return again.length === chosen.length && again.every((s, i) => s.text === chosen[i]!.text);
  };
  // The joints are chosen to split again as they did; a blank line always does, and when neither
  // does (a bare "2." at the very end), there is no such text.
  const text = join(joint);
  if (splitsAsKept(text)) return text;
  const apart = join(() => '\n\n');
  return splitsAsKept(apart) ? apart : undefined;
}
