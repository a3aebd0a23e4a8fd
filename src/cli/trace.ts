import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import pc from 'picocolors';
import { SlimError } from '../errors.js';
import { defaultTraceFile } from '../gateway/accounting.js';
import { OLD_CUT_LIMIT, parseTrace, selectSession, summarizeTrace, type TraceProblem, type TraceSummary, type TraceTotals } from '../gateway/trace-report.js';
import { formatInt, sanitizeText } from '../report/_format.js';
import { table, type Column, type Row } from '../report/_table.js';
import type { TerminalStyle } from '../report/types.js';
import { EXIT, type ExitCode } from './exit-code.js';
import { useColor, type CliIO } from './io.js';
import { positiveInt } from './parse-args.js';
import { defineCommand } from './command.js';

export const TRACE = defineCommand({
  name: 'trace',
  summary: 'what filled the context, from the gateway\'s accounting log',
  usage: ['trace [FILE]           (default ~/.mcp-slim/trace.jsonl, written by mcp-slim serve)'],
  flags: {
    session: { type: 'string', value: 'ID', help: 'one session only (an id, or the start of one)' },
    top: { type: 'string', value: 'N', help: 'rows per table (default 10; --json lists every row unless given)' },
    json: { type: 'boolean', help: 'stable machine-readable output (docs/trace.md)' },
  },
  footer: `Sessions are sorted by what they put into the context: the largest tool list they were sent
plus every result as the model received it (after the result guard); a read_result page counts
once, on the call whose result it continues. Exit codes: 0 ok, 2 no such file, or no line of it
is an entry.`,
});

/** Bad lines shown on stderr before the rest are only counted. */
const SHOWN_PROBLEMS = 10;

