import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { ClientKind, ServerSpec } from '../src/catalog/types.js';
import { configErrorOf } from './_errors.js';
import { expandClaudeCodeVars } from '../src/sources/clients/claude-code.js';
import { expandCursorVars } from '../src/sources/clients/cursor.js';
import { expandGeminiVars } from '../src/sources/clients/gemini.js';
import { expandOpenCodeVars } from '../src/sources/clients/opencode.js';
import { expandVsCodeVars } from '../src/sources/clients/vscode.js';
import { discoverConfigFiles, loadClientConfigs, parseClientConfig } from '../src/sources/client-configs.js';
import type { ConfigContext, ParsedConfig } from '../src/sources/client-configs.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'configs');
const HOME = '/home/tester';

const fixture = (...parts: string[]): string => path.join(FIXTURES, ...parts);

/** Reads side files from disk, the way the loader's default hook does. */
const readFromDisk = (p: string): string | undefined => (fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : undefined);

function parseFixture(
  parts: string[],
  options: { env?: Record<string, string>; project?: string; cwd?: string; readFile?: ConfigContext['readFile']; client?: ClientKind } = {},
): ParsedConfig {
  const file = fixture(...parts);
  const ctx: ConfigContext = { file, env: options.env ?? {}, cwd: options.cwd ?? FIXTURES, home: HOME };
  if (options.project !== undefined) ctx.project = options.project;
  if (options.readFile !== undefined) ctx.readFile = options.readFile;
  return parseClientConfig(fs.readFileSync(file, 'utf8'), ctx, options.client);
}

const byName = (config: { specs: ServerSpec[] }, name: string): ServerSpec => {
  const spec = config.specs.find((s) => s.name === name);
  assert.ok(spec, `server ${name} present`);
  return spec;
};

const source = (client: ClientKind, file: string, scope: string) => ({ kind: 'config' as const, client, file, scope });


describe('Claude Code', () => {
  const file = fixture('claude-code', '.mcp.json');

  it('reads .mcp.json stdio, http and sse servers with variables expanded', () => {
    const parsed = parseFixture(['claude-code', '.mcp.json'], {
      env: { HOME: '/home/ann', API_TOKEN: 'tok-123', CACHE_DIR: '/var/cache' },
    });
    assert.equal(parsed.client, 'claude-code');
    assert.equal(parsed.file, file);
    assert.deepEqual(byName(parsed, 'fs'), {
      name: 'fs',
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/ann/code'],
      env: { LOG_LEVEL: 'info', CACHE_DIR: '/var/cache' },
      source: source('claude-code', file, 'project'),
    });
    assert.deepEqual(byName(parsed, 'remote'), {
      name: 'remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer tok-123' },
      // alwaysLoad: the config asks Claude Code to load this server's tools up front.
      source: { ...source('claude-code', file, 'project'), alwaysLoad: true },
    });
    assert.deepEqual(byName(parsed, 'events'), {
      name: 'events',
      transport: 'sse',
      url: 'https://events.example.com/sse',
      source: source('claude-code', file, 'project'),
    });
    assert.deepEqual(parsed.specs.map((s) => s.name), ['fs', 'remote', 'events', 'untyped']);
  });

  it('leaves an unset variable without default in place and warns with file, server and variable', () => {
    const parsed = parseFixture(['claude-code', '.mcp.json'], { env: { HOME: '/h', API_TOKEN: 't' } });
    const untyped = byName(parsed, 'untyped');
    assert.equal(untyped.transport, 'stdio');
    assert.equal(untyped.transport === 'stdio' && untyped.command, '${TOOLS_BIN}/server');
    assert.equal(parsed.warnings.length, 1);
    const warning = parsed.warnings[0] ?? '';
    for (const part of [file, 'server "untyped"', 'TOOLS_BIN']) assert.ok(warning.includes(part), `warning names ${part}: ${warning}`);
  });

  it('reads ~/.claude.json: top-level servers are user scope, the project entry is local scope and wins', () => {
    const claudeJson = fixture('claude-code', '.claude.json');
    const parsed = parseFixture(['claude-code', '.claude.json'], { project: '/projects/demo' });
    assert.deepEqual(parsed.specs, [
      {
        name: 'memory',
        transport: 'stdio',
        command: 'node',
        args: ['./memory-server.js'],
        source: source('claude-code', claudeJson, 'local:/projects/demo'),
      },
      { name: 'github', transport: 'http', url: 'https://api.githubcopilot.com/mcp/', source: source('claude-code', claudeJson, 'user') },
      {
        name: 'postgres',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://localhost/demo'],
        source: source('claude-code', claudeJson, 'local:/projects/demo'),
      },
    ]);
    assert.ok(parsed.warnings.some((w) => w.includes('"memory"') && w.includes('overrides')));
  });

  it('uses cwd as the project by default and ignores other projects', () => {
    const fromCwd = parseFixture(['claude-code', '.claude.json'], { cwd: '/projects/demo' });
    assert.ok(fromCwd.specs.some((s) => s.name === 'postgres'));
    const elsewhere = parseFixture(['claude-code', '.claude.json'], { project: '/projects/demo/sub' });
    assert.deepEqual(elsewhere.specs.map((s) => [s.name, s.source.scope]), [
      ['memory', 'user'],
      ['github', 'user'],
    ]);
  });
});

