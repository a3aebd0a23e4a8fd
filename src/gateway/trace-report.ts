/**
 * What `mcp-slim trace` shows, as data: the accounting log (accounting.ts) read back and summed
 * per session, per tool and per method. Pure: no files, no terminal.
 */
import type { AccountingEntry } from './accounting.js';

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

const OPTIONAL_NUMBERS = ['definitionTokens', 'resultTokens'] as const;
const OPTIONAL_STRINGS = ['agent', 'tool', 'server', 'mode', 'error'] as const;

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
  if (e.cut !== undefined && typeof e.cut !== 'boolean') return '"cut" is not true or false';
  if (e.client !== undefined && (typeof e.client !== 'object' || e.client === null)) return '"client" is not an object';
  return undefined;
}

export interface SessionSummary {
  session: string;
  /** `name version` of the MCP client, as it said in initialize; null when no entry said. */
  client: string | null;
  agent: string | null;
  from: string;
  to: string;
  spanMs: number;
  /** Definition tokens of each tools/list answered, in order. */
  definitionTokens: number[];
  /** The most the definitions took at once: they sit in the context on every turn. */
  peakDefinitionTokens: number;
  resultTokens: number;
  /** tools/call requests. */
  calls: number;
  errors: number;
  cuts: number;
  /** peakDefinitionTokens + resultTokens: what this session put into the context. */
  contextTokens: number;
}

export interface ToolSummary {
  tool: string;
  server: string | null;
  calls: number;
  resultTokens: number;
  maxResultTokens: number;
  /** Mean over the calls; null when none recorded a latency. */
  meanLatencyMs: number | null;
  errors: number;
  cuts: number;
}

export interface MethodSummary {
  method: string;
  requests: number;
  /** Definition tokens (tools/list) plus result tokens (tools/call). */
  tokens: number;
  meanLatencyMs: number | null;
  errors: number;
}

export interface TraceSummary {
  entries: number;
  from?: string;
  to?: string;
  totals: { contextTokens: number; definitionTokens: number; resultTokens: number; calls: number; errors: number; cuts: number };
  sessions: SessionSummary[];
  tools: ToolSummary[];
  methods: MethodSummary[];
}

