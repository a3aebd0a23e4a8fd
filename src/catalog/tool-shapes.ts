/**
 * Tool lists in the shapes other tools and data sets write, read as MCP tools, so a corpus from a
 * selection benchmark or an agent framework can be measured, slimmed and searched without
 * re-wrapping it by hand:
 *
 * - MCP `tools/list` (`name`, `description`, `inputSchema`): taken exactly as it is;
 * - Anthropic's API (`input_schema`), OpenAI's function tools (`{"type": "function", "function":
 *   {name, description, parameters}}`) and tool corpora (mcpproxy-go's `tool`/`schema`, others'
 *   `tool_name`/`parameters`): renamed to the MCP keys;
 * - a map of tool name → description (MetaTool's `plugin_des.json`).
 *
 * A tool that names its server (`server`, `server_name`) is listed under that server; the others
 * under the server named after the file. Renaming changes what a size measures, so only tools that
 * are not MCP-shaped are renamed.
 */
import { isJsonObject } from '../schema/walk.js';
import type { JsonObject, JsonValue, RawTool } from './types.js';

export const NAME_KEYS = ['name', 'tool', 'tool_name', 'toolName'] as const;
const SCHEMA_KEYS = ['inputSchema', 'input_schema', 'parameters', 'schema', 'input'] as const;
export const SERVER_KEYS = ['server', 'server_name', 'serverName'] as const;
/** Keys of the source shape that the MCP shape says another way: not carried over. */
const RENAMED: ReadonlySet<string> = new Set([...NAME_KEYS, ...SCHEMA_KEYS, ...SERVER_KEYS, 'tool_id', 'toolId', 'id', 'description', 'type', 'function']);

/** Why a list item is not a tool: a message fragment for the caller's error. */
export type ToolShapeError = string;

export interface ShapedTool {
  tool: RawTool;
  /** The server the item names, if it names one. */
  server?: string;
}

export const firstString = (o: JsonObject, keys: readonly string[]): string | undefined => {
  for (const k of keys) if (typeof o[k] === 'string' && o[k] !== '') return o[k] as string;
  return undefined;
};

/** An MCP tool as a server sends it: a string name and an inputSchema (or no schema under any name). */
const isMcpShaped = (item: JsonObject): boolean => typeof item.name === 'string' && (item.inputSchema !== undefined || !SCHEMA_KEYS.some((k) => k in item));

/**
 * One list item → an MCP tool, or why it is not one. An MCP-shaped item is taken exactly as it
 * came, any `server` key included (measure counts its bytes); only items in other shapes are
 * renamed, and only they may name the server they belong to (mcpproxy-go's corpus does).
 */
export function shapeTool(item: JsonValue): ShapedTool | ToolShapeError {
  if (!isJsonObject(item)) return 'is not an object';
  if (isMcpShaped(item)) return { tool: item as RawTool };
  // OpenAI: {"type": "function", "function": {...}}.
  const fn = item.type === 'function' && isJsonObject(item.function) ? item.function : undefined;
  const source = fn ?? item;
  const name = firstString(source, NAME_KEYS);
  if (name === undefined) {
    return fn ? 'is an OpenAI function tool whose "function" has no string "name"' : `has no string "name" (nor ${NAME_KEYS.slice(1).map((k) => `"${k}"`).join(', ')})`;
  }
  const tool: JsonObject = { name };
  if (typeof source.description === 'string') tool.description = source.description;
  const schemaKey = SCHEMA_KEYS.find((k) => isJsonObject(source[k]));
  if (schemaKey) tool.inputSchema = source[schemaKey]!;
  // What the MCP shape has no key for (annotations, titles) stays, under its own name; a
  // corpus's `tool_id` only says server and name again.
  for (const [k, v] of Object.entries(source)) if (!(k in tool) && !RENAMED.has(k)) tool[k] = v;
  const server = firstString(item, SERVER_KEYS);
  return { tool: tool as RawTool, ...(server !== undefined ? { server } : {}) };
}

/** Keys that say a JSON object is a tool, a config or a package file, not a map of tool names. */
const NOT_TOOL_NAMES: ReadonlySet<string> = new Set([...NAME_KEYS, ...SCHEMA_KEYS, ...SERVER_KEYS, 'description', 'type', 'version', '$schema', 'tools', 'servers', 'format', 'mcpServers', 'mcp']);

/**
 * A map of tool name → description (`{"weather": "Get the forecast…"}`, MetaTool's
 * `plugin_des.json`): every value a sentence (words with spaces between), no key that a tool, a
 * catalog, a client config or a package file has. `{"node": "20"}` and `{"type": "module"}` are not.
 */
export function isDescriptionMap(data: JsonObject): boolean {
  const entries = Object.entries(data);
  return entries.length > 0 && entries.every(([k, v]) => !NOT_TOOL_NAMES.has(k) && typeof v === 'string' && /\S\s+\S/.test(v));
}

/**
 * The tools of a description map. Each gets the empty object schema MCP requires of every tool
 * (as `scripts/convert-datasets.ts` gives MetaTool's), so what measure counts is a real tools/list.
 */
export const descriptionMapTools = (data: JsonObject): RawTool[] =>
  Object.entries(data).map(([name, description]) => ({ name, description: description as string, inputSchema: { type: 'object' } }));

/** Tools grouped by the server each names, in order of first appearance; unnamed ones (and an empty list) under `fallback`. */
export function groupByServer(tools: readonly ShapedTool[], fallback: string): Map<string, RawTool[]> {
  const servers = new Map<string, RawTool[]>();
  for (const { tool, server = fallback } of tools) {
    const list = servers.get(server);
    if (list) list.push(tool);
    else servers.set(server, [tool]);
  }
  if (servers.size === 0) servers.set(fallback, []);
  return servers;
}
