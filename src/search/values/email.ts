import type { Detector } from './detector.js';

/** An e-mail address: a value to send to or look up. First, so its host is not read as a web address. */
export const email: Detector = {
  name: 'email',
  kind: 'email',
  implies: [['email']],
  // Not git@github.com:org/repo, which is a remote.
  replace: /\b[\w.+-]+@[\w-]+\.[\w.]+\b(?!:)/g,
};
