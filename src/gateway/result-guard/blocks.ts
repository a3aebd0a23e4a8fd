import type { ContentBlock } from '../result-guard.js';

/** Room kept for the note appended to a cut result (a note with every clause is about 80 tokens). */
export const NOTE_RESERVE = 120;

export const textBlock = (text: string): ContentBlock => ({ type: 'text', text });