describe('Claude Desktop', () => {
  it('reads stdio servers literally and skips url entries with a note', () => {
    const file = fixture('claude-desktop', 'claude_desktop_config.json');
    const parsed = parseFixture(['claude-desktop', 'claude_desktop_config.json'], { env: { GITHUB_TOKEN: 'not-used' } });
    assert.equal(parsed.client, 'claude-desktop');
    assert.deepEqual(parsed.specs, [
      {
        name: 'fs',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'],
        source: source('claude-desktop', file, 'user'),
      },
      {
        name: 'github',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github'],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_TOKEN}' },
        source: source('claude-desktop', file, 'user'),
      },
    ]);
    assert.equal(parsed.skipped.length, 1);
    assert.equal(parsed.skipped[0]?.name, 'connector');
    assert.match(parsed.skipped[0]?.reason ?? '', /Connectors/);
  });
});

describe('Cursor', () => {
  const file = fixture('cursor', '.cursor', 'mcp.json');
  const workspace = fixture('cursor');

  it('expands its variables, reads the envFile under the workspace, and maps url to http', () => {
    const parsed = parseFixture(['cursor', '.cursor', 'mcp.json'], { env: { API_KEY: 'key-1', TOKEN: 'tok-2' }, readFile: readFromDisk });
    assert.equal(parsed.client, 'cursor');
    assert.deepEqual(byName(parsed, 'fs'), {
      name: 'fs',
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', workspace, `${HOME}${path.sep}notes`],
      env: { FROM_ENV_FILE: 'yes', QUOTED: 'a b', API_KEY: 'key-1', PROJECT: 'cursor', MISSING: '' },
      source: source('cursor', file, 'project'),
    });
    assert.deepEqual(byName(parsed, 'remote'), {
      name: 'remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer tok-2' },
      source: source('cursor', file, 'project'),
    });
    assert.equal(byName(parsed, 'legacy-sse').transport, 'sse');
    assert.deepEqual(parsed.warnings.length, 1);
    assert.match(parsed.warnings[0] ?? '', /server "fs".*CURSOR_UNSET_VAR/);
  });

  it('skips the envFile when it cannot be read', () => {
    const parsed = parseFixture(['cursor', '.cursor', 'mcp.json'], { env: { API_KEY: 'k' }, readFile: () => undefined });
    const spec = byName(parsed, 'fs');
    assert.deepEqual(spec.transport === 'stdio' && Object.keys(spec.env ?? {}).sort(), ['API_KEY', 'MISSING', 'PROJECT']);
  });
});

describe('VS Code', () => {
  const file = fixture('vscode', '.vscode', 'mcp.json');
  const workspace = fixture('vscode');

  it('reads JSONC servers, infers missing types and keeps ${input:...} with a warning', () => {
    const parsed = parseFixture(['vscode', '.vscode', 'mcp.json'], { env: { USER_NAME: 'ann' }, readFile: readFromDisk });
    assert.equal(parsed.client, 'vscode');
    assert.deepEqual(byName(parsed, 'memory'), {
      name: 'memory',
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory'],
      env: { API_KEY: '${input:token}', HOME_DIR: HOME, USER_NAME: 'ann', FROM_ENV_FILE: 'vscode' },
      cwd: fixture('vscode', '.vscode', 'tools'),
      source: source('vscode', file, 'project'),
    });
    assert.deepEqual(byName(parsed, 'remote'), {
      name: 'remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer ${input:token}' },
      source: source('vscode', file, 'project'),
    });
    assert.equal(byName(parsed, 'events').transport, 'sse');
    const inferred = byName(parsed, 'inferred-stdio');
    assert.deepEqual(inferred.transport === 'stdio' && [inferred.command, inferred.args], ['node', [`${workspace}/server.js`]]);
    assert.equal(byName(parsed, 'inferred-http').transport, 'http');
    const inputWarnings = parsed.warnings.filter((w) => w.includes('needs input "token"'));
    assert.deepEqual(inputWarnings.map((w) => /server "([^"]+)"/.exec(w)?.[1]), ['memory', 'remote']);
    assert.ok(inputWarnings.every((w) => w.includes(file) && /env/.test(w)), 'names the file and suggests env');
  });

  it('reads the old settings.json "mcp.servers" block', () => {
    const parsed = parseFixture(['vscode', 'legacy-settings.json']);
    assert.equal(parsed.client, 'vscode');
    assert.deepEqual(parsed.specs.map((s) => s.transport === 'stdio' && [s.name, s.command, s.args]), [['old', 'old-server', ['--stdio']]]);
  });
});

