import { basename } from 'node:path';
import { SlimError } from '../errors.js';
import { isJsonObject as isObject } from '../schema/walk.js';
import { redactCatalog } from './redact.js';
import { descriptionMapTools, groupByServer, isDescriptionMap, shapeTool } from './tool-shapes.js';
import { CATALOG_FORMAT, CATALOG_VERSION, type Catalog, type JsonValue, type RawTool, type ServerEntry } from './types.js';

/**
 * A catalog as written by `--save`: stable key order, two-space indent, newline at the end.
 * Origins and failures are redacted here too, whoever calls it: a saved file gets shared.
 */
export function serializeCatalog(catalog: Catalog): string {
  return `${JSON.stringify(redactCatalog(catalog), null, 2)}\n`;
}

export function newCatalog(servers: ServerEntry[], createdAt = new Date().toISOString()): Catalog {
  return { format: CATALOG_FORMAT, version: CATALOG_VERSION, createdAt, servers };
}


/** The server a file's tools belong to when nothing else names it: the file name without `.json`. */
const fileServer = (file: string): string => basename(file).replace(/\.json$/i, '');

/** A tool list of any shape tool-shapes.ts reads, as servers: those its tools name, else one named after the file. */
function toolListCatalog(items: JsonValue[], where: string, file: string): Catalog {
  const shaped = items.map((item, i) => {
    const out = shapeTool(item);
    if (typeof out === 'string') throw new SlimError('config', `${file}: ${where}[${i}] ${out}; every tool needs a name`);
    return out;
  });
  return fromServers(groupByServer(shaped, fileServer(file)), file);
}

function fromServers(servers: Map<string, RawTool[]>, file: string): Catalog {
  return newCatalog([...servers].map(([name, tools]) => ({ name, origin: { transport: 'stdio', command: '(saved tools/list)', args: [], source: { kind: 'cli', file } }, tools })));
}

function checkTools(tools: unknown, where: string, file: string): RawTool[] {
  if (!Array.isArray(tools)) throw new SlimError('config', `${file}: ${where}.tools must be an array of tool objects`);
  tools.forEach((tool, i) => {
    if (!isObject(tool) || typeof tool.name !== 'string') {
      throw new SlimError('config', `${file}: ${where}.tools[${i}] has no string "name"; every tool needs one`);
    }
  });
  return tools as RawTool[];
}

/**
 * Read a saved catalog. Also accepts a raw `tools/list` result (`{"tools": [...]}`), taken as
 * one server named after the file, so a captured listing can be measured without re-wrapping,
 * and the other tool lists tool-shapes.ts reads (a bare array, other APIs' and corpora's keys, a
 * name → description map).
 */
export function parseCatalog(text: string, file: string): Catalog {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SlimError('config', `${file}: not valid JSON (${(error as Error).message}); pass a file written by --save`);
  }
  if (Array.isArray(data)) return toolListCatalog(data, 'item', file);
  if (!isObject(data)) throw new SlimError('config', `${file}: expected a catalog written by --save, a tools/list result or a list of tools`);
  if (data.format === undefined && Array.isArray(data.tools)) return toolListCatalog(data.tools, 'tools', file);
  if (isDescriptionMap(data)) return fromServers(new Map([[fileServer(file), descriptionMapTools(data)]]), file);
  if (data.format === undefined && (isObject(data.mcpServers) || isObject(data.servers) || isObject(data.mcp))) {
    throw new SlimError('config', `${file}: this looks like an MCP client config, not a catalog; pass it with --config ${file}`);
  }
  if (data.format !== CATALOG_FORMAT) {
    throw new SlimError('config', `${file}: "format" is ${JSON.stringify(data.format)}, expected "${CATALOG_FORMAT}"; pass a file written by --save, a tools/list result ({"tools": [...]}), a bare array of tools or a map of tool name to description`);
  }
  if (data.version !== CATALOG_VERSION) {
    throw new SlimError('config', `${file}: catalog version ${JSON.stringify(data.version)} is not supported (this mcp-slim reads version ${CATALOG_VERSION}); save it again with this version`);
  }
  if (!Array.isArray(data.servers)) throw new SlimError('config', `${file}: "servers" must be an array`);
  data.servers.forEach((server, i) => {
    if (!isObject(server) || typeof server.name !== 'string') {
      throw new SlimError('config', `${file}: servers[${i}] needs a string "name"`);
    }
    checkTools(server.tools, `servers[${i}] (${server.name})`, file);
  });
  return data as unknown as Catalog;
}
