import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListToolsResultSchema, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { HttpSpec, JsonObject, ServerOrigin, StdioSpec } from '../../catalog/types.js';
import { DeadlineError } from './failure.js';
import { StderrTail } from './stderr-tail.js';
import { TapTransport } from './tap-transport.js';

/**
 * Connecting to one server through the SDK, shared by `measure` (one look) and the gateway (a
 * lasting connection): a transport with a tap on it, and listings that follow every page.
 */

/** Where a connection attempt gets its environment and folder. */
export interface AttemptOptions {
  env: Record<string, string | undefined>;
  cwd: string;
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

function stdioOrigin(spec: StdioSpec): ServerOrigin {
  return {
    transport: 'stdio',
    command: spec.command,
    args: spec.args,
    ...(spec.env && Object.keys(spec.env).length ? { envKeys: Object.keys(spec.env) } : {}),
    ...(spec.cwd ? { cwd: spec.cwd } : {}),
    source: spec.source,
  };
}

function httpOrigin(spec: HttpSpec, transport: 'streamable-http' | 'sse'): ServerOrigin {
  return {
    transport,
    url: spec.url,
    ...(spec.headers && Object.keys(spec.headers).length ? { headerKeys: Object.keys(spec.headers) } : {}),
    source: spec.source,
  };
}

/** One attempt: a transport, a client, and what we learn about the process behind it. */
export interface Attempt {
  tap: TapTransport;
  origin: ServerOrigin;
  stderr: StderrTail;
  kill?: () => void;
}

export function stdioAttempt(spec: StdioSpec, options: AttemptOptions): Attempt {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...options.env, ...spec.env })) if (v !== undefined) env[k] = v;
  const transport = new StdioClientTransport({ command: spec.command, args: spec.args, env, cwd: spec.cwd ?? options.cwd, stderr: 'pipe' });
  const stderr = new StderrTail();
  stderr.attach(transport.stderr as never);
  const kill = () => {
    if (transport.pid) {
      try {
        process.kill(transport.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  return { tap: new TapTransport(transport), origin: stdioOrigin(spec), stderr, kill };
}

export function httpAttempt(spec: HttpSpec, kind: 'streamable-http' | 'sse'): Attempt {
  const url = new URL(spec.url);
  const requestInit = spec.headers ? { headers: spec.headers } : undefined;
  const transport =
    kind === 'sse'
      ? new SSEClientTransport(url, requestInit ? { requestInit, eventSourceInit: { fetch: (u, init) => fetch(u, { ...init, headers: { ...(init?.headers as Record<string, string>), ...spec.headers } }) } } : {})
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

