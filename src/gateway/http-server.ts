import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Gateway } from './gateway.js';
import type { ResultGuard } from './gateway-session.js';
import { createSessionServer } from './mcp-server.js';

export const AGENT_HEADER = 'x-mcp-slim-agent';

export interface HttpOptions {
  host: string;
  port: number;
  token?: string;
  allowedOrigins: string[];
  /** Agent for clients that do not send the agent header. */
  agent?: string;
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  return raw ? JSON.parse(raw) : undefined;
}

/**
 * The gateway over Streamable HTTP for shared use: one MCP session (and one SDK Server) per
 * client, bound to 127.0.0.1 unless told otherwise, an optional bearer token, and an Origin check
 * so a web page cannot reach it through DNS rebinding.
 */
/** A session unused this long is closed (clients that vanish without a DELETE). */
const IDLE_MS = 30 * 60_000;
/** More sessions than this at once is refused: each holds a server and a subscription. */
const MAX_SESSIONS = 256;

export interface HttpGateway {
  http: HttpServer;
  /** Close every session and connection, then the listener. */
  close(): Promise<void>;
}

export async function startHttpGateway(gateway: Gateway, guard: ResultGuard, options: HttpOptions): Promise<HttpGateway> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; lastSeen: number }>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    if (origin && !LOCAL_ORIGIN.test(origin) && !options.allowedOrigins.includes(origin)) return reply(res, 403, `origin ${origin} is not allowed; add it to http.allowedOrigins`);
    if (options.token && !tokenMatches(req.headers.authorization, options.token)) return reply(res, 401, 'missing or wrong bearer token');
    if (!req.url?.startsWith('/mcp')) return reply(res, 404, 'the MCP endpoint is /mcp');
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing) {
      existing.lastSeen = Date.now();
      return existing.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return reply(res, 400, 'no such session; start one with an initialize request');
    let body: unknown;
    try {
      body = await readBody(req);
    } catch {
      return reply(res, 400, 'the request body is not JSON');
    }
    if (!isInitializeRequest(body)) return reply(res, 400, typeof sessionId === 'string' ? `unknown session ${sessionId}` : 'no session; start one with an initialize request');
    if (sessions.size >= MAX_SESSIONS) return reply(res, 503, `too many sessions (${MAX_SESSIONS}); close some and retry`);
    const agentHeader = req.headers[AGENT_HEADER];
    const agent = typeof agentHeader === 'string' && agentHeader ? agentHeader : options.agent;
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { transport, lastSeen: Date.now() }),
    });
    const params = (body as { params?: { clientInfo?: { name: string; version: string } } }).params;
    const { server } = createSessionServer(gateway, guard, { session: randomUUID(), ...(agent ? { agent } : {}), ...(params?.clientInfo ? { client: params.clientInfo } : {}) });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    // An initialize the transport refused (a wrong Accept header, say) made no session: nothing
    // will ever close this server, so close it now.
    if (!transport.sessionId) await server.close();
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // One client's broken request must never take the gateway down.
      if (!res.headersSent) reply(res, 500, `internal error: ${(error as Error).message}`);
    });
  });
  const sweeper = setInterval(() => {
    for (const [id, s] of sessions) if (Date.now() - s.lastSeen > IDLE_MS) void s.transport.close().finally(() => sessions.delete(id));
  }, 60_000);
  sweeper.unref();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => resolve());
  });
  return {
    http,
    async close() {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((s) => s.transport.close().catch(() => undefined)));
      sessions.clear();
      const closed = new Promise((done) => http.close(done));
      http.closeAllConnections();
      await closed;
    },
  };
}
