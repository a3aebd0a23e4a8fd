import type { Catalog, JsonObject, RawTool } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import type { SlimPolicy } from './policy.js';
import type { SlimResult } from './slim-catalog.js';
import { verifyTool, type Violation } from './verify.js';

export const OVERLAY_FORMAT = 'mcp-slim/overlay';

export interface OverlayTool {
  description?: string;
  inputSchema: JsonObject;
  /** The manual file (relative to the overlay) with what was taken out of this tool. */
  manual?: string;
}

/** What `mcp-slim slim` writes and the gateway serves: slim text for the tools that changed. */
export interface Overlay {
  format: typeof OVERLAY_FORMAT;
  version: 1;
  createdAt: string;
  policy: SlimPolicy;
  servers: Record<string, { tools: Record<string, OverlayTool> }>;
}

export const manualFile = (family: string): string => `manual/${family.replace(/[^A-Za-z0-9._-]+/g, '_')}.md`;

export function buildOverlay(result: SlimResult, createdAt = new Date().toISOString()): Overlay {
  const servers: Overlay['servers'] = {};
  for (const t of result.tools) {
    if (JSON.stringify(t.before) === JSON.stringify(t.after)) continue;
    const entry: OverlayTool = {
      ...(typeof t.after.description === 'string' ? { description: t.after.description } : {}),
      inputSchema: (t.after.inputSchema ?? {}) as JsonObject,
      ...(t.removed.length ? { manual: `${manualFile(t.family)}#${t.before.name}` } : {}),
    };
    (servers[t.server] ??= { tools: {} }).tools[t.before.name] = entry;
  }
  return { format: OVERLAY_FORMAT, version: 1, createdAt, policy: result.policy, servers };
}

export function parseOverlay(text: string, file: string): Overlay {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SlimError('config', `${file}: not valid JSON (${(error as Error).message}); write it again with mcp-slim slim --out`);
  }
  const o = data as Partial<Overlay>;
  if (o?.format !== OVERLAY_FORMAT || o.version !== 1 || typeof o.servers !== 'object' || o.servers === null) {
    throw new SlimError('config', `${file}: not an mcp-slim overlay (expected "format": "${OVERLAY_FORMAT}", "version": 1); write it with mcp-slim slim --out`);
  }
  return o as Overlay;
}

/**
 * The catalog as the overlay would serve it, each replaced tool checked against the live one.
 * A tool whose overlay entry fails keeps its original definition (and is reported); tools the
 * overlay does not know are served unchanged.
 */
export function applyOverlay(catalog: Catalog, overlay: Overlay): { catalog: Catalog; violations: Violation[]; replaced: number } {
  const violations: Violation[] = [];
  let replaced = 0;
  const servers = catalog.servers.map((server) => {
    const entries = overlay.servers[server.name]?.tools ?? {};
    const tools = server.tools.map((tool): RawTool => {
      const entry = entries[tool.name];
      if (!entry) return tool;
      const { description: _d, inputSchema: _s, ...rest } = tool;
      const slim: RawTool = { ...rest, name: tool.name, ...(entry.description !== undefined ? { description: entry.description } : {}), inputSchema: entry.inputSchema };
      const found = verifyTool(tool, slim, server.name, { openObjects: overlay.policy.openObjects });
      if (found.length) {
        violations.push(...found);
        return tool;
      }
      replaced++;
      return slim;
    });
    return { ...server, tools };
  });
  return { catalog: { ...catalog, servers }, violations, replaced };
}
