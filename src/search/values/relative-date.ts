import type { Detector } from './detector.js';

/** "tomorrow", "last week", "next 7 days", "on Thursday": a day or a span of days, which date-ranged tools take. */
export const relativeDate: Detector = {
  name: 'relative-date',
  kind: 'time',
  implies: [],
  test: /\b(?:today|tomorrow|yesterday|tonight|(?:this|next|last|past)\s+(?:\d+\s+)?(?:days?|weeks?|months?|quarter|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:on|by|until|since)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/,
};