export async function traceCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals } = TRACE.parse(argv);
  if (values.help) {
    io.stdout.write(`${TRACE.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length > 1) throw new SlimError('usage', `mcp-slim trace reads one file, got ${positionals.length}: ${positionals.map((p) => JSON.stringify(p)).join(' ')}`);
  const home = io.env.HOME || homedir();
  const given = positionals[0];
  const file = given === undefined ? defaultTraceFile(home) : resolve(io.cwd, given.replace(/^~(?=$|[\\/])/, home));
  const shown = given ?? (file.startsWith(home) ? `~${file.slice(home.length)}` : file);
  const top = values.top === undefined ? undefined : Math.max(1, Math.floor(positiveInt('top', values.top, 10)));

  const parsed = parseTrace(readTrace(file, shown));
  reportProblems(io, shown, parsed.problems);
  if (parsed.lines > 0 && parsed.entries.length === 0) {
    throw new SlimError('config', `${shown}: no line is an accounting entry (line ${parsed.problems[0]!.line}: ${parsed.problems[0]!.message}); is it a file mcp-slim serve wrote?`);
  }
  let entries = parsed.entries;
  if (values.session !== undefined) {
    const picked = selectSession(entries, values.session);
    if (picked.ambiguous) throw new SlimError('usage', `--session ${values.session} matches ${picked.ambiguous.length} sessions (${picked.ambiguous.slice(0, 5).join(', ')}); give more of the id`);
    if (!picked.session) {
      const known = summarizeTrace(entries).sessions.slice(0, 5).map((s) => s.session);
      throw new SlimError('usage', `no session ${JSON.stringify(values.session)} in ${shown}${known.length ? `; the heaviest are ${known.join(', ')}` : ''}`);
    }
    entries = picked.entries;
  }
  const summary = summarizeTrace(entries);

  if (values.json) {
    const cap = <T>(list: T[]) => (top === undefined ? list : list.slice(0, top));
    const doc = {
      // 2: result tokens are what the model received, pages count on their call (docs/trace.md).
      schemaVersion: 2,
      command: 'trace',
      file: shown,
      ...(values.session !== undefined ? { session: summary.sessions[0]?.session ?? values.session } : {}),
      entries: summary.entries,
      skipped: parsed.problems,
      ...(summary.from ? { from: summary.from, to: summary.to } : {}),
      totals: summary.totals,
      sessionCount: summary.sessions.length,
      toolCount: summary.tools.length,
      sessions: cap(summary.sessions),
      tools: cap(summary.tools),
      methods: summary.methods,
    };
    io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return EXIT.ok;
  }
  const color = useColor(io.stdout, io.env);
  const style: TerminalStyle = { color, ...(io.stdout.isTTY && io.stdout.columns ? { width: io.stdout.columns } : {}) };
  io.stdout.write(renderTrace(summary, shown, top ?? 10, style));
  return EXIT.ok;
}

function readTrace(file: string, shown: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new SlimError('config', `no trace at ${shown}: mcp-slim serve writes it as it answers an agent, so run an agent through the gateway first (or name the file: mcp-slim trace FILE)`);
    throw new SlimError('config', `cannot read the trace ${shown} (${code ?? (error as Error).message}); check the path`);
  }
}

function reportProblems(io: CliIO, shown: string, problems: readonly TraceProblem[]): void {
  for (const p of problems.slice(0, SHOWN_PROBLEMS)) io.stderr.write(`mcp-slim: ${shown}:${p.line}: ${sanitizeText(p.message)}; skipped\n`);
  if (problems.length > SHOWN_PROBLEMS) io.stderr.write(`mcp-slim: ${shown}: ${formatInt(problems.length - SHOWN_PROBLEMS)} more bad lines skipped\n`);
}

/** 350ms, 4.2s, 3m 07s, 2h 05m. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Consecutive equal lists collapse: `12,400 → 3,100` says the tool set changed once. */
function listed(tokens: readonly number[]): string {
  const steps = tokens.filter((t, i) => i === 0 || t !== tokens[i - 1]);
  if (!steps.length) return '–';
  const shownSteps = steps.length > 4 ? [...steps.slice(0, 2), '…', ...steps.slice(-1)] : steps;
  return shownSteps.map((t) => (typeof t === 'number' ? formatInt(t) : t)).join(' → ');
}

export function renderTrace(summary: TraceSummary, file: string, top: number, style: TerminalStyle): string {
  const c = pc.createColors(style.color);
  const num = (n: number): { text: string } => ({ text: formatInt(n) });
  const faint = (n: number) => ({ text: n ? formatInt(n) : '–', ...(n ? {} : { paint: c.dim }) });
  const lines = [c.bold('mcp-slim trace') + c.dim(` · ${file} · ${formatInt(summary.entries)} entries${summary.from ? `, ${when(summary.from)} → ${when(summary.to!)}` : ''}`)];
  if (!summary.entries) return `${lines[0]}\nno entries yet: the gateway adds one per request it answers\n`;
  const { totals } = summary;
  const pages = totals.pages ? ` and ${formatInt(totals.pages)} ${totals.pages === 1 ? 'page' : 'pages'} read back` : '';
  lines.push(
    `What filled the context: ${c.bold(formatInt(totals.contextTokens))} o200k tokens = ${formatInt(totals.definitionTokens)} of tool definitions (the largest list each session was sent) + ${formatInt(totals.resultTokens)} of results from ${formatInt(totals.calls)} calls${pages}`,
    ...headline(totals, c),
    '',
  );

  const sessions = summary.sessions.slice(0, top);
  const sessionColumns: Column[] = [
    { header: 'session', align: 'left', shrinkOrder: 1, minWidth: 8 },
    { header: 'client', align: 'left', shrinkOrder: 0, minWidth: 6 },
    { header: 'agent', align: 'left', shrinkOrder: 0, minWidth: 5 },
    { header: 'tokens', align: 'right' },
    { header: 'definitions listed', align: 'left', shrinkOrder: 2, minWidth: 6 },
    { header: 'results', align: 'right' },
    { header: 'calls', align: 'right' },
    { header: 'errors', align: 'right' },
    { header: 'span', align: 'right' },
  ];
  const sessionRows: Row[] = sessions.map((s) => [
    { text: sanitizeText(s.session) },
    { text: sanitizeText(s.client ?? '–') },
    { text: sanitizeText(s.agent ?? '–') },
    { text: formatInt(s.contextTokens), paint: c.bold },
    { text: listed(s.definitionTokens) },
    num(s.resultTokens),
    num(s.calls),
    { ...faint(s.errors), ...(s.errors ? { paint: c.red } : {}) },
    { text: formatDuration(s.spanMs) },
  ]);
  lines.push(c.bold('Sessions') + c.dim(' · by tokens = largest tool list + results'), ...table(sessionColumns, sessionRows, style, c), ...more(summary.sessions.length, top, 'sessions', c), '');

  if (summary.tools.length) {
    const toolColumns: Column[] = [
      { header: 'tool', align: 'left', shrinkOrder: 1, minWidth: 8 },
      { header: 'server', align: 'left', shrinkOrder: 0, minWidth: 6 },
      { header: 'calls', align: 'right' },
      { header: 'pages', align: 'right' },
      { header: 'received', align: 'right' },
      { header: 'upstream', align: 'right' },
      { header: 'max', align: 'right' },
      { header: 'mean latency', align: 'right' },
      { header: 'cut', align: 'right' },
      { header: 'errors', align: 'right' },
    ];
    const toolRows: Row[] = summary.tools.slice(0, top).map((t) => [
      { text: sanitizeText(t.tool) },
      { text: sanitizeText(t.server ?? '–') },
      num(t.calls),
      faint(t.pages),
      { text: formatInt(t.resultTokens), paint: c.bold },
      faint(t.upstreamTokens),
      num(t.maxResultTokens),
      { text: formatDuration(t.meanLatencyMs) },
      { ...faint(t.cuts), ...(t.cuts ? { paint: c.yellow } : {}) },
      { ...faint(t.errors), ...(t.errors ? { paint: c.red } : {}) },
    ]);
    lines.push(c.bold('Tools') + c.dim(' · by tokens received (results + read_result pages); upstream: what the server produced'), ...table(toolColumns, toolRows, style, c), ...more(summary.tools.length, top, 'tools', c), '');
  }

  const methodColumns: Column[] = [
    { header: 'method', align: 'left', shrinkOrder: 0, minWidth: 8 },
    { header: 'requests', align: 'right' },
    { header: 'tokens', align: 'right' },
    { header: 'mean latency', align: 'right' },
    { header: 'errors', align: 'right' },
  ];
  const methodRows: Row[] = summary.methods.map((m) => [
    { text: sanitizeText(m.method) },
    num(m.requests),
    { text: formatInt(m.tokens), paint: c.bold },
    { text: formatDuration(m.meanLatencyMs) },
    { ...faint(m.errors), ...(m.errors ? { paint: c.red } : {}) },
  ]);
  lines.push(c.bold('Methods') + c.dim(' · definitions sent (tools/list) + results (tools/call)'), ...table(methodColumns, methodRows, style, c), '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** What the result guard did, the errors, and how an older log was read: each line only when it has something to say. */
function headline(totals: TraceTotals, c: ReturnType<typeof pc.createColors>): string[] {
  const out: string[] = [];
  const flagged = [totals.cuts ? `${formatInt(totals.cuts)} cut` : '', totals.warned ? `${formatInt(totals.warned)} over the warning level` : ''].filter(Boolean).join(', ');
  if (totals.upstreamTokens !== totals.resultTokens || flagged) {
    const saved = totals.savedTokens;
    const verdict = saved > 0
      ? `the result guard kept ${c.bold(formatInt(saved))} out of the context`
      : saved < 0
        ? `that is ${formatInt(-saved)} more: pages of results whose call is not in this log, or the guard's notes on results read back whole`
        : 'nothing was kept out';
    out.push(`Results: upstreams produced ${formatInt(totals.upstreamTokens)} tokens, the model received ${formatInt(totals.resultTokens)}; ${verdict}${flagged ? ` (${flagged})` : ''}`);
  }
  if (totals.errors) {
    const returned = totals.errors - totals.rejected;
    const rejected = `${formatInt(totals.rejected)} rejected (unknown tool, arguments refused, upstream down)`;
    const isError = `${formatInt(returned)} ${returned === 1 ? 'isError result' : 'isError results'} from tools`;
    const split = !returned ? rejected : !totals.rejected ? isError : `${formatInt(totals.errors)} = ${rejected} + ${isError}`;
    out.push(`Errors: ${c.red(split)}`);
  }
  if (totals.estimatedCuts) {
    const n = totals.estimatedCuts;
    out.push(c.dim(`Older log: ${formatInt(n)} cut ${n === 1 ? 'result was' : 'results were'} logged at the size the upstream sent (before upstreamTokens); counted here as ${formatInt(OLD_CUT_LIMIT)} tokens received${n === 1 ? '' : ' each'} (the guard's default limit) and that size as produced`));
  }
  return out;
}

function more(total: number, top: number, what: string, c: ReturnType<typeof pc.createColors>): string[] {
  return total > top ? [c.dim(`  … ${formatInt(total - top)} more ${what} (--top ${total} to list them all)`)] : [];
}
