/**
 * WHEN lines in the normative form of seeds/002: `user <intent> to <action> <object>`.
 * Derived ones read the description's opening verb, else the tool name's, so selection
 * text stays uniform across servers whose authors wrote no WHEN.
 */
import { nameWords } from './text.js';
import { baseForm, FUNCTION_WORDS, isAction, userAction } from '../text/verbs.js';

export const INTENTS = ['wants', 'requests', 'asks', 'needs', 'intends'] as const;

export type WhenCheck = { ok: true } | { ok: false; reason: string };

/** Checks the normative form; accepts an optional leading `WHEN` or `WHEN:`. */
export function validateWhen(line: string): WhenCheck {
  const words = line.replace(/^\s*WHEN:?(?=\s|$)/, '').trim().split(/\s+/).filter((w) => w !== '');
  const fail = (reason: string): WhenCheck => ({ ok: false, reason });
  const intents = INTENTS.join('|');
  if (words[0] !== 'user') return fail(`must start with "user ${intents} to", found "${words.slice(0, 3).join(' ')}"`);
  const intent = words[1];
  if (!(INTENTS as readonly string[]).includes(intent ?? '')) {
    return fail(`"user" must be followed by an intent verb (${intents}), found ${intent ? `"${intent}"` : 'nothing'}`);
  }
  if (words[2] !== 'to') return fail(`"user ${intent}" must be followed by "to"`);
  const action = words[3];
  if (action === undefined) return fail('missing the action verb after "to"');
  if (!/^[a-z][a-z-]*$/.test(action) || FUNCTION_WORDS.has(action)) {
    return fail(`"${action}" is not an action verb (expected a lower-case verb after "to")`);
  }
  let i = 4;
  // "send or compose an email": more actions joined by or/and; the object comes after them.
  while (words[i] === 'or' || words[i] === 'and') i += 2;
  const object = words.slice(i);
  if (object.length === 0 || object.every((w) => FUNCTION_WORDS.has(w))) {
    return fail(`missing the object after "${words.slice(3, i).join(' ')}"`);
  }
  return { ok: true };
}

/** Words after which the object stops: what follows says how or where, not what. */
const OBJECT_END = new Set(
  `via using with from in into onto by for to at through based including that which so if when while as after before
  since across within without where whose such like on around between along about inside under`.split(/\s+/),
);
const MAX_OBJECT_WORDS = 8;

/** A normative WHEN from the tool's name and its PURPOSE text; always passes `validateWhen`. */
export function deriveWhen(toolName: string, purpose: string): string {
  const when = whenFromWords(toolName, purpose);
  if (validateWhen(when).ok) return when;
  const fallback = `user wants to use ${nameWords(toolName).join(' ')}`;
  return validateWhen(fallback).ok ? fallback : 'user wants to use this tool';
}

function whenFromWords(toolName: string, purpose: string): string {
  const tokens = purpose.split(/\s+/).filter((t) => t !== '');
  const first = baseForm(clean(tokens[0] ?? ''));
  if (isAction(first)) {
    const { actions, next } = actionChain(tokens, first);
    const object = objectPhrase(tokens.slice(next)) || nameObject(toolName, actions) || 'something';
    return `user wants to ${actions.join(' or ')} ${object}`;
  }
  const words = nameWords(toolName);
  const at = words.findIndex(isAction);
  if (at >= 0) {
    const rest = words.slice(at + 1).join(' ') || words.slice(0, at).join(' ') || objectPhrase(tokens) || 'something';
    return `user wants to ${userAction(words[at]!)} ${rest}`;
  }
  return `user wants to use ${words.join(' ')}`;
}

const clean = (token: string): string => token.toLowerCase().replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');

/** "Create or update", "List, create, close, or select": every verb of the opening. */
function actionChain(tokens: string[], first: string): { actions: string[]; next: number } {
  const actions = [userAction(first)];
  let i = 1;
  for (;;) {
    let j = i;
    if (tokens[j] === 'or' || tokens[j] === 'and') j++;
    else if (!tokens[i - 1]?.endsWith(',')) break;
    const raw = tokens[j];
    const verb = baseForm(clean(raw ?? ''));
    // A capitalised word after a comma starts a name ("Get scores, Lighthouse…"), not a verb.
    if (raw === undefined || !isAction(verb) || raw !== raw.toLowerCase()) break;
    if (!actions.includes(userAction(verb))) actions.push(userAction(verb));
    i = j + 1;
  }
  return { actions, next: i };
}

/** The words naming what is acted on, up to a preposition or punctuation; keeps the author's case. */
function objectPhrase(tokens: string[]): string {
  const out: string[] = [];
  for (const [i, token] of tokens.entries()) {
    if (/^[^A-Za-z0-9`'"]/.test(token)) break;
    const word = token.replace(/[,;:.)!?]+$/, '');
    if (out.length > 0 && OBJECT_END.has(word.toLowerCase())) break;
    // "a new tab and load a URL": a second clause, not more of the object.
    if ((word === 'and' || word === 'or') && isAction(baseForm(clean(tokens[i + 1] ?? '')))) break;
    if (word !== '') out.push(word);
    if (word !== token || out.length >= MAX_OBJECT_WORDS) break;
  }
  while (out.length > 0 && FUNCTION_WORDS.has(out[out.length - 1]!.toLowerCase())) out.pop();
  return out.every((w) => FUNCTION_WORDS.has(w.toLowerCase())) ? '' : out.join(' ');
}

/** The tool name's words that are not the action: `get_file_info` acting "get" → "file info". */
function nameObject(toolName: string, actions: readonly string[]): string {
  return nameWords(toolName)
    .filter((w) => !actions.includes(baseForm(w)))
    .join(' ');
}
