import type { Catalog, RawTool } from '../catalog/types.js';
import { measureTool } from '../cost/measure.js';
import { familyOf } from './family.js';
import { renderManuals } from './manual.js';
import { DEFAULT_PRESET, PRESETS, type SlimPolicy } from './policy.js';
import { standardWording } from './standard-wording.js';
import { SERVER_STEPS, SLIM_STEPS } from './steps/index.js';
import type { Removal, SlimTool } from './types.js';
import { verifySlim, type Violation } from './verify.js';
import { factCheck, guardCheck, guardViolation, type GuardReport, type MissingSentence } from './fact-check.js';

export interface SlimResult {
  policy: SlimPolicy;
  tools: SlimTool[];
  /** The slim catalog: the same servers and tools, slim descriptions and schemas. */
  after: Catalog;
  /** Family name → Markdown manual holding, word for word, what was taken out. */
  manuals: Map<string, string>;
  /** Must be empty before anything is written or served: schema changes, and guard sentences moved out of view. */
  violations: Violation[];
  /** Removed sentences not found verbatim in the manual: must be empty too. */
  missing: MissingSentence[];
  /** The original tools' guard sentences (warnings, when not to use): kept in the model's view, or missing. */
  guards: GuardReport;
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
      let slim = server.tools.map((before) => slimTool(before, ctx));
      for (const step of SERVER_STEPS) {
        if (!step.enabled(policy)) continue;
        const out = step.apply(
          slim.map((s, i) => ({ before: server.tools[i]!, tool: s.tool })),
          ctx,
        );
        slim = slim.map((s, i) => ({ tool: out[i]!.tool, removed: [...s.removed, ...out[i]!.removed] }));
      }
      server.tools.forEach((before, i) => {
        const { tool, removed } = slim[i]!;
        tools.push({
          server: server.name,
          family: familyOf(server.name, before, server.tools, policy),
          before,
          after: tool,
          removed,
          cost: { before: measureTool(server.name, before), after: measureTool(server.name, tool) },
        });
      });
      return { ...server, tools: slim.map((s) => s.tool) };
    }),
  };
  const manuals = renderManuals(tools);
  const guards = guardCheck(tools);
  const violations = [...verifySlim(catalog, after, { openObjects: policy.openObjects }), ...guards.missing.map(guardViolation)];
  return { policy, tools, after, manuals, violations, missing: factCheck(tools, manuals), guards };
}
