import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, ListToolsResultSchema, McpError, ResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject, RawTool, ServerSpec } from '../catalog/types.js';
import { httpAttempt, listAll, stdioAttempt, withDeadline, type Attempt, type AttemptOptions } from '../sources/live/attempt.js';
import { DeadlineError, describeFailure } from '../sources/live/failure.js';

export type UpstreamStatus = 'starting' | 'ready' | 'down';

export interface UpstreamEvents {
  /** The tool list changed (a fresh listing after list_changed, or after a restart). */
  onTools?: (upstream: Upstream) => void;
  /** Status changes, with a one-line reason when it went down. */
  onStatus?: (upstream: Upstream, reason?: string) => void;
}

const BACKOFF_MS = [500, 1000, 2000, 5000, 10000, 30000];
/** After a request times out, how long a ping may take before the upstream counts as stuck. */
const PING_MS = 5000;

/**
 * One upstream MCP server behind the gateway: a lasting SDK client that lists every page of
 * tools as sent (raw, via the tap), follows list_changed, and is restarted with backoff when it
 * crashes. Calls in flight when it dies fail with the SDK's connection-closed error.
 */
/** How long a tool call that keeps reporting progress may run, in timeouts. */
export const PROGRESS_TIMEOUT_FACTOR = 10;