class Mean {
  private sum = 0;
  private n = 0;
  add(value: number): void {
    if (!Number.isFinite(value)) return;
    this.sum += value;
    this.n++;
  }
  get value(): number | null {
    return this.n ? Math.round((this.sum / this.n) * 10) / 10 : null;
  }
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sessions, tools and methods, heaviest first; ties broken by name so the order never changes between runs. */
export function summarizeTrace(entries: readonly AccountingEntry[]): TraceSummary {
  const sessions = new Map<string, SessionSummary & { min: number; max: number }>();
  const tools = new Map<string, ToolSummary & { latency: Mean }>();
  const methods = new Map<string, MethodSummary & { latency: Mean }>();
  let min = Infinity;
  let max = -Infinity;

  for (const e of entries) {
    const at = Date.parse(e.time);
    min = Math.min(min, at);
    max = Math.max(max, at);
    const isCall = e.method === 'tools/call';
    const failed = e.error !== undefined ? 1 : 0;
    const cut = e.cut ? 1 : 0;

    let s = sessions.get(e.session);
    if (!s) {
      s = { session: e.session, client: null, agent: null, from: e.time, to: e.time, spanMs: 0, definitionTokens: [], peakDefinitionTokens: 0, resultTokens: 0, calls: 0, errors: 0, cuts: 0, contextTokens: 0, min: at, max: at };
      sessions.set(e.session, s);
    }
    if (!s.client && e.client?.name) s.client = [e.client.name, e.client.version].filter(Boolean).join(' ');
    if (!s.agent && e.agent) s.agent = e.agent;
    if (at < s.min) [s.min, s.from] = [at, e.time];
    if (at > s.max) [s.max, s.to] = [at, e.time];
    if (e.definitionTokens !== undefined) {
      s.definitionTokens.push(e.definitionTokens);
      s.peakDefinitionTokens = Math.max(s.peakDefinitionTokens, e.definitionTokens);
    }
    s.resultTokens += e.resultTokens ?? 0;
    s.calls += isCall ? 1 : 0;
    s.errors += failed;
    s.cuts += cut;

    if (isCall && e.tool) {
      const key = `${e.server ?? ''}\u0000${e.tool}`;
      let t = tools.get(key);
      if (!t) {
        t = { tool: e.tool, server: e.server ?? null, calls: 0, resultTokens: 0, maxResultTokens: 0, meanLatencyMs: null, errors: 0, cuts: 0, latency: new Mean() };
        tools.set(key, t);
      }
      t.calls++;
      t.resultTokens += e.resultTokens ?? 0;
      t.maxResultTokens = Math.max(t.maxResultTokens, e.resultTokens ?? 0);
      t.latency.add(e.latencyMs);
      t.errors += failed;
      t.cuts += cut;
    }

    let m = methods.get(e.method);
    if (!m) {
      m = { method: e.method, requests: 0, tokens: 0, meanLatencyMs: null, errors: 0, latency: new Mean() };
      methods.set(e.method, m);
    }
    m.requests++;
    m.tokens += (e.definitionTokens ?? 0) + (e.resultTokens ?? 0);
    m.latency.add(e.latencyMs);
    m.errors += failed;
  }

  // Key order is part of the --json contract: spread the working objects back in the documented order.
  const sessionList: SessionSummary[] = [...sessions.values()].map((s) => ({
    session: s.session,
    client: s.client,
    agent: s.agent,
    from: s.from,
    to: s.to,
    spanMs: s.max - s.min,
    definitionTokens: s.definitionTokens,
    peakDefinitionTokens: s.peakDefinitionTokens,
    resultTokens: s.resultTokens,
    calls: s.calls,
    errors: s.errors,
    cuts: s.cuts,
    contextTokens: s.peakDefinitionTokens + s.resultTokens,
  }));
  sessionList.sort((a, b) => b.contextTokens - a.contextTokens || byName(a.from, b.from) || byName(a.session, b.session));
  const toolList: ToolSummary[] = [...tools.values()].map((t) => ({ tool: t.tool, server: t.server, calls: t.calls, resultTokens: t.resultTokens, maxResultTokens: t.maxResultTokens, meanLatencyMs: t.latency.value, errors: t.errors, cuts: t.cuts }));
  toolList.sort((a, b) => b.resultTokens - a.resultTokens || b.calls - a.calls || byName(a.tool, b.tool) || byName(a.server ?? '', b.server ?? ''));
  const methodList: MethodSummary[] = [...methods.values()].map((m) => ({ method: m.method, requests: m.requests, tokens: m.tokens, meanLatencyMs: m.latency.value, errors: m.errors }));
  methodList.sort((a, b) => b.tokens - a.tokens || b.requests - a.requests || byName(a.method, b.method));

  const sum = (pick: (s: SessionSummary) => number) => sessionList.reduce((acc, s) => acc + pick(s), 0);
  return {
    entries: entries.length,
    ...(entries.length ? { from: new Date(min).toISOString(), to: new Date(max).toISOString() } : {}),
    totals: {
      contextTokens: sum((s) => s.contextTokens),
      definitionTokens: sum((s) => s.peakDefinitionTokens),
      resultTokens: sum((s) => s.resultTokens),
      calls: sum((s) => s.calls),
      errors: sum((s) => s.errors),
      cuts: sum((s) => s.cuts),
    },
    sessions: sessionList,
    tools: toolList,
    methods: methodList,
  };
}

/** Entries of one session, by its id or a prefix of it that names only one. */
export function selectSession(entries: readonly AccountingEntry[], id: string): { entries: AccountingEntry[]; session?: string; ambiguous?: string[] } {
  const ids = [...new Set(entries.map((e) => e.session))];
  const matches = ids.includes(id) ? [id] : ids.filter((s) => s.startsWith(id));
  if (matches.length !== 1) return { entries: [], ...(matches.length > 1 ? { ambiguous: matches.sort(byName) } : {}) };
  return { entries: entries.filter((e) => e.session === matches[0]), session: matches[0]! };
}
