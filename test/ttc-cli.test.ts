import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sharedCatalog } from '../bench/_catalogs.js';
import { parseServersTTC } from '../src/ttc/catalog-text.js';
import { compareTTC } from '../src/ttc/compare.js';
import { TTCParseError } from '../src/ttc/parse-error.js';
import { FIXTURES, runCli } from './_cli.js';

const memory = `${FIXTURES}catalogs/shared/server-memory.json`;

test('mcp-slim ttc prints every tool; the text parses back to the same tools, server by server', async () => {
  const files = ['server-memory', 'server-filesystem'].map((n) => `${FIXTURES}catalogs/shared/${n}.json`);
  const { code, stdout } = await runCli(['ttc', ...files.flatMap((f) => ['--catalog', f])]);
  assert.equal(code, 0);
  const blocks = parseServersTTC(stdout.replace(/\n$/, ''));
  assert.deepEqual(blocks.map((b) => [b.server, b.entries.length]), [['server-memory', 9], ['server-filesystem', 14]]);
});

test('a sidecar wins over what is derived, and a misspelt tool in it is an error naming the file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-ttc-'));
  const sidecar = join(dir, 'ttc.json');
  writeFileSync(sidecar, JSON.stringify({ tools: { read_graph: { when: 'user wants to see the whole knowledge graph', err: ['file_missing'], tags: ['memory', 'graph'] } } }));
  const ok = await runCli(['ttc', '--catalog', memory, '--sidecar', sidecar, '--out', join(dir, 'out.ttc')]);
  assert.equal(ok.code, 0);
  const text = readFileSync(join(dir, 'out.ttc'), 'utf8');
  assert.match(text, /TOOL read_graph\n.*\n.*\n(?:OUT .*\n)?ERR file_missing\nWHEN user wants to see the whole knowledge graph\nTAGS memory,graph/);
  writeFileSync(sidecar, JSON.stringify({ tools: { read_graf: { when: 'user wants to read the graph' } } }));
  const bad = await runCli(['ttc', '--catalog', memory, '--sidecar', sidecar]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /ttc\.json: tools\.read_graf: no tool of that name \(did you mean "read_graph"\?\)/);
});

test('--compare --json: per tool and server, o200k and cl100k of the JSON against the TTC; at least 65% fewer over the real set', async () => {
  const { code, stdout } = await runCli(['ttc', '--compare', '--json', '--catalog', memory]);
  assert.equal(code, 0);
  const out = JSON.parse(stdout);
  assert.equal(out.tools.length, 9);
  assert.ok(out.total.ttc.tokens.o200k_base < out.total.json.tokens.o200k_base);
  const { total } = compareTTC(sharedCatalog());
  assert.ok(1 - total.ttc.tokens.o200k_base / total.json.tokens.o200k_base >= 0.65, JSON.stringify(total));
});

test('bad TTC text: an error with its real line and column, never a crash', () => {
  const text = '# server: a\n\nTOOL x\nPURPOSE p\nIN a:strin g\nWHEN user wants to do it\nTAGS -';
  assert.throws(() => parseServersTTC(text), (e: unknown) => e instanceof TTCParseError && e.line === 5 && e.column > 1);
});

test('lint reads the sidecar: tools it lacks and WHEN lines outside the vocabulary are findings', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-ttc-lint-'));
  writeFileSync(join(dir, 'ttc.json'), JSON.stringify({ tools: { read_graph: { when: 'graph reading' } } }));
  const { code, stdout } = await runCli(['lint', '--json', '--catalog', memory], { cwd: dir });
  assert.equal(code, 0, 'info and warnings do not fail');
  const findings = JSON.parse(stdout).findings as { rule: string; tool: string }[];
  assert.deepEqual(findings.filter((f) => f.rule === 'ttc-when-vocabulary').map((f) => f.tool), ['read_graph']);
  assert.equal(findings.filter((f) => f.rule === 'ttc-sidecar-missing').length, 8, 'the other 8 tools lack an entry');
  const without = await runCli(['lint', '--json', '--catalog', memory]);
  assert.equal(JSON.parse(without.stdout).findings.filter((f: { rule: string }) => f.rule.startsWith('ttc-')).length, 0, 'silent without a sidecar');
});
