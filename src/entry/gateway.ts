/**
 * `mcp-slim/gateway`: what a program needs to run the gateway that `mcp-slim serve` runs:
 * its configuration, the wiring (assembleGateway), and the two ways to serve it (an SDK server
 * per session on any transport, or Streamable HTTP). Upstreams come from `mcp-slim/sources`
 * (client configs) or the configuration's own "upstreams".
 */

export type { GatewayConfig, GatewayMode, ToolState } from '../gateway/types.js';
export { loadGatewayConfig, toolState, GATEWAY_MODES, type LoadGatewayConfigOptions } from '../gateway/config/index.js';
export { assembleGateway, type Assembled } from '../gateway/assemble.js';
export type { Gateway } from '../gateway/gateway.js';
export type { ResultGuard, SessionInfo } from '../gateway/gateway-session.js';
export { createSessionServer } from '../gateway/mcp-server.js';
// stdio: the SDK's transport with the gateway's line buffer (no 10 MiB cliff, oversized messages answered).
export { stdioServerTransport } from '../gateway/stdio-server.js';
export { startHttpGateway, isLoopback, type HttpGateway, type HttpOptions } from '../gateway/http-server.js';
export { guardResult, ResultStore } from '../gateway/result-guard.js';
