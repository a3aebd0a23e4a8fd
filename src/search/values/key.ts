import type { Detector } from './detector.js';

/** "user:1001:prefs", "cache:home": a key in a key-value store (not "9:15", a URL or "a:first-child"). */
export const key: Detector = {
  name: 'key',
  kind: 'key',
  implies: [['key']],
  replace: /(?<![\w:.-])[a-z][\w-]*:(?!first|last|nth|hover|focus|not\b)[\w.*-]+(?::[\w.*-]+)*(?![\w:(])/g,
};