describe('Codex', () => {
  const file = fixture('codex', 'config.toml');

  it('reads stdio and http servers with env_vars, headers, tool filters and timeouts', () => {
    const parsed = parseFixture(['codex', 'config.toml'], {
      env: { API_KEY: 'a-key', REGION: 'eu-west', REMOTE_TOKEN: 'rt', REMOTE_API_KEY: 'rk', LOG_LEVEL: 'debug' },
    });
    assert.equal(parsed.client, 'codex');
    assert.deepEqual(parsed.specs, [
      {
        name: 'fs',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/code'],
        env: { API_KEY: 'a-key', REGION: 'eu-west', LOG_LEVEL: 'info' },
        cwd: fixture('codex', 'work'),
        toolFilter: { include: ['read_file', 'list_directory'] },
        timeoutMs: 20000,
        source: source('codex', file, 'project'),
      },
      {
        name: 'remote',
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { 'X-Client': 'codex', 'X-Api-Key': 'rk', Authorization: 'Bearer rt' },
        toolFilter: { exclude: ['delete_all'] },
        timeoutMs: 2500,
        source: source('codex', file, 'project'),
      },
    ]);
    assert.deepEqual(parsed.skipped, [{ name: 'off', reason: `${file}: enabled = false` }]);
    assert.equal(parsed.warnings.length, 1);
    assert.match(parsed.warnings[0] ?? '', /server "fs".*CODEX_UNSET_VAR/);
  });

  it('leaves out headers whose variables are unset, with warnings', () => {
    const parsed = parseFixture(['codex', 'config.toml'], { env: {} });
    const remote = byName(parsed, 'remote');
    assert.deepEqual(remote.transport !== 'stdio' && remote.headers, { 'X-Client': 'codex' });
    assert.ok(parsed.warnings.some((w) => w.includes('REMOTE_TOKEN')));
    assert.ok(parsed.warnings.some((w) => w.includes('REMOTE_API_KEY')));
  });
});

describe('Gemini CLI', () => {
  const file = fixture('gemini', '.gemini', 'settings.json');

  it('reads servers with httpUrl > url > command, cwd, timeout and tool filters', () => {
    const parsed = parseFixture(['gemini', '.gemini', 'settings.json'], { env: { MY_API_KEY: 'mk', TOKEN: 'tt' } });
    assert.equal(parsed.client, 'gemini');
    assert.deepEqual(byName(parsed, 'fs'), {
      name: 'fs',
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '.'],
      env: { API_KEY: 'mk', REGION: 'eu', EMPTY: '' },
      cwd: fixture('gemini', '.gemini', 'tools'),
      timeoutMs: 30000,
      toolFilter: { include: ['read_file'] },
      source: source('gemini', file, 'project'),
    });
    assert.deepEqual(byName(parsed, 'remote'), {
      name: 'remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer tt' },
      toolFilter: { exclude: ['delete_all'] },
      source: source('gemini', file, 'project'),
    });
    assert.deepEqual(
      parsed.specs.map((s) => [s.name, s.transport]),
      [
        ['fs', 'stdio'],
        ['remote', 'http'],
        ['events', 'sse'],
        ['either', 'http'],
      ],
    );
    assert.ok(parsed.warnings.some((w) => w.includes('server "fs"') && w.includes('GEMINI_UNSET_VAR')));
  });

  it('honours mcp.excluded over mcp.allowed and skips servers outside mcp.allowed', () => {
    const parsed = parseFixture(['gemini', '.gemini', 'settings.json']);
    assert.deepEqual(parsed.skipped, [
      { name: 'blocked', reason: `${file}: listed in mcp.excluded` },
      { name: 'not-allowed', reason: `${file}: not in mcp.allowed` },
    ]);
  });

  it('uses a set variable over the ${VAR:-DEFAULT} default', () => {
    const fs_ = byName(parseFixture(['gemini', '.gemini', 'settings.json'], { env: { REGION: 'us' } }), 'fs');
    assert.equal(fs_.transport === 'stdio' && fs_.env?.REGION, 'us');
  });
});

describe('OpenCode', () => {
  const file = fixture('opencode', 'opencode.jsonc');
  const readFile = (p: string): string | undefined => (p === path.join(HOME, '.token') ? 'home-token\n' : readFromDisk(p));

  it('reads local and remote servers with {env:...} and {file:...}', () => {
    const parsed = parseFixture(['opencode', 'opencode.jsonc'], { env: { API_KEY: 'ak', TOKEN: 'tk' }, readFile });
    assert.equal(parsed.client, 'opencode');
    assert.deepEqual(parsed.specs, [
      {
        name: 'fs',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '.'],
        env: { API_KEY: 'ak', SECRET: 's3cret', NOPE: '' },
        cwd: fixture('opencode', 'sub'),
        timeoutMs: 8000,
        source: source('opencode', file, 'project'),
      },
      {
        name: 'remote',
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer tk', 'X-Home-Token': 'home-token' },
        source: source('opencode', file, 'project'),
      },
    ]);
    assert.deepEqual(parsed.skipped, [{ name: 'off', reason: `${file}: "enabled": false` }]);
    assert.deepEqual(parsed.warnings.length, 1);
    assert.match(parsed.warnings[0] ?? '', /server "fs".*OPENCODE_UNSET_VAR/);
  });

  it('warns when a {file:...} cannot be read', () => {
    const parsed = parseFixture(['opencode', 'opencode.jsonc'], { env: { API_KEY: 'ak', TOKEN: 'tk' }, readFile: () => undefined });
    assert.ok(parsed.warnings.some((w) => w.includes(fixture('opencode', 'secret.txt'))));
    assert.ok(parsed.warnings.some((w) => w.includes(path.join(HOME, '.token'))));
  });
});

