/**
 * What `mcp-slim trace` shows, as data: the accounting log (accounting.ts) read back and summed
 * per session, per tool and per method. Totals are what entered the context: each result as the
 * model received it, and each read_result page once, as a page of the call whose result it
 * continues. Pure: no files, no terminal.
 */
import type { AccountingEntry } from './accounting.js';
import { readEntry, type EntryReading } from './trace-entry.js';

export { parseTrace, OLD_CUT_LIMIT, type ParsedTrace, type TraceProblem } from './trace-entry.js';

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
  /** Results as the model received them, read_result pages included. */
  resultTokens: number;
  /** Results as the upstreams produced them (a page adds nothing: it is part of its result). */
  upstreamTokens: number;
  /** upstreamTokens − resultTokens: what the result guard kept out of the context. */
  savedTokens: number;
  /** tools/call requests, read_result pages of a result in the log apart. */
  calls: number;
  /** read_result pages of a cut result in the log. */
  pages: number;
  errors: number;
  cuts: number;
  /** peakDefinitionTokens + resultTokens: what this session put into the context. */
  contextTokens: number;
}

export interface ToolSummary {
  tool: string;
  server: string | null;
  calls: number;
  /** read_result pages of this tool's cut results; they count here, not as calls of read_result. */
  pages: number;
  /** What the model received: the calls' results plus their pages. */
  resultTokens: number;
  /** The part of resultTokens read back with read_result. */
  pageTokens: number;
  /** What the upstream produced for these calls. */
  upstreamTokens: number;
  /** The largest result one call put into the context (pages apart). */
  maxResultTokens: number;
  /** Mean over the calls (pages apart); null when none recorded a latency. */
  meanLatencyMs: number | null;
  /** Rejected calls and isError results. */
  errors: number;
  cuts: number;
  /** Results over the guard's warning level. */
  warned: number;
}

export interface MethodSummary {
  method: string;
  requests: number;
  /** Definition tokens (tools/list) plus result tokens received (tools/call). */
  tokens: number;
  meanLatencyMs: number | null;
  errors: number;
}

export interface TraceTotals {
  /** definitionTokens + resultTokens: what entered the context. */
  contextTokens: number;
  /** Each session's peak tool list, summed. */
  definitionTokens: number;
  resultTokens: number;
  upstreamTokens: number;
  savedTokens: number;
  calls: number;
  pages: number;
  /** Rejected calls and isError results. */
  errors: number;
  /** The errors that got no answer from the tool: unknown tool, arguments refused, upstream down. */
  rejected: number;
  cuts: number;
  warned: number;
  /** Cut results from a gateway that logged their full size, counted at OLD_CUT_LIMIT received. */
  estimatedCuts: number;
}

export interface TraceSummary {
  entries: number;
  from?: string;
  to?: string;
  totals: TraceTotals;
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

/**
 * For each read_result entry that is a page of a cut result in the log (same session, its
 * `pageOf` that result's `resultId`, and not itself an error), the index of that result's entry.
 */
function pageParents(entries: readonly AccountingEntry[], readings: readonly EntryReading[]): Map<number, number> {
  const key = (session: string, id: string) => `${session}\u0000${id}`;
  const results = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.resultId !== undefined && e.method === 'tools/call' && e.tool && !readings[i]!.readBack) results.set(key(e.session, e.resultId), i);
  });
  const parents = new Map<number, number>();
  entries.forEach((e, i) => {
    const r = readings[i]!;
    if (!r.readBack || r.failed || e.pageOf === undefined) return;
    const parent = results.get(key(e.session, e.pageOf));
    if (parent !== undefined) parents.set(i, parent);
  });
  return parents;
}

