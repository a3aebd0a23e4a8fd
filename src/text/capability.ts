import { baseForm, isAction } from './verbs.js';
import { blankLineAfter, LIST_ITEM, type Sentence } from './sentences.js';

const MORE = /^(?:can|supports?|also|handles?|accepts?)$/i;
/** Verbs that tell the caller what to do ("Call this first", "Make sure…", "Wait for…"), not what the tool does. */
const TO_CALLER = new Set(['call', 'make', 'wait', 'check', 'set', 'test', 'ensure', 'pass', 'try', 'avoid', 'remember', 'note', 'consider', 'prefer', 'confirm', 'verify', 'specify', 'provide', 'include', 'keep', 'do', 'use']);
/** After an imperative, a word that points at the call itself ("Call this…", "Read it first"). */
const AT_THE_CALL = new Set(['this', 'it', 'these', 'that', 'them', 'your', 'you', 'me', 'us', 'first', 'before', 'after', 'sure']);
/** After the opening word, a verb that makes it a noun: "Filters are saved views", "Logs are kept a week". */
const NOUN_BEFORE = new Set(['is', 'are', 'was', 'were', 'will', 'should', 'must', 'may', 'can', 'cannot']);

/**
 * Whether a sentence says something more the tool does ("Read PDF files and extract content as
 * markdown", "Supports glob patterns", "Can fetch URLs"): it opens with an action, or with
 * can/supports/also, and is not an instruction to the caller ("Call this first", "Check the
 * status") or a statement about a noun ("Filters are saved views", "Can't be undone"). Right after
 * a description's first sentence, such sentences are part of the what, and hold the words a tool is
 * looked for by.
 */
export function statesCapability(text: string): boolean {
  const m = /^([A-Za-z]+)('?)\S*\s*([A-Za-z]*)/.exec(text.replace(/^[*_`\s]+/, ''));
  if (!m || m[2]) return false;
  const [, opening = '', , following = ''] = m;
  const next = following.toLowerCase();
  if (NOUN_BEFORE.has(next)) return false;
  if (MORE.test(opening)) return next !== 'not';
  if (!/^[A-Z][a-z]/.test(opening)) return false;
  const base = baseForm(opening);
  if (!isAction(base)) return false;
  // An imperative ("Read", not "Reads") may be telling the caller what to do instead.
  const imperative = opening.toLowerCase() === base;
  return !(imperative && (TO_CALLER.has(base) || AT_THE_CALL.has(next)));
}

/**
 * The sentences right after a description's first, on its paragraph (no blank line, no list item
 * between), that say more the tool does: the index just after the last of them (1 when there are
 * none). Slim keeps them; TTC takes its topic tags from them first.
 */
export function capabilityRunEnd(parts: readonly Sentence[]): number {
  let i = 1;
  while (i < parts.length && !blankLineAfter(parts[i - 1]!) && !LIST_ITEM.test(parts[i]!.text) && statesCapability(parts[i]!.text)) i++;
  return i;
}
