import type { Detector } from './detector.js';
import { FILE_WORDS, recordPath } from './path.js';

/** "in my downloads", "the Desktop folder": a place on disk, a path by another name (not "download" the action). */
export const userFolder: Detector = {
  name: 'user-folder',
  kind: 'path',
  implies: FILE_WORDS,
  // The lookbehind runs only where one of the folders is named at all.
  when: (text) => /downloads|documents|desktop|pictures/.test(text),
  replace: /(?<=\b(?:in|from|to|into|under|inside)\s+(?:my|the)\s)downloads\b|\b(?:downloads|documents|desktop|pictures)(?=\s+(?:folder|directory|dir)\b)/g,
  judge: ({ text }, found) => (recordPath(found, text), ' '),
};
