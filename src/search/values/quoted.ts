import type { Detector } from './detector.js';

/**
 * Quoted text is usually a value to type or look for, not a word about which tool to use. A quote
 * opens after a non-letter and closes before one, so "what's … where's" is not a quotation.
 */
export const QUOTED = /(?<![\p{L}\p{N}])(["'])(?:(?!\1).){1,80}\1(?![\p{L}\p{N}])/gu;

export const quoted: Detector = { name: 'quoted', kind: 'quoted', implies: [], replace: QUOTED };
