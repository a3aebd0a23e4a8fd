/**
 * Issue 14, config hygiene: what a parser accepts without a word but a person never means (a key
 * written twice, nesting that overflows the stack, 1e400, a byte order mark), type errors that
 * must not echo secrets, and patterns or agents that match nothing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseBudget } from '../src/budget/budget-file.js';
import { parseJsonText, parseTomlText } from '../src/fs/config-text.js';
import { editJsonText } from '../src/fs/edit-json.js';
import { checkNesting, MAX_NESTING } from '../src/fs/json-guards.js';
import { shapeOf } from '../src/fs/value-shape.js';
import {
  loadGatewayConfig,
  mergeLayers,
  parseGatewayConfigText,
  unknownAgent,
  unmatchedPatterns,
  unmatchedServerPatterns,
  type LayerScope,
} from '../src/gateway/config/index.js';
import type { GatewayConfig } from '../src/gateway/types.js';
import { loadClientConfigs, parseClientConfig } from '../src/sources/client-configs.js';
import { FIXTURES, runCli } from './_cli.js';
import { configErrorOf } from './_errors.js';

const HYGIENE = path.join(FIXTURES, 'config-hygiene');
const HOME = '/home/tester';
const configError = (fn: () => unknown): string => configErrorOf(fn).message;
const gateway = (text: string, file = '/repo/mcp-slim.config.json', env: Record<string, string> = {}) =>
  parseGatewayConfigText(text, file, env, { home: HOME, scope: 'project' });
const client = (text: string, file: string) => parseClientConfig(text, { file, env: {}, cwd: '/p', home: '/h' });

const temps: string[] = [];
after(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempFile(name: string, text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-slim-hygiene-'));
  temps.push(dir);
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** Every reader of a JSON config, as `(text, file) → parsed`: each must apply the same checks. */
const JSON_READERS: [string, string, (text: string, file: string) => unknown][] = [
  ['gateway config', '/repo/mcp-slim.config.json', (t, f) => gateway(t, f)],
  ['budget', '/repo/mcp-slim.budget.json', (t, f) => parseBudget(t, f)],
  ['Claude Code .mcp.json', '/p/.mcp.json', (t, f) => client(t, f)],
  ['VS Code (JSONC)', '/p/.vscode/mcp.json', (t, f) => client(t, f)],
  ['a client config told from its content', '/p/servers.json', (t, f) => client(t, f)],
];

