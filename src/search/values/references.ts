import type { Detector } from './detector.js';

/** "pull 77" is GitHub's short way to say pull request 77: rewritten, so the reference below reads it. */
export const pullShorthand: Detector = {
  name: 'pull-shorthand',
  kind: undefined,
  implies: [],
  replace: /\bpull\s+(?=#?\d+\b(?!\s+\w+s\b))/g,
  judge: () => ' pr ',
};

/** "PR 42", "issue 7", "merge request 12": a reference to pass on (not "issue 3 times a day"). */
export const referenceNumber: Detector = {
  name: 'reference-number',
  kind: 'number',
  implies: [],
  test: /\b(?:pr|prs|mr|issue|ticket|pull request|merge request)\s+#?\d+\b(?!\s*(?:times?|x|days?|hours?|minutes?|weeks?)\b)/,
};

/** "#501" is an issue or pull request (and "#incidents" a chat channel). */
export const hashNumber: Detector = {
  name: 'hash-number',
  kind: 'number',
  implies: [['issue', 'pr']],
  replace: /(?:^|\s)#\d+\b/g,
};
