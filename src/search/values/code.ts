import type { Detector } from './detector.js';

/** Script in a task ("document.referrer", "sessionStorage.clear()", "await page.click()"), lower-cased: what evaluate tools take. */
export const code: Detector = {
  name: 'code',
  kind: 'code',
  implies: [['script', 'evaluate', 'javascript']],
  replace: /(?:\bawait\s+)?\b(?:document|window|localstorage|sessionstorage|navigator|location|console|page)\.[\w$]+(?:\([^)]{0,80}\))?(?:\.[\w$]+(?:\([^)]{0,80}\))?)*/g,
};
