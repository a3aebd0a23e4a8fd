/**
 * The slim command's edges: the guard sentences it kept, in the terminal, report.md and --json;
 * and --no-dedupe-params, which turns the repeated-parameter rule off. In-process, on an invented
 * catalog file, checking output and exit code.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { newCatalog } from '../src/catalog/catalog-file.js';
import type { RawTool } from '../src/catalog/types.js';
import { policyFromFlags, SLIM } from '../src/cli/slim.js';
import { renderSlimMarkdown, renderSlimText } from '../src/report/slim-report.js';
import { PRESETS } from '../src/slim/policy.js';
import { slimCatalog } from '../src/slim/slim-catalog.js';
import { FIXTURES, runCli } from './_cli.js';

const REGION = { type: 'string', description: 'The region URL for the organization, if known.' };
const TOOLS: RawTool[] = [
  { name: 'get', description: 'Get a record.', inputSchema: { type: 'object', properties: { region: REGION } } },
  {
    name: 'update',
    description: 'Update a record.',
    inputSchema: { type: 'object', properties: { region: REGION, note: { type: 'string', description: 'Never paste API keys into the note.' } } },
  },
  { name: 'archive', description: 'Archive a record. This action is irreversible. Archived records are hidden from lists.', inputSchema: { type: 'object', properties: { region: REGION } } },
];

/** A directory holding crm.json, a raw tools/list result (the server is named after the file). */
function catalogDir(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-slim-cli-'));
  const file = join(dir, 'crm.json');
  writeFileSync(file, JSON.stringify({ tools: TOOLS }));
  return { dir, file };
}

const KEPT = [
  { server: 'crm', tool: 'update', family: 'secrets', where: 'note', path: 'inputSchema.properties.note.description', at: 0, text: 'Never paste API keys into the note.' },
  { server: 'crm', tool: 'archive', family: 'destructive', where: 'description', path: 'description', at: 18, text: 'This action is irreversible.' },
];

describe('slim shows the guard sentences it kept', () => {
  test('the terminal counts them', async () => {
    const { file, dir } = catalogDir();
    const { code, stdout } = await runCli(['slim', '--dry-run', '--catalog', file], { cwd: dir });
    assert.equal(code, 0);
    assert.match(stdout, /^guard sentences: 2 of 2 kept in the model's view$/m);
  });

  test('--json lists them, kept and missing, each with its tool', async () => {
    const { file, dir } = catalogDir();
    const { code, stdout } = await runCli(['slim', '--dry-run', '--json', '--catalog', file], { cwd: dir });
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(stdout).guards, { kept: KEPT, missing: [] });
  });

  test('report.md lists them per tool', async () => {
    const { file, dir } = catalogDir();
    const { code } = await runCli(['slim', '--catalog', file, '--out', 'out'], { cwd: dir });
    assert.equal(code, 0);
    const report = readFileSync(join(dir, 'out', 'report.md'), 'utf8');
    const section = report.slice(report.indexOf('## Guard sentences'));
    assert.match(section, /^2 of 2 guard sentences \(warnings, when not to use the tool\) kept where the model reads them\.$/m);
    assert.match(section, /^\| crm \| update \| note \| secrets \| Never paste API keys into the note\. \|$/m);
    assert.match(section, /^\| crm \| archive \| description \| destructive \| This action is irreversible\. \|$/m);
  });

  test('tools without guard sentences say so', async () => {
    const { code, stdout } = await runCli(['slim', '--dry-run', '--catalog', `${FIXTURES}catalogs/shared/server-postgres.json`]);
    assert.equal(code, 0);
    assert.match(stdout, /^guard sentences: none in these tools$/m);
    const result = slimCatalog(newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools: [TOOLS[0]!] }]));
    assert.match(renderSlimMarkdown(result), /## Guard sentences\n\nThe original tools hold no guard sentence/);
  });

  test('a guard moved out of view is counted apart from the kept ones', () => {
    const result = slimCatalog(newCatalog([{ name: 'crm', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools: TOOLS }]));
    const moved = { ...result, guards: { kept: result.guards.kept.slice(1), missing: result.guards.kept.slice(0, 1) } };
    assert.match(renderSlimText(moved, { color: false }), /^guard sentences: 1 of 2 kept in the model's view · 1 moved out of view$/m);
    assert.match(renderSlimMarkdown(moved), /^1 of 2 guard sentences .* kept where the model reads them; 1 moved out of view \(violations\)\.$/m);
  });
});

describe('--no-dedupe-params', () => {
  test('turns the repeated-parameter rule off, whatever the preset; the other knobs stay', () => {
    const cases: [string[], boolean][] = [
      [[], true],
      [['--no-dedupe-params'], false],
      [['--preset', 'safe'], false],
      [['--preset', 'max'], true],
      [['--preset', 'max', '--no-dedupe-params'], false],
    ];
    for (const [argv, dedupe] of cases) {
      const policy = policyFromFlags(SLIM.parse(argv).values);
      assert.equal(policy.dedupeParameters, dedupe, argv.join(' '));
      const preset = argv[0] === '--preset' ? PRESETS[argv[1] as keyof typeof PRESETS] : PRESETS.balanced;
      assert.deepEqual({ ...policy, dedupeParameters: preset.dedupeParameters }, preset, argv.join(' '));
    }
  });

  test('keeps a description three tools repeat on each of them', async () => {
    const { file, dir } = catalogDir();
    const removed = async (...flags: string[]) => {
      const { code, stdout } = await runCli(['slim', '--dry-run', '--json', '--catalog', file, ...flags], { cwd: dir });
      assert.equal(code, 0);
      const out = JSON.parse(stdout);
      return { dedupe: out.policy.dedupeParameters, removed: out.tools.map((t: { removed: number }) => t.removed) };
    };
    // archive also loses its last sentence under balanced, with or without the rule.
    assert.deepEqual(await removed(), { dedupe: true, removed: [0, 1, 2] });
    assert.deepEqual(await removed('--no-dedupe-params'), { dedupe: false, removed: [0, 0, 1] });
  });
});