describe('a key written twice is an error naming file:line:col and the key', () => {
  const rows: { name: string; reader: number; text: string; at: string; key: string }[] = [
    {
      name: 'two servers named "fs" in upstreams',
      reader: 0,
      text: '{\n  "upstreams": {"servers": {\n    "fs": {"command": "a"},\n    "fs": {"command": "b"}\n  }}\n}',
      at: '4:5',
      key: 'upstreams.servers.fs',
    },
    { name: 'a top-level key', reader: 0, text: '{"disable": ["a/*"],\n "disable": ["b/*"]}', at: '2:2', key: 'disable' },
    { name: 'deep in an agent section', reader: 0, text: '{"agents": {"r": {"disable": ["a/*"], "disable": ["b/*"]}}}', at: '1:39', key: 'agents.r.disable' },
    { name: 'an env var in a client config told from its content', reader: 4, text: '{"mcpServers": {"x": {"command": "a", "env": {"A": "1", "A": "2"}}}}', at: '1:57', key: 'mcpServers.x.env.A' },
    { name: 'spelt differently, same key (\\u escape)', reader: 0, text: '{"mode": "full", "mod\\u0065": "slim"}', at: '1:18', key: 'mode' },
    { name: 'a budget limit', reader: 1, text: '{"totalBytes": 100,\n"totalBytes": 10}', at: '2:1', key: 'totalBytes' },
    { name: 'two servers in .mcp.json', reader: 2, text: '{"mcpServers": {"fs": {"command": "a"}, "fs": {"command": "b"}}}', at: '1:41', key: 'mcpServers.fs' },
    { name: 'JSONC with comments', reader: 3, text: '{\n  // mine\n  "servers": {"fs": {"command": "a"}, /* again */ "fs": {"command": "b"}}\n}', at: '3:51', key: 'servers.fs' },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const [, file, read] = JSON_READERS[row.reader]!;
      const message = configError(() => read(row.text, file));
      assert.ok(message.startsWith(`${file}:${row.at}: "${row.key}" is written twice`), message);
      assert.match(message, /first at line \d+, column \d+/);
      assert.match(message, /; JSON keeps only the last one without a word, so remove one or give it another name$/);
    });
  }

  it('the same key in two different objects is fine', () => {
    const layer = gateway('{"agents": {"a": {"disable": ["x"]}, "b": {"disable": ["x"]}}, "http": {"port": 1}, "resultGuard": {"maxTokens": 1}}');
    assert.deepEqual(Object.keys(layer.agents), ['a', 'b']);
  });

  it('TOML: smol-toml rejects a key or a table twice; the message names it', () => {
    const key = configError(() => parseTomlText('[mcp_servers.fs]\ncommand = "a"\ncommand = "b"\n', '/p/config.toml'));
    assert.match(key, /^\/p\/config\.toml:3:1: "command" is written twice .*; remove one/);
    const table = configError(() => client('[mcp_servers.fs]\ncommand = "a"\n\n[mcp_servers.fs]\ncommand = "b"\n', '/p/.codex/config.toml'));
    assert.match(table, /^\/p\/\.codex\/config\.toml:4:2: the table \[mcp_servers\.fs\] is written twice/);
    const inline = configError(() => parseTomlText('x = {a = 1, a = 2}', '/p/c.toml'));
    assert.match(inline, /:1:13: "a" is written twice/);
  });

  it('the fixtures through the CLI: exit 2 with the file, line and key', async () => {
    const budget = await runCli(['check', '--budget', path.join(HYGIENE, 'duplicate.budget.json')]);
    assert.equal(budget.code, 2);
    assert.match(budget.stderr, /duplicate\.budget\.json:4:3: "totalBytes" is written twice/);
    const measured = await runCli(['measure', '--config', path.join(HYGIENE, 'duplicate.mcp.json')]);
    assert.equal(measured.code, 2);
    assert.match(measured.stderr, /duplicate\.mcp\.json:4:5: "mcpServers\.fs" is written twice/);
    const served = configError(() => loadGatewayConfig({ cwd: HYGIENE, home: HOME, env: {}, file: 'duplicate-server.config.json' }));
    assert.match(served, /duplicate-server\.config\.json:5:7: "upstreams\.servers\.fs" is written twice \(first at line 4, column 7\)/);
  });
});

describe('nesting deeper than 1,000 levels is a one-line error, never a stack overflow', () => {
  const deepArrays = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  const deepObjects = `${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`;
  for (const [label, file, read] of JSON_READERS) {
    for (const [shape, text] of [
      ['[[[…]]]', deepArrays],
      ['{"a":{"a":…}}', deepObjects],
    ] as const) {
      it(`${label}: ${shape}`, () => {
        const message = configError(() => read(text, file));
        assert.match(message, /:1:\d+: nested deeper than 1,000 levels; /);
      });
    }
  }

  it('the limit is exact, and brackets in strings and comments do not count', () => {
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    assert.doesNotThrow(() => checkNesting(nested(MAX_NESTING), 'f'));
    // The whole reader copes with the deepest file it lets through (notes take any shape).
    assert.ok(parseBudget(`{"notes": ${nested(MAX_NESTING - 1)}}`, 'b.json').notes);
    assert.match(configError(() => checkNesting(nested(MAX_NESTING + 1), 'f')), /^f:1:1001: nested deeper/);
    const inString = `{"a": "${'['.repeat(5000)}", "b\\"[": 1}`;
    assert.deepEqual(parseJsonText(inString, 'f', false), { a: '['.repeat(5000), 'b"[': 1 });
    const inComments = `// ${'{'.repeat(5000)}\n/* ${'['.repeat(5000)} */ {"a": 1}`;
    assert.deepEqual(parseJsonText(inComments, 'f', true), { a: 1 });
  });

  it('TOML: smol-toml stops at the same depth, said the same way', () => {
    const message = configError(() => client(`[mcp_servers.fs]\nargs = ${'['.repeat(200_000)}${']'.repeat(200_000)}\n`, '/p/.codex/config.toml'));
    assert.match(message, /^\/p\/\.codex\/config\.toml:2:\d+: nested deeper than 1,000 levels/);
  });

  it('a deep budget file through the CLI exits 2, not 3', async () => {
    const file = tempFile('mcp-slim.budget.json', deepArrays);
    const { code, stderr } = await runCli(['check', '--budget', file]);
    assert.equal(code, 2);
    assert.match(stderr, /mcp-slim\.budget\.json:1:1001: nested deeper than 1,000 levels/);
  });
});