export class Upstream {
  status: UpstreamStatus = 'starting';
  tools: RawTool[] = [];
  instructions?: string;
  capabilities?: JsonObject;
  lastError?: string;
  private client?: Client;
  private attempt?: Attempt;
  private restarts = 0;
  private refreshing?: Promise<void>;
  private refreshAgain = false;
  /** The last listing reported, as JSON, to tell a real change from a repeated list_changed. */
  private listed?: string;
  /** The attempt under way, so stop() can end it. */
  private connecting?: { client: Client; attempt: Attempt };
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    readonly spec: ServerSpec,
    private readonly options: AttemptOptions & { timeoutMs: number },
    private readonly events: UpstreamEvents = {},
  ) {}

  get name(): string {
    return this.spec.name;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  private get timeoutMs(): number {
    return this.spec.timeoutMs ?? this.options.timeoutMs;
  }

  private async connect(): Promise<void> {
    const spec = this.spec;
    let attempt: Attempt = spec.transport === 'stdio' ? stdioAttempt(spec, this.options) : httpAttempt(spec, spec.transport === 'sse' ? 'sse' : 'streamable-http');
    const client = new Client({ name: 'mcp-slim-gateway', version: '0.1.0' }, { capabilities: {} });
    this.connecting = { client, attempt };
    const deadline = Date.now() + this.timeoutMs;
    // stop() may come while we wait: then this attempt is dropped, whatever it has become.
    const abandoned = () => this.stopped || this.connecting?.client !== client;
    let phase = 'initialize';
    try {
      try {
        await withDeadline(client.connect(attempt.tap), deadline);
      } catch (error) {
        if (spec.transport !== 'http' || abandoned()) throw error;
        // A Streamable HTTP failure may mean an SSE-only server, as clients assume.
        attempt = httpAttempt(spec, 'sse');
        this.connecting = { client, attempt };
        await withDeadline(client.connect(attempt.tap), deadline);
      }
      if (abandoned()) throw new Error('stopped');
      this.client = client;
      this.attempt = attempt;
      this.capabilities = client.getServerCapabilities() as JsonObject | undefined;
      this.instructions = client.getInstructions();
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void this.refreshTools().catch(() => undefined));
      // The SDK's own close handler fails the calls in flight; ours then schedules the restart.
      const sdkOnClose = attempt.tap.onclose;
      attempt.tap.onclose = () => {
        sdkOnClose?.();
        if (this.client === client) this.lost(this.describe(new Error('the connection closed'), attempt, 'running'));
      };
      phase = 'tools/list';
      await this.refreshTools(deadline);
      if (abandoned()) throw new Error('stopped');
      this.restarts = 0;
      this.setStatus('ready');
    } catch (error) {
      // Whatever failed, this attempt is over: forget it first so its close is not a second loss.
      if (this.client === client) this.client = undefined;
      attempt.kill?.();
      await client.close().catch(() => undefined);
      if (this.stopped) return;
      this.lost(this.describe(error instanceof DeadlineError ? new DeadlineError(this.timeoutMs) : error, attempt, phase));
    } finally {
      if (this.connecting?.client === client) this.connecting = undefined;
    }
  }

  /** One line saying why an attempt failed or a connection ended, with the last stderr line. */
  private describe(error: unknown, attempt: Attempt, phase: string): string {
    const exit = attempt.exit?.();
    const stderrTail = attempt.stderr.tail();
    // Junk a server printed once, long ago, is not why it ended now: only errors while connecting count.
    const failure = describeFailure(error, { spec: this.spec, phase, transportErrors: phase === 'running' ? [] : attempt.tap.errors, processExited: attempt.tap.closed || exit !== undefined, ...(exit ? { exit } : {}), ...(stderrTail ? { stderrTail } : {}) });
    // The gateway's setting is "timeout" in its config, not measure's flag.
    const message = failure.message.replace('raise --timeout', 'raise "timeout" in the gateway config');
    const lastLine = failure.stderrTail?.split('\n').pop();
    return lastLine && failure.kind !== 'exited' && !message.includes(lastLine) ? `${message} (stderr: ${lastLine})` : message;
  }

  /**
   * One listing at a time (a list_changed during a listing asks for one more after it), and the
   * tools are reported only when they changed: an upstream that repeats list_changed does not
   * make every client re-list.
   */
  private refreshTools(deadline?: number): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.refreshAgain = false;
          const client = this.client;
          const attempt = this.attempt;
          if (!client || !attempt) return;
          const abort = new AbortController();
          const listing = await withDeadline(listAll(client, attempt.tap, 'tools/list', 'tools', ListToolsResultSchema, abort.signal), deadline ?? Date.now() + this.timeoutMs).catch((e: unknown) => {
            abort.abort(); // no listing goes on paging in the background after it timed out
            throw e;
          });
          if (this.client !== client) return;
          const fresh = JSON.stringify(listing.items);
          if (fresh === this.listed) continue;
          this.listed = fresh;
          this.tools = listing.items as RawTool[];
          this.events.onTools?.(this);
        } while (this.refreshAgain);
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private setStatus(status: UpstreamStatus, reason?: string): void {
    this.status = status;
    if (reason) this.lastError = reason;
    this.events.onStatus?.(this, reason);
  }

  private pinging = false;
  /** When the next restart attempt is due (ms since epoch), while down. */
  retryAt?: number;

  private lost(reason: string): void {
    this.client = undefined;
    this.attempt = undefined;
    this.tools = [];
    this.listed = undefined;
    this.setStatus('down', reason);
    this.events.onTools?.(this);
    if (this.stopped) return;
    const delay = BACKOFF_MS[Math.min(this.restarts++, BACKOFF_MS.length - 1)]!;
    this.retryAt = Date.now() + delay;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }

  /**
   * Forward a request as raw JSON (the upstream's own result, not the SDK's rewrite). With
   * `onprogress`, the upstream is asked for progress, and each notification restarts the timeout,
   * up to PROGRESS_TIMEOUT_FACTOR times the timeout in all: a long tool call that keeps reporting
   * is not cut off, a silent one still is.
   */
  async request(method: string, params: JsonObject | undefined, timeoutMs = this.timeoutMs, signal?: AbortSignal, onprogress?: (p: { progress: number; total?: number; message?: string }) => void): Promise<JsonObject> {
    const client = this.client;
    if (!client || this.status !== 'ready') throw new Error(`upstream ${this.name} is ${this.status}${this.lastError ? `: ${this.lastError}` : ''}`);
    try {
      // The loose schema keeps the upstream's result as sent; the client on the other side validates it.
      // A client's cancellation reaches the upstream: the SDK sends notifications/cancelled on abort.
      const progress = onprogress ? { onprogress, resetTimeoutOnProgress: true, maxTotalTimeout: timeoutMs * PROGRESS_TIMEOUT_FACTOR } : {};
      return (await client.request({ method, ...(params ? { params } : {}) } as never, ResultSchema, { timeout: timeoutMs, ...progress, ...(signal ? { signal } : {}) })) as JsonObject;
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout && this.client === client) void this.checkAlive(client, Math.min(PING_MS, timeoutMs));
      // A remote server that restarted forgets our session, and HTTP gives no close event: reconnect.
      if (this.spec.transport !== 'stdio' && this.client === client && /session not found|\b404\b|fetch failed|ECONNREFUSED|ECONNRESET/i.test(String((error as Error).message))) {
        this.lost(`the connection was lost (${(error as Error).message.split('\n')[0]})`);
      }
      throw error;
    }
  }

  /**
   * A timed-out call may be one slow tool, or a server that stopped answering altogether (a live
   * process, so no exit event). A ping tells them apart: no answer, and the upstream is restarted.
   */
  private async checkAlive(client: Client, timeoutMs: number): Promise<void> {
    if (this.pinging) return;
    this.pinging = true;
    try {
      await client.ping({ timeout: timeoutMs });
    } catch {
      if (this.client !== client || this.stopped) return;
      const attempt = this.attempt;
      this.lost(`stopped answering: a call timed out and a ping got no answer in ${timeoutMs / 1000} s`);
      attempt?.kill?.();
    } finally {
      this.pinging = false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const pending = this.connecting;
    this.connecting = undefined;
    pending?.attempt.kill?.();
    // SIGTERM now, SIGKILL after a grace: the SDK's close alone waits 2 s for the end of input
    // to work before SIGTERM, and a client ending us rarely waits that long.
    this.attempt?.kill?.();
    const client = this.client;
    this.client = undefined;
    await Promise.all([client?.close(), pending?.client.close()].map((p) => p?.catch(() => undefined)));
  }
}
