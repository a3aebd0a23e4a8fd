import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { accountingLine, createAccountingLog, type AccountingEntry } from '../src/gateway/accounting.js';
import { OLD_CUT_LIMIT, parseTrace, summarizeTrace } from '../src/gateway/trace-report.js';
import { renderTrace } from '../src/cli/trace.js';
import { FIXTURES, runCli } from './_cli.js';

const DIR = `${FIXTURES}trace/`;
const trace = readFileSync(`${DIR}trace.jsonl`, 'utf8');
const CLAUDE = '7f3c9a2e-1b4d-4e8f-9a01-3c5d7e9f1a2b';
const CURSOR = 'a04e6b1c-77d2-4c3a-b5e8-0f9d2a6c4e31';
const CODEX = 'a0f1d9e7-3b2a-4f6c-8d1e-5a7b9c0e2f44';

test('parseTrace: a bad line is reported with its line number and skipped; blank lines are not lines', () => {
  const parsed = parseTrace(trace);
  assert.equal(parsed.entries.length, 15);
  assert.equal(parsed.lines, 17);
  assert.deepEqual(parsed.problems.map((p) => p.line), [8, 12]);
  assert.match(parsed.problems[0]!.message, /^not JSON/);
  assert.match(parsed.problems[1]!.message, /"session" is missing/);
});

test('summarizeTrace: sessions by largest tool list + results, tools by result tokens, methods by tokens', () => {
  const summary = summarizeTrace(parseTrace(trace).entries);
  assert.deepEqual(summary.sessions.map((s) => [s.session, s.contextTokens]), [[CURSOR, 48_210 + 15_020 + 24_950], [CLAUDE, 12_400 + 8200 + 24_880 + 21_010 + 1200 + 9100 + 40], [CODEX, 5510]]);
  const claude = summary.sessions[1]!;
  assert.deepEqual(claude.definitionTokens, [12_400, 3100], 'every list, in order: the phase switch shows');
  assert.deepEqual([claude.client, claude.agent, claude.calls, claude.pages, claude.errors, claude.cuts, claude.spanMs], ['claude-code 2.1.3', 'reviewer', 5, 1, 1, 1, 759_880]);
  assert.deepEqual([claude.resultTokens, claude.upstreamTokens, claude.savedTokens], [64_430, 70_840, 6410]);
  assert.equal(summary.sessions[0]!.agent, null);
  assert.deepEqual(summary.tools.map((t) => `${t.server}/${t.tool}`), ['filesystem/read_file', 'playwright/browser_snapshot', 'github/search_code', 'memory/read_graph', 'github/create_issue']);
  const readFile = summary.tools[0]!;
  assert.deepEqual([readFile.calls, readFile.pages, readFile.resultTokens, readFile.pageTokens, readFile.upstreamTokens, readFile.maxResultTokens], [2, 1, 24_880 + 1200 + 21_010, 21_010, 52_300 + 1200, 24_880]);
  const search = summary.tools.find((t) => t.tool === 'search_code')!;
  assert.deepEqual([search.calls, search.resultTokens, search.maxResultTokens, search.meanLatencyMs], [2, 17_300, 9100, 865]);
  assert.deepEqual(summary.methods.map((m) => [m.method, m.requests, m.tokens]), [['tools/call', 9, 104_710], ['tools/list', 4, 68_910], ['initialize', 1, 0], ['ping', 1, 0]]);
  assert.deepEqual(summary.totals, { contextTokens: 170_520, definitionTokens: 65_810, resultTokens: 104_710, upstreamTokens: 147_370, savedTokens: 42_660, calls: 8, pages: 1, errors: 1, rejected: 1, cuts: 2, warned: 3, estimatedCuts: 0 });
  assert.deepEqual([summary.from, summary.to], ['2026-05-04T09:00:00.120Z', '2026-05-04T11:00:41.000Z']);
  assert.deepEqual(summarizeTrace([]), { entries: 0, totals: { contextTokens: 0, definitionTokens: 0, resultTokens: 0, upstreamTokens: 0, savedTokens: 0, calls: 0, pages: 0, errors: 0, rejected: 0, cuts: 0, warned: 0, estimatedCuts: 0 }, sessions: [], tools: [], methods: [] });
});

const fixture = (name: string) => summarizeTrace(parseTrace(readFileSync(`${DIR}${name}.jsonl`, 'utf8')).entries);

