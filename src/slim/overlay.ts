import type { Catalog, JsonObject, RawTool } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import type { SlimPolicy } from './policy.js';
import type { SlimResult } from './slim-catalog.js';
import { guardsGone, guardViolation } from './fact-check.js';
import { verifyTool, type Violation } from './verify.js';

export const OVERLAY_FORMAT = 'mcp-slim/overlay';

export interface OverlayTool {
  description?: string;
  inputSchema: JsonObject;
  /** The manual file (relative to the overlay) with what was taken out of this tool. */
  manual?: string;
}

/** What `mcp-slim slim` (or `lint --fix`) writes and the gateway serves: new text for the tools that changed. */
export interface Overlay {
  format: typeof OVERLAY_FORMAT;
  version: 1;
  createdAt: string;
  producer: 'slim' | 'lint --fix';
  /** The slim policy, when slim made it. */
  policy?: SlimPolicy;
  /** The verifier's one allowance (SlimPolicy.openObjects): loaders verify with the same. */
  openObjects: boolean;
  servers: Record<string, { tools: Record<string, OverlayTool> }>;
}

/** One tool before and after, with where its removed text went. */
export interface OverlayInput {
  server: string;
  before: RawTool;
  after: RawTool;
  manual?: string;
}

export const manualFile = (family: string): string => `manual/${family.replace(/[^A-Za-z0-9._-]+/g, '_')}.md`;

export function buildOverlay(tools: readonly OverlayInput[], meta: Pick<Overlay, 'producer' | 'policy' | 'openObjects'>, createdAt = new Date().toISOString()): Overlay {
  const servers: Overlay['servers'] = {};
  for (const t of tools) {
    if (JSON.stringify(t.before) === JSON.stringify(t.after)) continue;
    const entry: OverlayTool = {
      ...(typeof t.after.description === 'string' ? { description: t.after.description } : {}),
      inputSchema: (t.after.inputSchema ?? {}) as JsonObject,
      ...(t.manual ? { manual: t.manual } : {}),
    };
    (servers[t.server] ??= { tools: {} }).tools[t.before.name] = entry;
  }
  return { format: OVERLAY_FORMAT, version: 1, createdAt, ...meta, servers };
}

/** The overlay of a slim result: every changed tool, pointing at its section of its family's manual. */
export function overlayFromSlim(result: SlimResult, createdAt?: string): Overlay {
  const tools = result.tools.map((t) => ({ server: t.server, before: t.before, after: t.after, ...(t.removed.length ? { manual: `${manualFile(t.family)}#${t.before.name}` } : {}) }));
  return buildOverlay(tools, { producer: 'slim', policy: result.policy, openObjects: result.policy.openObjects }, createdAt);
}

export function parseOverlay(text: string, file: string): Overlay {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SlimError('config', `${file}: not valid JSON (${(error as Error).message}); write it again with mcp-slim slim --out`);
  }
  const o = data as Partial<Overlay>;
  if (o?.format !== OVERLAY_FORMAT || o.version !== 1 || typeof o.servers !== 'object' || o.servers === null || typeof o.openObjects !== 'boolean') {
    throw new SlimError('config', `${file}: not an mcp-slim overlay (expected "format": "${OVERLAY_FORMAT}", "version": 1); write it with mcp-slim slim --out`);
  }
  return o as Overlay;
}

/**
 * The catalog as the overlay would serve it, each replaced tool checked against the live one: the
 * same schema, and every guard sentence of the live text still shown (the live tool may have changed).
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
      const found = [...verifyTool(tool, slim, server.name, { openObjects: overlay.openObjects }), ...guardsGone(tool, slim).map((g) => guardViolation({ ...g, server: server.name, tool: tool.name }))];
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
