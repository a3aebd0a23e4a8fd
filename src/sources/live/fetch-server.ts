import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject, RawTool, ServerEntry, ServerSpec } from '../../catalog/types.js';
import { applyToolFilter } from '../../catalog/tool-filter.js';
import { httpAttempt, listAll, stdioAttempt, withDeadline, type Attempt } from './attempt.js';
import { DeadlineError, describeFailure } from './failure.js';

export interface FetchOptions {
  /** Time allowed for starting, initialize and every listing together. */
  timeoutMs: number;
  /** The environment stdio servers inherit (a client passes its own). */
  env: Record<string, string | undefined>;
  cwd: string;
  /** How much of `env` a stdio server gets (see AttemptOptions). */
  inherit?: 'safe' | 'all';
  clientVersion?: string;
}

async function measureWith(spec: ServerSpec, attempt: Attempt, options: FetchOptions, deadline: number, totalMs: number): Promise<ServerEntry> {
  const client = new Client({ name: 'mcp-slim', version: options.clientVersion ?? '0' }, { capabilities: {} });
  let phase = 'start';
  const started = Date.now();
  try {
    const initialize = attempt.tap.captureNext('initialize');
    const connecting = client.connect(attempt.tap);
    phase = 'initialize';
    await withDeadline(connecting, deadline);
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
    const initResult = (await initialize) as JsonObject | undefined;
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
    // A process we end ourselves on a timeout is reported as the timeout, not as killed.
    const exit = error instanceof DeadlineError ? undefined : attempt.exit?.();
    const failure = describeFailure(error instanceof DeadlineError ? new DeadlineError(totalMs) : error, {
      spec,
      phase,
      transportErrors: attempt.tap.errors,
      processExited: attempt.tap.closed || exit !== undefined,
      ...(exit ? { exit } : {}),
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
