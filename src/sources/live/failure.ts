import type { ServerFailure, ServerSpec } from '../../catalog/types.js';

/** Where a spec came from, for "fix it in …" advice. */
export function whereDefined(spec: ServerSpec): string {
  return spec.source.file ? `in ${spec.source.file}` : 'on the command line';
}

function errnoCode(error: unknown): string | undefined {
  let e: unknown = error;
  // fetch wraps the socket error: TypeError('fetch failed', { cause: Error{ code: 'ECONNREFUSED' } })
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function httpStatus(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

const firstLine = (text: string): string => (text.split('\n')[0] ?? '').trim();

interface FailureContext {
  spec: ServerSpec;
  /** The phase we were in: starting, initialize, or a listing method. */
  phase: string;
  stderrTail?: string;
  /** Errors the transport reported while reading (e.g. non-JSON lines on stdout). */
  transportErrors: Error[];
  processExited: boolean;
}

/** Turn what went wrong while measuring one server into a one-line, actionable failure. */
export function describeFailure(error: unknown, ctx: FailureContext): ServerFailure {
  const { spec, phase, stderrTail } = ctx;
  const code = errnoCode(error);
  const base = { ...(stderrTail ? { stderrTail } : {}) };
  const garbage = ctx.transportErrors.find((e) => e instanceof SyntaxError || e.name === 'ZodError' || /JSON/.test(e.message));

  if (spec.transport === 'stdio' && (code === 'ENOENT' || code === 'EACCES') && phase === 'start') {
    const what = code === 'ENOENT' ? 'command not found' : 'command is not executable';
    return { ...base, kind: 'spawn', message: `${what}: ${spec.command}; install it or fix "command" ${whereDefined(spec)}` };
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ECONNRESET') {
    const url = spec.transport === 'stdio' ? '' : spec.url;
    return { ...base, kind: 'refused', message: `${url} refused the connection (${code}); start the server or fix "url" ${whereDefined(spec)}` };
  }
  const status = httpStatus(error);
  if (status !== undefined) {
    const hint = status === 401 || status === 403 ? 'check the auth headers' : 'check the URL and transport';
    return { ...base, kind: 'http', message: `HTTP ${status} during ${phase}: ${firstLine((error as Error).message)}; ${hint}` };
  }
  if (garbage) {
    return {
      ...base,
      kind: 'protocol',
      message: `printed something that is not JSON-RPC on stdout (${firstLine(garbage.message).slice(0, 160)}); an MCP server must log to stderr only`,
    };
  }
  if (error instanceof DeadlineError) {
    return { ...base, kind: 'timeout', message: `no answer to ${phase} within ${error.ms / 1000} s; raise --timeout if it is slow to start, or check that it speaks MCP on ${spec.transport}` };
  }
  if (ctx.processExited) {
    return { ...base, kind: 'exited', message: `exited during ${phase}${stderrTail ? ' (its stderr is below)' : ' without printing anything'}; run the command by hand to see why` };
  }
  const message = firstLine(error instanceof Error ? error.message : String(error)) || 'unknown error';
  const kind = phase === 'initialize' || phase === 'start' ? 'protocol' : 'error';
  return { ...base, kind, message: `${phase} failed: ${message}` };
}

/** Raised when a server does not answer within its timeout. */
export class DeadlineError extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
  }
}
