import { schemaNodes } from '../schema/walk.js';
import type { RawTool } from '../catalog/types.js';
import { sentences } from '../text/sentences.js';
import type { SlimTool } from './types.js';

export interface MissingSentence {
  server: string;
  tool: string;
  sentence: string;
}

/** The tool's own section of a manual: a sentence must sit under the right heading. */
function sectionOf(manual: string, tool: string): string {
  const start = manual.indexOf(`\n## ${tool}\n`);
  if (start === -1) return '';
  const end = manual.indexOf('\n## ', start + 1);
  return manual.slice(start, end === -1 ? undefined : end);
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
  for (const t of tools) {
    const remaining = new Map<string, number>();
    for (const s of allSentences(t.after)) remaining.set(s, (remaining.get(s) ?? 0) + 1);
    const manual = sectionOf(manuals.get(t.family) ?? '', t.before.name);
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
