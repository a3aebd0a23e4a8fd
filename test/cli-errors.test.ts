import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEMO_SERVERS } from '../src/sources/demo.js';
import { runCli } from './_cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-errors-'));
const write = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

const oneLine = (text: string) => {
  assert.equal(text.trim().split('\n').length, 1, `expected one line, got:\n${text}`);
  assert.doesNotMatch(text, /\n\s+at /, 'no stack trace');
};

const empty = mkdtempSync(join(tmpdir(), 'mcp-slim-empty-'));

const usageCases: { name: string; argv: () => string[]; message: RegExp; env?: Record<string, string>; cwd?: string }[] = [
  { name: 'unknown flag, with the closest one suggested', argv: () => ['measure', '--jsn'], message: /unknown option --jsn for mcp-slim measure; did you mean --json\?/ },
  { name: 'flag without its value', argv: () => ['measure', '--top'], message: /--top .*needs a value|argument missing/ },
  { name: 'a number flag given a word', argv: () => ['measure', '--top', 'many', '--', 'x'], message: /--top must be a positive number, got "many"/ },
  { name: 'unknown command', argv: () => ['mesure'], message: /unknown command "mesure"; did you mean measure\?/ },
  { name: 'a stray argument', argv: () => ['measure', 'npx'], message: /unexpected argument "npx"; put a server's command after --/ },
  { name: 'a bad --url', argv: () => ['measure', '--url', 'localhost'], message: /--url "localhost" is not a URL/ },
  { name: 'an unknown --client', argv: () => ['measure', '--client', 'emacs', '--config', 'x.json'], message: /--client emacs is not a known client/ },
  {
    name: 'a config that does not parse names its file, line and column',
    argv: () => ['measure', '--config', write('.mcp.json', '{\n  "mcpServers": {\n    "a": { "command": "x" },,\n  }\n}')],
    message: /\.mcp\.json:3:\d+: /,
  },
  {
    name: 'a server entry with a wrong field names the server and field',
    argv: () => ['measure', '--config', write('bad-args.mcp.json', JSON.stringify({ mcpServers: { fs: { command: 'npx', args: 'not-an-array' } } }))],
    message: /fs.*args/,
  },
  { name: 'a config file that does not exist', argv: () => ['measure', '--config', join(dir, 'missing.json')], message: /missing\.json/ },
  { name: 'a catalog that is not JSON', argv: () => ['measure', '--catalog', write('broken-catalog.json', '{ nope')], message: /broken-catalog\.json: not valid JSON/ },
  {
    name: 'a catalog whose tool has no name',
    argv: () => ['measure', '--catalog', write('nameless.json', JSON.stringify({ tools: [{ description: 'x' }] }))],
    message: /nameless\.json: tools\[0\] has no string "name"/,
  },
  {
    name: 'nothing to measure and no config to discover',
    argv: () => ['measure'],
    message: /no MCP client config found .*--demo/,
    env: { HOME: empty, XDG_CONFIG_HOME: join(empty, 'xdg'), CODEX_HOME: join(empty, 'codex') },
    cwd: empty,
  },
];

for (const c of usageCases) {
  test(`exit 2, one line: ${c.name}`, async () => {
    const { code, stdout, stderr } = await runCli(c.argv(), { cwd: c.cwd ?? dir, ...(c.env ? { env: c.env } : {}) });
    assert.equal(code, 2, stderr);
    assert.equal(stdout, '');
    assert.match(stderr, c.message);
    oneLine(stderr);
  });
}

test('--help prints usage with the exit codes and exits 0', async () => {
  const { code, stdout } = await runCli(['measure', '--help']);
  assert.equal(code, 0);
  assert.match(stdout, /Exit codes: 0 measured, 1 a server failed, 2 usage/);
});

test('the embedded demo servers are the versions package.json installs', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string> };
  for (const d of DEMO_SERVERS) assert.equal(pkg.devDependencies[d.pkg], d.version, d.pkg);
  assert.ok(DEMO_SERVERS.length >= 10);
});
