import type { Catalog, RawTool } from '../catalog/types.js';
import { addSplits, splitBytes } from './byte-split.js';
import { modelView } from './model-view.js';
import { addSizes, sizeOf, ZERO_SIZE } from './tokenizer.js';
import type { CostReport, ServerCost, ToolCost } from './types.js';

/** Claude Code keeps the first 4,096 characters of a tool description (seeds/000). */
export const CLAUDE_CODE_DESCRIPTION_LIMIT = 4096;

export interface MeasureOptions {
  descriptionLimit?: number;
}

/** Cost of one tool as sent (`JSON.stringify(tool)`) and as the model sees it. */
export function measureTool(server: string, tool: RawTool, descriptionLimit = CLAUDE_CODE_DESCRIPTION_LIMIT): ToolCost {
  const description = typeof tool.description === 'string' ? tool.description : '';
  // Characters as a client counts them (UTF-16 code units, JavaScript's String length).
  const descriptionChars = description.length;
  return {
    server,
    name: tool.name,
    wire: sizeOf(JSON.stringify(tool)),
    modelView: sizeOf(JSON.stringify(modelView(tool))),
    split: splitBytes(tool),
    descriptionChars,
    descriptionOverLimit: descriptionChars > descriptionLimit,
  };
}

/** The cost of every tool and server of a catalog. Pure: the same catalog gives the same report. */
export function measureCatalog(catalog: Catalog, options: MeasureOptions = {}): CostReport {
  const limit = options.descriptionLimit ?? CLAUDE_CODE_DESCRIPTION_LIMIT;
  const tools: ToolCost[] = [];
  const servers: ServerCost[] = catalog.servers.map((server) => {
    const costs = server.tools.map((tool) => measureTool(server.name, tool, limit));
    tools.push(...costs);
    return {
      name: server.name,
      toolCount: costs.length,
      wire: addSizes(costs.map((c) => c.wire)),
      modelView: addSizes(costs.map((c) => c.modelView)),
      split: addSplits(costs.map((c) => c.split)),
      instructions: server.instructions ? sizeOf(server.instructions) : ZERO_SIZE,
      failed: server.failure !== undefined,
    };
  });
  return {
    tools,
    servers,
    total: {
      serverCount: servers.length,
      failedServerCount: servers.filter((s) => s.failed).length,
      toolCount: tools.length,
      wire: addSizes(servers.map((s) => s.wire)),
      modelView: addSizes(servers.map((s) => s.modelView)),
      split: addSplits(servers.map((s) => s.split)),
      instructions: addSizes(servers.map((s) => s.instructions)),
    },
    overLimit: tools.filter((t) => t.descriptionOverLimit).map((t) => `${t.server}/${t.name}`),
    descriptionLimit: limit,
  };
}