test('issue 14: a cut result counts as the model received it, and each read_result page once, on the call it continues', () => {
  const summary = fixture('cut-pages');
  const pages = 24_790 + 24_802 + 24_655;
  const [file, ...rest] = summary.tools;
  assert.deepEqual(file, { tool: 'get_file_contents', server: 'github', calls: 1, pages: 3, resultTokens: 24_841 + pages, pageTokens: pages, upstreamTokens: 308_000, maxResultTokens: 24_841, meanLatencyMs: 640, errors: 0, cuts: 1, warned: 1 });
  // The read_result of an expired id is not a page of anything: it stays the gateway tool's call, and an error.
  assert.deepEqual(rest.map((t) => [`${t.server}/${t.tool}`, t.calls, t.pages, t.resultTokens, t.upstreamTokens, t.errors]), [['github/list_issues', 1, 0, 1430, 1430, 0], ['mcp-slim/tool_search', 1, 0, 920, 920, 0], ['mcp-slim/read_result', 1, 0, 38, 0, 1]]);
  const received = 920 + 24_841 + pages + 1430 + 38;
  assert.deepEqual(summary.totals, { contextTokens: 1850 + received, definitionTokens: 1850, resultTokens: received, upstreamTokens: 920 + 308_000 + 1430, savedTokens: 920 + 308_000 + 1430 - received, calls: 4, pages: 3, errors: 1, rejected: 0, cuts: 1, warned: 1, estimatedCuts: 0 });
  assert.equal(summary.methods.find((m) => m.method === 'tools/call')!.requests, 7, 'methods still count every request');
});

test('a page counts on its call only within its own session, and read_result without pageOf stays a call', () => {
  const entries = parseTrace(readFileSync(`${DIR}cut-pages.jsonl`, 'utf8')).entries;
  const elsewhere = entries.map((e) => (e.tool === 'read_result' ? { ...e, session: 'other' } : e));
  const summary = summarizeTrace(elsewhere);
  assert.deepEqual([summary.totals.pages, summary.tools.find((t) => t.tool === 'read_result')!.calls], [0, 4]);
  const unlinked = summarizeTrace(entries.map(({ pageOf: _pageOf, ...e }) => e));
  assert.deepEqual([unlinked.totals.pages, unlinked.totals.calls, unlinked.totals.resultTokens], [0, 7, summarizeTrace(entries).totals.resultTokens], 'the same tokens, on the read_result row');
  const orphans = summarizeTrace(entries.filter((e) => e.tool === 'read_result'));
  assert.equal(orphans.totals.savedTokens, -(24_790 + 24_802 + 24_655 + 38), 'pages of a call not in the log: received, never produced');
  assert.match(renderTrace(orphans, 'x', 10, { color: false }), /the model received 74,285; that is 74,285 more: pages of results whose call is not in this log/);
});

test('rejected calls and isError results are errors, by tool and in totals', () => {
  const rejected = fixture('rejected');
  assert.deepEqual(rejected.tools.map((t) => [t.server, t.tool, t.calls, t.errors]), [['github', 'create_issue', 2, 1], ['playwright', 'browser_navigate', 1, 1], ['mcp-slim', 'call_tool', 1, 1], [null, 'github_search', 1, 1]]);
  assert.deepEqual([rejected.totals.calls, rejected.totals.errors, rejected.totals.rejected, rejected.totals.resultTokens], [5, 4, 4, 206]);
  const isError = fixture('is-error');
  assert.deepEqual(isError.tools.map((t) => [t.tool, t.calls, t.errors, t.resultTokens]), [['read_file', 2, 1, 2431], ['run_query', 2, 1, 1092]]);
  assert.deepEqual([isError.totals.errors, isError.totals.rejected, isError.sessions[0]!.errors], [2, 0, 2]);
  assert.deepEqual(isError.methods.map((m) => [m.method, m.errors]), [['tools/list', 0], ['tools/call', 2]]);
});

