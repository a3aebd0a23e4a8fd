import type { Detector } from './detector.js';
import { knownWord } from './known-word.js';
import { recordPath } from './path.js';

/** "quokka/garden", "fix/null-check", "images/old": an owner/repo, a branch or a relative path, named rather than described. */
const SLASHED = /(?<![\w./-])[a-z0-9][\w.-]*(?:\/[\w.-]+)+(?![\w/])/g;
/** A day written with slashes: 12/25, 12/25/2026. */
const DATE = /^(?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])(?:\/(?:\d{2}|\d{4}))?$/;
/** Slashed pairs that are words wherever they stand: "into lat/long", "with read/write". */
const WORD_PAIR = /^(?:and\/or|either\/or|input\/output|read\/write|i\/o|tcp\/ip|ci\/cd|lat\/long|lat\/lng|lat\/lon|on\/off|yes\/no|true\/false|pros\/cons)$/;
/** How far around a slashed token the words that say what it is are looked for. */
const NEAR = 16;

/**
 * Whether a slashed token names something rather than pairs two words ("stores/outlets",
 * "rent/own", "EUR/USD"): it has a digit, "-", "_" or ".", or three parts, or it stands where a
 * place is named (after in/into/from/to/of/under/at, before repo/branch/folder/project, or before "to").
 */
function namedBySlash(token: string, before: string, after: string): boolean {
  if (/[\d_.-]/.test(token) || token.split('/').length > 2) return true;
  if (/^\s+(?:repo|repository|branch|folder|directory|dir|project|org|group)\b/.test(after)) return true;
  // "CSV/Excel", "dark/light", "iOS/Android": words the lexicons know pair alternatives wherever they stand.
  if (token.split('/').every(knownWord)) return false;
  return /\b(?:in|into|from|to|of|under|at|on)\s+(?:the\s+)?$/.test(before) || /^\s+(?:to|into)\b/.test(after);
}

export const slashed: Detector = {
  name: 'slashed',
  kind: 'quoted',
  implies: [],
  replace: SLASHED,
  judge: ({ text: m, at, input }, found) => {
    const before = input.slice(Math.max(0, at - NEAR), at);
    if (WORD_PAIR.test(m) || !namedBySlash(m, before, input.slice(at + m.length, at + m.length + NEAR))) return m;
    // "snippets/price-tag.liquid": a file (its extension too long for PATH); "quokka/garden": a name, as if quoted.
    if (/\.[a-z]\w*$/.test(m)) recordPath(found, m);
    else if (DATE.test(m) && (/\/\d{2,4}$/.test(m) || /\b(?:on|by|until|due|before|after|since|from)\s+$/.test(before))) found.values.add('time');
    else found.values.add('quoted');
    return ' ';
  },
};
