import { randomUUID } from 'node:crypto';
import { SlimError } from '../errors.js';
import { isLoopback } from '../gateway/loopback.js';
import { EXIT, type ExitCode } from './exit-code.js';
import type { CliIO } from './io.js';
import { defineCommand } from './command.js';
import { GATEWAY_FLAGS, GATEWAY_SECTIONS, bindError, loadGatewayFromCli, portNumber, probeListen } from './_gateway-config.js';

/** How long a client waits for slow upstreams before the gateway serves what is ready. */
const STARTUP_WAIT_MS = 5000;

export const SERVE = defineCommand({
  name: 'serve',
  summary: 'one MCP server in front of all of yours, with a lean view of them',
  usage: [
    'serve                         upstreams and modes from mcp-slim.config.json (docs/gateway-config.md)',
    'serve --config .mcp.json      the servers of a client config as upstreams',
    'serve --mode full -- npx -y @modelcontextprotocol/server-memory',
    'serve --http --port 7800      Streamable HTTP for several clients (127.0.0.1 by default), the page at /ui',
  ],
  sections: GATEWAY_SECTIONS,
  flags: {
    ...GATEWAY_FLAGS,
    http: { type: 'boolean', help: 'serve Streamable HTTP instead of stdio, and the page at /ui (its address is printed)' },
    'no-ui': { type: 'boolean', help: 'with --http: no page, only the MCP endpoint' },
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

export async function serveCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = SERVE.parse(argv);
  if (values.help) {
    io.stdout.write(`${SERVE.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length) throw new SlimError('usage', `unexpected argument ${JSON.stringify(positionals[0])}; put a server's command after --`);
  const loaded = loadGatewayFromCli(io, values, rest);
  const { config } = loaded;
  const host = values.host ?? config.http.host;
  const port = values.port === undefined ? config.http.port : portNumber(values.port);
  if (values.http && !config.http.token && !isLoopback(host) && !values['allow-remote-without-token']) {
    throw new SlimError('usage', `--host ${host} with no token would let anyone who reaches ${port === 0 ? 'its port' : `port ${port}`} use every upstream; set "http": {"token": "\${MCP_SLIM_TOKEN}"} in mcp-slim.config.json, or pass --allow-remote-without-token on a network you trust`);
  }
  // A port in use is said before the gateway's machinery loads (a second or so), and nothing starts.
  if (values.http) await probeListen(host, port);
  const [{ prepareGateway, untilSignal }, { startHttpGateway }, { followConfigFiles }, { stdioServerTransport }, { createSessionServer }, { pageFor }] = await Promise.all([
    import('./_gateway-setup.js'),
    import('../gateway/http-server.js'),
    import('../gateway/rules-reload.js'),
    import('../gateway/stdio-server.js'),
    import('../gateway/mcp-server.js'),
    import('./ui.js'),
  ]);
  const page = values.http && !values['no-ui'] ? pageFor() : undefined;
  const prepared = prepareGateway(io, loaded, values, 'serve', page?.feed);
  const { gateway, guard, log, notice, agent } = prepared;
  // A client should not wait out a hung upstream's timeout to connect: serve after a few seconds
  // with what is ready; the rest join with list_changed as they come up.
  const started = () => Promise.race([gateway.start(), new Promise((done) => setTimeout(done, STARTUP_WAIT_MS).unref())]);
  const signals = untilSignal();
  // Rules edited while serving (by hand, or from the page) are in force at once.
  const unfollow = followConfigFiles(gateway, prepared.load, notice);
  try {
    if (values.http) {
      // Listen before any upstream starts: a port in use is said at once, and nothing is left running.
      let ready!: () => void;
      const upstreamsStarted = new Promise<void>((done) => (ready = done));
      const ui = page?.handler(prepared, true);
      let served: Awaited<ReturnType<typeof startHttpGateway>>;
      try {
        served = await startHttpGateway(gateway, guard, { host, port, allowedOrigins: config.http.allowedOrigins, ready: upstreamsStarted, ...(config.http.allowedHosts ? { allowedHosts: config.http.allowedHosts } : {}), ...(config.http.token ? { token: config.http.token } : {}), ...(agent ? { agent } : {}), ...(ui ? { ui } : {}) });
      } catch (error) {
        throw bindError(error, host, port);
      }
      const origin = `http://${host.includes(':') ? `[${host}]` : host}:${(served.http.address() as { port: number }).port}`;
      notice(`listening on ${origin}/mcp`);
      if (ui) notice(`page: ${ui.url(origin)}`);
      await started();
      ready();
      await signals.signalled;
      ui?.close();
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
    unfollow();
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
