import { hasDigit, type Detector } from './detector.js';

/** "48.8584, 2.2945": a latitude and longitude. */
export const coordinates: Detector = {
  name: 'coordinates',
  kind: 'coordinates',
  implies: [['coordinates', 'latitude', 'longitude']],
  when: hasDigit,
  replace: /(?<![$€£¥\d.])-?\b\d{1,3}\.\d{2,}\s*,\s*-?\d{1,3}\.\d{2,}\b/g,
};
