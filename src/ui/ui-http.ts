/**
 * The page's HTTP side: the files in the package's `ui/` folder and the JSON API of docs/ui.md,
 * behind the same guard as the MCP endpoint (loopback, Host) plus its own. A browser gets in the
 * way Jupyter's does: the URL printed at start carries a token, which buys an HttpOnly,
 * SameSite=Strict cookie; every request must come from the page's own origin, and every change
 * needs the cookie (or the token as a bearer, for scripts) and a JSON body.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { RuleBook } from '../client-cost/rules.js';
import type { Gateway } from '../gateway/gateway.js';
import type { ResultGuard } from '../gateway/gateway-session.js';
import { BodyTooLarge, hostAllowed, readBody, sameSecret, tokenMatches } from '../gateway/http-server.js';
import { summarizeTrace } from '../gateway/trace-report.js';
import { packageRoot } from '../sources/demo.js';
import type { ScopeWriter } from './scope-writer.js';
import { uiState } from './state.js';
import { TOGGLE_SCOPES, type ToggleRequest, type ToggleScope } from './toggle.js';
import type { TraceFeed } from './trace-feed.js';

export interface UiDeps {
  gateway: Gateway;
  guard: ResultGuard;
  writer: ScopeWriter;
  feed: TraceFeed;
  /** Whether this process also serves MCP (`serve --http`) or only the page (`mcp-slim ui`). */
  serving: boolean;
  rules?: RuleBook;
}

export interface UiHandler {
  /** The secret the printed URL carries. */
  token: string;
  /** `/ui` and `/` requests; anything else is not the page's. */
  handles(url: string | undefined): boolean;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The URL to print for a server listening at `origin` (`http://127.0.0.1:7800`). */
  url(origin: string): string;
  close(): void;
}

const FILES: Record<string, [file: string, type: string]> = {
  '/ui': ['index.html', 'text/html; charset=utf-8'],
  '/ui/': ['index.html', 'text/html; charset=utf-8'],
  '/ui/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/ui/style.css': ['style.css', 'text/css; charset=utf-8'],
};

const HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  // Everything the page uses comes from this server: a script or font from elsewhere cannot load.
  'content-security-policy': "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

/** How often the page is told that the gateway changed (an upstream's state, tools or rules). */
const STATE_POLL_MS = 500;
/** A comment on the event stream now and then, so proxies and the browser keep it open. */
const HEARTBEAT_MS = 15_000;
const MAX_TOGGLE_BODY = 16 * 1024;

const secret = () => randomBytes(24).toString('base64url');

/** Every value of a cookie: a page on another port of this host may set one of the same name (cookies ignore ports), and must not shadow ours. */
function cookiesOf(req: IncomingMessage, name: string): string[] {
  const values: string[] = [];
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...HEADERS, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

const REFUSED_PAGE = (why: string) =>
  `<!doctype html><meta charset="utf-8"><title>mcp-slim</title><p>${why}</p><p>Open the address mcp-slim printed when it started: it carries <code>?token=</code>.</p>`;

/** What the token address answers: the cookie is set, then the page goes to /ui by itself. */
const ENTRY_PAGE = '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/ui"><title>mcp-slim</title><p><a href="/ui">Open the mcp-slim page</a></p>';

/** A toggle request from the page's JSON, or the one-line reason it is not one. */
export function toggleRequest(body: unknown): ToggleRequest | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object';
  const b = body as Record<string, unknown>;
  if (typeof b.server !== 'string' || !b.server) return '"server" must name an upstream';
  if (!TOGGLE_SCOPES.includes(b.scope as ToggleScope)) return `"scope" must be one of ${TOGGLE_SCOPES.join(', ')}`;
  if (typeof b.enabled !== 'boolean') return '"enabled" must be true or false';
  for (const key of ['family', 'tool', 'agent'] as const) if (b[key] !== undefined && (typeof b[key] !== 'string' || !b[key])) return `"${key}" must be a non-empty string`;
  return {
    target: { server: b.server, ...(typeof b.family === 'string' ? { family: b.family } : {}), ...(typeof b.tool === 'string' ? { tool: b.tool } : {}) },
    scope: b.scope as ToggleScope,
    ...(typeof b.agent === 'string' ? { agent: b.agent } : {}),
    enabled: b.enabled,
  };
}

