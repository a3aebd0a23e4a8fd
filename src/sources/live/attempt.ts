import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { DEFAULT_INHERITED_ENV_VARS, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ChildProcess } from 'node:child_process';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListToolsResultSchema, ResultSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { redactOrigin } from '../../catalog/redact.js';
import type { HttpSpec, JsonObject, ServerOrigin, StdioSpec } from '../../catalog/types.js';
import { DeadlineError } from './failure.js';
import { installLineBuffer, LineBuffer } from './line-buffer.js';
import { formatMegabytes } from '../../util/format.js';
import { StderrTail } from './stderr-tail.js';
import { TapTransport } from './tap-transport.js';

/**
 * Connecting to one server through the SDK, shared by `measure` (one look) and the gateway (a
 * lasting connection): a transport with a tap on it, and listings that follow every page.
 */

/** Where a connection attempt gets its environment and folder. */
export interface AttemptOptions {
  /** The environment the variables below are taken from (the CLI's own). */
  env: Record<string, string | undefined>;
  cwd: string;
  /** Variables passed on as they are, beyond the safe default list (the gateway config's `passEnv`). */
  passEnv?: readonly string[];
  /**
   * `safe` (the default, and the gateway's): the SDK's safe list, `passEnv` and the server's own
   * `env`. `all`: our whole environment under the server's `env`, as a client started from this
   * shell does; `measure` uses it for a one-off look the user started like any command.
   */
  inherit?: 'safe' | 'all';
}

/**
 * The largest single message read from a stdio server: big enough that a 64 MB tool result
 * (JSON-escaped, so larger on the wire) reaches the result guard whole. A bigger one is skipped
 * and its request answered with an error; the connection goes on.
 */
export const MAX_UPSTREAM_MESSAGE_BYTES = 256 * 1024 * 1024;

/** Variables the gateway itself reads; a server never gets them unless its own entry sets them. */
const OWN_VARIABLES = new Set(['MCP_SLIM_TOKEN']);

/**
 * What a stdio server is started with: the MCP SDK's short safe list (HOME, PATH, USER, …), the
 * variables the user chose to pass on, and its own `env` from its config entry. Never the rest of
 * our environment: it holds other servers' tokens and the gateway's own.
 */
export function upstreamEnvironment(spec: StdioSpec, options: AttemptOptions): Record<string, string> {
  const env: Record<string, string> = {};
  const keys = options.inherit === 'all' ? Object.keys(options.env) : [...DEFAULT_INHERITED_ENV_VARS, ...(options.passEnv ?? [])];
  for (const key of keys) {
    const value = options.env[key];
    // Shell functions exported into the environment are a known injection route (the SDK skips them too).
    if (value === undefined || (value.startsWith('()') && options.inherit !== 'all') || OWN_VARIABLES.has(key)) continue;
    env[key] = value;
  }
  for (const [key, value] of Object.entries(spec.env ?? {})) if (value !== undefined) env[key] = value;
  return env;
}

const MAX_PAGES = 1000;

export interface Listing {
  items: JsonObject[];
  pages: number;
  strictError?: string;
}

