/**
 * A server's long instructions as the gateway serves them (issue 17): an index up front, in
 * `initialize` or with the server's first tool_search match, and each family's part, word for
 * word, with the first result or match of a tool of that family. The split is split/'s.
 */
import type { RawTool } from '../catalog/types.js';
import { splitInstructions, toolRefs, type InstructionFamily } from '../split/index.js';

/** A split that saves less than this share of the instructions is not worth the extra lines: they are served whole. */
const MIN_SAVING = 0.25;

export const PARTS_INTRO = 'Parts of these instructions come word for word with the first result (or tool_search match) of a tool of the family a line names:';

export interface InstructionParts {
  /** What every session gets up front. */
  index: string;
  tokens: { before: number; after: number };
  /** The part that goes with a tool, if any. */
  partOf(tool: string): InstructionFamily | undefined;
}

/**
 * The parts, when the instructions split into families every one of which some tool carries
 * (a part no tool carries would never reach the model: then they are served whole).
 */
export function instructionParts(server: string, instructions: string, tools: readonly RawTool[]): InstructionParts | undefined {
  const refs = toolRefs(server, tools);
  const split = splitInstructions(instructions, { tools: refs, pointer: (name) => name, intro: PARTS_INTRO });
  if (!split.families.length || split.tokens.after > (1 - MIN_SAVING) * split.tokens.before) return undefined;
  const byTool = new Map<string, InstructionFamily>();
  // A part goes with the tools its text names, then with the other tools of their catalog families
  // and of the catalog family its sections were grouped by.
  const familyOfTool = new Map(refs.map((r) => [r.name, r.family]));
  for (const family of split.families) for (const tool of family.tools) if (!byTool.has(tool)) byTool.set(tool, family);
  for (const family of split.families) {
    const catalogFamilies = new Set([...family.tools.map((t) => familyOfTool.get(t)), family.toolFamily]);
    for (const ref of refs) if (!byTool.has(ref.name) && catalogFamilies.has(ref.family)) byTool.set(ref.name, family);
  }
  const carried = new Set(byTool.values());
  if (split.families.some((f) => !carried.has(f))) return undefined;
  return { index: split.index, tokens: split.tokens, partOf: (tool) => byTool.get(tool) };
}
