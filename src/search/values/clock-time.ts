import { hasDigit, type Detector } from './detector.js';

/**
 * A time of day ("4pm", "10:30 am", "at 9:15"): what events and schedules are set to. A bare
 * "1:30" only after at/until/by, and not a place in a video.
 */
export const clockTime: Detector = {
  name: 'clock-time',
  kind: 'time',
  implies: [['event', 'calendar', 'schedule', 'meeting']],
  when: hasDigit,
  replace: /\b\d{1,2}(?::[0-5]\d)?\s?(?:am|pm)\b|\b(?=\d)(?<=\b(?:at|until|by)\s)\d{1,2}:[0-5]\d\b(?!\s+(?:in|into|of)\s+(?:the\s+|this\s+|that\s+)?(?:video|clip|recording|song|track|episode))/g,
};
