import { hasDigit, type Detector } from './detector.js';

/** "2026-12-20": a date. */
export const isoDate: Detector = {
  name: 'iso-date',
  kind: 'time',
  implies: [['date']],
  when: hasDigit,
  replace: /\b(?:19|20)\d\d-[01]\d-[0-3]\d\b/g,
};
