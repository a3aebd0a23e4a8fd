import type { Catalog } from '../catalog/types.js';
import { modelView } from '../cost/model-view.js';
import { addSizes, sizeOf } from '../cost/tokenizer.js';
import type { Size } from '../cost/types.js';
import { renderTTC } from './render.js';
import { serverToTTC } from './to-ttc.js';
import type { Sidecar } from './types.js';

export interface TTCComparison {
  server: string;
  tool?: string;
  /** `JSON.stringify(tool)` as the server sends it: what seeds/002 compared against. */
  json: Size;
  /** What the model reads of the tool (`{name, description, input_schema}`): the fair baseline. */
  modelView: Size;
  ttc: Size;
}

const sums = (rows: readonly TTCComparison[]) => ({
  json: addSizes(rows.map((r) => r.json)),
  modelView: addSizes(rows.map((r) => r.modelView)),
  ttc: addSizes(rows.map((r) => r.ttc)),
});

/** Per tool, per server and in total: tokens of the MCP JSON against the TTC text. Pure. */
export function compareTTC(catalog: Catalog, sidecar?: Sidecar): { tools: TTCComparison[]; servers: TTCComparison[]; total: TTCComparison } {
  const tools: TTCComparison[] = [];
  const servers = catalog.servers.map((server) => {
    const entries = serverToTTC(server.tools, sidecar);
    const rows = server.tools.map((tool, i) => ({
      server: server.name,
      tool: tool.name,
      json: sizeOf(JSON.stringify(tool)),
      modelView: sizeOf(JSON.stringify(modelView(tool))),
      ttc: sizeOf(renderTTC(entries[i]!)),
    }));
    tools.push(...rows);
    return { server: server.name, ...sums(rows) };
  });
  return { tools, servers, total: { server: 'total', ...sums(servers) } };
}
