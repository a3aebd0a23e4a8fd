/**
 * The accounting log: one JSON line per request the gateway answers, saying how many tokens it
 * put into the agent's context (seeds/003: "log the schema token cost of every turn").
 * `mcp-slim trace` reads it back (docs/trace.md).
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface AccountingEntry {
  /** When the request was answered, ISO 8601. */
  time: string;
  /** One gateway connection (one agent process). */
  session: string;
  /** The MCP client as it named itself in initialize, over stdio and HTTP alike. */
  client?: { name: string; version: string };
  agent?: string;
  method: 'tools/list' | 'tools/call' | (string & {});
  /** tools/call: the tool as the client named it (the inner tool for a call made through call_tool). */
  tool?: string;
  /** tools/call: the upstream that answered; `mcp-slim` for the gateway's own tools. Absent when no upstream was found (unknown tool). */
  server?: string;
  /** The mode in force: the upstream's, or the gateway's own for its own tools. */
  mode?: string;
  /** read_result: the `resultId` of the cut result this page was read from. */
  pageOf?: string;
  /** read_result: the character offset the page was read from. */
  offset?: number;
  /** o200k tokens of the tool definitions sent in a tools/list. */
  definitionTokens?: number;
  /** o200k tokens of the result the client (the model) received: after the result guard, its notes included. */
  resultTokens?: number;
  /**
   * o200k tokens of the result the upstream produced, only when it differs from `resultTokens`
   * (the guard cut it). Absent means the model received the result whole.
   */
  upstreamTokens?: number;
  latencyMs: number;
  /** The result was an `isError` result of the tool (the upstream's own failure); written only when true. */
  isError?: boolean;
  /** What went wrong: the rejection (unknown tool, bad arguments, upstream down) or the first line of an isError result (at most 200 characters). */
  error?: string;
  /** The result guard cut the result; written only when true. */
  cut?: boolean;
  /** The id `read_result` reads the cut result's rest with; absent when no text was kept to read back. */
  resultId?: string;
  /** The upstream's result was over the guard's warning level (`warnTokens`); written only when true. */
  warned?: boolean;
  /** `upstreamTokens` is estimated from the result's first MB (a result over 4 M characters); written only when true. */
  estimated?: boolean;
  /** o200k tokens of the structuredContent sent beside the content (clients that show it to the model show this too). */
  structuredTokens?: number;
  /** `call_tool` when the call came through the gateway's call_tool; logged under the tool it called. */
  via?: string;
}

export interface AccountingLog {
  record(entry: AccountingEntry): void;
  /** Flush and close; never rejects. */
  close(): Promise<void>;
}

/** Where the gateway writes and `mcp-slim trace` reads by default. */
export function defaultTraceFile(home: string = homedir()): string {
  return join(home, '.mcp-slim', 'trace.jsonl');
}

/**
 * The documented order (docs/trace.md). A Record so that a field added to AccountingEntry without
 * a place here fails to compile rather than landing after the unknown ones.
 */
const ORDER = {
  time: true, session: true, client: true, agent: true, method: true, tool: true, server: true, mode: true, pageOf: true, offset: true,
  definitionTokens: true, resultTokens: true, upstreamTokens: true, latencyMs: true, isError: true, error: true, cut: true, resultId: true, warned: true, estimated: true, structuredTokens: true, via: true,
} as const satisfies Record<keyof AccountingEntry, true>;
const FIELDS = Object.keys(ORDER) as (keyof AccountingEntry)[];

/**
 * One line of the log, the documented fields first and in their order so the file reads and
 * diffs well; any other field the gateway adds follows them, kept rather than lost.
 */
export function accountingLine(entry: AccountingEntry): string {
  const ordered: Record<string, unknown> = {};
  for (const key of FIELDS) if (entry[key] !== undefined) ordered[key] = entry[key];
  for (const [key, value] of Object.entries(entry)) if (!(key in ordered) && value !== undefined) ordered[key] = value;
  return `${JSON.stringify(ordered)}\n`;
}

const NO_LOG: AccountingLog = { record: () => {}, close: async () => {} };

/**
 * Append entries to `file` (created with its folder). Accounting must never break the agent's
 * work: a write error is reported once through `onError` (stderr by default, which for a stdio
 * gateway is the client's log, never the protocol stream) and later entries are dropped.
 */
export function createAccountingLog(
  file: string | undefined,
  onError: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
): AccountingLog {
  if (!file) return NO_LOG;
  let failed = false;
  let closed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    onError(`mcp-slim: cannot write the accounting log ${file} (${reason}); the gateway goes on without it`);
  };
  let stream: WriteStream | undefined;
  try {
    mkdirSync(dirname(file), { recursive: true });
    stream = createWriteStream(file, { flags: 'a' });
    stream.on('error', fail);
  } catch (error) {
    fail(error);
  }
  return {
    record(entry) {
      if (failed || closed || !stream) return;
      try {
        stream.write(accountingLine(entry));
      } catch (error) {
        fail(error);
      }
    },
    close() {
      closed = true;
      const s = stream;
      if (!s || s.destroyed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        s.once('close', () => resolve());
        s.once('error', () => resolve());
        s.end();
      });
    },
  };
}
