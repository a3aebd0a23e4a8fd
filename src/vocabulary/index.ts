/**
 * The shared vocabulary, below search and TTC: the core list and one file per domain, merged.
 * Loaded by import (no file I/O), so the pure core can use it. The domain files were written from
 * general knowledge of tool catalogs and how people ask for tools, without looking at any
 * evaluation query set (bench/search), so the bench measures them honestly. `validate.ts` checks
 * them (test/vocabulary.test.ts).
 */
import colloquial from './lexicon/colloquial.json' with { type: 'json' };
import communication from './lexicon/communication.json' with { type: 'json' };
import core from './lexicon/core.json' with { type: 'json' };
import dataInfra from './lexicon/data-infra.json' with { type: 'json' };
import devCollab from './lexicon/dev-collab.json' with { type: 'json' };
import ecoDev from './lexicon/eco-dev.json' with { type: 'json' };
import ecoWeb from './lexicon/eco-web.json' with { type: 'json' };
import everyday from './lexicon/everyday.json' with { type: 'json' };
import filesShell from './lexicon/files-shell.json' with { type: 'json' };
import webBrowser from './lexicon/web-browser.json' with { type: 'json' };
import { domainWords, lexiconOf, mergeGroups, mergeImplies, mergePhrases } from './merge.js';
import type { DomainLexicon, Lexicon } from './types.js';

export type { DomainLexicon, Lexicon, LexiconFile } from './types.js';

/** In merge order: where two files define one phrase, the earlier one's word is kept. */
export const LEXICON_FILES: readonly DomainLexicon[] = [
  { domain: 'core', file: core },
  { domain: 'files-shell', file: filesShell },
  { domain: 'dev-collab', file: devCollab },
  { domain: 'data-infra', file: dataInfra },
  { domain: 'web-browser', file: webBrowser },
  { domain: 'communication', file: communication },
  { domain: 'everyday', file: everyday },
  { domain: 'colloquial', file: colloquial },
  { domain: 'eco-web', file: ecoWeb },
  { domain: 'eco-dev', file: ecoDev },
];

/** Each domain's entries without their sources. */
export const LEXICONS: readonly Lexicon[] = LEXICON_FILES.map(lexiconOf);

/** Synonym groups: a word found in one also searches the others, at a lower weight. */
export const GROUPS: readonly (readonly string[])[] = mergeGroups(LEXICON_FILES);

/** A user's word → the tool words it implies, from every lexicon. */
export const IMPLIES: ReadonlyMap<string, readonly string[]> = mergeImplies(LEXICON_FILES);

/**
 * Phrases people write for one action or thing ("pull request" → pr), folded into their word before
 * lookup, in tool text and in tasks alike.
 */
export const PHRASES: Readonly<Record<string, string>> = mergePhrases(LEXICON_FILES);

/**
 * Every word the vocabulary knows: the vocabulary of tools and of asking for them. TTC picks a
 * tool's topic tags among these first ("permissions", "pdf"), before words any text has ("clearly").
 */
export const DOMAIN_WORDS: ReadonlySet<string> = domainWords(LEXICON_FILES);