describe('a number out of range is an error, not "got null"', () => {
  const rows: [string, number, string, RegExp][] = [
    ['gateway timeout', 0, '{\n  "timeout": 1e400\n}', /:2:14: "timeout" is 1e400, a number out of range/],
    ['negative, one level down', 0, '{"http": {"port": -1E999}}', /:1:19: "http\.port" is -1E999, a number out of range/],
    ['a budget limit', 1, '{"totalBytes": 1e400}', /:1:16: "totalBytes" is 1e400, a number out of range/],
    ['a client timeout', 2, '{"mcpServers": {"a": {"command": "x", "timeout": 1e309}}}', /:1:50: "mcpServers\.a\.timeout" is 1e309, a number out of range/],
  ];
  for (const [name, reader, text, says] of rows) {
    it(name, () => {
      const [, file, read] = JSON_READERS[reader]!;
      const message = configError(() => read(text, file));
      assert.match(message, says);
      assert.doesNotMatch(message, /null/);
      assert.match(message, /; write a smaller number$/);
    });
  }

  it('1e308 and 1e-400 (zero) are numbers; a long literal is not repeated', () => {
    assert.deepEqual(parseJsonText('[1e308, 1e-400]', 'f', false), [1e308, 0]);
    assert.match(configError(() => parseJsonText(`[1${'0'.repeat(400)}]`, 'f', false)), /^f:1:2: "\[0\]" is a number out of range/);
  });

  it('TOML: 1e400 and inf read as infinity; a number field says so', () => {
    const message = configError(() => client('[mcp_servers.fs]\ncommand = "x"\nstartup_timeout_sec = 1e400\n', '/p/.codex/config.toml'));
    assert.match(message, /"startup_timeout_sec" is a number out of range \(infinite\)/);
  });

  it('the fixture through the CLI: exit 2 with line and column', async () => {
    const { code, stderr } = await runCli(['check', '--budget', path.join(HYGIENE, 'overflow.budget.json')]);
    assert.equal(code, 2);
    assert.match(stderr, /overflow\.budget\.json:3:17: "totalBytes" is 1e400, a number out of range/);
  });
});

describe('a UTF-8 byte order mark is dropped', () => {
  const BOM = '\uFEFF';
  it('every JSON reader reads the file', () => {
    assert.deepEqual(gateway(`${BOM}{"mode": "full"}`).mode, 'full');
    assert.equal(parseBudget(`${BOM}{"totalBytes": 5}`, 'b.json').totalBytes, 5);
    assert.equal(client(`${BOM}{"mcpServers": {"a": {"command": "x"}}}`, '/p/.mcp.json').specs.length, 1);
    assert.equal(client(`${BOM}// c\n{"servers": {"a": {"command": "x"}},}`, '/p/.vscode/mcp.json').specs.length, 1);
    assert.equal(client(`${BOM}{"mcpServers": {"a": {"command": "x"}}}`, '/p/servers.json').client, 'claude-code');
    assert.equal(client(`${BOM}[mcp_servers.a]\ncommand = "x"\n`, '/p/.codex/config.toml').specs.length, 1);
  });

  it('line and column in later errors count as an editor does, from after the mark', () => {
    assert.match(configError(() => gateway(`${BOM}{\n  "disabel": []\n}`)), /^\/repo\/mcp-slim\.config\.json:2:3: "disabel" is not/);
    assert.match(configError(() => gateway(`${BOM}{"mode": "lazy"}`)), /:1:10: "mode" must be one of/);
    assert.match(configError(() => parseBudget(`${BOM}{"totalBytes": -1}`, 'b.json')), /^b\.json:1:16: "totalBytes"/);
  });

  it('files on disk: gateway config, client config and budget (through the CLI)', async () => {
    const config = loadGatewayConfig({ cwd: HYGIENE, home: HOME, env: {}, file: 'bom.config.json' });
    assert.deepEqual(config.upstreams.map((s) => s.name), ['fs']);
    assert.deepEqual(config.layers.map((l) => l.disable), [['fs/write_*']]);
    const loaded = loadClientConfigs([{ file: path.join(HYGIENE, 'bom.mcp.json') }], { env: {}, cwd: HYGIENE, home: HOME });
    assert.deepEqual(loaded.specs.map((s) => s.name), ['fs']);
    const checked = await runCli(['check', '--budget', path.join(HYGIENE, 'bom.budget.json')]);
    assert.equal(checked.code, 0, checked.stderr);
  });

  it('an in-place edit keeps the mark', () => {
    assert.equal(editJsonText(`${BOM}{"totalBytes": 10}`, [{ path: ['totalBytes'], value: 9 }]), `${BOM}{"totalBytes": 9}`);
  });
});

