import type { Detector } from './detector.js';

/** A web address: reaching it is a step of its own, so it implies the web and navigating. */
export const url: Detector = {
  name: 'url',
  kind: 'url',
  implies: [['url'], ['web'], ['navigate']],
  // A host ends at its top-level domain: "settings.local.json" and "search.test.ts" are files.
  replace: /\b(?:https?:\/\/\S+|(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|ai|co|edu|gov|test|local)(?:[/:]\S*|(?![\w.-]))|localhost(?::\d+)?\S*)/gi,
};
