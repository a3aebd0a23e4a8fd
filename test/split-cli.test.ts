import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { newCatalog, serializeCatalog } from '../src/catalog/catalog-file.js';
import type { RawTool } from '../src/catalog/types.js';
import { parseManifest, verifySplit } from '../src/split/index.js';
import { FIXTURES, runCli } from './_cli.js';

const made: string[] = [];
const fresh = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-split-'));
  made.push(dir);
  return dir;
};
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const filler = (topic: string, n: number): string =>
  Array.from({ length: n }, (_, i) => `- Step ${i + 1} for ${topic}: run the ${topic} script, read its output and fix what it reports.\n`).join('');

const AGENTS = [
  '# Agent guide\n', '\n', 'How to work here. See [the docs](docs/index.md).\n', '\n',
  '## General\n', '\n', '- Always run the linter.\n', '\n',
  '## Testing\n', '\n', 'Run `npm test`; details in [testing](docs/testing.md).\n', filler('test', 12), '\n',
  '## Releases\n', '\n', filler('release', 12),
].join('');

function project(text = AGENTS, name = 'AGENTS.md'): { dir: string; file: string } {
  const dir = fresh();
  const file = join(dir, name);
  writeFileSync(file, text);
  return { dir, file };
}

const listing = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).sort();

const oneLine = (stderr: string) => {
  assert.equal(stderr.trim().split('\n').length, 1, `expected one line, got:\n${stderr}`);
  assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
};

