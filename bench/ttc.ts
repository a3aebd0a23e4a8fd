/** TTC against the MCP JSON (seeds/002 measured 66.6% fewer cl100k tokens on 10 tools). */
import { compareTTC } from '../src/ttc/compare.js';
import type { Section } from './sections.js';
import { sharedCatalog } from './_catalogs.js';
import { table } from './_table.js';

const pct = (json: number, ttc: number) => (json ? 100 * (1 - ttc / json) : 0);

export const ttcSection: Section = {
  title: 'ttc: tokens of the MCP JSON against the TTC text (19 real catalogs, 240 tools)',
  async run() {
    const started = performance.now();
    const { servers, total } = compareTTC(sharedCatalog());
    const ms = performance.now() - started;
    const rows = [...servers, total].map((r) => [r.server, r.json.tokens.o200k_base, r.ttc.tokens.o200k_base, pct(r.json.tokens.o200k_base, r.ttc.tokens.o200k_base), r.json.tokens.cl100k_base, r.ttc.tokens.cl100k_base, pct(r.json.tokens.cl100k_base, r.ttc.tokens.cl100k_base)]);
    return `${table(['server', 'JSON o200k', 'TTC o200k', { title: 'saved %', digits: 1 }, 'JSON cl100k', 'TTC cl100k', { title: 'saved %', digits: 1 }], rows)}\n\nrender + count (both encodings, 240 tools): ${ms.toFixed(0)} ms`;
  },
};
