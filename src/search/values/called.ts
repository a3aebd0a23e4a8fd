import type { Detector } from './detector.js';
import { knownWord } from './known-word.js';

/**
 * "a folder called deploy/output", "a repo named dotfiles": the name given is a value, as if
 * quoted. Not "named after it", "called twice", "the so-called helper", a #channel or @user (their
 * own shapes), nor a word the lexicons know ("named entity recognition"). One space only: a value
 * already taken out ("titled 'Q3 plan' summarizing") leaves several, and the next word is not it.
 */
const CALLED = /(?<!\bso-)\b(called|named|titled) (?![#@])(?!(?:after|by|for|in|on|with|the|a|an|as|to|from|and|or|it|that|this|me|us|when|once|twice|most|back|out|up|off)\b)([^\s,;!?]+)/g;

export const called: Detector = {
  name: 'called',
  kind: 'quoted',
  implies: [],
  replace: CALLED,
  // Only the name is a value: the verb stays a word of the task.
  judge: ({ text, groups: [verb, name] }, found) => (/^[a-z]+$/.test(name!) && knownWord(name!) ? text : (found.values.add('quoted'), ` ${verb} `)),
};
