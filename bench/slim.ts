/**
 * slim: bytes and o200k tokens of the model's view before and after, per server and in total,
 * for each preset, over the 19 saved real catalogs; then the totals over the 20 catalogs outside
 * them (extra + dev, pooled); with the verifier, the fact check and the guard check.
 */
import type { Catalog } from '../src/catalog/types.js';
import { PRESETS, type PresetName } from '../src/slim/policy.js';
import { slimCatalog } from '../src/slim/slim-catalog.js';
import { verifySlim } from '../src/slim/verify.js';
import { slimSummary } from '../src/report/slim-report.js';
import type { Section } from './sections.js';
import { extraDevCatalog, sharedCatalog } from './_catalogs.js';
import { keyValues, table, type Cell } from './_table.js';

const pct = (before: number, after: number) => (before ? 100 * (1 - after / before) : 0);

const TOTAL_COLUMNS = ['preset', 'o200k', '→ o200k', { title: 'saved %', digits: 1 }, 'cl100k', '→ cl100k', 'violations', 'strict', 'missing', 'guards', 'kept', { title: 'ms', digits: 0 }];

interface PresetRun {
  /** One row of TOTAL_COLUMNS. */
  totals: Cell[];
  /** Must all be 0: the verifier under the preset's policy, sentences not in the manual, guards out of view. */
  failures: number;
  /** Per-server table, for the presets shown server by server. */
  servers?: string;
}

function runPreset(catalog: Catalog, name: PresetName, perServer: boolean): PresetRun {
  const started = performance.now();
  const result = slimCatalog(catalog, PRESETS[name]);
  const ms = performance.now() - started;
  const { servers, total } = slimSummary(result);
  // The strict verifier (no policy allowance) shows what a policy's declared relaxation costs.
  const strict = verifySlim(catalog, result.after).length;
  const { kept, missing } = result.guards;
  const before = total.before.tokens;
  const after = total.after.tokens;
  return {
    totals: [name, before.o200k_base, after.o200k_base, pct(before.o200k_base, after.o200k_base), before.cl100k_base, after.cl100k_base, result.violations.length, strict, result.missing.length, kept.length + missing.length, kept.length, ms],
    failures: result.violations.length + result.missing.length + missing.length,
    ...(perServer
      ? {
          servers: table(
            ['server', 'tools', 'bytes', '→ bytes', 'o200k', '→ o200k', { title: 'saved %', digits: 1 }],
            [...servers, total].map((r) => [r.server, r.tools, r.before.bytes, r.after.bytes, r.before.tokens.o200k_base, r.after.tokens.o200k_base, pct(r.before.tokens.o200k_base, r.after.tokens.o200k_base)]),
          ),
        }
      : {}),
  };
}

const toolCount = (catalog: Catalog) => catalog.servers.reduce((n, s) => n + s.tools.length, 0);

export const slimSection: Section = {
  title: "slim: the model's view before and after, per preset (19 shared catalogs, 240 tools; extra + dev, 409 tools)",
  async run() {
    const out: string[] = [];
    let failures = 0;
    const sets = [
      { label: 'shared', catalog: sharedCatalog(), perServer: ['balanced', 'max'] },
      { label: 'extra + dev, pooled', catalog: extraDevCatalog(), perServer: [] },
    ];
    for (const { label, catalog, perServer } of sets) {
      const totals: Cell[][] = [];
      for (const name of Object.keys(PRESETS) as PresetName[]) {
        const run = runPreset(catalog, name, perServer.includes(name));
        if (run.servers) out.push(`preset ${name} (${label}):`, run.servers, '');
        totals.push(run.totals);
        failures += run.failures;
      }
      out.push(`all presets, ${label} (${catalog.servers.length} catalogs, ${toolCount(catalog)} tools):`, table(TOTAL_COLUMNS, totals), '');
    }
    out.push(
      keyValues([
        ['violations', "verifier under the preset's own policy (a guard out of view counts too): must be 0"],
        ['strict', 'verifier with no allowance (max drops additionalProperties:false: counted here)'],
        ['missing', 'removed sentences not found verbatim in the manual: must be 0'],
        ['guards', 'guard sentences (warnings, when not to use) in the original tools'],
        ['kept', "of those, still in the model's view after slimming: must equal guards"],
      ]),
    );
    if (failures) throw new Error(`slim verification failed:\n${out.join('\n')}`);
    return out.join('\n');
  },
};
