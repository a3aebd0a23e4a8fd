import pc from 'picocolors';
import type { Catalog } from '../catalog/types.js';
import { modelView } from '../cost/model-view.js';
import { countTokens } from '../cost/tokenizer.js';
import type { CostReport } from '../cost/types.js';
import { deferredListing } from '../defer/meta-tools.js';
import { gatewayFind } from '../client-cost/model.js';
import { PRESETS, type PresetName } from '../slim/policy.js';
import { slimCatalog } from '../slim/slim-catalog.js';
import { slimSummary } from './slim-report.js';
import { formatInt, formatPercent } from './_format.js';

export interface Saving {
  what: string;
  before: number;
  after: number;
  /** The verifier and the fact check both passed. */
  verified: boolean;
  /** Said instead of "verified lossless". */
  note?: string;
}

/**
 * What each slim preset would save on this catalog (o200k tokens of the model's view), and what
 * `mcp-slim serve --mode deferred` lists instead (its fixed search tools and instructions,
 * against every tool plus the servers' instructions).
 */
export function savings(catalog: Catalog, report: CostReport): Saving[] {
  const deferred = deferredListing();
  const deferredTokens = countTokens(JSON.stringify(deferred.tools.map(modelView)), 'o200k_base') + countTokens(deferred.instructions, 'o200k_base');
  const upFront = report.total.modelView.tokens.o200k_base + report.total.instructions.tokens.o200k_base;
  // The definitions' model-view tokens are in the report already.
  const find = gatewayFind(report.tools.map((t) => t.modelView.tokens.o200k_base));
  return [
    ...slimSavings(catalog),
    {
      what: 'serve --mode deferred',
      before: upFront,
      after: deferredTokens,
      verified: true,
      note: `listed up front; each find-and-call then adds about ${formatInt(find.result + find.listing)} (5 matches in the result, then in the listing)`,
    },
  ];
}

function slimSavings(catalog: Catalog): Saving[] {
  return (Object.keys(PRESETS) as PresetName[]).map((name) => {
    const result = slimCatalog(catalog, PRESETS[name]);
    const { total } = slimSummary(result);
    return { what: `slim --preset ${name}`, before: total.before.tokens.o200k_base, after: total.after.tokens.o200k_base, verified: !result.violations.length && !result.missing.length };
  });
}

export function renderSavings(savings: readonly Saving[], color: boolean): string {
  const c = pc.createColors(color);
  const lines = [c.bold('What it would save') + c.dim(" (o200k tokens the model reads up front, every tool kept)")];
  for (const s of savings) {
    const cut = s.before ? 1 - s.after / s.before : 0;
    lines.push(`  ${s.what.padEnd(24)} ${formatInt(s.before).padStart(8)} → ${formatInt(s.after).padStart(8)}  ${c.green(`-${formatPercent(cut)}`)}${s.note ? c.dim(`  ${s.note}`) : s.verified ? c.dim('  verified lossless') : c.red('  FAILED verification')}`);
  }
  return `${lines.join('\n')}\n`;
}
