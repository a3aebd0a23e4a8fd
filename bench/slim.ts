/**
 * slim: bytes and o200k tokens of the model's view before and after, per server and in total,
 * for each preset, over the 19 saved real catalogs; with the verifier and the fact check.
 */
import { PRESETS, type PresetName } from '../src/slim/policy.js';
import { slimCatalog } from '../src/slim/slim-catalog.js';
import { verifySlim } from '../src/slim/verify.js';
import { slimSummary } from '../src/report/slim-report.js';
import type { Section } from './sections.js';
import { sharedCatalog } from './_catalogs.js';
import { keyValues, table, type Cell } from './_table.js';

const pct = (before: number, after: number) => (before ? 100 * (1 - after / before) : 0);

export const slimSection: Section = {
  title: "slim: the model's view before and after, per preset (19 real catalogs, 240 tools)",
  async run() {
    const catalog = sharedCatalog();
    const out: string[] = [];
    const totals: Cell[][] = [];
    for (const name of Object.keys(PRESETS) as PresetName[]) {
      const started = performance.now();
      const result = slimCatalog(catalog, PRESETS[name]);
      const ms = performance.now() - started;
      const { servers, total } = slimSummary(result);
      if (name === 'max' || name === 'balanced') {
        out.push(`preset ${name}:`);
        out.push(
          table(
            ['server', 'tools', 'bytes', '→ bytes', 'o200k', '→ o200k', { title: 'saved %', digits: 1 }],
            [...servers, total].map((r) => [r.server, r.tools, r.before.bytes, r.after.bytes, r.before.tokens.o200k_base, r.after.tokens.o200k_base, pct(r.before.tokens.o200k_base, r.after.tokens.o200k_base)]),
          ),
          '',
        );
      }
      // The strict verifier (no policy allowance) shows what a policy's declared relaxation costs.
      const strict = verifySlim(catalog, result.after).length;
      totals.push([name, total.before.tokens.o200k_base, total.after.tokens.o200k_base, pct(total.before.tokens.o200k_base, total.after.tokens.o200k_base), total.before.tokens.cl100k_base, total.after.tokens.cl100k_base, result.violations.length, strict, result.missing.length, ms]);
    }
    out.push(
      'all presets:',
      table(['preset', 'o200k', '→ o200k', { title: 'saved %', digits: 1 }, 'cl100k', '→ cl100k', 'violations', 'strict', 'missing', { title: 'ms', digits: 0 }], totals),
      '',
      keyValues([
        ['violations', "verifier under the preset's own policy: must be 0"],
        ['strict', 'verifier with no allowance (max drops additionalProperties:false: counted here)'],
        ['missing', 'removed sentences not found verbatim in the manual: must be 0'],
      ]),
    );
    const bad = totals.filter((r) => r[6] !== 0 || r[8] !== 0);
    if (bad.length) throw new Error(`slim verification failed:\n${out.join('\n')}`);
    return out.join('\n');
  },
};
