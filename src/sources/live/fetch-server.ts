import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListToolsResultSchema, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { HttpSpec, JsonObject, RawTool, ServerEntry, ServerOrigin, ServerSpec, StdioSpec } from '../../catalog/types.js';
import { applyToolFilter } from '../../catalog/tool-filter.js';
import { DeadlineError, describeFailure } from './failure.js';
import { StderrTail } from './stderr-tail.js';
import { TapTransport } from './tap-transport.js';

export interface FetchOptions {
  /** Time allowed for starting, initialize and every listing together. */
  timeoutMs: number;
  /** The environment stdio servers inherit (a client passes its own). */
  env: Record<string, string | undefined>;
  cwd: string;
  clientVersion?: string;
}

const MAX_PAGES = 1000;

interface Listing {
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
async function listAll(client: Client, tap: TapTransport, method: string, key: string, strict?: typeof ListToolsResultSchema): Promise<Listing> {
  const items: JsonObject[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let strictError: string | undefined;
  do {
    await client.request({ method, params: cursor === undefined ? {} : { cursor } } as never, ResultSchema);
    const raw = tap.lastResult(method) as JsonObject | undefined;
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
  } while (cursor !== undefined && pages < MAX_PAGES);
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
interface Attempt {
  tap: TapTransport;
  origin: ServerOrigin;
  stderr: StderrTail;
  kill?: () => void;
}

function stdioAttempt(spec: StdioSpec, options: FetchOptions): Attempt {
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

function httpAttempt(spec: HttpSpec, kind: 'streamable-http' | 'sse'): Attempt {
  const url = new URL(spec.url);
  const requestInit = spec.headers ? { headers: spec.headers } : undefined;
  const transport =
    kind === 'sse'
      ? new SSEClientTransport(url, requestInit ? { requestInit, eventSourceInit: { fetch: (u, init) => fetch(u, { ...init, headers: { ...(init?.headers as Record<string, string>), ...spec.headers } }) } } : {})
      : new StreamableHTTPClientTransport(url, requestInit ? { requestInit } : {});
  return { tap: new TapTransport(transport), origin: httpOrigin(spec, kind), stderr: new StderrTail() };
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const ms = Math.max(0, deadline - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function measureWith(spec: ServerSpec, attempt: Attempt, options: FetchOptions, deadline: number, totalMs: number): Promise<ServerEntry> {
  const client = new Client({ name: 'mcp-slim', version: options.clientVersion ?? '0' }, { capabilities: {} });
  let phase = 'start';
  const started = Date.now();
  try {
    const connecting = client.connect(attempt.tap);
    phase = 'initialize';
    await withDeadline(connecting, deadline).catch((e: unknown) => {
      if ((e as { code?: unknown }).code === 'ENOENT' || (e as { code?: unknown }).code === 'EACCES') phase = 'start';
      throw e;
    });
    const connectMs = Date.now() - started;
    const capabilities = client.getServerCapabilities() as JsonObject | undefined;
    phase = 'tools/list';
    const tools = await withDeadline(listAll(client, attempt.tap, 'tools/list', 'tools', ListToolsResultSchema), deadline);
    let prompts: JsonObject[] | undefined;
    let resourceTemplates: JsonObject[] | undefined;
    if (capabilities?.prompts) {
      phase = 'prompts/list';
      prompts = (await withDeadline(listAll(client, attempt.tap, 'prompts/list', 'prompts'), deadline)).items;
    }
    if (capabilities?.resources) {
      phase = 'resources/templates/list';
      // Optional for servers that have only static resources: a failure here is not the server's failure.
      resourceTemplates = await withDeadline(listAll(client, attempt.tap, 'resources/templates/list', 'resourceTemplates'), deadline)
        .then((l) => l.items)
        .catch(() => undefined);
    }
    const listMs = Date.now() - started - connectMs;
    const { kept, filteredOut } = applyToolFilter(tools.items as RawTool[], spec.toolFilter);
    const info = client.getServerVersion() as JsonObject | undefined;
    const instructions = client.getInstructions();
    const initResult = attempt.tap.lastResult('initialize') as JsonObject | undefined;
    const entry: ServerEntry = {
      name: spec.name,
      origin: attempt.origin,
      ...(info ? { serverInfo: info } : {}),
      ...(typeof initResult?.protocolVersion === 'string' ? { protocolVersion: initResult.protocolVersion } : {}),
      ...(capabilities ? { capabilities } : {}),
      ...(instructions ? { instructions } : {}),
      tools: kept,
      ...(prompts ? { prompts } : {}),
      ...(resourceTemplates ? { resourceTemplates } : {}),
      ...(filteredOut.length ? { filteredOut } : {}),
      pages: tools.pages,
      ...(tools.strictError ? { strictParseError: tools.strictError } : {}),
      timings: { connectMs, listMs },
    };
    return entry;
  } catch (error) {
    if (error instanceof DeadlineError) attempt.kill?.();
    const failure = describeFailure(error instanceof DeadlineError ? new DeadlineError(totalMs) : error, {
      spec,
      phase,
      transportErrors: attempt.tap.errors,
      processExited: attempt.tap.closed,
      ...(attempt.stderr.tail() ? { stderrTail: attempt.stderr.tail()! } : {}),
    });
    return { name: spec.name, origin: attempt.origin, tools: [], failure };
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** A Streamable HTTP attempt that fails this way may be an SSE-only server: try SSE, as clients do. */
function shouldTrySse(entry: ServerEntry): boolean {
  const f = entry.failure;
  return f !== undefined && (f.kind === 'http' || f.kind === 'protocol' || f.kind === 'error');
}

/**
 * Start or reach one server, list everything it offers, and return its catalog entry.
 * Never throws: a server that cannot be measured comes back with `failure` set.
 */
export async function fetchServer(spec: ServerSpec, options: FetchOptions): Promise<ServerEntry> {
  const timeoutMs = spec.timeoutMs ?? options.timeoutMs;
  const deadline = Date.now() + timeoutMs;
  if (spec.transport === 'stdio') return measureWith(spec, stdioAttempt(spec, options), options, deadline, timeoutMs);
  if (spec.transport === 'sse') return measureWith(spec, httpAttempt(spec, 'sse'), options, deadline, timeoutMs);
  const streamable = await measureWith(spec, httpAttempt(spec, 'streamable-http'), options, deadline, timeoutMs);
  if (!shouldTrySse(streamable) || Date.now() >= deadline) return streamable;
  const sse = await measureWith(spec, httpAttempt(spec, 'sse'), options, deadline, timeoutMs);
  if (!sse.failure) return sse;
  return { ...streamable, failure: { ...streamable.failure!, message: `${streamable.failure!.message} (SSE fallback: ${sse.failure.message})` } };
}