describe('variable syntaxes', () => {
  const env = { SET: 'value', EMPTY: '' };
  type Row = [label: string, expand: (value: string, onUnset: (name: string) => void) => string, input: string, expected: string, unset: string[]];
  const vars = (onUnset: (name: string) => void) => ({ env, home: '/home/u', workspace: '/w/proj', onUnsetEnv: onUnset });
  const rows: Row[] = [
    ['claude-code set', (v, u) => expandClaudeCodeVars(v, env, u), 'a-${SET}-b', 'a-value-b', []],
    ['claude-code default unused', (v, u) => expandClaudeCodeVars(v, env, u), '${SET:-d}', 'value', []],
    ['claude-code default used', (v, u) => expandClaudeCodeVars(v, env, u), '${NOPE:-d}', 'd', []],
    ['claude-code empty default', (v, u) => expandClaudeCodeVars(v, env, u), '${NOPE:-}', '', []],
    ['claude-code set to empty wins', (v, u) => expandClaudeCodeVars(v, env, u), '${EMPTY:-d}', '', []],
    ['claude-code unset kept', (v, u) => expandClaudeCodeVars(v, env, u), 'x ${NOPE} y', 'x ${NOPE} y', ['NOPE']],
    ['claude-code $VAR is not a variable', (v, u) => expandClaudeCodeVars(v, env, u), '$SET', '$SET', []],
    ['cursor env set', (v, u) => expandCursorVars(v, vars(u)), '${env:SET}', 'value', []],
    ['cursor env unset', (v, u) => expandCursorVars(v, vars(u)), '[${env:NOPE}]', '[]', ['NOPE']],
    ['cursor folders', (v, u) => expandCursorVars(v, vars(u)), '${userHome}|${workspaceFolder}|${workspaceFolderBasename}', '/home/u|/w/proj|proj', []],
    ['cursor separators', (v, u) => expandCursorVars(v, vars(u)), 'a${/}b${pathSeparator}c', `a${path.sep}b${path.sep}c`, []],
    ['cursor unknown kept', (v, u) => expandCursorVars(v, vars(u)), '${input:x} ${SET}', '${input:x} ${SET}', []],
    ['vscode input kept', (v, u) => expandVsCodeVars(v, { ...vars(u), onInput: (id) => u(`input:${id}`) }), 'Bearer ${input:tok}', 'Bearer ${input:tok}', ['input:tok']],
    ['vscode env and folder', (v, u) => expandVsCodeVars(v, vars(u)), '${workspaceFolder}/${env:SET}', '/w/proj/value', []],
    ['gemini $VAR', (v, u) => expandGeminiVars(v, env, u), 'k=$SET;', 'k=value;', []],
    ['gemini ${VAR}', (v, u) => expandGeminiVars(v, env, u), '${SET}x', 'valuex', []],
    ['gemini default used', (v, u) => expandGeminiVars(v, env, u), '${NOPE:-dflt}', 'dflt', []],
    ['gemini default unused', (v, u) => expandGeminiVars(v, env, u), '${SET:-dflt}', 'value', []],
    ['gemini unset becomes empty', (v, u) => expandGeminiVars(v, env, u), '<$NOPE>', '<>', ['NOPE']],
    ['gemini $ before a digit is kept', (v, u) => expandGeminiVars(v, env, u), 'costs $5', 'costs $5', []],
    ['opencode env set', (v, u) => expandOpenCodeVars(v, { ...vars(u), file: '/c/opencode.json', onMissingFile: u }), '{env:SET}', 'value', []],
    ['opencode env unset', (v, u) => expandOpenCodeVars(v, { ...vars(u), file: '/c/opencode.json', onMissingFile: u }), 'a{env:NOPE}b', 'ab', ['NOPE']],
    [
      'opencode file relative',
      (v, u) => expandOpenCodeVars(v, { ...vars(u), file: '/c/opencode.json', onMissingFile: u, readFile: (p) => (p === '/c/keys/k.txt' ? 'K\n' : undefined) }),
      '{file:keys/k.txt}',
      'K',
      [],
    ],
    [
      'opencode file absolute and home',
      (v, u) => expandOpenCodeVars(v, { ...vars(u), file: '/c/o.json', onMissingFile: u, readFile: (p) => ({ '/abs/a': 'A', '/home/u/b': 'B\n\n' })[p] }),
      '{file:/abs/a}{file:~/b}',
      'AB\n',
      [],
    ],
  ];
  for (const [label, expand, input, expected, unset] of rows) {
    it(label, () => {
      const heard: string[] = [];
      assert.equal(expand(input, (name) => heard.push(name)), expected);
      assert.deepEqual(heard, unset);
    });
  }
});