test('--dry-run shows the plan and the index and writes nothing', async () => {
  const { dir } = project();
  const before = listing(dir);
  const { code, stdout } = await runCli(['split', 'AGENTS.md', '--dry-run'], { cwd: dir });
  assert.equal(code, 0);
  assert.match(stdout, /AGENTS\.md: [\d,]+ o200k tokens loaded at every start → [\d,]+ \([\d.]+% of the original\), 2 families/);
  assert.match(stdout, /testing\s+AGENTS\.split\/testing\.md\s+9-24\s+\d+\s+before work on: Testing \(mentions `npm test`\)/);
  assert.match(stdout, /--- AGENTS\.md, as it would be written ---\n# Agent guide\n/);
  assert.match(stdout, /- `AGENTS\.split\/releases\.md`: before work on: Releases\./);
  assert.match(stdout, /nothing written \(--dry-run\)/);
  assert.deepEqual(listing(dir), before);
});

test('without --force the original is not replaced: one line naming it, exit 2, nothing written', async () => {
  const { dir } = project();
  const { code, stdout, stderr } = await runCli(['split', 'AGENTS.md'], { cwd: dir });
  assert.equal(code, 2, stdout);
  oneLine(stderr);
  assert.match(stderr, /^mcp-slim: AGENTS\.md exists; pass --force to replace it with its index \(undo: mcp-slim split --join AGENTS\.split\)/);
  assert.deepEqual(listing(dir), ['AGENTS.md']);
});

test('a family file that is already there is not overwritten without --force', async () => {
  const { dir } = project();
  await runCli(['split', 'AGENTS.md', '--index', 'INDEX.md'], { cwd: dir });
  writeFileSync(join(dir, 'AGENTS.split', 'testing.md'), 'mine\n');
  const { code, stderr } = await runCli(['split', 'AGENTS.md', '--index', 'INDEX.md'], { cwd: dir });
  assert.equal(code, 2);
  oneLine(stderr);
  assert.match(stderr, /AGENTS\.split\/testing\.md exists; pass --force to replace it/);
  assert.equal(readFileSync(join(dir, 'AGENTS.split', 'testing.md'), 'utf8'), 'mine\n');
});

test('--force writes the index over the file, families beside it; --join gives it back byte for byte and cleans up', async () => {
  const { dir, file } = project();
  const { code, stdout } = await runCli(['split', 'AGENTS.md', '--force'], { cwd: dir });
  assert.equal(code, 0, stdout);
  assert.match(stdout, /wrote AGENTS\.split\/testing\.md, AGENTS\.split\/releases\.md, AGENTS\.split\/split\.json, AGENTS\.md/);
  assert.match(stdout, /1 relative link rewritten/);
  const index = readFileSync(file, 'utf8');
  assert.match(index, /^# Agent guide\n\nHow to work here\. See \[the docs\]\(docs\/index\.md\)\.\n\n## General\n/);
  assert.match(readFileSync(join(dir, 'AGENTS.split', 'testing.md'), 'utf8'), /^## Testing\n\nRun `npm test`; details in \[testing\]\(\.\.\/docs\/testing\.md\)\.\n/);
  const again = await runCli(['split', 'AGENTS.md', '--force'], { cwd: dir });
  assert.equal(again.code, 2, 'the index of a split is never split again, even with --force');
  assert.match(again.stderr, /already the index of the split in AGENTS\.split; join it first/);
  const joined = await runCli(['split', '--join', 'AGENTS.split'], { cwd: dir });
  assert.equal(joined.code, 0, joined.stderr);
  assert.match(joined.stdout, /the original, byte for byte \(SHA-256 matches\)/);
  assert.equal(readFileSync(file, 'utf8'), AGENTS);
  assert.deepEqual(listing(dir), ['AGENTS.md']);
});

test('CRLF, a BOM and no final newline come back byte for byte through the CLI', async () => {
  const text = `\uFEFF${AGENTS.replace(/\n/g, '\r\n')}trailing   `;
  const { dir, file } = project(text);
  assert.equal((await runCli(['split', 'AGENTS.md', '--force'], { cwd: dir })).code, 0);
  assert.ok(readFileSync(file).subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'the index keeps the BOM');
  assert.equal((await runCli(['split', '--join', 'AGENTS.split'], { cwd: dir })).code, 0);
  assert.ok(readFileSync(file).equals(Buffer.from(text, 'utf8')));
});

test('--json: tokens before and after, the share, each family and what it costs', async () => {
  const { dir } = project();
  const { code, stdout } = await runCli(['split', 'AGENTS.md', '--json', '--dry-run'], { cwd: dir });
  assert.equal(code, 0);
  const out = JSON.parse(stdout);
  assert.equal(out.command, 'split');
  assert.equal(out.tokens.encoding, 'o200k_base');
  assert.ok(out.tokens.after < out.tokens.before && out.tokens.share === out.tokens.after / out.tokens.before);
  assert.deepEqual(out.families.map((f: { name: string; path: string }) => [f.name, f.path]), [['testing', 'AGENTS.split/testing.md'], ['releases', 'AGENTS.split/releases.md']]);
  assert.ok(out.families.every((f: { tokens: number; lines: number[][] }) => f.tokens > 0 && f.lines.length > 0));
  assert.match(out.index.text, /## Read when needed/);
  assert.deepEqual(out.written, []);
});

test('a family file edited after the split: --join refuses, --force writes the edit in', async () => {
  const { dir, file } = project();
  await runCli(['split', 'AGENTS.md', '--force'], { cwd: dir });
  const family = join(dir, 'AGENTS.split', 'releases.md');
  writeFileSync(family, readFileSync(family, 'utf8').replace('Step 3 for release', 'Step 3 for the release'));
  const refused = await runCli(['split', '--join', 'AGENTS.split'], { cwd: dir });
  assert.equal(refused.code, 2);
  oneLine(refused.stderr);
  assert.match(refused.stderr, /its SHA-256 differs\): a file of the split was edited; pass --force/);
  const forced = await runCli(['split', '--join', 'AGENTS.split', '--force'], { cwd: dir });
  assert.equal(forced.code, 0);
  assert.equal(readFileSync(file, 'utf8'), AGENTS.replace('Step 3 for release', 'Step 3 for the release'));
  assert.ok(existsSync(family), 'an edited file of the split is not removed');
});

function catalogFile(dir: string, servers: { name: string; tools: string[]; instructions?: string }[]): string {
  const file = join(dir, 'catalog.json');
  const entries = servers.map((s) => ({
    name: s.name,
    origin: { transport: 'stdio' as const, command: 'x', args: [], source: { kind: 'cli' as const } },
    tools: s.tools.map((name): RawTool => ({ name, description: `${name} tool`, inputSchema: { type: 'object' } })),
    ...(s.instructions ? { instructions: s.instructions } : {}),
  }));
  writeFileSync(file, serializeCatalog(newCatalog(entries)));
  return file;
}

test('--catalog: sections go to the catalog family whose tools they mention', async () => {
  const text = [
    '# Guide\n', '\n', 'Intro.\n', '\n',
    '## Looking around\n', '\n', 'Start with `browser_navigate`, then `browser_snapshot`.\n', filler('page', 8), '\n',
    '## Bugs\n', '\n', 'Use `issue_create` once `issue_search` finds nothing.\n', filler('bug', 8),
  ].join('');
  const { dir } = project(text, 'CLAUDE.md');
  catalogFile(dir, [{ name: 'web', tools: ['browser_navigate', 'browser_snapshot', 'browser_click'] }, { name: 'tracker', tools: ['issue_create', 'issue_search'] }]);
  const { code, stdout } = await runCli(['split', 'CLAUDE.md', '--catalog', 'catalog.json', '--json', '--dry-run'], { cwd: dir });
  assert.equal(code, 0, stdout);
  const out = JSON.parse(stdout);
  assert.deepEqual(out.families.map((f: { name: string }) => f.name), ['web-browser', 'tracker-issue'], 'slim\'s families: a server, or its tools\' shared prefix');
  assert.match(out.families[0].when, /^before the first use of `browser_navigate`, `browser_snapshot`; before work on: Looking around$/);
});

test('--server NAME --catalog: the server\'s instructions are split into DIR', async () => {
  const dir = fresh();
  const instructions = [
    'Drive a browser and a tracker.\n', '\n',
    `Call browser_navigate, then browser_snapshot before browser_click. ${'Wait for the page to settle. '.repeat(30)}\n`, '\n',
    `Search with issue_search before issue_create. ${'Write clear steps to reproduce. '.repeat(30)}\n`,
  ].join('');
  catalogFile(dir, [{ name: 'kit', tools: ['browser_navigate', 'browser_snapshot', 'browser_click', 'issue_create', 'issue_search'], instructions }]);
  const { code, stdout, stderr } = await runCli(['split', '--server', 'kit', '--catalog', 'catalog.json'], { cwd: dir });
  assert.equal(code, 0, stderr);
  assert.match(stdout, /mcp-slim split server kit: /);
  assert.deepEqual(listing(join(dir, 'kit.split')), ['instructions.md', 'kit-browser.md', 'kit-issue.md', 'split.json']);
  assert.match(readFileSync(join(dir, 'kit.split', 'instructions.md'), 'utf8'), /- `kit-browser\.md`: before the first use of `browser_navigate`, `browser_snapshot`, `browser_click`\.\n/);
  assert.equal((await runCli(['split', '--join', 'kit.split'], { cwd: dir })).code, 0);
  assert.equal(readFileSync(join(dir, 'kit.split', 'instructions.md'), 'utf8'), instructions);
});

const bad = fresh();
writeFileSync(join(bad, 'empty.md'), '  \n');
writeFileSync(join(bad, 'binary.md'), Buffer.from([0x23, 0x20, 0x00, 0x41]));
writeFileSync(join(bad, 'latin1.md'), Buffer.from([0x23, 0x20, 0xe9, 0x0a]));
writeFileSync(join(bad, 'ok.md'), AGENTS);
writeFileSync(join(bad, 'split.json'), '{"format": "mcp-slim/split", "version": 1}');
catalogFile(bad, [{ name: 'quiet', tools: ['a_b'] }]);

const errors: { name: string; argv: string[]; message: RegExp }[] = [
  { name: 'no file', argv: ['split'], message: /nothing to split: give a FILE \(AGENTS\.md, CLAUDE\.md, \.cursorrules…\) or --server NAME --catalog FILE/ },
  { name: 'a file that is not there', argv: ['split', 'NOPE.md'], message: /cannot read the file to split NOPE\.md \(ENOENT\); check the path/ },
  { name: 'a folder', argv: ['split', '.'], message: /cannot read the file to split \. \(a folder\)/ },
  { name: 'an empty file', argv: ['split', 'empty.md'], message: /empty\.md is empty: there is nothing to split/ },
  { name: 'a binary file', argv: ['split', 'binary.md'], message: /binary\.md has a NUL byte: it is not a text file/ },
  { name: 'not UTF-8', argv: ['split', 'latin1.md'], message: /latin1\.md is not UTF-8 text; convert it to UTF-8/ },
  { name: 'two files', argv: ['split', 'a.md', 'b.md'], message: /split takes one FILE, got "b\.md" too/ },
  { name: '--server without --catalog', argv: ['split', '--server', 'x'], message: /--server x needs --catalog FILE/ },
  { name: 'an unknown server', argv: ['split', '--server', 'x', '--catalog', 'catalog.json'], message: /no server "x" in catalog\.json; it has quiet/ },
  { name: 'a server without instructions', argv: ['split', '--server', 'quiet', '--catalog', 'catalog.json'], message: /server quiet in catalog\.json has no instructions to split/ },
  { name: '--out on a file', argv: ['split', 'ok.md', '--out', 'empty.md', '--force'], message: /cannot make the folder empty\.md \(a file is in the way\); choose another --out/ },
  { name: '--join on a folder without a manifest', argv: ['split', '--join', 'nowhere'], message: /nowhere has no split\.json; pass the folder mcp-slim split wrote/ },
  { name: '--join on a broken manifest', argv: ['split', '--join', '.'], message: /split\.json: "original" is missing or malformed/ },
];

for (const c of errors) {
  test(`bad input, one line and exit 2: ${c.name}`, async () => {
    const { code, stdout, stderr } = await runCli(c.argv, { cwd: bad });
    assert.equal(code, 2, stdout + stderr);
    oneLine(stderr);
    assert.match(stderr, c.message);
  });
}

// The two real agent files (test/fixtures/instructions/README.md says where they come from).
for (const name of ['dotnet--aspire--AGENTS.md', 'crewAIInc--crewAI--.cursorrules']) {
  test(`real file ${name}: index ≤ 30% of its tokens, every line in exactly one file, join byte-identical`, async () => {
    const dir = fresh();
    cpSync(join(FIXTURES, 'instructions', name), join(dir, name));
    const original = readFileSync(join(dir, name));
    const { code, stdout } = await runCli(['split', name, '--force', '--json'], { cwd: dir });
    assert.equal(code, 0, stdout);
    const out = JSON.parse(stdout);
    assert.ok(out.families.length >= 5, `${out.families.length} families`);
    assert.ok(out.tokens.share <= 0.3, `index share ${out.tokens.share}`);
    const splitDir = join(dir, out.manifest.replace(/\/split\.json$/, ''));
    const manifest = parseManifest(readFileSync(join(dir, out.manifest), 'utf8'), out.manifest);
    const texts = [manifest.index, ...manifest.families].map((p) => readFileSync(join(splitDir, p.path), 'utf8'));
    assert.deepEqual(verifySplit(original.toString('utf8'), manifest, texts), []);
    const lines = original.toString('utf8').split(/(?<=\n)/);
    assert.equal(manifest.order.reduce((n, [, k]) => n + k, 0), lines.length, 'the runs cover every line once');
    assert.equal((await runCli(['split', '--join', out.manifest.replace(/\/split\.json$/, '')], { cwd: dir })).code, 0);
    assert.ok(readFileSync(join(dir, name)).equals(original), 'byte for byte');
    assert.deepEqual(listing(dir), [name]);
  });
}
