import type { Detector } from './detector.js';

/** SQL in a task, its keywords in capitals as people write them ("SELECT * FROM orders"; not "select the rows from"). */
export const sql: Detector = {
  name: 'sql',
  kind: 'sql',
  implies: [['sql', 'query']],
  written: true,
  test: /\b(?:SELECT\s+[^;]{1,80}?\s+FROM|INSERT\s+INTO|DELETE\s+FROM|CREATE\s+TABLE|ALTER\s+TABLE|UPDATE\s+\w+\s+SET)\b|\bselect\s+\*\s+from\b/,
};