function oneLineZodError(error: { issues?: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues?.[0];
  if (!issue) return 'rejected by the SDK schema';
  const path = issue.path.map(String).join('.');
  return `${path || '(root)'}: ${issue.message}`;
}

/**
 * Follow `nextCursor` to the end (the v1 SDK's listTools reads one page only), keeping each
 * raw page from the tap. Requests use the SDK's loose result schema so a server the strict
 * schema rejects is still measured; the strict check is run on the raw page for the report.
 */
export async function listAll(client: Client, tap: TapTransport, method: string, key: string, strict?: typeof ListToolsResultSchema, signal?: AbortSignal): Promise<Listing> {
  const items: JsonObject[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let strictError: string | undefined;
  do {
    const captured = tap.captureNext(method);
    await client.request({ method, params: cursor === undefined ? {} : { cursor } } as never, ResultSchema, signal ? { signal } : undefined);
    const raw = (await captured) as JsonObject | undefined;
    pages++;
    const list = raw?.[key];
    if (!Array.isArray(list)) throw new Error(`${method} result has no "${key}" array`);
    items.push(...(list as JsonObject[]));
    if (strict && strictError === undefined) {
      const parsed = strict.safeParse(raw);
      if (!parsed.success) strictError = oneLineZodError(parsed.error);
    }
    const next = raw?.nextCursor;
    cursor = typeof next === 'string' && next !== '' ? next : undefined;
    if (cursor !== undefined) {
      if (seen.has(cursor)) throw new Error(`${method} returned the cursor ${JSON.stringify(cursor)} twice; the server's pagination loops`);
      seen.add(cursor);
    }
    if (cursor !== undefined && pages >= MAX_PAGES) throw new Error(`${method} still had more after ${MAX_PAGES} pages; the server's pagination does not end`);
  } while (cursor !== undefined);
  return strictError === undefined ? { items, pages } : { items, pages, strictError };
}

/** Origins are what catalogs keep and reports print: never with a secret in them. */
function stdioOrigin(spec: StdioSpec): ServerOrigin {
  return redactOrigin({
    transport: 'stdio',
    command: spec.command,
    args: spec.args,
    ...(spec.env && Object.keys(spec.env).length ? { envKeys: Object.keys(spec.env) } : {}),
    ...(spec.cwd ? { cwd: spec.cwd } : {}),
    source: spec.source,
  });
}

function httpOrigin(spec: HttpSpec, transport: 'streamable-http' | 'sse'): ServerOrigin {
  return redactOrigin({
    transport,
    url: spec.url,
    ...(spec.headers && Object.keys(spec.headers).length ? { headerKeys: Object.keys(spec.headers) } : {}),
    source: spec.source,
  });
}

/** How a stdio server's process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One attempt: a transport, a client, and what we learn about the process behind it. */
export interface Attempt {
  tap: TapTransport;
  origin: ServerOrigin;
  stderr: StderrTail;
  /** End the process: SIGTERM, then SIGKILL if it is still there after a grace period. */
  kill?: () => void;
  /** How the process ended, once it has (stdio only). */
  exit?: () => ProcessExit | undefined;
}

/** How long a server may take to exit after SIGTERM before it gets SIGKILL. */
export const KILL_GRACE_MS = 1500;

/** Every stdio server process we started that is still running. */
const live = new Set<ChildProcess>();

/**
 * SIGKILL every server process still running: the last resort when mcp-slim itself is ending
 * (a second Ctrl-C, an exit handler), so that no upstream outlives it.
 */
export function killLiveServers(): void {
  for (const child of live) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  live.clear();
}

/** The error response a skipped, oversized result is replaced with, so the call fails in words. */
function oversizedResult(id: string | number, bytes: number): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code: -32603, message: `the server sent a ${formatMegabytes(bytes)} message, over the ${formatMegabytes(MAX_UPSTREAM_MESSAGE_BYTES)} limit for one message; ask for less (a range, a page, a filter)` } };
}

export function stdioAttempt(spec: StdioSpec, options: AttemptOptions): Attempt {
  const transport = new StdioClientTransport({ command: spec.command, args: spec.args, env: upstreamEnvironment(spec, options), cwd: spec.cwd ?? options.cwd, stderr: 'pipe' });
  installLineBuffer(transport, new LineBuffer(MAX_UPSTREAM_MESSAGE_BYTES, (m) => (m.response && m.id !== undefined ? oversizedResult(m.id, m.bytes) : null)));
  const stderr = new StderrTail();
  stderr.attach(transport.stderr as never);
  let child: ChildProcess | undefined;
  let exit: ProcessExit | undefined;
  // The SDK keeps its process private and forgets it on close; we keep it to say how it ended and to end it.
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    child = (transport as unknown as { _process?: ChildProcess })._process;
    if (child) live.add(child);
    child?.once('exit', (code, signal) => {
      exit = { code, signal };
      if (child) live.delete(child);
    });
  };
  const kill = () => {
    if (!child || exit || child.exitCode !== null) return;
    const target = child;
    try {
      target.kill('SIGTERM');
    } catch {
      return; // already gone
    }
    setTimeout(() => {
      if (target.exitCode === null && target.signalCode === null) target.kill('SIGKILL');
    }, KILL_GRACE_MS).unref();
  };
  return { tap: new TapTransport(transport), origin: stdioOrigin(spec), stderr, kill, exit: () => exit };
}

export function httpAttempt(spec: HttpSpec, kind: 'streamable-http' | 'sse'): Attempt {
  const url = new URL(spec.url);
  // fetch refuses a URL with user:password@ in it; what the user means is HTTP Basic auth.
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part; // a bare % in a password is the password
    }
  };
  const basic = url.username || url.password ? `Basic ${Buffer.from(`${decode(url.username)}:${decode(url.password)}`).toString('base64')}` : undefined;
  url.username = '';
  url.password = '';
  const hasAuth = Object.keys(spec.headers ?? {}).some((k) => k.toLowerCase() === 'authorization');
  const headers = basic && !hasAuth ? { ...spec.headers, Authorization: basic } : spec.headers;
  const requestInit = headers ? { headers } : undefined;
  const transport =
    kind === 'sse'
      ? new SSEClientTransport(url, requestInit ? { requestInit, eventSourceInit: { fetch: (u, init) => fetch(u, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }) } } : {})
      : new StreamableHTTPClientTransport(url, requestInit ? { requestInit } : {});
  return { tap: new TapTransport(transport), origin: httpOrigin(spec, kind), stderr: new StderrTail() };
}

export function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const ms = Math.max(0, deadline - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