export function createUiHandler(deps: UiDeps): UiHandler {
  const token = secret();
  const session = secret();
  const streams = new Set<ServerResponse>();
  const pageDir = path.join(packageRoot(), 'ui');
  const files = new Map<string, Buffer>();
  const file = (name: string) => {
    let body = files.get(name);
    if (!body) files.set(name, (body = readFileSync(path.join(pageDir, name))));
    return body;
  };
  let stateCache: { key: string; body: string } | undefined;

  const stateBody = (agent: string | undefined) => {
    // Fresh while nothing changed; a down server's retry countdown moves every few seconds.
    const key = `${deps.gateway.version}\u0000${agent ?? ''}\u0000${Math.floor(Date.now() / 5000)}`;
    if (stateCache?.key !== key) stateCache = { key, body: JSON.stringify(uiState({ gateway: deps.gateway, guard: deps.guard, serving: deps.serving, scopes: deps.writer.scopes(), ...(deps.rules ? { rules: deps.rules } : {}), ...(agent ? { agent } : {}) })) };
    return stateCache.body;
  };

  const events = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { ...HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
    res.write('retry: 2000\n\n');
    streams.add(res);
    let version = deps.gateway.version;
    const unsubscribe = deps.feed.subscribe((entry) => res.write(`event: trace\ndata: ${JSON.stringify(entry)}\n\n`));
    const poll = setInterval(() => {
      if (deps.gateway.version === version) return;
      version = deps.gateway.version;
      res.write('event: state\ndata: {}\n\n');
    }, STATE_POLL_MS);
    const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
    const end = () => {
      unsubscribe();
      clearInterval(poll);
      clearInterval(heartbeat);
      streams.delete(res);
    };
    req.once('close', end);
    res.once('close', end);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://page.invalid');
    // Named after the port the browser reached: two gateways behind forwarded ports keep two cookies.
    const cookieName = `mcp-slim-ui-${/:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? req.socket.localPort ?? 0}`;
    const own = `http://${req.headers.host ?? ''}`;
    const given = url.searchParams.get('token');
    // The printed address, opened by the user's browser from anywhere (a terminal, or the file
    // that --open hands over): the one request another site may start, and only with the token.
    if (given !== null && req.method === 'GET' && (url.pathname === '/ui' || url.pathname === '/ui/') && req.headers.origin === undefined) {
      if (!sameSecret(given, token)) return void res.writeHead(401, { ...HEADERS, 'content-type': 'text/html; charset=utf-8' }).end(REFUSED_PAGE('That token is wrong (is this the address of another run?).'));
      // The cookie carries the session from here; the page then moves itself to /ui, a
      // same-origin navigation that sends the cookie and takes the token out of the address bar.
      return void res
        .writeHead(200, { ...HEADERS, 'content-type': 'text/html; charset=utf-8', 'set-cookie': `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/` })
        .end(ENTRY_PAGE);
    }
    // A page on another origin (another port of localhost included) gets nothing: not even reads.
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    if ((origin !== undefined && origin !== own) || (typeof site === 'string' && site !== 'same-origin' && site !== 'none')) {
      return json(res, 403, { error: `requests from ${origin ?? 'another site'} are refused; open the page from the address mcp-slim printed` });
    }
    if (url.pathname === '/') return void res.writeHead(303, { ...HEADERS, location: '/ui' }).end();
    const byCookie = cookiesOf(req, cookieName).some((value) => sameSecret(value, session));
    const byBearer = tokenMatches(req.headers.authorization, token);
    if (!byCookie && !byBearer) {
      if (url.pathname.startsWith('/ui/api/')) return json(res, 401, { error: 'no session: open the address mcp-slim printed (it carries ?token=)' });
      return void res.writeHead(401, { ...HEADERS, 'content-type': 'text/html; charset=utf-8' }).end(REFUSED_PAGE('This page needs its token.'));
    }
    const served = FILES[url.pathname];
    if (served && req.method === 'GET') return void res.writeHead(200, { ...HEADERS, 'content-type': served[1] }).end(file(served[0]));
    if (url.pathname === '/ui/api/state' && req.method === 'GET') {
      const agent = url.searchParams.get('agent') || undefined;
      return void res.writeHead(200, { ...HEADERS, 'content-type': 'application/json; charset=utf-8' }).end(stateBody(agent));
    }
    if (url.pathname === '/ui/api/trace' && req.method === 'GET') {
      const entries = deps.feed.entries();
      return json(res, 200, { entries, summary: summarizeTrace(entries) });
    }
    if (url.pathname === '/ui/api/events' && req.method === 'GET') return events(req, res);
    if (url.pathname === '/ui/api/toggle' && req.method === 'POST') {
      // A change needs the page's own origin said out loud (a cookie alone rides along with any form), or the bearer token.
      if (!byBearer && origin !== own) return json(res, 403, { error: 'a change must come from the page itself' });
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return json(res, 415, { error: 'send the change as application/json' });
      let body: unknown;
      try {
        body = await readBody(req, MAX_TOGGLE_BODY);
      } catch (error) {
        return json(res, 400, { error: `the body is not a JSON change (${error instanceof BodyTooLarge ? 'the request is too large' : (error as Error).message})` });
      }
      const request = toggleRequest(body);
      if (typeof request === 'string') return json(res, 400, { error: request });
      try {
        const outcome = deps.writer.toggle(request);
        return json(res, outcome.status, outcome.body);
      } catch (error) {
        return json(res, 500, { error: (error as Error).message });
      }
    }
    return json(res, 404, { error: `nothing at ${url.pathname}` });
  };

  return {
    token,
    handles: (url) => url === '/' || url === undefined || /^\/(\?|$)/.test(url) || /^\/ui(\/|\?|$)/.test(url),
    handle,
    url: (origin) => `${origin}/ui?token=${token}`,
    close() {
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}

export interface UiServer {
  http: Server;
  origin: string;
  close(): Promise<void>;
}

/** `mcp-slim ui`: the page alone, on its own port, behind the same Host check as the gateway. */
export async function startUiServer(handler: UiHandler, options: { host: string; port: number; allowedHosts?: string[] }): Promise<UiServer> {
  const http = createServer((req, res) => {
    if (!hostAllowed(req.headers.host, options.host, options.allowedHosts ?? [])) return json(res, 403, { error: `host ${JSON.stringify(req.headers.host ?? '')} is not allowed; reach the page as localhost` });
    if (!handler.handles(req.url)) return json(res, 404, { error: 'this is the page of mcp-slim ui: open /ui' });
    handler.handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: (error as Error).message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const port = (http.address() as { port: number }).port;
  return {
    http,
    origin: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    async close() {
      handler.close();
      const closed = new Promise((done) => http.close(done));
      http.closeAllConnections();
      await closed;
    },
  };
}