describe('client detection', () => {
  const rows: [file: string, text: string, client: ClientKind][] = [
    ['/p/.mcp.json', '{}', 'claude-code'],
    ['/home/u/.claude.json', '{"projects": {}}', 'claude-code'],
    ['/p/mcp-servers.json', '{"mcpServers": {}}', 'claude-code'],
    ['/x/Claude/claude_desktop_config.json', '{"mcpServers": {}}', 'claude-desktop'],
    ['/p/.cursor/mcp.json', '{"mcpServers": {}}', 'cursor'],
    ['/p/.vscode/mcp.json', '// c\n{"servers": {}}', 'vscode'],
    ['/home/u/.config/Code/User/mcp.json', '{"servers": {}}', 'vscode'],
    ['/p/tools/servers.json', '{"servers": {}, /* ok */}', 'vscode'],
    ['/p/settings.json', '{"mcp": {"servers": {}}}', 'vscode'],
    ['/p/.codex/config.toml', '[mcp_servers]', 'codex'],
    ['/p/.gemini/settings.json', '{"mcpServers": {}}', 'gemini'],
    ['/p/gemini-settings.json', '{"mcpServers": {}, "mcp": {"allowed": []}}', 'gemini'],
    ['/p/opencode.json', '{"$schema": "https://opencode.ai/config.json"}', 'opencode'],
    ['/p/opencode.jsonc', '{"mcp": {}, }', 'opencode'],
    ['/p/my-agent.json', '{"mcp": {"fs": {"type": "local", "command": ["fs"]}}}', 'opencode'],
  ];
  for (const [file, text, client] of rows) {
    it(`${file} → ${client}`, () => {
      assert.equal(parseClientConfig(text, { file, env: {}, cwd: '/p', home: '/home/u' }).client, client);
    });
  }

  it('an explicit client overrides detection', () => {
    const parsed = parseClientConfig('{"mcpServers": {"a": {"command": "a"}}}', { file: '/p/.mcp.json', env: {}, cwd: '/p', home: '/h' }, 'cursor');
    assert.equal(parsed.client, 'cursor');
    assert.equal(parsed.specs[0]?.source.client, 'cursor');
  });

  it('rejects a file it cannot recognise, naming the file and the expected keys', () => {
    const error = configErrorOf(() => parseClientConfig('{"editor.fontSize": 12}', { file: 'misc/random.json', env: {}, cwd: '/p', home: '/h' }));
    assert.ok(error.message.startsWith('/p/misc/random.json: '), error.message);
    for (const key of ['"mcpServers"', '"servers"', '"mcp"', 'mcp_servers']) assert.ok(error.message.includes(key), key);
  });
});

describe('syntax errors', () => {
  const rows: [label: string, file: string, text: string, position: string, says: RegExp][] = [
    ['trailing comma in strict JSON', '/p/.mcp.json', '{\n  "mcpServers": {\n    "a": { "command": "x" },\n  }\n}', '3:28', /trailing comma/],
    ['comment in strict JSON', '/p/.cursor/mcp.json', '{\n  // servers\n  "mcpServers": {}\n}', '2:3', /comments are not allowed/],
    ['comment found after content detection', '/p/shared.json', '{\n  "mcpServers": {} // x\n}', '2:20', /comments are not allowed/],
    ['missing comma', '/p/.gemini/settings.json', '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": { "command": "y" }\n  }\n}', '4:5', /expected ","/],
    ['unterminated string in JSONC', '/p/.vscode/mcp.json', '{\n  "servers": {\n    "a": { "command": "x }\n  }\n}', '3:23', /unterminated string/],
    ['empty file', '/p/.mcp.json', '  \n', '1:1', /empty/],
    ['bad TOML', '/p/.codex/config.toml', '[mcp_servers.fs]\ncommand = "npx"\nargs = ["-y", \n', '4:1', /./],
    ['duplicate TOML key', '/p/.codex/config.toml', '[mcp_servers.fs]\ncommand = "a"\ncommand = "b"\n', '3:1', /redefine/],
  ];
  for (const [label, file, text, position, says] of rows) {
    it(label, () => {
      const error = configErrorOf(() => parseClientConfig(text, { file, env: {}, cwd: '/p', home: '/h' }));
      assert.ok(error.message.startsWith(`${file}:${position}: `), error.message);
      assert.match(error.message, says);
      assert.match(error.message, /; /, 'says what to do');
    });
  }

  it('allows comments and trailing commas in VS Code and OpenCode files', () => {
    const text = '{ // c\n "servers": { "a": { "command": "x", }, },\n}';
    assert.equal(parseClientConfig(text, { file: '/p/.vscode/mcp.json', env: {}, cwd: '/p', home: '/h' }).specs.length, 1);
  });

  it('rejects a top level that is not an object', () => {
    const error = configErrorOf(() => parseClientConfig('[1]', { file: '/p/.mcp.json', env: {}, cwd: '/p', home: '/h' }));
    assert.match(error.message, /^\/p\/\.mcp\.json: the top level is an array/);
  });
});

