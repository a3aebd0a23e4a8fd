import type { Detector } from './detector.js';

/** "#incidents": a chat channel. */
export const channel: Detector = {
  name: 'channel',
  kind: 'channel',
  implies: [['channel']],
  // "#ffffff" and "#333" are colours, not channels.
  replace: /(?:^|\s)#(?![0-9a-f]{3}\b|[0-9a-f]{6}\b|[0-9a-f]{8}\b)[a-z][\w-]*/g,
};
