import { baseForm, isAction } from '../ttc/verbs.js';

const MORE = /^(?:can|supports?|also|handles?|accepts?)$/i;

/**
 * Whether a sentence says something more the tool does ("Read PDF files and extract content as
 * markdown", "Supports glob patterns", "Can fetch URLs"): it opens with an action, or with
 * can/supports/also. Right after a description's first sentence, such sentences are part of the
 * what, and hold the words a tool is looked for by.
 */
export function statesCapability(text: string): boolean {
  const opening = /^[A-Za-z]+/.exec(text.replace(/^[*_`\s]+/, ''))?.[0] ?? '';
  return MORE.test(opening) || (/^[A-Z][a-z]/.test(opening) && isAction(baseForm(opening)));
}