describe('type errors say what shape was found and never echo a secret', () => {
  const SECRET = 'sk-live-0123456789';
  const server = (fields: unknown) => JSON.stringify({ upstreams: { servers: { api: fields } } }, null, 2);
  const read = (text: string) => () => gateway(text, '/repo/mcp-slim.config.json', { HOST: 'h' });
  const rows: { name: string; run: () => unknown; says: RegExp }[] = [
    { name: 'headers as an array', run: read(server({ url: 'https://x', headers: [`Bearer ${SECRET}`] })), says: /"upstreams\.servers\.api\.headers" must be an object, got an array of 1 string;/ },
    { name: 'a header as a list', run: read(server({ url: 'https://x', headers: { Authorization: [SECRET] } })), says: /"upstreams\.servers\.api\.headers\.Authorization" must be a string, got an array of 1 string;/ },
    { name: 'an env value as a number', run: read(server({ command: 'x', env: { PIN: 12345678 } })), says: /"upstreams\.servers\.api\.env\.PIN" must be a string, got a number;/ },
    { name: 'args as one string', run: read(server({ command: 'x', args: `--token ${SECRET}` })), says: /"upstreams\.servers\.api\.args" must be an array of strings, got a string;/ },
    { name: 'args with a non-string', run: read(server({ command: 'x', args: ['--token', SECRET, 7] })), says: /"upstreams\.servers\.api\.args\[2\]" must be a non-empty string, got a number;/ },
    { name: 'the server as a command line', run: read(server(`npx server --key ${SECRET}`)), says: /"upstreams\.servers\.api" must be an object .*, got a string;/ },
    { name: 'a url with a key in its path', run: read(server({ url: `wss://mcp.example.com/${SECRET}/sse?key=${SECRET}` })), says: /must be an http:\/\/ or https:\/\/ URL, got "wss:\/\/mcp\.example\.com\/…";/ },
    { name: 'a url that is not one', run: read(server({ url: SECRET })), says: /URL, got a string that is not a URL;/ },
    { name: 'a url from the environment', run: read(server({ url: 'ftp://${HOST}/x' })), says: /URL, got "ftp:\/\/h\/…";/ },
    { name: 'the token as a list', run: read(JSON.stringify({ http: { token: [SECRET, SECRET] } })), says: /"http\.token" must be a non-empty string, got an array of 2 strings;/ },
    { name: 'an origin with credentials', run: read(JSON.stringify({ http: { allowedOrigins: [`ws://u:${SECRET}@h`] } })), says: /got a string that is not an http\(s\) URL;/ },
    { name: 'a budget command as one string', run: () => parseBudget(JSON.stringify({ measure: { command: `node s.js --key ${SECRET}` } }), 'b.json'), says: /"measure\.command" must be an array of strings, got a string$/ },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const message = configError(row.run);
      assert.match(message, row.says);
      assert.ok(!message.includes('sk-live'), message);
    });
  }

  it('values are still quoted where they cannot be secrets (numbers, fixed words, tool patterns)', () => {
    assert.match(configError(() => gateway('{"mode": "lazy"}')), /got "lazy"/);
    assert.match(configError(() => gateway('{"timeout": "30"}')), /got "30"/);
    assert.match(configError(() => gateway('{"pinned": "github/*"}')), /got "github\/\*"/);
    assert.match(configError(() => gateway(server({ url: 'https://x', transport: 'see' }))), /got "see"; did you mean "sse"\?/);
    assert.match(configError(() => parseBudget('{"view": "mdoel"}', 'b.json')), /got "mdoel"/);
  });

  it('shapeOf describes without content', () => {
    const table: [unknown, string][] = [
      ['secret', 'a string'],
      ['', 'an empty string'],
      [['a'], 'an array of 1 string'],
      [['a', 1, null, 'b'], 'an array of 2 strings, 1 number and 1 null'],
      [[], 'an empty array'],
      [{ k: 'v', j: 'w' }, 'an object with 2 keys'],
      [{}, 'an empty object'],
      [12, 'a number'],
      [Infinity, 'a number out of range'],
      [true, 'true'],
      [null, 'null'],
    ];
    for (const [value, shape] of table) assert.equal(shapeOf(value), shape);
  });
});

