import pc from 'picocolors';
import type { Catalog } from '../catalog/types.js';
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
}

/** What each slim preset would save on this catalog (o200k tokens of the model's view). */
export function slimSavings(catalog: Catalog): Saving[] {
  return (Object.keys(PRESETS) as PresetName[]).map((name) => {
    const result = slimCatalog(catalog, PRESETS[name]);
    const { total } = slimSummary(result);
    return { what: `slim --preset ${name}`, before: total.before.tokens.o200k_base, after: total.after.tokens.o200k_base, verified: !result.violations.length && !result.missing.length };
  });
}

export function renderSavings(savings: readonly Saving[], color: boolean): string {
  const c = pc.createColors(color);
  const lines = [c.bold('What it would save') + c.dim(" (o200k tokens of the model's view, every tool kept)")];
  for (const s of savings) {
    const cut = s.before ? 1 - s.after / s.before : 0;
    lines.push(`  ${s.what.padEnd(24)} ${formatInt(s.before).padStart(8)} → ${formatInt(s.after).padStart(8)}  ${c.green(`-${formatPercent(cut)}`)}${s.verified ? c.dim('  verified lossless') : c.red('  FAILED verification')}`);
  }
  return `${lines.join('\n')}\n`;
}
