import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { formatMegabytes } from '../util/format.js';
import type { Gateway } from './gateway.js';
import type { ResultGuard } from './gateway-session.js';
import { isLoopback } from './loopback.js';
import { createSessionServer } from './mcp-server.js';

export const AGENT_HEADER = 'x-mcp-slim-agent';

export interface HttpOptions {
  host: string;
  port: number;
  token?: string;
  allowedOrigins: string[];
  /** Agent for clients that do not send the agent header. */
  agent?: string;
  /** Host header values accepted beyond loopback names and this machine's own addresses. */
  allowedHosts?: string[];
  /** Requests wait for this first (the upstreams' start), so the first listing is not empty. */
  ready?: Promise<unknown>;
  /** The page (src/ui/): its paths go there, behind the same Host check, with its own guard. */
  ui?: { handles(url: string | undefined): boolean; handle(req: IncomingMessage, res: ServerResponse): Promise<void> };
}

/** A body before `initialize` is one small JSON object: anything near this is not a client. */
export const MAX_INITIALIZE_BODY_BYTES = 1024 * 1024;
/** One message inside a session (a tool call with big arguments); the stdio gateway allows the same. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export { isLoopback };

/**
 * Host header values a request may carry. A page on another site that rebinds its DNS name to
 * 127.0.0.1 sends its own name as Host: only the names this server is really reached by pass.
 */
export function hostAllowed(header: string | undefined, bound: string, allowed: readonly string[]): boolean {
  if (!header) return false;
  const name = header.replace(/:\d+$/, '').toLowerCase();
  const bare = name.replace(/^\[|\]$/g, '');
  if (isLoopback(name) || bare === bound.toLowerCase().replace(/^\[|\]$/g, '') || allowed.includes(name) || allowed.includes(header)) return true;
  if (bound !== '0.0.0.0' && bound !== '::') return false;
  // Bound to every interface: the machine's own addresses are how other hosts reach it.
  return isIP(bare) !== 0 && Object.values(networkInterfaces()).some((list) => list?.some((a) => a.address === bare));
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Whether a secret someone gave is the one wanted, in time that does not depend on where they differ. */
export function sameSecret(given: string | undefined, wanted: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether an Authorization header carries `token` (as a bearer token, or bare). */
export function tokenMatches(header: string | undefined, token: string): boolean {
  return sameSecret(header?.replace(/^Bearer\s+/i, ''), token);
}

export class BodyTooLarge extends Error {}

/** Read a request body, stopping (and refusing) as soon as it passes `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  return raw ? JSON.parse(raw) : undefined;
}


/** A body over the limit is answered at once and the connection closed, so the rest is never read. */
function tooLarge(res: ServerResponse, limit: number, what: string, inSession: boolean): void {
  res.setHeader('connection', 'close');
  res.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: `${what} is over ${formatMegabytes(limit)}; send less${inSession ? ' (the session goes on)' : ''}` }, id: null }));
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
    if (!hostAllowed(req.headers.host, options.host, options.allowedHosts ?? [])) return reply(res, 403, `host ${JSON.stringify(req.headers.host ?? '')} is not allowed; reach the gateway as localhost, or add the name to http.allowedHosts`);
    // The page shows upstreams while they start: it does not wait for them.
    if (options.ui?.handles(req.url)) return options.ui.handle(req, res);
    if (options.ready) await options.ready;
    const origin = req.headers.origin;
    if (origin && !LOCAL_ORIGIN.test(origin) && !options.allowedOrigins.includes(origin)) return reply(res, 403, `origin ${origin} is not allowed; add it to http.allowedOrigins`);
    if (options.token && !tokenMatches(req.headers.authorization, options.token)) return reply(res, 401, 'missing or wrong bearer token');
    if (!/^\/mcp\/?(\?|$)/.test(req.url ?? '')) return reply(res, 404, 'the MCP endpoint is /mcp');
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing && req.method !== 'POST') {
      existing.lastSeen = Date.now();
      return existing.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return typeof sessionId === 'string' ? reply(res, 404, `unknown session ${sessionId}; start a new one with an initialize request`) : reply(res, 400, 'no session; start one with an initialize request');
    // Every body is read here, within a limit, before anything else sees it: the SDK reads whole bodies.
    const limit = existing ? MAX_MESSAGE_BYTES : MAX_INITIALIZE_BODY_BYTES;
    let body: unknown;
    try {
      body = await readBody(req, limit);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        // A big call on a session that has expired: the client must hear 404 to start a new one.
        if (!existing && typeof sessionId === 'string') {
          res.setHeader('connection', 'close');
          return reply(res, 404, `unknown session ${sessionId}; start a new one with an initialize request`);
        }
        return tooLarge(res, limit, existing ? 'the message' : 'a request before initialize', existing !== undefined);
      }
      return res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'the request body is not JSON' }, id: null }));
    }
    if (existing) {
      existing.lastSeen = Date.now();
      return existing.transport.handleRequest(req, res, body);
    }
    // An unknown (or expired) session is 404, so that clients start a new one, as the spec says.
    if (!isInitializeRequest(body)) return typeof sessionId === 'string' ? reply(res, 404, `unknown session ${sessionId}; start a new one with an initialize request`) : reply(res, 400, 'no session; start one with an initialize request');
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