/** Sessions, tools and methods, heaviest first; ties broken by name so the order never changes between runs. */
export function summarizeTrace(entries: readonly AccountingEntry[]): TraceSummary {
  const readings = entries.map(readEntry);
  const parents = pageParents(entries, readings);
  const sessions = new Map<string, Omit<SessionSummary, 'savedTokens' | 'contextTokens'> & { min: number; max: number }>();
  const tools = new Map<string, ToolSummary & { latency: Mean }>();
  const methods = new Map<string, MethodSummary & { latency: Mean }>();
  const counts = { rejected: 0, warned: 0, estimatedCuts: 0 };
  let min = Infinity;
  let max = -Infinity;

  const toolRow = (tool: string, server: string | undefined) => {
    const key = `${server ?? ''}\u0000${tool}`;
    let t = tools.get(key);
    if (!t) {
      t = { tool, server: server ?? null, calls: 0, pages: 0, resultTokens: 0, pageTokens: 0, upstreamTokens: 0, maxResultTokens: 0, meanLatencyMs: null, errors: 0, cuts: 0, warned: 0, latency: new Mean() };
      tools.set(key, t);
    }
    return t;
  };

  entries.forEach((e, i) => {
    const r = readings[i]!;
    const at = Date.parse(e.time);
    min = Math.min(min, at);
    max = Math.max(max, at);
    const isCall = e.method === 'tools/call';
    const parent = parents.get(i);
    const isPage = parent !== undefined;
    const failed = r.failed ? 1 : 0;
    const cut = e.cut ? 1 : 0;
    counts.rejected += r.rejected ? 1 : 0;
    counts.warned += e.warned ? 1 : 0;
    counts.estimatedCuts += r.estimated ? 1 : 0;

    let s = sessions.get(e.session);
    if (!s) {
      s = { session: e.session, client: null, agent: null, from: e.time, to: e.time, spanMs: 0, definitionTokens: [], peakDefinitionTokens: 0, resultTokens: 0, upstreamTokens: 0, calls: 0, pages: 0, errors: 0, cuts: 0, min: at, max: at };
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
    s.resultTokens += r.received;
    s.upstreamTokens += r.produced;
    s.calls += isCall && !isPage ? 1 : 0;
    s.pages += isPage ? 1 : 0;
    s.errors += failed;
    s.cuts += cut;

    if (isPage) {
      // A page is more of its parent's result: it goes on the parent's row, once.
      const p = entries[parent]!;
      const t = toolRow(p.tool!, readings[parent]!.server);
      t.pages++;
      t.pageTokens += r.received;
      t.resultTokens += r.received;
    } else if (isCall && e.tool) {
      const t = toolRow(e.tool, r.server);
      t.calls++;
      t.resultTokens += r.received;
      t.upstreamTokens += r.produced;
      t.maxResultTokens = Math.max(t.maxResultTokens, r.received);
      t.latency.add(e.latencyMs);
      t.errors += failed;
      t.cuts += cut;
      t.warned += e.warned ? 1 : 0;
    }

    let m = methods.get(e.method);
    if (!m) {
      m = { method: e.method, requests: 0, tokens: 0, meanLatencyMs: null, errors: 0, latency: new Mean() };
      methods.set(e.method, m);
    }
    m.requests++;
    m.tokens += (e.definitionTokens ?? 0) + r.received;
    m.latency.add(e.latencyMs);
    m.errors += failed;
  });

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
    upstreamTokens: s.upstreamTokens,
    savedTokens: s.upstreamTokens - s.resultTokens,
    calls: s.calls,
    pages: s.pages,
    errors: s.errors,
    cuts: s.cuts,
    contextTokens: s.peakDefinitionTokens + s.resultTokens,
  }));
  sessionList.sort((a, b) => b.contextTokens - a.contextTokens || byName(a.from, b.from) || byName(a.session, b.session));
  const toolList: ToolSummary[] = [...tools.values()].map((t) => ({
    tool: t.tool,
    server: t.server,
    calls: t.calls,
    pages: t.pages,
    resultTokens: t.resultTokens,
    pageTokens: t.pageTokens,
    upstreamTokens: t.upstreamTokens,
    maxResultTokens: t.maxResultTokens,
    meanLatencyMs: t.latency.value,
    errors: t.errors,
    cuts: t.cuts,
    warned: t.warned,
  }));
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
      upstreamTokens: sum((s) => s.upstreamTokens),
      savedTokens: sum((s) => s.savedTokens),
      calls: sum((s) => s.calls),
      pages: sum((s) => s.pages),
      errors: sum((s) => s.errors),
      rejected: counts.rejected,
      cuts: sum((s) => s.cuts),
      warned: counts.warned,
      estimatedCuts: counts.estimatedCuts,
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
