import type { ServerFailure, ServerSpec } from '../../catalog/types.js';
import { redactText, redactUrl } from '../../util/redact.js';

/** Where a spec came from, for "fix it in …" advice. */
export function whereDefined(spec: ServerSpec): string {
  return spec.source.file ? `in ${spec.source.file}` : 'on the command line';
}

/** Socket errors a URL fails with: what each says about the URL, and what to do. */
const NETWORK_ERRORS: Record<string, { what: string; fix: string }> = {
  ECONNREFUSED: { what: 'refused the connection', fix: 'start the server or fix "url"' },
  ECONNRESET: { what: 'reset the connection', fix: 'check that the server is up and speaks HTTP at this URL, or fix "url"' },
  ENOTFOUND: { what: 'names a host that does not exist', fix: 'fix the host in "url"' },
  EAI_AGAIN: { what: 'names a host that could not be looked up', fix: 'check the network and DNS, or fix "url"' },
};

const NETWORK_CODE = new RegExp(`\\b(${Object.keys(NETWORK_ERRORS).join('|')})\\b`);

/**
 * The errno code behind an error. fetch wraps the socket error (TypeError('fetch failed', { cause:
 * { code: 'ECONNREFUSED' } })), and the SDK's SSE transport keeps only its text ("SSE error:
 * TypeError: fetch failed: connect ECONNREFUSED …"), so both the cause chain and the text are read.
 */
function errnoCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const inText = NETWORK_CODE.exec(String((e as { message?: unknown }).message ?? ''))?.[1];
    if (inText) return inText;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function httpStatus(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

/** The SDK's own request timeout (ErrorCode.RequestTimeout), with the milliseconds it waited. */
function sdkTimeoutMs(error: unknown): number | undefined {
  const e = error as { code?: unknown; data?: { timeout?: unknown } };
  if (e?.code !== -32001) return undefined;
  return typeof e.data?.timeout === 'number' ? e.data.timeout : 0;
}

const firstLine = (text: string): string => (text.split('\n')[0] ?? '').trim();
const lastLine = (text: string | undefined): string | undefined => text?.trim().split('\n').pop()?.trim().slice(0, 200) || undefined;

interface FailureContext {
  spec: ServerSpec;
  /** The phase we were in: start, initialize, or a listing method (said as "during <phase>"). */
  phase: string;
  stderrTail?: string;
  /** Errors the transport reported while reading (e.g. non-JSON lines on stdout). */
  transportErrors: Error[];
  processExited: boolean;
  /** How the stdio process ended, when it has (`Attempt.exit()`). */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
}

function timeoutMessage(phase: string, ms: number, spec: ServerSpec): string {
  const within = ms > 0 ? ` within ${ms / 1000} s` : '';
  if (phase === 'start' || phase === 'initialize') {
    return `no answer to initialize${within}; raise --timeout if it is slow to start, or check that it speaks MCP on ${spec.transport}`;
  }
  return `answered initialize, then no answer to ${phase}${within}; raise --timeout if it is slow to list, or run it by hand to see where it hangs`;
}

/** A process that ended: by a signal, or by itself with an exit code. */
function exitMessage(exit: NonNullable<FailureContext['exit']>, phase: string, stderrTail: string | undefined): string {
  const line = lastLine(stderrTail && redactText(stderrTail));
  const said = line ? ` (stderr: ${line})` : '';
  if (exit.signal) {
    const why = exit.signal === 'SIGKILL' ? 'SIGKILL comes from the out-of-memory killer or kill -9: check its memory use, or run the command by hand' : 'run the command by hand to see why';
    return `was killed by ${exit.signal} during ${phase}${said}; ${why}`;
  }
  if (exit.code === 0) return `exited with code 0 during ${phase}${said}; it ended instead of serving: check that the command starts an MCP server on stdio`;
  return `exited with code ${exit.code} during ${phase}${line ? said : ' without printing anything on stderr'}; run the command by hand to see why`;
}

/** Turn what went wrong while measuring one server into a one-line, actionable failure. */
export function describeFailure(error: unknown, ctx: FailureContext): ServerFailure {
  const { spec, phase, stderrTail } = ctx;
  const code = errnoCode(error);
  const base = { ...(stderrTail ? { stderrTail: redactText(stderrTail) } : {}) };
  const garbage = ctx.transportErrors.find((e) => e instanceof SyntaxError || e.name === 'ZodError' || /JSON/.test(e.message));

  // The SDK's connect() rejects with the spawn error itself, whatever phase the caller had reached.
  if (spec.transport === 'stdio' && (code === 'ENOENT' || code === 'EACCES')) {
    const what = code === 'ENOENT' ? 'command not found' : 'command is not executable';
    // spawn reports a missing working folder as ENOENT on the command, too.
    const orCwd = spec.cwd ? ` (or its "cwd" ${spec.cwd} does not exist)` : '';
    return { ...base, kind: 'spawn', message: `${what}: ${redactText(spec.command)}${orCwd}; install it or fix "command"${spec.cwd ? ' or "cwd"' : ''} ${whereDefined(spec)}` };
  }
  const network = code === undefined ? undefined : NETWORK_ERRORS[code];
  if (network && spec.transport !== 'stdio') {
    return { ...base, kind: 'refused', message: `${redactUrl(spec.url)} ${network.what} (${code}); ${network.fix} ${whereDefined(spec)}` };
  }
  const status = httpStatus(error);
  if (status !== undefined) {
    const hint = status === 401 || status === 403 ? 'check the auth headers' : 'check the URL and transport';
    return { ...base, kind: 'http', message: `HTTP ${status} during ${phase}: ${redactText(firstLine((error as Error).message))}; ${hint}` };
  }
  if (garbage) {
    return {
      ...base,
      kind: 'protocol',
      message: `printed something that is not JSON-RPC on stdout (${redactText(firstLine(garbage.message)).slice(0, 160)}); an MCP server must log to stderr only`,
    };
  }
  const timedOutMs = error instanceof DeadlineError ? error.ms : sdkTimeoutMs(error);
  if (timedOutMs !== undefined) return { ...base, kind: 'timeout', message: timeoutMessage(phase, timedOutMs, spec) };
  if (ctx.exit) return { ...base, kind: 'exited', message: exitMessage(ctx.exit, phase, stderrTail) };
  // Only a process exits: a URL whose connection closed falls through to the error itself.
  if (ctx.processExited && spec.transport === 'stdio') {
    return { ...base, kind: 'exited', message: `exited during ${phase}${stderrTail ? ' (its stderr is below)' : ' without printing anything'}; run the command by hand to see why` };
  }
  const message = firstLine(error instanceof Error ? error.message : String(error)) || 'unknown error';
  const kind = phase === 'initialize' || phase === 'start' ? 'protocol' : 'error';
  return { ...base, kind, message: `${phase} failed: ${redactText(message)}` };
}

/** Raised when a server does not answer within its timeout. */
export class DeadlineError extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
  }
}
