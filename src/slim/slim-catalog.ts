import type { Catalog, RawTool } from '../catalog/types.js';
import { measureTool } from '../cost/measure.js';
import { familyOf } from './family.js';
import { renderManuals } from './manual.js';
import { DEFAULT_PRESET, PRESETS, type SlimPolicy } from './policy.js';
import { standardWording } from './standard-wording.js';
import { SLIM_STEPS } from './steps/index.js';
import type { Removal, SlimTool } from './types.js';
import { verifySlim, type Violation } from './verify.js';
import { factCheck, type MissingSentence } from './fact-check.js';

export interface SlimResult {
  policy: SlimPolicy;
  tools: SlimTool[];
  /** The slim catalog: the same servers and tools, slim descriptions and schemas. */
  after: Catalog;
  /** Family name → Markdown manual holding, word for word, what was taken out. */
  manuals: Map<string, string>;
  /** Must be empty before anything is written or served. */
  violations: Violation[];
  /** Removed sentences not found verbatim in the manual: must be empty too. */
  missing: MissingSentence[];
}

function slimTool(tool: RawTool, ctx: Parameters<(typeof SLIM_STEPS)[number]['apply']>[1]): { tool: RawTool; removed: Removal[] } {
  let current = tool;
  const removed: Removal[] = [];
  for (const step of SLIM_STEPS) {
    if (!step.enabled(ctx.policy)) continue;
    const out = step.apply(current, ctx);
    current = out.tool;
    removed.push(...out.removed);
  }
  return { tool: current, removed };
}

/** Slim every tool of a catalog under a policy, then verify it and fact-check the manual. Pure. */
export function slimCatalog(catalog: Catalog, policy: SlimPolicy = PRESETS[DEFAULT_PRESET]): SlimResult {
  const tools: SlimTool[] = [];
  const after: Catalog = {
    ...catalog,
    servers: catalog.servers.map((server) => {
      const ctx = { server: server.name, policy, standardWording: policy.unifyParameters ? standardWording(server.tools) : new Map<string, string>() };
      const slimTools = server.tools.map((before) => {
        const { tool, removed } = slimTool(before, ctx);
        tools.push({
          server: server.name,
          family: familyOf(server.name, before, server.tools, policy),
          before,
          after: tool,
          removed,
          cost: { before: measureTool(server.name, before), after: measureTool(server.name, tool) },
        });
        return tool;
      });
      return { ...server, tools: slimTools };
    }),
  };
  const manuals = renderManuals(tools);
  return { policy, tools, after, manuals, violations: verifySlim(catalog, after, { openObjects: policy.openObjects }), missing: factCheck(tools, manuals) };
}