test('an old log: a cut result logged at full size counts at the limit received, its size as produced; gateway tools get their server', () => {
  const summary = fixture('old-format');
  assert.equal(OLD_CUT_LIMIT, 25_000);
  const readFile = summary.tools.find((t) => t.tool === 'read_file')!;
  assert.deepEqual([readFile.resultTokens, readFile.upstreamTokens, readFile.cuts], [25_000, 101_234, 1]);
  // Without pageOf the pages cannot be put on their call: they stay read_result calls, counted once, produced by no one.
  const readResult = summary.tools.find((t) => t.tool === 'read_result')!;
  assert.deepEqual([readResult.server, readResult.calls, readResult.resultTokens, readResult.upstreamTokens], ['mcp-slim', 2, 24_700 + 24_690, 0]);
  assert.equal(summary.tools.find((t) => t.tool === 'tool_search')!.server, 'mcp-slim');
  const received = 640 + 25_000 + 24_700 + 24_690 + 3000;
  assert.deepEqual(summary.totals, { contextTokens: 1850 + received, definitionTokens: 1850, resultTokens: received, upstreamTokens: 640 + 101_234 + 3000, savedTokens: 640 + 101_234 + 3000 - received, calls: 6, pages: 0, errors: 1, rejected: 1, cuts: 1, warned: 0, estimatedCuts: 1 });
  // A cut entry at or under the limit was already what the model received: taken as logged.
  const small = summarizeTrace([{ time: '2026-04-28T08:00:00.000Z', session: 's', method: 'tools/call', tool: 'x', server: 'y', resultTokens: 24_900, latencyMs: 1, cut: true }]);
  assert.deepEqual([small.totals.resultTokens, small.totals.upstreamTokens, small.totals.estimatedCuts], [24_900, 24_900, 0]);
});

test('parseTrace: new fields of the wrong type make the line a problem', () => {
  const base = { time: '2026-05-04T09:00:00.000Z', session: 's', method: 'tools/call', latencyMs: 1 };
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ upstreamTokens: '308000' }, /"upstreamTokens" is not a number/],
    [{ offset: null }, /"offset" is not a number/],
    [{ pageOf: 7 }, /"pageOf" is not a string/],
    [{ resultId: {} }, /"resultId" is not a string/],
    [{ isError: 'true' }, /"isError" is not true or false/],
    [{ warned: 1 }, /"warned" is not true or false/],
  ];
  for (const [extra, message] of cases) {
    const parsed = parseTrace(JSON.stringify({ ...base, ...extra }));
    assert.equal(parsed.entries.length, 0, JSON.stringify(extra));
    assert.match(parsed.problems[0]!.message, message);
  }
});

/** The command, its output and exit code, as a readable file; UPDATE_SNAPSHOTS=1 rewrites them. */
async function snapshot(name: string, argv: string[]): Promise<void> {
  const { code, stdout, stderr } = await runCli(argv, { cwd: DIR });
  const actual = `$ mcp-slim ${argv.join(' ')}\n# exit ${code}\n# stderr\n${stderr}# stdout\n${stdout}`;
  const file = `${DIR}${name}.snapshot.txt`;
  if (process.env.UPDATE_SNAPSHOTS === '1' || !existsSync(file)) writeFileSync(file, actual);
  assert.equal(actual, readFileSync(file, 'utf8'), `${file} differs; run with UPDATE_SNAPSHOTS=1 if the change is meant`);
}

test('mcp-slim trace FILE: tables of sessions, tools and methods; bad lines on stderr; exit 0 (snapshot)', async () => {
  await snapshot('trace', ['trace', 'trace.jsonl']);
  await snapshot('trace-json', ['trace', 'trace.jsonl', '--json']);
});

test('mcp-slim trace: received vs produced, pages, errors and an old log, in words (snapshots)', async () => {
  await snapshot('cut-pages', ['trace', 'cut-pages.jsonl']);
  await snapshot('rejected', ['trace', 'rejected.jsonl']);
  await snapshot('old-format', ['trace', 'old-format.jsonl']);
});

test('--json is stable: documented keys, every row unless --top, bad lines listed', async () => {
  const { code, stdout } = await runCli(['trace', 'trace.jsonl', '--json'], { cwd: DIR });
  assert.equal(code, 0);
  const doc = JSON.parse(stdout);
  assert.deepEqual(Object.keys(doc), ['schemaVersion', 'command', 'file', 'entries', 'skipped', 'from', 'to', 'totals', 'sessionCount', 'toolCount', 'sessions', 'tools', 'methods']);
  assert.equal(doc.schemaVersion, 2, 'resultTokens became what the model received, pages moved onto their call');
  assert.deepEqual(Object.keys(doc.totals), ['contextTokens', 'definitionTokens', 'resultTokens', 'upstreamTokens', 'savedTokens', 'calls', 'pages', 'errors', 'rejected', 'cuts', 'warned', 'estimatedCuts']);
  assert.deepEqual(Object.keys(doc.sessions[0]), ['session', 'client', 'agent', 'from', 'to', 'spanMs', 'definitionTokens', 'peakDefinitionTokens', 'resultTokens', 'upstreamTokens', 'savedTokens', 'calls', 'pages', 'errors', 'cuts', 'contextTokens']);
  assert.deepEqual(Object.keys(doc.tools[0]), ['tool', 'server', 'calls', 'pages', 'resultTokens', 'pageTokens', 'upstreamTokens', 'maxResultTokens', 'meanLatencyMs', 'errors', 'cuts', 'warned']);
  assert.deepEqual(Object.keys(doc.methods[0]), ['method', 'requests', 'tokens', 'meanLatencyMs', 'errors']);
  assert.equal(doc.tools.length, 5);
  const top = JSON.parse((await runCli(['trace', 'trace.jsonl', '--json', '--top', '1'], { cwd: DIR })).stdout);
  assert.deepEqual([top.sessions.length, top.tools.length, top.sessionCount, top.toolCount], [1, 1, 3, 5]);
});

