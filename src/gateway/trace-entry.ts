/**
 * One line of the accounting log read back: checked (`parseTrace`) and read for what it put into
 * the context (`readEntry`), entries of older gateways included. Pure: no files, no terminal.
 */
import { isMetaTool } from '../defer/meta-tools.js';
import type { AccountingEntry } from './accounting.js';
import { DEFAULTS } from './config/keys.js';

export interface TraceProblem {
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

export interface ParsedTrace {
  entries: AccountingEntry[];
  problems: TraceProblem[];
  /** Non-blank lines read. */
  lines: number;
}

/** Read JSONL text; a line that is not an entry becomes a problem with its line number, never an exception. */
export function parseTrace(text: string): ParsedTrace {
  const entries: AccountingEntry[] = [];
  const problems: TraceProblem[] = [];
  let lines = 0;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    lines++;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // A gateway killed mid-write leaves half a line: say so. (The parser's own words vary
      // between Node versions, so they are not repeated.)
      const cutShort = line.startsWith('{') && !line.endsWith('}');
      problems.push({ line: i + 1, message: cutShort ? 'not JSON: the line stops short (was the gateway stopped while writing it?)' : 'not JSON' });
      return;
    }
    const wrong = checkEntry(value);
    if (wrong) problems.push({ line: i + 1, message: `not an accounting entry: ${wrong}` });
    else entries.push(value as AccountingEntry);
  });
  return { entries, problems, lines };
}

const OPTIONAL_NUMBERS = ['offset', 'definitionTokens', 'resultTokens', 'upstreamTokens', 'structuredTokens'] as const;
const OPTIONAL_STRINGS = ['agent', 'tool', 'server', 'mode', 'pageOf', 'error', 'resultId', 'via'] as const;
const OPTIONAL_BOOLEANS = ['isError', 'cut', 'warned', 'estimated'] as const;

function checkEntry(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const e = value as Record<string, unknown>;
  for (const key of ['session', 'method', 'time'] as const) {
    if (typeof e[key] !== 'string' || !e[key]) return `"${key}" is missing or not a string`;
  }
  if (Number.isNaN(Date.parse(e.time as string))) return `"time" is not an ISO date: ${JSON.stringify(e.time)}`;
  if (typeof e.latencyMs !== 'number' || !Number.isFinite(e.latencyMs)) return '"latencyMs" is missing or not a number';
  for (const key of OPTIONAL_NUMBERS) if (e[key] !== undefined && (typeof e[key] !== 'number' || !Number.isFinite(e[key]))) return `"${key}" is not a number`;
  for (const key of OPTIONAL_STRINGS) if (e[key] !== undefined && typeof e[key] !== 'string') return `"${key}" is not a string`;
  for (const key of OPTIONAL_BOOLEANS) if (e[key] !== undefined && typeof e[key] !== 'boolean') return `"${key}" is not true or false`;
  if (e.client !== undefined && (typeof e.client !== 'object' || e.client === null)) return '"client" is not an object';
  return undefined;
}

/** What the gateway writes in `server` for its own tools (tool_search, read_result, …). */
export const GATEWAY_SERVER = 'mcp-slim';

/**
 * Gateways before `upstreamTokens` logged a cut result at the size the upstream sent, not what
 * the model received. The model received at most the guard's limit: 25,000 tokens unless the
 * gateway's config set another `maxTokens`, which the log does not say.
 */
export const OLD_CUT_LIMIT: number = DEFAULTS.maxTokens;

/** One entry as the report counts it. */
export interface EntryReading {
  /** `server`, or `mcp-slim` for a gateway tool logged without one (older gateways). */
  server: string | undefined;
  /** A read_result call: its text is part of a result already counted as produced. */
  readBack: boolean;
  /** Tokens that entered the context: `resultTokens`, or the estimate for an old cut entry. */
  received: number;
  /** Tokens the upstream produced: `upstreamTokens` when given, else `resultTokens`; 0 for read_result. */
  produced: number;
  /** `received` is estimated at OLD_CUT_LIMIT: a cut entry from a gateway that logged the full size. */
  estimated: boolean;
  /** Rejected, or an `isError` result. */
  failed: boolean;
  /** Refused with a JSON-RPC error (unknown tool, arguments that fail the schema): no result reached the model. */
  rejected: boolean;
}

export function readEntry(e: AccountingEntry): EntryReading {
  // Older gateways logged their own tools without a server; only those go without one there
  // (an upstream's call always named its server), so the name is enough to tell.
  const server = e.server ?? (e.method === 'tools/call' && e.tool !== undefined && isMetaTool(e.tool) ? GATEWAY_SERVER : undefined);
  const readBack = e.method === 'tools/call' && e.tool === 'read_result' && server === GATEWAY_SERVER;
  const logged = e.resultTokens ?? 0;
  // A cut entry that says neither what the upstream produced nor which id reads it back is from
  // before either was logged: then `resultTokens` was the upstream's size.
  const estimated = e.cut === true && e.upstreamTokens === undefined && e.resultId === undefined && logged > OLD_CUT_LIMIT;
  const failed = e.isError === true || e.error !== undefined;
  return {
    server,
    readBack,
    received: estimated ? OLD_CUT_LIMIT : logged,
    produced: readBack ? 0 : (e.upstreamTokens ?? logged),
    estimated,
    failed,
    rejected: failed && e.isError !== true,
  };
}