describe('server entry errors', () => {
  const rows: [label: string, file: string, text: string, server: string, field: string, example: RegExp][] = [
    ['args not strings', '/p/.mcp.json', '{"mcpServers": {"fs": {"command": "npx", "args": ["-y", 3]}}}', 'fs', '"args" must be an array of strings', /"type": "stdio"/],
    ['args not an array', '/p/.cursor/mcp.json', '{"mcpServers": {"fs": {"command": "npx", "args": "-y pkg"}}}', 'fs', '"args" must be an array of strings', /"args": \[/],
    ['neither command nor url', '/p/.cursor/mcp.json', '{"mcpServers": {"x": {"env": {}}}}', 'x', 'needs "command"', /"url"/],
    ['env value not a string', '/x/claude_desktop_config.json', '{"mcpServers": {"db": {"command": "db", "env": {"PORT": 5432}}}}', 'db', '"env" must be an object whose values are strings', /"command": "npx"/],
    ['unknown type', '/p/.vscode/mcp.json', '{"servers": {"w": {"type": "websocket", "url": "ws://x"}}}', 'w', '"type" must be "stdio", "http" or "sse"', /"type": "http"/],
    ['codex url with command', '/p/.codex/config.toml', '[mcp_servers.mix]\nurl = "https://x"\ncommand = "x"\n', 'mix', '"command" cannot be used with "url"', /\[mcp_servers\.fs\]/],
    ['codex inline bearer token', '/p/.codex/config.toml', '[mcp_servers.r]\nurl = "https://x"\nbearer_token = "abc"\n', 'r', 'bearer_token_env_var', /\[mcp_servers\./],
    ['codex args of mixed types', '/p/.codex/config.toml', '[mcp_servers.fs]\ncommand = "npx"\nargs = [1, "a"]\n', 'fs', '"args" must be an array of strings', /args = \[/],
    ['opencode command as a string', '/p/opencode.json', '{"mcp": {"fs": {"type": "local", "command": "npx fs"}}}', 'fs', '"command" must be an array of strings', /"type": "local"/],
    ['opencode empty command', '/p/opencode.json', '{"mcp": {"fs": {"type": "local", "command": []}}}', 'fs', '"command" must be a non-empty array', /"type": "remote"/],
    ['opencode unknown type', '/p/opencode.json', '{"mcp": {"fs": {"type": "stdio", "command": ["x"]}}}', 'fs', '"type" must be "local" or "remote"', /"type": "local"/],
    ['gemini timeout not a number', '/p/.gemini/settings.json', '{"mcpServers": {"g": {"command": "g", "timeout": "30s"}}}', 'g', '"timeout" must be a non-negative number', /"httpUrl"/],
    ['entry not an object', '/p/.mcp.json', '{"mcpServers": {"fs": "npx fs"}}', 'fs', 'the entry must be an object', /"command": "npx"/],
  ];
  for (const [label, file, text, server, field, example] of rows) {
    it(label, () => {
      const error = configErrorOf(() => parseClientConfig(text, { file, env: {}, cwd: '/p', home: '/h' }));
      assert.ok(error.message.startsWith(`${file}: server "${server}": `), error.message);
      assert.ok(error.message.includes(field), error.message);
      assert.match(error.message, example);
    });
  }

  it('rejects a server table that is not an object', () => {
    const error = configErrorOf(() => parseClientConfig('{"mcpServers": ["fs"]}', { file: '/p/.mcp.json', env: {}, cwd: '/p', home: '/h' }));
    assert.match(error.message, /^\/p\/\.mcp\.json: "mcpServers" must be an object/);
  });

  it('rejects a gemini mcp.allowed that is not a list of names', () => {
    const error = configErrorOf(() =>
      parseClientConfig('{"mcpServers": {}, "mcp": {"allowed": "fs"}}', { file: '/p/.gemini/settings.json', env: {}, cwd: '/p', home: '/h' }),
    );
    assert.match(error.message, /^\/p\/\.gemini\/settings\.json: "mcp\.allowed" must be an array/);
  });
});

// Real folders for discovery and loading, removed at the end.
const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-slim-configs-'));
after(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

function writeFile(file: string, text = '{}'): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

describe('discoverConfigFiles', () => {
  it('lists the existing project and Linux user files, with CODEX_HOME, OPENCODE_CONFIG and the git-root walk', () => {
    const base = fs.mkdtempSync(path.join(tmpRoot, 'linux-'));
    const home = path.join(base, 'home');
    const repo = path.join(base, 'repo');
    const cwd = path.join(repo, 'packages', 'app');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    const expected = [
      { client: 'claude-code', file: writeFile(path.join(cwd, '.mcp.json')), scope: 'project' },
      { client: 'cursor', file: writeFile(path.join(cwd, '.cursor', 'mcp.json')), scope: 'project' },
      { client: 'vscode', file: writeFile(path.join(cwd, '.vscode', 'mcp.json')), scope: 'project' },
      { client: 'codex', file: writeFile(path.join(cwd, '.codex', 'config.toml')), scope: 'project' },
      { client: 'gemini', file: writeFile(path.join(cwd, '.gemini', 'settings.json')), scope: 'project' },
      { client: 'opencode', file: writeFile(path.join(cwd, 'opencode.jsonc')), scope: 'project' },
      { client: 'opencode', file: writeFile(path.join(repo, 'opencode.json')), scope: 'project' },
      { client: 'claude-code', file: writeFile(path.join(home, '.claude.json')), scope: 'user' },
      { client: 'claude-desktop', file: writeFile(path.join(home, '.config', 'Claude', 'claude_desktop_config.json')), scope: 'user' },
      { client: 'cursor', file: writeFile(path.join(home, '.cursor', 'mcp.json')), scope: 'user' },
      { client: 'vscode', file: writeFile(path.join(home, '.config', 'Code', 'User', 'mcp.json')), scope: 'user' },
      { client: 'codex', file: writeFile(path.join(base, 'codex-home', 'config.toml')), scope: 'user' },
      { client: 'gemini', file: writeFile(path.join(home, '.gemini', 'settings.json')), scope: 'user' },
      { client: 'opencode', file: writeFile(path.join(base, 'custom-opencode.json')), scope: 'user' },
      { client: 'opencode', file: writeFile(path.join(home, '.config', 'opencode', 'opencode.json')), scope: 'user' },
    ];
    // Present but not to be listed: CODEX_HOME replaces ~/.codex, and the walk stops at the git root.
    writeFile(path.join(home, '.codex', 'config.toml'));
    writeFile(path.join(base, 'opencode.json'));
    const found = discoverConfigFiles({
      cwd,
      home,
      env: { CODEX_HOME: path.join(base, 'codex-home'), OPENCODE_CONFIG: path.join(base, 'custom-opencode.json') },
      platform: 'linux',
      exists: fs.existsSync,
    });
    assert.deepEqual(found, expected);
  });

  it('uses ~/Library/Application Support on macOS and lists only what exists', () => {
    const base = fs.mkdtempSync(path.join(tmpRoot, 'mac-'));
    const home = path.join(base, 'home');
    const cwd = path.join(base, 'project');
    fs.mkdirSync(cwd, { recursive: true });
    const support = path.join(home, 'Library', 'Application Support');
    const desktop = writeFile(path.join(support, 'Claude', 'claude_desktop_config.json'));
    const vscode = writeFile(path.join(support, 'Code', 'User', 'mcp.json'));
    writeFile(path.join(home, '.config', 'Claude', 'claude_desktop_config.json')); // the Linux path, not read on macOS
    const found = discoverConfigFiles({ cwd, home, env: {}, platform: 'darwin', exists: fs.existsSync });
    assert.deepEqual(found, [
      { client: 'claude-desktop', file: desktop, scope: 'user' },
      { client: 'vscode', file: vscode, scope: 'user' },
    ]);
  });

  it('uses %APPDATA% on Windows', () => {
    const appData = 'C:\\Users\\me\\AppData\\Roaming';
    const existing = new Set([
      `${appData}\\Claude\\claude_desktop_config.json`,
      `${appData}\\Code\\User\\mcp.json`,
      'C:\\Users\\me\\.cursor\\mcp.json',
      'C:\\src\\app\\.vscode\\mcp.json',
    ]);
    const found = discoverConfigFiles({
      cwd: 'C:\\src\\app',
      home: 'C:\\Users\\me',
      env: { APPDATA: appData },
      platform: 'win32',
      exists: (p) => existing.has(p),
    });
    assert.deepEqual(
      found.map((f) => [f.client, f.file, f.scope]),
      [
        ['vscode', 'C:\\src\\app\\.vscode\\mcp.json', 'project'],
        ['claude-desktop', `${appData}\\Claude\\claude_desktop_config.json`, 'user'],
        ['cursor', 'C:\\Users\\me\\.cursor\\mcp.json', 'user'],
        ['vscode', `${appData}\\Code\\User\\mcp.json`, 'user'],
      ],
    );
  });

  it('lists a file once, as the user file, when cwd is home', () => {
    const home = fs.mkdtempSync(path.join(tmpRoot, 'home-is-cwd-'));
    const cursor = writeFile(path.join(home, '.cursor', 'mcp.json'));
    const found = discoverConfigFiles({ cwd: home, home, env: {}, platform: 'linux', exists: fs.existsSync });
    assert.deepEqual(found, [{ client: 'cursor', file: cursor, scope: 'user' }]);
  });
});

describe('loadClientConfigs', () => {
  const base = fs.mkdtempSync(path.join(tmpRoot, 'load-'));
  const home = path.join(base, 'home');
  const project = path.join(base, 'project');
  const files = {
    claude: writeFile(
      path.join(project, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          fs: { type: 'stdio', command: 'npx', args: ['fs-a'] },
          shared: { type: 'stdio', command: 'shared-server', args: ['--x'], env: { A: '1' } },
          web: { type: 'http', url: 'https://web.example.com/mcp', headers: { 'X-Key': 'k' } },
        },
      }),
    ),
    cursor: writeFile(
      path.join(project, '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          fs: { command: 'npx', args: ['fs-b'] },
          shared: { command: 'shared-server', args: ['--x'], env: { A: '1' } },
          web: { url: 'https://web.example.com/mcp', headers: { 'X-Key': 'k' } },
        },
      }),
    ),
    userCursor: writeFile(path.join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { fs: { command: 'npx', args: ['fs-c'] } } })),
    gemini: writeFile(
      path.join(project, '.gemini', 'settings.json'),
      JSON.stringify({ mcpServers: { fs: { command: 'npx', args: ['fs-b'] }, off: { command: 'off' } }, mcp: { excluded: ['off'] } }),
    ),
  };
  const ctx = { env: {}, cwd: project, home };
  const load = () =>
    loadClientConfigs(
      [{ file: files.claude }, { file: files.cursor }, { file: files.userCursor }, { file: files.gemini, client: 'gemini' }],
      ctx,
    );

  it('renames different servers with a taken name to <client>:<name>, then <client>:<name>:<n>', () => {
    const merged = load();
    const fsArgs = merged.specs.filter((s) => s.transport === 'stdio' && s.command === 'npx').map((s) => s.transport === 'stdio' && [s.name, s.args[0]]);
    assert.deepEqual(fsArgs, [
      ['fs', 'fs-a'],
      ['cursor:fs', 'fs-b'],
      ['cursor:fs:2', 'fs-c'],
    ]);
    assert.ok(merged.warnings.some((w) => w.startsWith(`${files.cursor}: server "fs"`) && w.includes('"cursor:fs"')));
    assert.equal(byName(merged, 'cursor:fs:2').source.scope, 'user');
    assert.equal(byName(merged, 'cursor:fs').source.scope, 'project');
  });

  it('keeps one copy of identical servers (same launch, or same url and headers) and warns', () => {
    const merged = load();
    assert.deepEqual(merged.specs.map((s) => s.name), ['fs', 'shared', 'web', 'cursor:fs', 'cursor:fs:2']);
    assert.equal(byName(merged, 'shared').source.client, 'claude-code');
    for (const name of ['shared', 'web']) {
      assert.ok(merged.warnings.some((w) => w.startsWith(`${files.cursor}: server "${name}" is the same`)), name);
    }
    // The Gemini fs matches the Cursor one that was renamed, so it is a duplicate, not gemini:fs.
    assert.ok(merged.warnings.some((w) => w.startsWith(`${files.gemini}: server "fs" is the same as "cursor:fs"`)));
  });

  it('returns the files read, in order, and the skipped servers of all of them', () => {
    const merged = load();
    assert.deepEqual(merged.files, [files.claude, files.cursor, files.userCursor, files.gemini]);
    assert.deepEqual(merged.skipped, [{ name: 'off', reason: `${files.gemini}: listed in mcp.excluded` }]);
  });

  it('reads what discoverConfigFiles finds', () => {
    const found = discoverConfigFiles({ cwd: project, home, env: {}, platform: 'linux', exists: fs.existsSync });
    const merged = loadClientConfigs(found, ctx);
    assert.deepEqual(merged.files, [files.claude, files.cursor, files.gemini, files.userCursor]);
    assert.equal(merged.specs.length, 5);
  });

  it('reads side files from disk when no readFile hook is given', () => {
    const dir = path.join(base, 'side');
    writeFile(path.join(dir, 'token.txt'), 'from-disk\n');
    const file = writeFile(path.join(dir, 'opencode.json'), '{"mcp": {"r": {"type": "remote", "url": "https://r", "headers": {"T": "{file:token.txt}"}}}}');
    const spec = loadClientConfigs([{ file }], ctx).specs[0];
    assert.deepEqual(spec && spec.transport !== 'stdio' && spec.headers, { T: 'from-disk' });
  });

  it('fails on a missing or unreadable file, naming it', () => {
    const missing = path.join(base, 'nope', '.mcp.json');
    const error = configErrorOf(() => loadClientConfigs([{ file: missing }], ctx));
    assert.ok(error.message.startsWith(`${missing}: cannot read`), error.message);
    assert.match(error.message, /no such file/);
    const folder = configErrorOf(() => loadClientConfigs([{ file: project, client: 'claude-code' }], ctx));
    assert.ok(folder.message.startsWith(`${project}: cannot read`), folder.message);
  });
});
