import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { SlimError } from '../errors.js';
import { resolve } from 'node:path';
import { assembleGateway } from '../gateway/assemble.js';
import { GATEWAY_MODES, loadGatewayConfig } from '../gateway/config/index.js';
import { unknownAgent, unmatchedPatterns, unmatchedServerPatterns } from '../gateway/config/unmatched.js';
import { isLoopback, startHttpGateway } from '../gateway/http-server.js';
import { stdioServerTransport } from '../gateway/stdio-server.js';
import { killLiveServers } from '../sources/live/attempt.js';
import { createSessionServer } from '../gateway/mcp-server.js';
import type { GatewayConfig, GatewayMode } from '../gateway/types.js';
import { loadClientConfigs } from '../sources/client-configs.js';
import { EXIT, type ExitCode } from './exit-code.js';
import type { CliIO } from './io.js';
import { defineCommand, type FlagValues } from './command.js';
import { SOURCE_FLAGS, sourceRequest, sourceSection } from './source-args.js';

/** How long a client waits for slow upstreams before the gateway serves what is ready. */
const STARTUP_WAIT_MS = 5000;

// The source flags that mean something to a gateway: not --catalog or --demo, a gateway needs live servers.
const { catalog: _catalog, demo: _demo, ...UPSTREAM_FLAGS } = SOURCE_FLAGS;

export const SERVE = defineCommand({
  name: 'serve',
  summary: 'one MCP server in front of all of yours, with a lean view of them',
  usage: [
    'serve                         upstreams and modes from mcp-slim.config.json (docs/gateway-config.md)',
    'serve --config .mcp.json      the servers of a client config as upstreams',
    'serve --mode full -- npx -y @modelcontextprotocol/server-memory',
    'serve --http --port 7800      Streamable HTTP for several clients (127.0.0.1 by default)',
  ],
  sections: { source: sourceSection('Upstreams (added to those of mcp-slim.config.json):'), '': 'Gateway:' },
  flags: {
    ...UPSTREAM_FLAGS,
    'gateway-config': { type: 'string', value: 'FILE', help: 'one more mcp-slim.config.json layer, applied last' },
    mode: { type: 'string', value: 'MODE', help: 'full, slim, deferred (default) or phase, for every upstream' },
    overlay: { type: 'string', value: 'FILE', help: 'slim mode: the overlay written by mcp-slim slim' },
    agent: { type: 'string', value: 'NAME', help: 'the agent whose enable/disable rules apply (or MCP_SLIM_AGENT; over HTTP the X-MCP-Slim-Agent header)' },
    http: { type: 'boolean', help: 'serve Streamable HTTP instead of stdio' },
    host: { type: 'string', value: 'HOST', help: 'where to listen (default 127.0.0.1)' },
    port: { type: 'string', value: 'N', help: 'the port to listen on (default 7800; --port 0 picks a free port)' },
    'allow-remote-without-token': {
      type: 'boolean',
      help: 'listen beyond loopback with no http.token (anyone who reaches the port can use every upstream: only on a network you trust)',
    },
  },
  footer: `Upstreams get only the MCP SDK's safe environment (HOME, PATH, USER, …), the variables listed in
"passEnv", and their own "env": never the rest of yours (docs/gateway.md, "Security").

Exit codes: 0 stopped cleanly, 2 usage or configuration mistake (a port in use included), 3 crash.`,
});

