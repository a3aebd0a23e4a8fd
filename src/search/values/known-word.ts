import { DOMAIN_WORDS } from '../../vocabulary/index.js';

/** A word the lexicons know, plural or not ("Issues"); not by stem, or "Providence" would be "provide". */
export const knownWord = (word: string): boolean => DOMAIN_WORDS.has(word) || DOMAIN_WORDS.has(word.replace(/(?<=[^aeiou]e?)s$/, '')) || DOMAIN_WORDS.has(word.replace(/es$/, ''));
