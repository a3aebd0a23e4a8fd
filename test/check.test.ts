import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseBudget } from '../src/budget/budget-file.js';
import { BUDGET_KEYS, MEASURE_KEYS } from '../src/budget/types.js';
import { fixtureServer, runCli } from './_cli.js';

const sized = fixtureServer('sized');
const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), `mcp-slim-${prefix}-`));
const readBudget = (dir: string) => JSON.parse(readFileSync(join(dir, 'mcp-slim.budget.json'), 'utf8'));
/** Tool 1's description length, which sets its size: the fixture reads it from the environment. */
const withDesc = (len: number) => ({ env: { FIXTURE_DESC_LEN: String(len) } });

describe('the ratchet scenario on a real stdio server whose tool text can grow', () => {
  const dir = tmp('ratchet');
  const check = (args: string[], len: number) => runCli(['check', ...args], { cwd: dir, ...withDesc(len) });

  test('--init writes a budget today passes; oversized holds tools above perToolBytes', async () => {
    const init = await check(['--init', '--', ...sized], 4500);
    assert.equal(init.code, 0, init.stdout + init.stderr);
    const budget = readBudget(dir);
    assert.equal(budget.perToolBytes, 4000);
    assert.ok(budget.oversized.sized_tool_1 > 4000, 'tool 1 is oversized at 4,500 characters');
    assert.equal(Object.keys(budget.oversized).length, 1);
    assert.deepEqual(budget.measure.command, sized);
    const again = await check([], 4500);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /PASS: within budget/);
  });

  test('a tool grown past perToolBytes fails with its name and the excess', async () => {
    const grown = await runCli(['check'], { cwd: dir, env: { FIXTURE_DESC_LEN: '4500', FIXTURE_DESC_LEN_2: '4200' } });
    assert.equal(grown.code, 1);
    const size = 4200 + (JSON.stringify({ name: 'sized_tool_2', description: '', inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Record id.' } }, required: ['id'] } }).length);
    assert.match(grown.stdout, new RegExp(`sized_tool_2: ${size.toLocaleString('en-US')} bytes, over the per-tool limit 4,000 by ${(size - 4000).toLocaleString('en-US')}`));
  });

  test('an oversized tool that grows fails: it may shrink, never grow', async () => {
    const grown = await check([], 4600);
    assert.equal(grown.code, 1);
    assert.match(grown.stdout, /sized_tool_1: [\d,]+ bytes, grew past its oversized ceiling/);
  });

  test('an oversized tool that shrank passes and gives the number to lower it to', async () => {
    const before = readBudget(dir).oversized.sized_tool_1;
    const shrunk = await check([], 4200);
    assert.equal(shrunk.code, 0);
    const now = before - 300;
    assert.match(shrunk.stdout, new RegExp(`lower "oversized.sized_tool_1" to ${now}`));
  });

  test('--update lowers it in the file; a later --update after growth raises nothing', async () => {
    const before = readBudget(dir);
    const updated = await check(['--update'], 4200);
    assert.equal(updated.code, 0, updated.stdout);
    const after = readBudget(dir);
    assert.equal(after.oversized.sized_tool_1, before.oversized.sized_tool_1 - 300);
    assert.ok(after.totalBytes < before.totalBytes, 'the total came down with it');
    const grownAgain = await check(['--update'], 4500);
    assert.equal(grownAgain.code, 1, 'growth still fails under --update');
    assert.deepEqual(readBudget(dir), after, 'nothing was raised');
  });

  test('shrinking below perToolBytes: --update drops the tool from oversized', async () => {
    const updated = await check(['--update'], 1000);
    assert.equal(updated.code, 0);
    assert.deepEqual(readBudget(dir).oversized, {});
  });
});

test('check against a saved catalog works the same, without a live server', async () => {
  const dir = tmp('saved');
  const saved = join(dir, 'catalog.json');
  assert.equal((await runCli(['measure', '--save', saved, '--json', '--', ...sized], withDesc(4500))).code, 0);
  const init = await runCli(['check', '--init', '--catalog', 'catalog.json'], { cwd: dir });
  assert.equal(init.code, 0);
  assert.deepEqual(readBudget(dir).measure, { catalog: ['catalog.json'] });
  const budget = readBudget(dir);
  budget.oversized.sized_tool_1 -= 10;
  writeFileSync(join(dir, 'mcp-slim.budget.json'), JSON.stringify(budget, null, 2));
  const over = await runCli(['check', '--json'], { cwd: dir });
  assert.equal(over.code, 1);
  const out = JSON.parse(over.stdout);
  assert.equal(out.pass, false);
  assert.deepEqual(out.findings.map((f: { kind: string }) => f.kind), ['oversized-grew']);
  assert.equal(out.findings[0].actual - out.findings[0].limit, 10);
});

test('a server that fails during check fails the check and says why', async () => {
  const dir = tmp('failing');
  writeFileSync(join(dir, 'mcp-slim.budget.json'), JSON.stringify({ measure: { command: fixtureServer('crash') }, totalBytes: 100000 }));
  const { code, stdout } = await runCli(['check'], { cwd: dir });
  assert.equal(code, 1);
  assert.match(stdout, /server crash could not be measured: exited with code 3 during initialize/);
});

test('--init and --update refuse to write a budget from a partial measurement', async () => {
  const dir = tmp('partial');
  const { code, stderr } = await runCli(['check', '--init', '--', ...fixtureServer('crash')], { cwd: dir });
  assert.equal(code, 1);
  assert.match(stderr, /not writing mcp-slim\.budget\.json/);
  assert.throws(() => statSync(join(dir, 'mcp-slim.budget.json')));
});

test('--update keeps the user\'s keys, notes and formatting', async () => {
  const dir = tmp('format');
  const text = `{
    "notes": {"2026-11-01": "raised read_file: it documents the encoding rules (Ana)"},
    "measure": {"command": ${JSON.stringify(sized)}},
    "totalBytes": 99999,
    "perToolBytes": 4000,
    "maxDescriptionChars": 6000,
    "oversized": {"sized_tool_1": 9000}
}
`;
  writeFileSync(join(dir, 'mcp-slim.budget.json'), text);
  const { code } = await runCli(['check', '--update'], { cwd: dir, ...withDesc(4500) });
  assert.equal(code, 0);
  const after = readFileSync(join(dir, 'mcp-slim.budget.json'), 'utf8');
  assert.match(after, /^\{\n {4}"notes": \{"2026-11-01": "raised read_file: it documents the encoding rules \(Ana\)"\},\n/);
  assert.doesNotMatch(after, /99999|9000/);
  assert.match(after, /\n {4}"perToolBytes": 4000,\n/);
  assert.match(after, /\n {4}"maxDescriptionChars": 4500,\n/, 'lowered to the longest description');
});

test('GitHub Actions annotations point at the budget file', async () => {
  const dir = tmp('gha');
  writeFileSync(join(dir, 'mcp-slim.budget.json'), JSON.stringify({ measure: { command: sized }, perToolBytes: 100 }));
  const { code, stdout } = await runCli(['check'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
  assert.equal(code, 1);
  assert.match(stdout, /^::error file=mcp-slim\.budget\.json,title=mcp-slim%3A tool over the per-tool limit::sized_tool_1: /m);
});

test('--install-hook adds the check to an existing pre-push hook without clobbering it, once', async () => {
  const dir = tmp('hook');
  execFileSync('git', ['init', '-q'], { cwd: dir });
  const hook = join(dir, '.git', 'hooks', 'pre-push');
  writeFileSync(hook, '#!/bin/sh\necho existing hook\nexit 0\n');
  const first = await runCli(['check', '--install-hook'], { cwd: dir });
  assert.equal(first.code, 0);
  const text = readFileSync(hook, 'utf8');
  assert.match(text, /^#!\/bin\/sh\n# >>> mcp-slim check >>>\n/);
  assert.match(text, /npx --no-install mcp-slim check \|\| exit \$\?/);
  assert.match(text, /echo existing hook\nexit 0\n$/);
  assert.ok(statSync(hook).mode & 0o100, 'executable');
  await runCli(['check', '--install-hook'], { cwd: dir });
  assert.equal(readFileSync(hook, 'utf8'), text, 'a second install changes nothing');
});

describe('bad budget files: one clear line, exit 2', () => {
  const cases: { name: string; text: string; message: RegExp }[] = [
    { name: 'not JSON', text: '{\n  "totalBytes": 100,\n  oops\n}', message: /mcp-slim\.budget\.json:3:3: / },
    { name: 'an unknown key, with the closest suggested', text: '{"perToolByte": 4000}', message: /mcp-slim\.budget\.json:1:2: "perToolByte" is not a budget key; did you mean "perToolBytes"\?/ },
    { name: 'a negative limit', text: '{"totalBytes": -5}', message: /"totalBytes" must be a positive whole number of bytes, got -5/ },
    { name: 'a non-numeric limit', text: '{"oversized": {"read_file": "big"}}', message: /"oversized\.read_file" must be a positive whole number of bytes, got "big"/ },
    { name: 'an unknown encoding', text: '{"encoding": "p50k"}', message: /"encoding" must be "o200k_base" or "cl100k_base"/ },
    { name: 'a bad measure key', text: '{"measure": {"comand": ["node"]}}', message: /"measure\.comand" is not a budget key; did you mean "measure\.command"\?/ },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const dir = tmp('bad');
      writeFileSync(join(dir, 'mcp-slim.budget.json'), c.text);
      const { code, stdout, stderr } = await runCli(['check', '--', ...sized], { cwd: dir });
      assert.equal(code, 2, stdout + stderr);
      assert.match(stderr, c.message);
      assert.equal(stderr.trim().split('\n').length, 1);
    });
  }

  test('a budget naming a tool that no longer exists: a warning with the fix, exit 2', async () => {
    const dir = tmp('stale');
    writeFileSync(join(dir, 'mcp-slim.budget.json'), JSON.stringify({ measure: { command: sized }, oversized: { removed_tool: 5000 } }));
    const { code, stdout } = await runCli(['check'], { cwd: dir });
    assert.equal(code, 2);
    assert.match(stdout, /! "oversized" names removed_tool, which no measured server has/);
    assert.match(stdout, /remove it from mcp-slim\.budget\.json, or run mcp-slim check --update/);
  });

  test('--init never overwrites an existing budget', async () => {
    const dir = tmp('exists');
    writeFileSync(join(dir, 'mcp-slim.budget.json'), '{"totalBytes": 1}');
    const { code, stderr } = await runCli(['check', '--init', '--', ...sized], { cwd: dir });
    assert.equal(code, 2);
    assert.match(stderr, /already exists; run mcp-slim check --update/);
    assert.equal(readFileSync(join(dir, 'mcp-slim.budget.json'), 'utf8'), '{"totalBytes": 1}');
  });
});

test('the shipped JSON Schema and the reader know the same keys', () => {
  const schema = JSON.parse(readFileSync(new URL('../schemas/budget.schema.json', import.meta.url), 'utf8'));
  assert.deepEqual(Object.keys(schema.properties).sort(), Object.keys(BUDGET_KEYS).sort());
  assert.deepEqual(Object.keys(schema.properties.measure.properties).sort(), [...MEASURE_KEYS].sort());
});

test('a budget written by --init validates against the reader it will be read with', async () => {
  const dir = tmp('init-valid');
  assert.equal((await runCli(['check', '--init', '--tokens', '--per-tool', '250', '--', ...sized], { cwd: dir })).code, 0);
  const text = readFileSync(join(dir, 'mcp-slim.budget.json'), 'utf8');
  const budget = parseBudget(text, 'mcp-slim.budget.json');
  assert.equal(budget.perToolBytes, 250);
  assert.equal(budget.encoding, 'o200k_base');
  assert.ok(budget.totalTokens! > 0);
  assert.equal(Object.keys(budget.oversized!).length, 3, 'every tool is above 250 bytes');
});

test('--update never raises: an oversized ceiling below perToolBytes is lowered, not dropped', async () => {
  const dir = tmp('below');
  writeFileSync(join(dir, 'mcp-slim.budget.json'), JSON.stringify({ measure: { command: sized }, perToolBytes: 4000, oversized: { sized_tool_1: 300 } }, null, 2));
  const before = await runCli(['check'], { cwd: dir });
  assert.equal(before.code, 1, 'the tool is over its own ceiling of 300');
  const updated = await runCli(['check', '--update'], { cwd: dir });
  assert.equal(updated.code, 1, 'still failing: --update cannot make it pass by dropping the ceiling');
  assert.equal(readBudget(dir).oversized.sized_tool_1, 300);
});
