/**
 * What `serve` and `ui` share: the gateway's configuration (files, then the command line's
 * upstreams and mode), the gateway assembled from it, and the signals that stop it.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { SlimError } from '../errors.js';
import { assembleGateway, type Assembled } from '../gateway/assemble.js';
import { GATEWAY_MODES, loadGatewayConfig, type LoadGatewayConfigOptions } from '../gateway/config/index.js';
import { unknownAgent, unmatchedPatterns, unmatchedServerPatterns } from '../gateway/config/unmatched.js';
import type { AccountingEntry } from '../gateway/accounting.js';
import type { GatewayConfig, GatewayMode } from '../gateway/types.js';
import { killLiveServers } from '../sources/live/attempt.js';
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

export interface PreparedGateway extends Assembled {
  config: GatewayConfig;
  /** How the config files were read: read again when they change. */
  load: LoadGatewayConfigOptions;
  agent?: string;
  notice: (line: string) => void;
}

/** The configuration with the command line over it, checked, and the gateway assembled (not started). */
export function prepareGateway(io: CliIO, values: FlagValues<typeof GATEWAY_FLAGS>, rest: string[], command: string, feed?: { record(entry: AccountingEntry): void }): PreparedGateway {
  const home = io.env.HOME ?? homedir();
  const load: LoadGatewayConfigOptions = { cwd: io.cwd, home, env: io.env, ...(values['gateway-config'] ? { file: values['gateway-config'] } : {}) };
  const config = withFlags(loadGatewayConfig(load), values, rest, io, home);
  if (!config.upstreams.length) throw new SlimError('usage', 'no upstream servers: name them in mcp-slim.config.json ("upstreams"), or pass --config .mcp.json, --url or -- <command>');
  if (config.overlay === undefined && (config.mode === 'slim' || Object.values(config.modes).includes('slim'))) {
    throw new SlimError('usage', 'slim mode needs an overlay: run mcp-slim slim --out DIR, then pass --overlay DIR/overlay.json or set "overlay" in mcp-slim.config.json');
  }
  const notice = (line: string) => io.stderr.write(`mcp-slim ${command}: ${line}\n`);
  if (config.files.length) notice(`config: ${config.files.join(', ')}`);
  for (const warning of config.warnings ?? []) notice(`warning: ${warning}`);
  const agent = values.agent ?? io.env.MCP_SLIM_AGENT;
  // Patterns and agent names that match nothing: the server part now, the tool part once every
  // upstream has answered once (each said once).
  const said = new Set<string>();
  const warnOnce = (warnings: readonly (string | undefined)[]) => {
    for (const w of warnings) if (w && !said.has(w) && said.add(w)) notice(`warning: ${w}`);
  };
  warnOnce([...unmatchedServerPatterns(config), unknownAgent(config, agent)]);
  const assembled = assembleGateway(config, { env: io.env, cwd: io.cwd }, notice, feed);
  assembled.gateway.onFirstListing(() => {
    const live = [...assembled.gateway.upstreams.values()].filter((u) => u.status === 'ready').map((u) => ({ name: u.name, tools: u.tools.map((t) => t.name) }));
    warnOnce(unmatchedPatterns(config, live));
  });
  return { ...assembled, config, load, ...(agent ? { agent } : {}), notice };
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

const SIGNALS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Resolves on SIGINT, SIGTERM or SIGHUP. The handlers stay until dispose(), so a signal that
 * comes while the upstreams are being stopped (a client that closed our input, then sent SIGTERM
 * after its own grace) does not kill us with them still running: a signal once shutdown has
 * begun, or a second one, SIGKILLs every upstream and exits at once, and so does any exit
 * before dispose().
 */
export function untilSignal(): { signalled: Promise<void>; stopping: () => void; dispose: () => void } {
  let done!: () => void;
  const signalled = new Promise<void>((resolve) => (done = resolve));
  let urgent = false;
  const onSignal = (signal: keyof typeof SIGNALS) => {
    if (!urgent) {
      urgent = true;
      return done();
    }
    killLiveServers();
    // The one place besides the bin that exits: a second signal means now.
    process.exit(SIGNALS[signal]);
  };
  const names = Object.keys(SIGNALS) as (keyof typeof SIGNALS)[];
  for (const s of names) process.on(s, onSignal);
  process.once('exit', killLiveServers);
  return {
    signalled,
    stopping: () => void (urgent = true),
    dispose: () => {
      for (const s of names) process.off(s, onSignal);
      process.off('exit', killLiveServers);
    },
  };
}


export function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new SlimError('usage', `--port must be a port number from 0 to 65535 (0: any free port), got ${JSON.stringify(value)}`);
  return n;
}
