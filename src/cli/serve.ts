import { homedir } from 'node:os';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { SlimError } from '../errors.js';
import { resolve } from 'node:path';
import { assembleGateway } from '../gateway/assemble.js';
import { GATEWAY_MODES, loadGatewayConfig } from '../gateway/config/index.js';
import { startHttpGateway } from '../gateway/http-server.js';
import { createSessionServer } from '../gateway/mcp-server.js';
import type { GatewayConfig, GatewayMode } from '../gateway/types.js';
import { loadClientConfigs } from '../sources/client-configs.js';
import { EXIT, type ExitCode } from './exit-code.js';
import type { CliIO } from './io.js';
import { parseCommandArgs, positiveInt } from './parse-args.js';
import { SOURCE_HELP, SOURCE_OPTIONS, sourceRequest, type SourceValues } from './source-args.js';

/** How long a client waits for slow upstreams before the gateway serves what is ready. */
const STARTUP_WAIT_MS = 5000;

export const SERVE_HELP = `mcp-slim serve: one MCP server in front of all of yours, with a lean view of them

Usage:
  mcp-slim serve                         upstreams and modes from mcp-slim.config.json (docs/gateway-config.md)
  mcp-slim serve --config .mcp.json      the servers of a client config as upstreams
  mcp-slim serve --mode full -- npx -y @modelcontextprotocol/server-memory
  mcp-slim serve --http --port 7800      Streamable HTTP for several clients (127.0.0.1 by default)

Upstreams (added to those of mcp-slim.config.json):
${SOURCE_HELP}

Gateway:
  --gateway-config FILE   one more mcp-slim.config.json layer, applied last
  --mode MODE             full, slim, deferred (default) or phase, for every upstream
  --overlay FILE          slim mode: the overlay written by mcp-slim slim
  --agent NAME            the agent whose enable/disable rules apply (or MCP_SLIM_AGENT; over HTTP
                          the X-MCP-Slim-Agent header)
  --http                  serve Streamable HTTP instead of stdio
  --host HOST --port N    where to listen (default 127.0.0.1:7800)
  -h, --help              this help

Exit codes: 0 stopped cleanly, 2 usage or configuration mistake, 3 crash.`;

const OPTIONS = {
  ...SOURCE_OPTIONS,
  'gateway-config': { type: 'string' },
  mode: { type: 'string' },
  overlay: { type: 'string' },
  agent: { type: 'string' },
  http: { type: 'boolean' },
  host: { type: 'string' },
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface ServeValues extends SourceValues {
  'gateway-config'?: string;
  mode?: string;
  overlay?: string;
  agent?: string;
  http?: boolean;
  host?: string;
  port?: string;
  help?: boolean;
}

/** The command line's upstreams and mode laid over the configuration files. */
function withFlags(config: GatewayConfig, values: ServeValues, rest: string[], io: CliIO, home: string): GatewayConfig {
  const request = sourceRequest(values, rest);
  const fromConfigs = request.configFiles.length ? loadClientConfigs(request.configFiles, { env: io.env, cwd: io.cwd, home }).specs : [];
  const extra = [...fromConfigs, ...request.specs];
  const names = new Set(extra.map((s) => s.name));
  const mode = values.mode as GatewayMode | undefined;
  if (mode !== undefined && !GATEWAY_MODES.includes(mode)) throw new SlimError('usage', `--mode must be one of ${GATEWAY_MODES.join(', ')}, got ${JSON.stringify(values.mode)}`);
  return {
    ...config,
    upstreams: [...config.upstreams.filter((s) => !names.has(s.name)), ...extra],
    ...(mode ? { mode, modes: {} } : {}),
    ...(values.overlay ? { overlay: resolve(io.cwd, values.overlay) } : {}),
    timeoutMs: request.timeoutMs === 30_000 ? config.timeoutMs : request.timeoutMs,
  };
}

export async function serveCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = parseCommandArgs<ServeValues>('serve', argv, OPTIONS);
  if (values.help) {
    io.stdout.write(`${SERVE_HELP}\n`);
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
  const notice = (line: string) => io.stderr.write(`mcp-slim serve: ${line}\n`);
  for (const warning of config.warnings ?? []) notice(`warning: ${warning}`);
  const { gateway, guard, log } = assembleGateway(config, { env: io.env, cwd: io.cwd }, notice);
  // A client should not wait out a hung upstream's timeout to connect: serve after a few seconds
  // with what is ready; the rest join with list_changed as they come up.
  await Promise.race([gateway.start(), new Promise((done) => setTimeout(done, STARTUP_WAIT_MS).unref())]);
  const agent = values.agent ?? io.env.MCP_SLIM_AGENT;

  if (values.http) {
    const host = values.host ?? config.http.host;
    const port = positiveInt('port', values.port, config.http.port);
    const served = await startHttpGateway(gateway, guard, { host, port, allowedOrigins: config.http.allowedOrigins, ...(config.http.token ? { token: config.http.token } : {}), ...(agent ? { agent } : {}) });
    notice(`listening on http://${host}:${(served.http.address() as { port: number }).port}/mcp`);
    await new Promise<void>((done) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        done();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    await served.close();
  } else {
    const { server } = createSessionServer(gateway, guard, { session: `stdio-${process.pid}`, ...(agent ? { agent } : {}) });
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((done) => {
      transport.onclose = () => done();
      process.stdin.once('end', () => done());
    });
    await server.connect(transport);
    await closed;
  }
  await gateway.stop();
  await log.close();
  return EXIT.ok;
}
