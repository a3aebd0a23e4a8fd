import { hasDigit, type Detector } from './detector.js';

/**
 * "(100,400)", "at 300,220", "x=200 y=150", "drag from 20,20 to 240,160", "send the cursor to
 * 640,360": a position on a screen, in pixels. Without brackets "1,500" is a number and "March 3,
 * 2025" a date, so the bare form needs a word of place (or a drag or the mouse) before it, and no
 * year after the comma.
 */
export const pixels: Detector = {
  name: 'pixels',
  kind: 'pixels',
  implies: [['x', 'y', 'xy']],
  when: hasDigit,
  replace:
    /\(\s*\d{1,5}\s*,\s*\d{1,5}\s*\)|\b(?=\d)(?<=\b(?:at|coordinates|position|point|pixels?|click|tap|hover)\s)\d{1,5},\s?(?!(?:19|20)\d\d\b)\d{1,5}\b(?![\d.,])|\bfrom(?<=\b(?:drag|dragging|drags|draw|drawing|swipe|move|moving|mouse|cursor|pointer)\b[^.;]{0,40}from)\s+\d{1,4},\s?\d{1,4}\s+to\s+\d{1,4},\s?\d{1,4}\b(?![\d.,])|\bto(?<=\b(?:mouse|cursor|pointer)\b[^.;,]{0,20}\bto)\s\d{1,4},\s?\d{1,4}\b(?![\d.,])|\bx\s*[=:]\s*\d+[\s,]+y\s*[=:]\s*\d+/g,
};