test('--session takes an id or a unique start of one; an ambiguous or unknown one is a usage error', async () => {
  const one = await runCli(['trace', 'trace.jsonl', '--json', '--session', '7f3c'], { cwd: DIR });
  assert.equal(one.code, 0);
  const doc = JSON.parse(one.stdout);
  assert.equal(doc.session, CLAUDE);
  assert.deepEqual(doc.sessions.map((s: { session: string }) => s.session), [CLAUDE]);
  assert.deepEqual(doc.tools.map((t: { tool: string }) => t.tool), ['read_file', 'search_code', 'create_issue']);
  const ambiguous = await runCli(['trace', 'trace.jsonl', '--session', 'a0'], { cwd: DIR });
  assert.equal(ambiguous.code, 2);
  assert.match(ambiguous.stderr, /--session a0 matches 2 sessions \(a04e6b1c-.*, a0f1d9e7-.*\); give more of the id/);
  const unknown = await runCli(['trace', 'trace.jsonl', '--session', 'zz'], { cwd: DIR });
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, new RegExp(`no session "zz" in trace.jsonl; the heaviest are ${CURSOR}, ${CLAUDE}, ${CODEX}`));
});

test('--top N cuts the tables and says how many more there are', async () => {
  const { code, stdout } = await runCli(['trace', 'trace.jsonl', '--top', '2'], { cwd: DIR });
  assert.equal(code, 0);
  assert.match(stdout, /… 1 more sessions \(--top 3 to list them all\)/);
  assert.match(stdout, /… 3 more tools \(--top 5 to list them all\)/);
  assert.doesNotMatch(stdout, /read_graph/);
});

test('a missing file is exit 2 naming it and what writes it; the default is ~/.mcp-slim/trace.jsonl', async () => {
  const missing = await runCli(['trace', 'nope.jsonl'], { cwd: DIR });
  assert.equal(missing.code, 2);
  assert.equal(missing.stderr.split('\n').filter(Boolean).length, 1, 'one line');
  assert.match(missing.stderr, /no trace at nope\.jsonl: mcp-slim serve writes it/);
  const home = mkdtempSync(join(tmpdir(), 'mcp-slim-home-'));
  const none = await runCli(['trace'], { env: { HOME: home } });
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no trace at ~\/\.mcp-slim\/trace\.jsonl/);
  mkdirSync(join(home, '.mcp-slim'));
  writeFileSync(join(home, '.mcp-slim', 'trace.jsonl'), trace);
  const found = await runCli(['trace', '--json'], { env: { HOME: home } });
  assert.equal(found.code, 0);
  assert.equal(JSON.parse(found.stdout).file, '~/.mcp-slim/trace.jsonl');
});

test('a file where no line is an entry is exit 2; an empty one is exit 0 with nothing to show', async () => {
  const bad = await runCli(['trace', 'not-a-trace.jsonl'], { cwd: DIR });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /not-a-trace\.jsonl:1: not JSON/);
  assert.match(bad.stderr, /not-a-trace\.jsonl: no line is an accounting entry/);
  const empty = await runCli(['trace', 'empty.jsonl'], { cwd: DIR });
  assert.equal(empty.code, 0);
  assert.match(empty.stdout, /no entries yet/);
  assert.equal(JSON.parse((await runCli(['trace', 'empty.jsonl', '--json'], { cwd: DIR })).stdout).entries, 0);
});

test('usage mistakes are exit 2 with one line', async () => {
  for (const argv of [['trace', 'a', 'b'], ['trace', '--top', '0'], ['trace', '--topp', '3']]) {
    const { code, stderr } = await runCli(argv, { cwd: DIR });
    assert.equal(code, 2, argv.join(' '));
    assert.equal(stderr.split('\n').filter(Boolean).length, 1, stderr);
  }
});

