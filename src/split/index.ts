import { planSplit, type SplitOptions } from './plan.js';

export { planSplit, type PlanFamily, type SplitOptions, type SplitPlan } from './plan.js';
export { assembleSplit, type SplitFiles, type SplitLayout } from './assemble.js';
export { joinSplit } from './join.js';
export { verifySplit } from './verify.js';
export { MANIFEST_FILE, parseManifest, SPLIT_FORMAT, SPLIT_VERSION, type ManifestFamily, type SplitManifest } from './manifest.js';
export { catalogTools, toolRefs, type ToolRef } from './tools.js';

export interface InstructionFamily {
  name: string;
  /** When to read it, as the index says: "before the first use of `a`, `b`; before work on: …". */
  when: string;
  /** Its part of the text, word for word. */
  text: string;
  /** o200k_base tokens it costs when read. */
  tokens: number;
  /** The tools its text mentions, most mentioned first. */
  tools: string[];
  /** The catalog tool family it was grouped by, when `options.tools` put it there. */
  toolFamily?: string;
}

export interface SplitInstructions {
  /** What is loaded every time: the general text and a pointer line per family. */
  index: string;
  families: InstructionFamily[];
  tokens: { before: number; after: number };
}

/**
 * Long instructions (a server's `instructions`, an agent file) as an index and families, for a
 * caller that serves the families itself (the gateway): `options.pointer` says how the index
 * names one (a resource, a tool call). Works on Markdown and on plain paragraphs; with
 * `options.tools`, text goes to the family of the tools it mentions.
 */
export function splitInstructions(text: string, options: SplitOptions = {}): SplitInstructions {
  const plan = planSplit(text, options);
  return {
    index: plan.index.text,
    families: plan.families.map(({ name, when, text: part, tokens, tools, toolFamily }) => ({ name, when, text: part, tokens, tools, ...(toolFamily !== undefined ? { toolFamily } : {}) })),
    tokens: { before: plan.original.tokens, after: plan.index.tokens },
  };
}
