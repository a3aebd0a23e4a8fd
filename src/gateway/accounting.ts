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
  client?: { name: string; version: string };
  agent?: string;
  method: 'tools/list' | 'tools/call' | (string & {});
  tool?: string;
  server?: string;
  mode?: string;
  /** o200k tokens of the tool definitions sent in a tools/list. */
  definitionTokens?: number;
  /** o200k tokens of the result sent back (after the result guard). */
  resultTokens?: number;
  latencyMs: number;
  error?: string;
  /** The result guard cut the result. */
  cut?: boolean;
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

const FIELDS: readonly (keyof AccountingEntry)[] = ['time', 'session', 'client', 'agent', 'method', 'tool', 'server', 'mode', 'definitionTokens', 'resultTokens', 'latencyMs', 'error', 'cut'];

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
