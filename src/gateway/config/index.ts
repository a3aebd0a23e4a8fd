/** The configuration of `mcp-slim serve`: see docs/gateway-config.md. */
export { loadGatewayConfig, gatewayConfigLocations, possibleGatewayConfigLocations, projectRoot, userGatewayConfigFile, GATEWAY_CONFIG_FILE } from './load.js';
export type { GatewayConfigLocation, LoadGatewayConfigOptions } from './load.js';
export { parseGatewayConfigText, type ParseOptions } from './parse.js';
export { mergeLayers, type MergeOptions } from './merge.js';
export { toolDecision, toolState, type ToolDecision } from './tool-state.js';
export { groupExpander } from './groups.js';
export { unknownAgent, unmatchedPatterns, unmatchedServerPatterns, type LiveServer } from './unmatched.js';
export { expandVars } from './expand.js';
export { GATEWAY_MODES, type AgentSection, type GatewayLayer, type GroupRef, type LayerScope } from './layer.js';
export { DEFAULTS as GATEWAY_DEFAULTS } from './keys.js';
