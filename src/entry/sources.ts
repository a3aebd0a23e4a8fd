/**
 * `mcp-slim/sources`: where catalogs come from. These start MCP servers as processes, connect
 * to them over HTTP and read client config files; what they return is the plain data that
 * `mcp-slim/core` works on.
 */

export { fetchServer, type FetchOptions } from '../sources/live/fetch-server.js';
export { fetchServers, type FetchProgress } from '../sources/fetch-servers.js';
export { collectCatalog, type CollectEnv, type Collected, type SourceRequest } from '../sources/collect.js';
export { discoverConfigFiles, loadClientConfigs, parseClientConfig, type ConfigContext, type ParsedConfig } from '../sources/client-configs.js';
// Every server process this process started, ended at once: for an exit that cannot wait
// (fetches and the gateway's upstreams alike). A clean stop does not need it.
export { killLiveServers } from '../sources/live/attempt.js';

// The client rules (data/client-rules.json). `parseRuleBook` is pure, but it shares a module with
// the file read, so it lives here until that read moves to its own module.
export { loadRuleBook, RULES_FILE } from '../client-cost/rules-file.js';
