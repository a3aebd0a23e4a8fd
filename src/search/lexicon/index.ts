/**
 * Every lexicon the search reads, merged: the core vocabulary and one file per domain. The domain
 * files were written from general knowledge of tool catalogs and how people ask for tools, without
 * looking at any evaluation query set (bench/search), so the bench measures them honestly.
 */
import { CORE } from '../vocabulary.js';
import { LEXICON as CLI_JARGON } from './cli-jargon.js';
import { LEXICON as COLLOQUIAL } from './colloquial.js';
import { LEXICON as COMMUNICATION } from './communication.js';
import { LEXICON as DATA_INFRA } from './data-infra.js';
import { LEXICON as DEV_COLLAB } from './dev-collab.js';
import { LEXICON as ECO_DEV } from './eco-dev.js';
import { LEXICON as ECO_PERSONAL } from './eco-personal.js';
import { LEXICON as ECO_WEB } from './eco-web.js';
import { LEXICON as EVERYDAY } from './everyday.js';
import { LEXICON as FILES_SHELL } from './files-shell.js';
import { LEXICON as OBJECTS } from './objects.js';
import type { Lexicon } from './types.js';
import { LEXICON as WEB_BROWSER } from './web-browser.js';

export const LEXICONS: readonly Lexicon[] = [CORE, FILES_SHELL, DEV_COLLAB, DATA_INFRA, WEB_BROWSER, COMMUNICATION, EVERYDAY, COLLOQUIAL, ECO_WEB, ECO_PERSONAL, ECO_DEV, CLI_JARGON, OBJECTS];

export const GROUPS: readonly (readonly string[])[] = LEXICONS.flatMap((l) => l.groups);

/** A user's word → the tool words it implies, from every lexicon. */
export const IMPLIES: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>();
  for (const l of LEXICONS) for (const [word, targets] of Object.entries(l.implies)) {
    const set = map.get(word) ?? new Set<string>();
    for (const t of targets) set.add(t);
    map.set(word, set);
  }
  return new Map([...map].map(([w, set]) => [w, [...set]]));
})();

/**
 * Every word the lexicons know: the vocabulary of tools and of asking for them. TTC picks a
 * tool's topic tags among these first ("permissions", "pdf"), before words any text has ("clearly").
 */
export const DOMAIN_WORDS: ReadonlySet<string> = new Set(
  LEXICONS.flatMap((l) => [...l.groups.flat(), ...Object.keys(l.implies), ...Object.values(l.implies).flat(), ...Object.values(l.phrases)]),
);

/** Phrase → the one word it folds into; a phrase two lexicons define keeps the first one's word. */
export const PHRASES: Readonly<Record<string, string>> = Object.assign({}, ...[...LEXICONS].reverse().map((l) => l.phrases));
