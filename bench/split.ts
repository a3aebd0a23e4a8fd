/**
 * split: the two real agent files (always-loaded tokens before and after, per family), then every
 * Markdown file of 3–200 KB under node_modules (READMEs, changelogs, guides written for people:
 * a set nobody tuned the rules on) to show the 30% budget and the verifier hold in general.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { assembleSplit, joinSplit, planSplit, verifySplit, type SplitLayout } from '../src/split/index.js';
import type { Section } from './sections.js';
import { table } from './_table.js';

const ROOT = new URL('../', import.meta.url).pathname;
const layout = (name: string): SplitLayout => ({ original: `../${name}`, index: `../${name}`, family: (f) => `${f}.md` });

function sound(text: string, name: string): { share: number; families: number; met: boolean; ok: boolean } {
  const plan = planSplit(text, { pointer: (f) => `${name}.split/${f}.md` });
  const split = assembleSplit(plan, layout(name));
  const files = new Map(split.files.map((f) => [f.path, f.text]));
  const ok = verifySplit(text, split.manifest, split.files.map((f) => f.text)).length === 0 && joinSplit(split.manifest, (p) => files.get(p)!) === text;
  return { share: plan.budget.share, families: plan.families.length, met: plan.budget.met, ok };
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(dir, f))
    .filter((f) => {
      const size = statSync(f, { throwIfNoEntry: false });
      return size?.isFile() && size.size > 3 * 1024 && size.size < 200 * 1024;
    })
    .sort();
}

export const splitSection: Section = {
  title: 'split: always-loaded tokens before and after (2 real agent files; Markdown under node_modules)',
  async run() {
    const out: string[] = [];
    for (const [file, name] of [['dotnet--aspire--AGENTS.md', 'AGENTS.md'], ['crewAIInc--crewAI--.cursorrules', '.cursorrules']] as const) {
      const text = readFileSync(join(ROOT, 'test/fixtures/instructions', file), 'utf8');
      const plan = planSplit(text, { pointer: (f) => `${name.replace(/^\./, '')}.split/${f}.md` });
      out.push(`${file}: ${plan.original.tokens} → ${plan.index.tokens} o200k tokens always loaded (${(100 * plan.budget.share).toFixed(1)}%)`);
      out.push(table(['family', 'lines', 'o200k'], plan.families.map((f) => [f.name, f.ranges.map(([s, e]) => `${s + 1}-${e}`).join(', '), f.tokens])), '');
    }
    const results = markdownFiles(join(ROOT, 'node_modules')).map((f) => sound(readFileSync(f, 'utf8'), 'X.md'));
    const shares = results.filter((r) => r.families > 0).map((r) => r.share).sort((a, b) => a - b);
    const at = (q: number) => 100 * (shares[Math.min(shares.length - 1, Math.floor(q * shares.length))] ?? 0);
    out.push(table(
      ['files', 'with families', 'verified + joined', 'over 30%', { title: 'median %', digits: 1 }, { title: 'p90 %', digits: 1 }, { title: 'max %', digits: 1 }],
      [[results.length, shares.length, results.filter((r) => r.ok).length, results.filter((r) => !r.met).length, at(0.5), at(0.9), at(1)]],
    ));
    return out.join('\n');
  },
};
