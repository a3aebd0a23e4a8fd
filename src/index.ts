/**
 * mcp-slim as a library, everything at once: the three layers below, re-exported so that
 * `import { … } from 'mcp-slim'` keeps working. Loading it loads the MCP SDK's transports and
 * node:http; new code should import the layer it needs:
 * - `mcp-slim/core`: pure functions over data (catalog, counting, budget, lint, slim, TTC, search, reports);
 * - `mcp-slim/sources`: catalogs from live servers and client configs (processes, sockets, files);
 * - `mcp-slim/gateway`: the gateway, for embedding it in another program.
 * Everything exported here is public API; anything else is internal and may change.
 */
export * from './entry/core.js';
export * from './entry/sources.js';
export * from './entry/gateway.js';
