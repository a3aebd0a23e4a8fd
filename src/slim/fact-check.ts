import { describedSentences, sentencesGone } from './described-sentences.js';
import { manualSection } from './manual.js';
import type { RawTool } from '../catalog/types.js';
import { sentences } from '../text/sentences.js';
import type { SlimTool } from './types.js';
import { toolGuards, type GuardSentence } from './guard-sentences.js';
import type { Violation } from './verify.js';

export interface MissingSentence {
  server: string;
  tool: string;
  sentence: string;
}

/**
 * Each tool's own section of its family's manual: a sentence must sit under the right heading.
 * Sections are found in the order they were written, each after the one before and as long as it
 * was written, so a "## other_tool" inside moved text (a code example) is not taken for a heading.
 */
function sectionsOf(manual: string, tools: readonly SlimTool[]): Map<SlimTool, string> {
  const out = new Map<SlimTool, string>();
  let cursor = 0;
  for (const t of tools) {
    if (!t.removed.length) continue;
    const at = manual.indexOf(`\n## ${t.before.name}\n\n`, cursor);
    if (at === -1) continue;
    const length = manualSection(t).length + 1;
    out.set(t, manual.slice(at, at + length));
    cursor = at + length - 1;
  }
  return out;
}

/** Every description sentence of a tool (its own and its parameters'), with repeats. */
function allSentences(tool: RawTool): string[] {
  const own = typeof tool.description === 'string' ? sentences(tool.description).map((s) => s.text) : [];
  return [...own, ...describedSentences(tool.inputSchema).map((s) => s.text)];
}

/**
 * seeds/000's second pass: every sentence the slim tool no longer says must be found, verbatim,
 * in its family's manual. Recomputed from the tools before and after, not from the steps' own
 * record of what they removed, so a step that loses text without saying so is caught.
 */
export function factCheck(tools: readonly SlimTool[], manuals: ReadonlyMap<string, string>): MissingSentence[] {
  const missing: MissingSentence[] = [];
  const families = new Map<string, SlimTool[]>();
  for (const t of tools) families.set(t.family, [...(families.get(t.family) ?? []), t]);
  const sections = new Map([...families].map(([family, members]) => [family, sectionsOf(manuals.get(family) ?? '', members)]));
  for (const t of tools) {
    const manual = sections.get(t.family)!.get(t) ?? '';
    for (const { text } of sentencesGone(allSentences(t.before).map((text) => ({ text })), allSentences(t.after))) {
      if (!manual.includes(text)) missing.push({ server: t.server, tool: t.before.name, sentence: text });
    }
  }
  return missing;
}

export interface ToolGuard extends GuardSentence {
  server: string;
  tool: string;
}

/** The guard sentences of the original tools: those the model still sees, and those it no longer does. */
export interface GuardReport {
  kept: ToolGuard[];
  missing: ToolGuard[];
}

/**
 * The guard sentences of `before` that `after` no longer shows the model: a description's must still
 * be in the description, a parameter's in some description of the schema (inlining a `$ref` moves a
 * parameter's text to where it is used). Counted, like every sentence check here.
 */
export function guardsGone(before: RawTool, after: RawTool, guards: readonly GuardSentence[] = toolGuards(before)): GuardSentence[] {
  const own = typeof after.description === 'string' ? sentences(after.description).map((s) => s.text) : [];
  const params = describedSentences(after.inputSchema).map((s) => s.text);
  return [...sentencesGone(guards.filter((g) => g.where === 'description'), own), ...sentencesGone(guards.filter((g) => g.where !== 'description'), params)];
}

/** The guard check (issue 17): every guard sentence of the original stays where the model reads it. */
export function guardCheck(tools: readonly SlimTool[]): GuardReport {
  const report: GuardReport = { kept: [], missing: [] };
  for (const t of tools) {
    const guards = toolGuards(t.before);
    const gone = new Set(guardsGone(t.before, t.after, guards));
    for (const g of guards) (gone.has(g) ? report.missing : report.kept).push({ ...g, server: t.server, tool: t.before.name });
  }
  return report;
}

/** A missing guard is a violation like a changed schema: nothing is written or served with it. */
export const guardViolation = (g: GuardSentence & { server?: string; tool: string }): Violation => ({
  ...(g.server !== undefined ? { server: g.server } : {}),
  tool: g.tool,
  path: g.path,
  message: `guard sentence moved out of the model's view: ${JSON.stringify(g.text)}`,
});
