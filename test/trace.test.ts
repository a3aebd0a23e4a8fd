import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { accountingLine, createAccountingLog, type AccountingEntry } from '../src/gateway/accounting.js';
import { parseTrace, summarizeTrace } from '../src/gateway/trace-report.js';
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
  assert.deepEqual([claude.client, claude.agent, claude.calls, claude.errors, claude.cuts, claude.spanMs], ['claude-code 2.1.3', 'reviewer', 6, 1, 1, 759_880]);
  assert.equal(summary.sessions[0]!.agent, null);
  assert.deepEqual(summary.tools.map((t) => `${t.server}/${t.tool}`), ['playwright/browser_snapshot', 'filesystem/read_file', 'mcp-slim/read_result', 'github/search_code', 'memory/read_graph', 'github/create_issue']);
  const search = summary.tools.find((t) => t.tool === 'search_code')!;
  assert.deepEqual([search.calls, search.resultTokens, search.maxResultTokens, search.meanLatencyMs], [2, 17_300, 9100, 865]);
  assert.deepEqual(summary.methods.map((m) => [m.method, m.requests, m.tokens]), [['tools/call', 9, 104_710], ['tools/list', 4, 68_910], ['initialize', 1, 0], ['ping', 1, 0]]);
  assert.deepEqual(summary.totals, { contextTokens: 170_520, definitionTokens: 65_810, resultTokens: 104_710, calls: 9, errors: 1, cuts: 2 });
  assert.deepEqual([summary.from, summary.to], ['2026-05-04T09:00:00.120Z', '2026-05-04T11:00:41.000Z']);
  assert.deepEqual(summarizeTrace([]), { entries: 0, totals: { contextTokens: 0, definitionTokens: 0, resultTokens: 0, calls: 0, errors: 0, cuts: 0 }, sessions: [], tools: [], methods: [] });
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

test('--json is stable: documented keys, every row unless --top, bad lines listed', async () => {
  const { code, stdout } = await runCli(['trace', 'trace.jsonl', '--json'], { cwd: DIR });
  assert.equal(code, 0);
  const doc = JSON.parse(stdout);
  assert.deepEqual(Object.keys(doc), ['schemaVersion', 'command', 'file', 'entries', 'skipped', 'from', 'to', 'totals', 'sessionCount', 'toolCount', 'sessions', 'tools', 'methods']);
  assert.deepEqual(Object.keys(doc.sessions[0]), ['session', 'client', 'agent', 'from', 'to', 'spanMs', 'definitionTokens', 'peakDefinitionTokens', 'resultTokens', 'calls', 'errors', 'cuts', 'contextTokens']);
  assert.deepEqual(Object.keys(doc.tools[0]), ['tool', 'server', 'calls', 'resultTokens', 'maxResultTokens', 'meanLatencyMs', 'errors', 'cuts']);
  assert.equal(doc.tools.length, 6);
  const top = JSON.parse((await runCli(['trace', 'trace.jsonl', '--json', '--top', '1'], { cwd: DIR })).stdout);
  assert.deepEqual([top.sessions.length, top.tools.length, top.sessionCount, top.toolCount], [1, 1, 3, 6]);
});

test('--session takes an id or a unique start of one; an ambiguous or unknown one is a usage error', async () => {
  const one = await runCli(['trace', 'trace.jsonl', '--json', '--session', '7f3c'], { cwd: DIR });
  assert.equal(one.code, 0);
  const doc = JSON.parse(one.stdout);
  assert.equal(doc.session, CLAUDE);
  assert.deepEqual(doc.sessions.map((s: { session: string }) => s.session), [CLAUDE]);
  assert.deepEqual(doc.tools.map((t: { tool: string }) => t.tool), ['read_file', 'read_result', 'search_code', 'create_issue']);
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
  assert.match(stdout, /… 4 more tools \(--top 6 to list them all\)/);
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
