import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListToolsResultSchema, ResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
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

/**
 * One upstream MCP server behind the gateway: a lasting SDK client that lists every page of
 * tools as sent (raw, via the tap), follows list_changed, and is restarted with backoff when it
 * crashes. Calls in flight when it dies fail with the SDK's connection-closed error.
 */
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

  private async connect(): Promise<void> {
    const spec = this.spec;
    const attempts: Attempt[] = spec.transport === 'stdio' ? [stdioAttempt(spec, this.options)] : spec.transport === 'sse' ? [httpAttempt(spec, 'sse')] : [httpAttempt(spec, 'streamable-http')];
    let attempt = attempts[0]!;
    const client = new Client({ name: 'mcp-slim-gateway', version: '0.1.0' }, { capabilities: {} });
    const deadline = Date.now() + this.options.timeoutMs;
    try {
      try {
        await withDeadline(client.connect(attempt.tap), deadline);
      } catch (error) {
        if (spec.transport !== 'http') throw error;
        // A Streamable HTTP failure may mean an SSE-only server, as clients assume.
        attempt = httpAttempt(spec, 'sse');
        await withDeadline(client.connect(attempt.tap), deadline);
      }
      this.client = client;
      this.attempt = attempt;
      this.capabilities = client.getServerCapabilities() as JsonObject | undefined;
      this.instructions = client.getInstructions();
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void this.refreshTools().catch(() => undefined));
      // The SDK's own close handler fails the calls in flight; ours then schedules the restart.
      const sdkOnClose = attempt.tap.onclose;
      attempt.tap.onclose = () => {
        sdkOnClose?.();
        if (this.client === client) this.lost(`exited${attempt.stderr.tail() ? `: ${attempt.stderr.tail()!.split('\n').pop()}` : ''}`);
      };
      await this.refreshTools(deadline);
      this.restarts = 0;
      this.setStatus('ready');
    } catch (error) {
      const failure = describeFailure(error instanceof DeadlineError ? new DeadlineError(this.options.timeoutMs) : error, { spec, phase: 'initialize', transportErrors: attempt.tap.errors, processExited: attempt.tap.closed, ...(attempt.stderr.tail() ? { stderrTail: attempt.stderr.tail()! } : {}) });
      attempt.kill?.();
      await client.close().catch(() => undefined);
      const lastLine = failure.stderrTail?.split('\n').pop();
      this.lost(lastLine ? `${failure.message} (stderr: ${lastLine})` : failure.message);
    }
  }

  /**
   * One listing at a time: a list_changed that arrives during a listing asks for one more after
   * it (the tap reads each page as the answer to the latest tools/list, so two must not overlap).
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
          const listing = await withDeadline(listAll(client, attempt.tap, 'tools/list', 'tools', ListToolsResultSchema), deadline ?? Date.now() + this.options.timeoutMs);
          if (this.client !== client) return;
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

  private lost(reason: string): void {
    this.client = undefined;
    this.attempt = undefined;
    this.tools = [];
    this.setStatus('down', reason);
    this.events.onTools?.(this);
    if (this.stopped) return;
    const delay = BACKOFF_MS[Math.min(this.restarts++, BACKOFF_MS.length - 1)]!;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }

  /** Forward a request as raw JSON (the upstream's own result, not the SDK's rewrite). */
  async request(method: string, params: JsonObject | undefined, timeoutMs = this.options.timeoutMs): Promise<JsonObject> {
    const client = this.client;
    if (!client || this.status !== 'ready') throw new Error(`upstream ${this.name} is ${this.status}${this.lastError ? `: ${this.lastError}` : ''}`);
    // The loose schema keeps the upstream's result as sent; the client on the other side validates it.
    return (await client.request({ method, ...(params ? { params } : {}) } as never, ResultSchema, { timeout: timeoutMs })) as JsonObject;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
  }
}