/** Every documented field, in no particular order. */
const EVERY: Required<AccountingEntry> = { via: 'call_tool', structuredTokens: 3, estimated: true, warned: true, resultId: 'r', cut: true, error: 'e', isError: true, latencyMs: 1, upstreamTokens: 9, resultTokens: 2, definitionTokens: 0, offset: 5, pageOf: 'p', mode: 'slim', server: 'mcp-slim', tool: 'read_result', method: 'tools/call', agent: 'a', client: { name: 'c', version: '1' }, session: 's', time: 't' };

const entry = (over: Partial<AccountingEntry> = {}): AccountingEntry => ({ time: '2026-05-04T09:00:00.000Z', session: 's1', method: 'tools/call', tool: 'read_file', server: 'fs', resultTokens: 120, latencyMs: 5, ...over });

test('accounting log: appends one JSON line per entry, creating its folder; mcp-slim trace reads it back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-log-'));
  const file = join(dir, 'deep', 'er', 'trace.jsonl');
  for (const round of [1, 2]) {
    const log = createAccountingLog(file, () => assert.fail('no error expected'));
    log.record(entry({ session: `s${round}`, method: 'tools/list', tool: undefined, server: undefined, resultTokens: undefined, definitionTokens: 4000, client: { name: 'claude-code', version: '2.1.3' } }));
    log.record(entry({ session: `s${round}`, cut: true, resultTokens: 24_900 }));
    await log.close();
    log.record(entry({ session: 'after-close' }));
  }
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  assert.equal(lines.length, 4, 'appended, never truncated');
  assert.equal(lines[0], '{"time":"2026-05-04T09:00:00.000Z","session":"s1","client":{"name":"claude-code","version":"2.1.3"},"method":"tools/list","definitionTokens":4000,"latencyMs":5}');
  const { code, stdout } = await runCli(['trace', file, '--json']);
  assert.equal(code, 0);
  const doc = JSON.parse(stdout);
  assert.deepEqual([doc.entries, doc.skipped, doc.totals.contextTokens, doc.totals.cuts], [4, [], 2 * (4000 + 24_900), 2]);
});

test('accounting log: documented fields in their order whatever order they came in, others after', () => {
  const line = accountingLine({ latencyMs: 1, extra: 3, method: 'tools/call', session: 's', time: 't', cut: false, tool: 'x' } as AccountingEntry);
  assert.equal(line, '{"time":"t","session":"s","method":"tools/call","tool":"x","latencyMs":1,"cut":false,"extra":3}\n', 'fields the type does not name are kept, after the rest');
  assert.deepEqual(Object.keys(JSON.parse(accountingLine({ tools: 3, ...EVERY } as AccountingEntry))), ['time', 'session', 'client', 'agent', 'method', 'tool', 'server', 'mode', 'pageOf', 'offset', 'definitionTokens', 'resultTokens', 'upstreamTokens', 'latencyMs', 'isError', 'error', 'cut', 'resultId', 'warned', 'estimated', 'structuredTokens', 'via', 'tools']);
});

test('docs/trace.md: its field table is the order the log is written in, and its example lines are entries written so', () => {
  const doc = readFileSync(new URL('../docs/trace.md', import.meta.url), 'utf8');
  const fields = [...doc.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
  assert.deepEqual(fields, Object.keys(JSON.parse(accountingLine(EVERY))));
  const start = doc.indexOf('```json\n') + '```json\n'.length;
  const example = doc.slice(start, doc.indexOf('```', start));
  const parsed = parseTrace(example);
  assert.deepEqual([parsed.entries.length, parsed.problems], [5, []]);
  assert.equal(parsed.entries.map(accountingLine).join(''), example, 'each line in the documented order');
});

test('accounting log: no file is a no-op; a write error is reported once and never thrown', async () => {
  const none = createAccountingLog(undefined, () => assert.fail('no error expected'));
  none.record(entry());
  await none.close();

  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-log-bad-'));
  writeFileSync(join(dir, 'a-file'), '');
  for (const file of [join(dir, 'a-file', 'trace.jsonl'), dir]) {
    const errors: string[] = [];
    const log = createAccountingLog(file, (m) => errors.push(m));
    for (let i = 0; i < 5; i++) log.record(entry());
    await new Promise((r) => setTimeout(r, 50));
    log.record(entry());
    await log.close();
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, new RegExp(`cannot write the accounting log ${file.replace(/[/\\.]/g, '\\$&')} \\((ENOTDIR|EEXIST|EISDIR)\\); the gateway goes on without it`));
  }
});
