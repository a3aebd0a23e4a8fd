import type { RawTool } from '../catalog/types.js';
import type { ToolCost } from '../cost/types.js';
import type { SlimPolicy } from './policy.js';

/** Text taken out of a tool, kept word for word for the manual. */
export interface Removal {
  /** `description`, or the parameter's path such as `path` or `options.mode`. */
  where: string;
  /** What kind of text: a description sentence, a title, examples, a $comment. */
  what: 'description' | 'title' | 'examples' | 'comment';
  text: string;
}

export interface StepContext {
  server: string;
  policy: SlimPolicy;
  /** wordingKey(name, schema) → the one wording this server's tools should share (from unifyParameters). */
  standardWording: ReadonlyMap<string, string>;
}

/** One slimming step: a pure function from a tool to a smaller tool plus what it took out. */
export interface SlimStep {
  id: string;
  enabled(policy: SlimPolicy): boolean;
  apply(tool: RawTool, ctx: StepContext): { tool: RawTool; removed: Removal[] };
}

export interface SlimTool {
  server: string;
  family: string;
  before: RawTool;
  after: RawTool;
  removed: Removal[];
  cost: { before: ToolCost; after: ToolCost };
}

/** A step over one server's tools at once, after the per-tool steps: it compares the tools. */
export interface ServerStep {
  id: string;
  enabled(policy: SlimPolicy): boolean;
  /** The server's tools as the per-tool steps left them (`tool`), with the originals; in order, each with what the step took out of it. */
  apply(tools: readonly { before: RawTool; tool: RawTool }[], ctx: StepContext): { tool: RawTool; removed: Removal[] }[];
}
