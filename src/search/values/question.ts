import type { Detector } from './detector.js';

/** A question asks to read something: lean towards tools that get, list or search. No value of its own. */
export const question: Detector = {
  name: 'question',
  kind: undefined,
  implies: [['get', 'list', 'search', 'read']],
  // It opens with a question word, or ends with "?" (trailing spaces aside).
  test: /^\s*(?:what|which|who|where|when|how|is|are|does|do|has|have|any|show)\b|\?\s*$/,
};
