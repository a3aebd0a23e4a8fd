import { hasDigit, type Detector } from './detector.js';

/**
 * A size ("1280 by 720", "800x600", "1920×1080", "resize the window to 1280, 720"): what resize and
 * viewport tools take as width and height. Not arithmetic ("multiply 1000 by 2500") or an amount
 * ("from 2023 by 2000 dollars").
 */
export const size: Detector = {
  name: 'size',
  kind: 'size',
  implies: [['width', 'height', 'size']],
  when: hasDigit,
  replace:
    /\b(?=\d)(?<!\b(?:multiply|multiplied|times|divide|divided|from|by|grow|increase|decrease|raise|reduce|cut)\s)(?:\d{3,5}\s*(?:by|[x×])\s*\d{3,5}|\d{2,5}\s*[x×]\s*\d{2,5})\b(?!\s*(?:dollars?|euros?|percent|%|times|users|people|rows|items|records))|\bto(?<=\b(?:resize|viewport|window|screen)\b[^.;]{0,30}\bto)\s\d{3,4},\s?\d{3,4}\b/g,
};