/** The command line's upstreams and mode laid over the configuration files. */
function withFlags(config: GatewayConfig, values: FlagValues<typeof SERVE.flags>, rest: string[], io: CliIO, home: string): GatewayConfig {
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
function bindError(error: unknown, host: string, port: number): SlimError {
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
function untilSignal(): { signalled: Promise<void>; stopping: () => void; dispose: () => void } {
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

export async function serveCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = SERVE.parse(argv);
  if (values.help) {
    io.stdout.write(`${SERVE.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length) throw new SlimError('usage', `unexpected argument ${JSON.stringify(positionals[0])}; put a server's command after --`);
  const home = io.env.HOME ?? homedir();
  const base = loadGatewayConfig({ cwd: io.cwd, home, env: io.env, ...(values['gateway-config'] ? { file: values['gateway-config'] } : {}) });
  const config = withFlags(base, values, rest, io, home);
  if (!config.upstreams.length) throw new SlimError('usage', 'no upstream servers: name them in mcp-slim.config.json ("upstreams"), or pass --config .mcp.json, --url or -- <command>');
  if (config.overlay === undefined && (config.mode === 'slim' || Object.values(config.modes).includes('slim'))) {
    throw new SlimError('usage', 'slim mode needs an overlay: run mcp-slim slim --out DIR, then pass --overlay DIR/overlay.json or set "overlay" in mcp-slim.config.json');
  }
  const host = values.host ?? config.http.host;
  const port = values.port === undefined ? config.http.port : portNumber(values.port);
  if (values.http && !config.http.token && !isLoopback(host) && !values['allow-remote-without-token']) {
    throw new SlimError('usage', `--host ${host} with no token would let anyone who reaches port ${port} use every upstream; set "http": {"token": "\${MCP_SLIM_TOKEN}"} in mcp-slim.config.json, or pass --allow-remote-without-token on a network you trust`);
  }
  const notice = (line: string) => io.stderr.write(`mcp-slim serve: ${line}\n`);
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
  const { gateway, guard, log } = assembleGateway(config, { env: io.env, cwd: io.cwd }, notice);
  gateway.onFirstListing(() => {
    const live = [...gateway.upstreams.values()].filter((u) => u.status === 'ready').map((u) => ({ name: u.name, tools: u.tools.map((t) => t.name) }));
    warnOnce(unmatchedPatterns(config, live));
  });
  // A client should not wait out a hung upstream's timeout to connect: serve after a few seconds
  // with what is ready; the rest join with list_changed as they come up.
  const started = () => Promise.race([gateway.start(), new Promise((done) => setTimeout(done, STARTUP_WAIT_MS).unref())]);
  const signals = untilSignal();
  try {
    if (values.http) {
      // Listen before any upstream starts: a port in use is said at once, and nothing is left running.
      let ready!: () => void;
      const upstreamsStarted = new Promise<void>((done) => (ready = done));
      let served: Awaited<ReturnType<typeof startHttpGateway>>;
      try {
        served = await startHttpGateway(gateway, guard, { host, port, allowedOrigins: config.http.allowedOrigins, ready: upstreamsStarted, ...(config.http.allowedHosts ? { allowedHosts: config.http.allowedHosts } : {}), ...(config.http.token ? { token: config.http.token } : {}), ...(agent ? { agent } : {}) });
      } catch (error) {
        throw bindError(error, host, port);
      }
      notice(`listening on http://${host.includes(':') ? `[${host}]` : host}:${(served.http.address() as { port: number }).port}/mcp`);
      await started();
      ready();
      await signals.signalled;
      await served.close();
    } else {
      await started();
      const { server } = createSessionServer(gateway, guard, { session: `stdio-${randomUUID()}`, ...(agent ? { agent } : {}) });
      const transport = stdioServerTransport(notice);
      const closed = new Promise<void>((done) => {
        transport.onclose = () => done();
        process.stdin.once('end', () => done());
        // A client that stopped reading (EPIPE) has gone away: end as if it closed our input.
        process.stdout.once('error', () => done());
      });
      await server.connect(transport);
      await Promise.race([closed, signals.signalled]);
      await server.close().catch(() => undefined);
    }
  } finally {
    signals.stopping();
    // Every upstream is ended (SIGTERM, then SIGKILL after a grace), with the signal handlers
    // still in place until they are.
    try {
      await gateway.stop();
      await log.close();
    } finally {
      signals.dispose();
    }
  }
  return EXIT.ok;
}

function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new SlimError('usage', `--port must be a port number from 0 to 65535 (0: any free port), got ${JSON.stringify(value)}`);
  return n;
}
