/**
 * What `serve` and `ui` read before they start anything: their flags, the gateway's configuration
 * with the command line over it, and where they listen. Light to load on purpose: a port in use
 * is said before the gateway's machinery (tokenizers, search, the SDK) is loaded.
 */
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { SlimError } from '../errors.js';
import { GATEWAY_MODES, loadGatewayConfig, type LoadGatewayConfigOptions } from '../gateway/config/index.js';
import type { GatewayConfig, GatewayMode } from '../gateway/types.js';
import { loadClientConfigs } from '../sources/client-configs.js';
import type { FlagValues } from './command.js';
import type { CliIO } from './io.js';
import { SOURCE_FLAGS, sourceRequest, sourceSection } from './source-args.js';

// The source flags that mean something to a gateway: not --catalog or --demo, a gateway needs live servers.
const { catalog: _catalog, demo: _demo, ...UPSTREAM_FLAGS } = SOURCE_FLAGS;

/** The flags of every command that runs the gateway's upstreams. */
export const GATEWAY_FLAGS = {
  ...UPSTREAM_FLAGS,
  'gateway-config': { type: 'string', value: 'FILE', help: 'one more mcp-slim.config.json layer, applied last' },
  mode: { type: 'string', value: 'MODE', help: 'full, slim, deferred (default) or phase, for every upstream' },
  overlay: { type: 'string', value: 'FILE', help: 'slim mode: the overlay written by mcp-slim slim' },
  agent: { type: 'string', value: 'NAME', help: 'the agent whose enable/disable rules apply (or MCP_SLIM_AGENT; over HTTP the X-MCP-Slim-Agent header)' },
  host: { type: 'string', value: 'HOST', help: 'where to listen (default 127.0.0.1)' },
} as const;

export const GATEWAY_SECTIONS = { source: sourceSection('Upstreams (added to those of mcp-slim.config.json):'), '': 'Gateway:' };

/** The configuration files with the command line's upstreams and mode over them, checked. */
export function loadGatewayFromCli(io: CliIO, values: FlagValues<typeof GATEWAY_FLAGS>, rest: string[]): { config: GatewayConfig; load: LoadGatewayConfigOptions } {
  const home = io.env.HOME ?? homedir();
  const load: LoadGatewayConfigOptions = { cwd: io.cwd, home, env: io.env, ...(values['gateway-config'] ? { file: values['gateway-config'] } : {}) };
  const config = withFlags(loadGatewayConfig(load), values, rest, io, home);
  if (!config.upstreams.length) throw new SlimError('usage', 'no upstream servers: name them in mcp-slim.config.json ("upstreams"), or pass --config .mcp.json, --url or -- <command>');
  if (config.overlay === undefined && (config.mode === 'slim' || Object.values(config.modes).includes('slim'))) {
    throw new SlimError('usage', 'slim mode needs an overlay: run mcp-slim slim --out DIR, then pass --overlay DIR/overlay.json or set "overlay" in mcp-slim.config.json');
  }
  return { config, load };
}

/**
 * Whether `host:port` can be listened on, tried and let go at once: a port in use is then said
 * before anything heavy loads. The real listen still reports what changed in between.
 */
export async function probeListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  try {
    await new Promise<void>((done, fail) => {
      probe.once('error', fail);
      probe.listen({ host, port, exclusive: true }, () => done());
    });
  } catch (error) {
    throw bindError(error, host, port);
  } finally {
    await new Promise((done) => probe.close(done));
  }
}

/** The command line's upstreams and mode laid over the configuration files. */
function withFlags(config: GatewayConfig, values: FlagValues<typeof GATEWAY_FLAGS>, rest: string[], io: CliIO, home: string): GatewayConfig {
  const request = sourceRequest(values, rest);
  const loaded = request.configFiles.length ? loadClientConfigs(request.configFiles, { env: io.env, cwd: io.cwd, home }) : undefined;
  const extra = [...(loaded?.specs ?? []), ...request.specs];
  const names = new Set(extra.map((s) => s.name));
  const mode = values.mode as GatewayMode | undefined;
  if (mode !== undefined && !GATEWAY_MODES.includes(mode)) throw new SlimError('usage', `--mode must be one of ${GATEWAY_MODES.join(', ')}, got ${JSON.stringify(values.mode)}`);
  const replaced = config.upstreams.filter((s) => names.has(s.name)).map((s) => `the command line's server "${s.name}" replaces the one of the same name in ${s.source.file ?? 'the gateway config'}`);
  return {
    ...config,
    upstreams: [...config.upstreams.filter((s) => !names.has(s.name)), ...extra],
    ...(mode ? { mode, modes: {} } : {}),
    ...(values.overlay ? { overlay: resolve(io.cwd, values.overlay) } : {}),
    timeoutMs: request.timeoutMs === 30_000 ? config.timeoutMs : request.timeoutMs,
    warnings: [...(config.warnings ?? []), ...(loaded?.warnings ?? []), ...(loaded?.skipped ?? []).map((x) => `${x.name}: skipped: ${x.reason}`), ...replaced],
  };
}

/** A listen error as one line that says what to do. */
export function bindError(error: unknown, host: string, port: number): SlimError {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${host}:${port}`;
  const why: Record<string, string> = {
    EADDRINUSE: `port ${port} is already in use; stop what uses it or choose another with --port (--port 0 picks a free one)`,
    EACCES: `no permission to listen on port ${port}; use a port above 1023`,
    EADDRNOTAVAIL: `${host} is not an address of this machine; use 127.0.0.1 or one of its own addresses`,
    ENOTFOUND: `the host name ${host} does not resolve; use 127.0.0.1 or an address of this machine`,
    EAI_AGAIN: `the host name ${host} could not be resolved; use 127.0.0.1 or an address of this machine`,
  };
  return new SlimError('usage', `cannot listen on ${where}: ${(code && why[code]) ?? (error as Error).message}`);
}

export function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new SlimError('usage', `--port must be a port number from 0 to 65535 (0: any free port), got ${JSON.stringify(value)}`);
  return n;
}