describe('patterns and agents that match nothing', () => {
  type File = { scope: LayerScope; file: string; data: unknown };
  const config = (...files: File[]): GatewayConfig =>
    mergeLayers(
      files.map((f) => parseGatewayConfigText(JSON.stringify(f.data), f.file, {}, { home: HOME, scope: f.scope })),
      { home: HOME },
    );
  const project = (data: unknown): File => ({ scope: 'project', file: '/x/mcp-slim.config.json', data });
  const user = (data: unknown): File => ({ scope: 'user', file: `${HOME}/.config/mcp-slim/config.json`, data });
  const UPSTREAMS = { servers: { filesystem: { command: 'fs' }, github: { command: 'gh' }, docs: { url: 'https://d' } } };
  const LIVE = [
    { name: 'filesystem', tools: ['read_file', 'write_file', 'list_directory'] },
    { name: 'github', tools: ['get_issue', 'create_issue', 'list_issues'] },
    { name: 'browser', tools: ['browser_click', 'browser_snapshot'] },
  ];

  const rows: { name: string; files: File[]; warnings: string[]; serverOnly?: string[] }[] = [
    {
      name: 'a misspelt server in a project disable',
      files: [user({ upstreams: UPSTREAMS }), project({ disable: ['filesytem/*'] })],
      warnings: ['disable: "filesytem/*" (project:/x/mcp-slim.config.json) matches no server; did you mean "filesystem/*"?'],
      serverOnly: ['disable: "filesytem/*" (project:/x/mcp-slim.config.json) matches no server; did you mean "filesystem/*"?'],
    },
    {
      name: 'a misspelt tool of one server (the server-only check cannot tell)',
      files: [project({ upstreams: UPSTREAMS, enable: ['github/get_isue'] })],
      warnings: ['enable: "github/get_isue" (project:/x/mcp-slim.config.json) matches no tool of "github"; did you mean "github/get_issue"?'],
      serverOnly: [],
    },
    {
      name: 'a bare family on no server, with the closest family',
      files: [user({ upstreams: UPSTREAMS, disable: ['brwser_*'] })],
      warnings: ['disable: "brwser_*" (user:~/.config/mcp-slim/config.json) matches no tool on any server; did you mean "browser_*"?'],
      serverOnly: [],
    },
    {
      name: 'a bare server name, meant as server/*',
      files: [project({ upstreams: UPSTREAMS, disable: ['github'] })],
      warnings: ['disable: "github" (project:/x/mcp-slim.config.json) matches no tool on any server; did you mean "github/*"?'],
    },
    {
      name: 'any server, a misspelt tool',
      files: [project({ upstreams: UPSTREAMS, pinned: ['*/read_fil'] })],
      warnings: ['pinned: "*/read_fil" matches no tool on any server; did you mean "*/read_file"?'],
    },
    {
      name: 'an agent section, no close name',
      files: [project({ upstreams: UPSTREAMS, agents: { reviewer: { disable: ['github/merge_*'] } } })],
      warnings: ['agents.reviewer.disable: "github/merge_*" (agent:reviewer@project) matches no tool of "github"'],
    },
    {
      name: 'a pattern a group brings into a layer is named once, at the group',
      files: [project({ upstreams: UPSTREAMS, groups: { web: ['browser_*', 'playwrite/*'] }, disable: ['@web'], phases: { look: ['@web', 'docs/*'] } })],
      warnings: ['groups.web: "playwrite/*" (also in disable, phases.look) matches no server'],
      serverOnly: ['groups.web: "playwrite/*" (also in disable, phases.look) matches no server'],
    },
    {
      name: 'nested groups: at the innermost group',
      files: [project({ upstreams: UPSTREAMS, groups: { all: ['@gh', 'read_file'], gh: ['gihub/*'] }, pinned: ['@all'] })],
      warnings: ['groups.gh: "gihub/*" (also in groups.all, pinned) matches no server; did you mean "github/*"?'],
    },
    {
      name: 'a server that is not up is not judged on its tools',
      files: [project({ upstreams: UPSTREAMS, phases: { read: ['docs/search_docs', 'filesystem/read_*'] }, phase: 'read' })],
      warnings: [],
      serverOnly: [],
    },
    {
      name: 'patterns that match are silent',
      files: [project({ upstreams: UPSTREAMS, disable: ['github/*', 'browser_*', '*/write_file'], enable: ['get_issue', 'github/create_*'] })],
      warnings: [],
      serverOnly: [],
    },
    {
      name: 'a server the command line added (live only) counts as a server',
      files: [project({ upstreams: UPSTREAMS, disable: ['browser/browser_click'] })],
      warnings: [],
      serverOnly: ['disable: "browser/browser_click" (project:/x/mcp-slim.config.json) matches no server'],
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const merged = config(...row.files);
      assert.deepEqual(unmatchedPatterns(merged, LIVE), row.warnings);
      if (row.serverOnly) assert.deepEqual(unmatchedServerPatterns(merged), row.serverOnly);
    });
  }

  it('the server-only check takes the final server list', () => {
    const merged = config(project({ upstreams: UPSTREAMS, disable: ['browser/*'] }));
    assert.deepEqual(unmatchedServerPatterns(merged, ['filesystem', 'github', 'browser']), []);
  });

  it('no servers at all: nothing to compare with, no warnings', () => {
    const merged = config(project({ disable: ['a/b'] }));
    assert.deepEqual(unmatchedServerPatterns(merged), []);
    assert.deepEqual(unmatchedPatterns(merged, []), []);
  });

  it('a hand-built config with an unknown @group reference', () => {
    const hand = { ...config(project({ upstreams: UPSTREAMS, groups: { browser: ['browser_*'] } })), layers: [{ source: 'test', disable: ['@browsr'] }] };
    assert.deepEqual(unmatchedPatterns(hand, LIVE), ['disable: "@browsr" (test) names no group; did you mean "@browser"?']);
  });

  it('unknownAgent', () => {
    const withAgents = config(project({ agents: { reviewer: { disable: ['a/*'] }, writer: { enable: ['b/*'] } } }));
    const table: [GatewayConfig, string | undefined, string | undefined][] = [
      [withAgents, 'reviwer', '--agent "reviwer" names no agent of the gateway config, so only the scope layers apply; did you mean "reviewer"?'],
      [withAgents, 'ops', '--agent "ops" names no agent of the gateway config, so only the scope layers apply; the agents are "reviewer", "writer"'],
      [withAgents, 'reviewer', undefined],
      [withAgents, undefined, undefined],
      [config(project({ disable: ['a/*'] })), 'reviewer', undefined],
    ];
    for (const [cfg, agent, expected] of table) assert.equal(unknownAgent(cfg, agent), expected, String(agent));
  });
});

describe('docs/gateway-config.md', () => {
  const docs = readFileSync(new URL('../docs/gateway-config.md', import.meta.url), 'utf8');

  it('names the flag serve really has for one more config layer', async () => {
    const help = (await runCli(['serve', '--help'])).stdout;
    assert.match(help, /--gateway-config FILE\s+one more mcp-slim\.config\.json layer/);
    assert.match(docs, /\*\*`--gateway-config FILE`\*\*/);
    assert.doesNotMatch(docs, /\*\*`--config FILE`\*\*/);
  });

  it('shows the new errors as the code words them', () => {
    const messages = [
      configError(() => gateway('{\n  "upstreams": {"servers": {\n    "fs": {"command": "a"},\n    "fs": {"command": "b"}\n  }}\n}')),
      configError(() => gateway('{"timeout": 1e400}')),
      configError(() => gateway('['.repeat(1001))),
    ];
    // The docs' lines differ in lines and columns only.
    const problem = (line: string) => line.replace(/^\S+:\d+:\d+: /, '').replace(/line \d+, column \d+/, 'line L, column C');
    const documented = docs.replace(/line \d+, column \d+/g, 'line L, column C');
    for (const message of messages) assert.ok(documented.includes(problem(message)), problem(message));
  });
});
