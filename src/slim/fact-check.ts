import { schemaNodes } from '../schema/walk.js';
import type { RawTool } from '../catalog/types.js';
import { sentences } from '../text/sentences.js';
import type { SlimTool } from './types.js';

export interface MissingSentence {
  server: string;
  tool: string;
  sentence: string;
}

/**
 * Each tool's own section of its family's manual: a sentence must sit under the right heading. A
 * section ends at the heading of another tool of the family, not at any "## ": a "## Usage" that
 * slimming moved out of a description is text of the section.
 */
function sectionsOf(manual: string, tools: readonly string[]): Map<string, string> {
  const starts = tools
    .map((tool) => [tool, manual.indexOf(`\n## ${tool}\n\n`)] as const)
    .filter(([, at]) => at !== -1)
    .sort((a, b) => a[1] - b[1]);
  return new Map(starts.map(([tool, at], i) => [tool, manual.slice(at, starts[i + 1]?.[1] ?? manual.length)]));
}

/** Every description sentence of a tool (its own and its parameters'), with repeats. */
function allSentences(tool: RawTool): string[] {
  const texts = typeof tool.description === 'string' ? [tool.description] : [];
  for (const node of schemaNodes(tool.inputSchema)) if (typeof node.schema.description === 'string') texts.push(node.schema.description);
  return texts.flatMap((t) => sentences(t).map((s) => s.text));
}

/**
 * seeds/000's second pass: every sentence the slim tool no longer says must be found, verbatim,
 * in its family's manual. Recomputed from the tools before and after, not from the steps' own
 * record of what they removed, so a step that loses text without saying so is caught.
 */
export function factCheck(tools: readonly SlimTool[], manuals: ReadonlyMap<string, string>): MissingSentence[] {
  const missing: MissingSentence[] = [];
  const names = new Map<string, string[]>();
  for (const t of tools) names.set(t.family, [...(names.get(t.family) ?? []), t.before.name]);
  const sections = new Map([...names].map(([family, tools]) => [family, sectionsOf(manuals.get(family) ?? '', tools)]));
  for (const t of tools) {
    const remaining = new Map<string, number>();
    for (const s of allSentences(t.after)) remaining.set(s, (remaining.get(s) ?? 0) + 1);
    const manual = sections.get(t.family)!.get(t.before.name) ?? '';
    for (const s of allSentences(t.before)) {
      const left = remaining.get(s) ?? 0;
      if (left > 0) {
        remaining.set(s, left - 1);
        continue;
      }
      if (!manual.includes(s)) missing.push({ server: t.server, tool: t.before.name, sentence: s });
    }
  }
  return missing;
}
