import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  gatewayConfigLocations,
  loadGatewayConfig,
  mergeLayers,
  parseGatewayConfigText,
  projectRoot,
  toolDecision,
  toolState,
  type GatewayLayer,
  type LayerScope,
} from '../src/gateway/config/index.js';
import { AGENT_KEYS, GUARD_EXAMPLES, HTTP_EXAMPLES, SERVER_EXAMPLES, TOP_EXAMPLES, UPSTREAM_EXAMPLES } from '../src/gateway/config/keys.js';
import type { GatewayConfig } from '../src/gateway/types.js';
import { configErrorOf } from './_errors.js';

const configError = (fn: () => unknown): string => configErrorOf(fn).message;

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'gateway');
const HOME = '/home/tester';
const FILE = '/repo/mcp-slim.config.json';
const ENV = { GITHUB_TOKEN: 'gh-secret', DOCS_HOST: 'docs.example.com', DOCS_TOKEN: 'docs-secret', MCP_SLIM_TOKEN: 'gateway-secret' };

type Env = Record<string, string | undefined>;

/** One config file from an object (or raw text), as the loader would parse it. */
function layer(data: unknown, opts: { file?: string; scope?: LayerScope; env?: Env } = {}): GatewayLayer {
  const text = typeof data === 'string' ? data : JSON.stringify(data, null, 2);
  return parseGatewayConfigText(text, opts.file ?? FILE, opts.env ?? {}, { home: HOME, scope: opts.scope ?? 'project' });
}

/** Several files merged, lowest precedence first, each named after its place (`/repo/0.json`, …). */
const merged = (...files: unknown[]): GatewayConfig => mergeLayers(files.map((f, i) => layer(f, { file: `/repo/${i}.json` })), { home: HOME });


const temps: string[] = [];
after(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A temp folder holding `files` (path → JSON object, or text); `.git/` marks a project root. */
function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'mcp-slim-gateway-config-'));
  temps.push(root);
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    if (rel.endsWith('/')) {
      mkdirSync(file, { recursive: true });
      continue;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

describe('parsing every key', () => {
  const config = loadGatewayConfig({ cwd: FIXTURES, home: HOME, env: ENV, file: 'full.config.json' });
  const dir = FIXTURES;

  it('reads inline servers and client config files into upstreams, inline replacing a client server of the same name', () => {
    assert.deepEqual(
      config.upstreams.map((s) => [s.name, s.transport, s.source.file]),
      [
        ['memory', 'stdio', path.join(dir, 'client', '.mcp.json')],
        ['local', 'stdio', path.join(dir, 'full.config.json')],
        ['github', 'stdio', path.join(dir, 'full.config.json')],
        ['docs', 'sse', path.join(dir, 'full.config.json')],
      ],
    );
    const github = config.upstreams.find((s) => s.name === 'github');
    assert.deepEqual(github, {
      name: 'github',
      source: { kind: 'config', file: path.join(dir, 'full.config.json'), scope: 'config' },
      timeoutMs: 60_000,
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github', '--read-only'],
      env: { GITHUB_TOKEN: 'gh-secret', LOG_LEVEL: 'warn' },
      cwd: path.join(dir, 'servers', 'github'),
    });
    const local = config.upstreams.find((s) => s.name === 'local');
    assert.ok(local?.transport === 'stdio');
    assert.deepEqual([local.command, local.args], ['node', ['server.js']], 'the inline server, not the client config one');
    const docs = config.upstreams.find((s) => s.name === 'docs');
    assert.ok(docs?.transport === 'sse');
    assert.deepEqual([docs.url, docs.headers], ['https://docs.example.com/mcp', { Authorization: 'Bearer docs-secret' }]);
  });

  it('reads modes, paths, patterns, phases, groups, agents, the result guard, log, http and timeout', () => {
    assert.equal(config.mode, 'slim');
    assert.deepEqual(config.modes, { github: 'full', docs: 'phase' });
    assert.equal(config.overlay, path.join(dir, 'slim', 'overlay.json'));
    assert.deepEqual(config.pinned, ['github/get_issue', 'memory/read_graph', 'docs/search']);
    assert.deepEqual(config.phases, { explore: ['search_*', 'memory/read_graph', 'docs/search'], edit: ['github/*'] });
    assert.equal(config.phase, 'explore');
    assert.deepEqual(config.groups, { core: ['memory/read_graph', 'docs/search'], browser: ['browser_*', 'playwright/*'] });
    assert.deepEqual(config.layers, [
      { source: `config:${path.join(dir, 'full.config.json')}`, enable: ['browser_snapshot'], disable: ['browser_*', 'playwright/*', 'github/delete_*'] },
    ]);
    assert.deepEqual(config.agents, { reviewer: { source: 'agent:reviewer@config', enable: ['github/create_review'], disable: ['github/create_*'] } });
    assert.deepEqual(config.resultGuard, { warnTokens: 8000, maxTokens: 20_000 });
    assert.equal(config.log, path.join(HOME, 'logs', 'gateway.jsonl'));
    assert.deepEqual(config.http, { host: '0.0.0.0', port: 7900, token: 'gateway-secret', allowedOrigins: ['http://localhost:5173'], allowedHosts: ['gateway.lan'] });
    assert.deepEqual(config.passEnv, ['HTTPS_PROXY']);
    assert.equal(config.timeoutMs, 45_000);
    assert.deepEqual(config.files, [path.join(dir, 'full.config.json'), path.join(dir, 'client', '.mcp.json')]);
  });

  it('has no warnings for a config whose servers all load', () => {
    assert.deepEqual(config.warnings, []);
  });

  it('fills every default from an empty file', () => {
    const empty = merged({});
    assert.equal(empty.mode, 'deferred');
    assert.deepEqual(empty.resultGuard, { warnTokens: 10_000, maxTokens: 25_000 });
    assert.equal(empty.log, path.join(HOME, '.mcp-slim', 'trace.jsonl'));
    assert.deepEqual(empty.http, { host: '127.0.0.1', port: 7800, allowedOrigins: [] });
    assert.equal(empty.timeoutMs, 30_000);
    assert.equal(empty.overlay, undefined);
    assert.equal(empty.phase, undefined);
    assert.deepEqual([empty.upstreams, empty.pinned, empty.layers, empty.agents], [[], [], [], {}]);
    assert.deepEqual(empty.warnings ?? [], [], 'no upstreams is for serve to refuse, not a warning: the command line may add them');
  });

  it('takes "log": false as no log, and a later file can turn it back on', () => {
    assert.equal(merged({ log: false }).log, undefined);
    assert.equal(merged({ log: false }, { log: 'trace.jsonl' }).log, '/repo/trace.jsonl');
  });

  it('accepts "$schema" and port 0 (any free port)', () => {
    assert.equal(merged({ $schema: 'https://example.com/s.json', http: { port: 0 } }).http.port, 0);
  });
});

describe('inline servers', () => {
  const cases: { name: string; server: unknown; expect: Record<string, unknown> }[] = [
    { name: 'command as a string is the program', server: { command: 'node', args: ['a.js'] }, expect: { transport: 'stdio', command: 'node', args: ['a.js'] } },
    { name: 'command as an array, then args', server: { command: ['npx', '-y', 'pkg'], args: ['--x'] }, expect: { command: 'npx', args: ['-y', 'pkg', '--x'] } },
    { name: 'cwd relative to the file, ~ is home', server: { command: 'x', cwd: '~/srv' }, expect: { cwd: '/home/tester/srv' } },
    { name: 'url alone is http (Streamable HTTP, then SSE)', server: { url: 'http://localhost:3000/mcp' }, expect: { transport: 'http', url: 'http://localhost:3000/mcp' } },
    { name: 'transport sse', server: { url: 'https://a.example/sse', transport: 'sse' }, expect: { transport: 'sse' } },
    { name: 'timeout in seconds', server: { url: 'https://a.example/mcp', timeout: 2.5 }, expect: { timeoutMs: 2500 } },
    { name: 'an empty env is left out', server: { command: 'x', env: {} }, expect: { env: undefined } },
    { name: 'an empty argument is kept', server: { command: 'x', args: ['--name', ''] }, expect: { args: ['--name', ''] } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const [spec] = layer({ upstreams: { servers: { s: c.server } } }).servers;
      assert.ok(spec);
      const picked = Object.fromEntries(Object.keys(c.expect).map((k) => [k, (spec as unknown as Record<string, unknown>)[k]]));
      assert.deepEqual(picked, c.expect);
      assert.deepEqual(spec.source, { kind: 'config', file: FILE, scope: 'project' });
    });
  }
});

describe('${VAR} expansion', () => {
  const env = { TOKEN: 'abc', EMPTY: '', HOST: 'mcp.example.com' };
  const cases: { where: string; server?: unknown; http?: unknown; get: (c: GatewayConfig) => unknown; expect: unknown }[] = [
    { where: 'env value', server: { command: 'x', env: { T: '${TOKEN}' } }, get: (c) => stdio(c).env?.T, expect: 'abc' },
    { where: 'default when unset', server: { command: 'x', env: { L: '${LEVEL:-info}' } }, get: (c) => stdio(c).env?.L, expect: 'info' },
    { where: 'default when empty', server: { command: 'x', env: { L: '${EMPTY:-info}' } }, get: (c) => stdio(c).env?.L, expect: 'info' },
    { where: 'empty and no default', server: { command: 'x', env: { L: '${EMPTY}' } }, get: (c) => stdio(c).env?.L, expect: '' },
    { where: 'several in one string', server: { command: 'x', args: ['--auth=${TOKEN}:${TOKEN}'] }, get: (c) => stdio(c).args, expect: ['--auth=abc:abc'] },
    { where: 'command', server: { command: ['${TOOL:-uvx}', 'srv'] }, get: (c) => stdio(c).command, expect: 'uvx' },
    { where: 'cwd', server: { command: 'x', cwd: '/srv/${TOKEN}' }, get: (c) => stdio(c).cwd, expect: '/srv/abc' },
    { where: 'url', server: { url: 'https://${HOST}/mcp' }, get: (c) => remote(c).url, expect: 'https://mcp.example.com/mcp' },
    { where: 'header', server: { url: 'https://a.example', headers: { Authorization: 'Bearer ${TOKEN}' } }, get: (c) => remote(c).headers, expect: { Authorization: 'Bearer abc' } },
    { where: 'http.token', http: { token: '${TOKEN}' }, get: (c) => c.http.token, expect: 'abc' },
    { where: 'not $VAR without braces', server: { command: 'x', args: ['$TOKEN'] }, get: (c) => stdio(c).args, expect: ['$TOKEN'] },
  ];
  function stdio(c: GatewayConfig) {
    const s = c.upstreams[0];
    assert.ok(s?.transport === 'stdio');
    return s;
  }
  function remote(c: GatewayConfig) {
    const s = c.upstreams[0];
    assert.ok(s && s.transport !== 'stdio');
    return s;
  }
  for (const c of cases) {
    it(c.where, () => {
      const data = { ...(c.server ? { upstreams: { servers: { s: c.server } } } : {}), ...(c.http ? { http: c.http } : {}) };
      assert.deepEqual(c.get(mergeLayers([layer(data, { env })], { home: HOME })), c.expect);
    });
  }
  it('does not expand other keys (a pattern is taken as written)', () => {
    assert.deepEqual(layer({ disable: ['${TOKEN}'] }, { env }).disable, ['${TOKEN}']);
  });
});

describe('merging layers', () => {
  it('unites upstreams; a later file redefines a server of the same name in place', () => {
    const c = merged({ upstreams: { servers: { a: { command: 'a1' }, b: { command: 'b' } } } }, { upstreams: { servers: { a: { url: 'https://a.example' }, c: { command: 'c' } } } });
    assert.deepEqual(
      c.upstreams.map((s) => [s.name, s.transport === 'stdio' ? s.command : s.url, s.source.file]),
      [
        ['a', 'https://a.example', '/repo/1.json'],
        ['b', 'b', '/repo/0.json'],
        ['c', 'c', '/repo/1.json'],
      ],
    );
  });

  const scalars: { key: string; first: unknown; second: unknown; get: (c: GatewayConfig) => unknown; expect: unknown }[] = [
    { key: 'mode', first: { mode: 'full' }, second: { mode: 'slim' }, get: (c) => c.mode, expect: 'slim' },
    { key: 'overlay', first: { overlay: 'a.json' }, second: { overlay: 'b.json' }, get: (c) => c.overlay, expect: '/repo/b.json' },
    { key: 'phase', first: { phases: { a: ['x'], b: ['y'] }, phase: 'a' }, second: { phase: 'b' }, get: (c) => c.phase, expect: 'b' },
    { key: 'log', first: { log: '/a.jsonl' }, second: { log: '/b.jsonl' }, get: (c) => c.log, expect: '/b.jsonl' },
    { key: 'timeout', first: { timeout: 10 }, second: { timeout: 5 }, get: (c) => c.timeoutMs, expect: 5000 },
    { key: 'http.* one by one', first: { http: { host: '0.0.0.0', port: 1 } }, second: { http: { port: 2 } }, get: (c) => [c.http.host, c.http.port], expect: ['0.0.0.0', 2] },
    { key: 'http.allowedOrigins replaced', first: { http: { allowedOrigins: ['http://a.test'] } }, second: { http: { allowedOrigins: ['http://b.test'] } }, get: (c) => c.http.allowedOrigins, expect: ['http://b.test'] },
    { key: 'resultGuard.* one by one', first: { resultGuard: { warnTokens: 100, maxTokens: 200 } }, second: { resultGuard: { maxTokens: 300 } }, get: (c) => c.resultGuard, expect: { warnTokens: 100, maxTokens: 300 } },
    { key: 'modes key-wise', first: { modes: { a: 'full', b: 'full' } }, second: { modes: { b: 'slim' } }, get: (c) => c.modes, expect: { a: 'full', b: 'slim' } },
    { key: 'phases key-wise', first: { phases: { a: ['x'], b: ['y'] } }, second: { phases: { b: ['z'] } }, get: (c) => c.phases, expect: { a: ['x'], b: ['z'] } },
    { key: 'groups key-wise', first: { groups: { a: ['x'], b: ['y'] } }, second: { groups: { b: ['z'] } }, get: (c) => c.groups, expect: { a: ['x'], b: ['z'] } },
    { key: 'pinned unites', first: { pinned: ['a', 'b'] }, second: { pinned: ['b', 'c'] }, get: (c) => c.pinned, expect: ['a', 'b', 'c'] },
    {
      key: 'enable/disable: one layer per file that has them',
      first: { disable: ['a'] },
      second: { enable: ['a'] },
      get: (c) => c.layers,
      expect: [
        { source: 'project:/repo/0.json', disable: ['a'] },
        { source: 'project:/repo/1.json', enable: ['a'] },
      ],
    },
  ];
  for (const s of scalars) {
    it(`${s.key}: the later file wins`, () => assert.deepEqual(s.get(merged(s.first, s.second)), s.expect));
  }

  it('a group defined in one file can be used in another, and a later file redefines it', () => {
    const c = merged({ groups: { web: ['browser_*'] }, disable: ['@web'] }, { groups: { web: ['playwright/*'] } });
    assert.deepEqual(c.layers[0]?.disable, ['playwright/*']);
  });

  it('groups within groups expand, once each', () => {
    const c = merged({ groups: { a: ['x', '@b'], b: ['y', 'x'] }, pinned: ['@a', 'y'] });
    assert.deepEqual(c.pinned, ['x', 'y']);
    assert.deepEqual(c.groups.a, ['x', 'y']);
  });

  it('warns about a mode for a server no file defines, with the closest one', () => {
    const c = merged({ upstreams: { servers: { github: { command: 'gh' } } }, modes: { gihub: 'slim' } });
    assert.equal(c.warnings?.length, 1);
    assert.match(c.warnings?.[0] ?? '', /^\/repo\/0\.json:\d+:\d+: "modes\.gihub" names no upstream server; did you mean "github"\?$/);
  });
});

describe('scopes: user, project, folder, --config, agent', () => {
  const servers = { github: { command: ['gh-mcp'] }, playwright: { command: ['pw-mcp'] } };
  const root = tree({
    'home/.config/mcp-slim/config.json': {
      upstreams: { servers },
      disable: ['browser_*', 'github/delete_repo'],
      agents: { reviewer: { disable: ['github/create_*'] } },
    },
    'work/app/.git/': '',
    'work/app/mcp-slim.config.json': { enable: ['browser_snapshot'], agents: { reviewer: { enable: ['github/create_review'] } } },
    'work/app/packages/web/mcp-slim.config.json': { disable: ['github/*'] },
    'work/app/packages/web/src/': '',
    'work/app/packages/api/': '',
    'work/mcp-slim.config.json': { disable: ['*'] },
    'extra/ci.json': { enable: ['github/delete_repo'] },
    'xdg/mcp-slim/config.json': { upstreams: { servers: { other: { command: 'o' } } } },
  });
  const home = path.join(root, 'home');
  const app = path.join(root, 'work', 'app');
  const load = (cwd: string, more: { file?: string; env?: Env } = {}) =>
    loadGatewayConfig({ cwd, home, env: more.env ?? {}, ...(more.file ? { file: more.file } : {}) });

  it('finds the project root upward from cwd by its .git, else uses cwd', () => {
    const exists = (p: string) => p === '/a/b/.git';
    assert.equal(projectRoot('/a/b/c/d', exists), '/a/b');
    assert.equal(projectRoot('/x/y', exists), '/x/y');
    assert.equal(projectRoot(path.join(app, 'packages', 'web', 'src'), (p) => p === path.join(app, '.git')), app);
  });

  it('reads user, project and every folder config down to cwd, outer first, then --config', () => {
    const c = load(path.join(app, 'packages', 'web', 'src'), { file: path.join(root, 'extra', 'ci.json') });
    assert.deepEqual(c.files, [
      path.join(home, '.config', 'mcp-slim', 'config.json'),
      path.join(app, 'mcp-slim.config.json'),
      path.join(app, 'packages', 'web', 'mcp-slim.config.json'),
      path.join(root, 'extra', 'ci.json'),
    ]);
    assert.deepEqual(
      c.layers.map((l) => l.source),
      ['user:~/.config/mcp-slim/config.json', `project:${path.join(app, 'mcp-slim.config.json')}`, `folder:${path.join(app, 'packages', 'web', 'mcp-slim.config.json')}`, `config:${path.join(root, 'extra', 'ci.json')}`],
    );
    assert.ok(!c.files.includes(path.join(root, 'work', 'mcp-slim.config.json')), 'a config above the project root is not read');
  });

  it('a tool disabled at user level is re-enabled at project level; its family stays disabled', () => {
    const state = toolState(load(app));
    assert.equal(state('playwright', 'browser_snapshot'), 'enabled');
    assert.equal(state('playwright', 'browser_click'), 'disabled');
    assert.equal(state('github', 'delete_repo'), 'disabled');
    assert.equal(state('github', 'get_issue'), 'enabled');
    assert.deepEqual(toolDecision(load(app))('playwright', 'browser_snapshot'), { state: 'enabled', by: `project:${path.join(app, 'mcp-slim.config.json')}` });
  });

  it('a server disabled only in one folder: inside it (and below), not beside it', () => {
    assert.equal(toolState(load(path.join(app, 'packages', 'web')))('github', 'get_issue'), 'disabled');
    assert.equal(toolState(load(path.join(app, 'packages', 'web', 'src')))('github', 'get_issue'), 'disabled');
    assert.equal(toolState(load(path.join(app, 'packages', 'api')))('github', 'get_issue'), 'enabled');
    assert.equal(toolState(load(app))('github', 'get_issue'), 'enabled');
  });

  it('tools disabled only for one agent, with the project re-enabling one of them for that agent', () => {
    const config = load(app);
    assert.deepEqual(config.agents.reviewer, { source: 'agent:reviewer@user+project', enable: ['github/create_review'], disable: ['github/create_*'] });
    assert.equal(toolState(config, 'reviewer')('github', 'create_issue'), 'disabled');
    assert.equal(toolState(config, 'reviewer')('github', 'create_review'), 'enabled');
    assert.equal(toolState(config)('github', 'create_issue'), 'enabled', 'other agents keep it');
    assert.equal(toolState(config, 'writer')('github', 'create_issue'), 'enabled', 'an agent no file names gets the scopes only');
  });

  it('--config is the last layer: it re-enables what the user disabled', () => {
    assert.equal(toolState(load(app, { file: path.join(root, 'extra', 'ci.json') }))('github', 'delete_repo'), 'enabled');
    assert.equal(toolState(load(app, { file: '../../extra/ci.json' }))('github', 'delete_repo'), 'enabled', 'relative to cwd');
  });

  it('the user file is under $XDG_CONFIG_HOME when it is set', () => {
    const c = load(app, { env: { XDG_CONFIG_HOME: path.join(root, 'xdg') } });
    assert.deepEqual(
      c.upstreams.map((s) => s.name),
      ['other'],
    );
    assert.equal(c.files[0], path.join(root, 'xdg', 'mcp-slim', 'config.json'));
  });

  it('with no .git above, cwd is the project and no folder above it is read', () => {
    const plain = tree({ 'a/mcp-slim.config.json': { mode: 'full' }, 'a/b/mcp-slim.config.json': { mode: 'slim' } });
    const c = loadGatewayConfig({ cwd: path.join(plain, 'a', 'b'), home: path.join(plain, 'nohome'), env: {} });
    assert.deepEqual(c.files, [path.join(plain, 'a', 'b', 'mcp-slim.config.json')]);
    assert.equal(c.mode, 'slim');
  });

  it('lists a file reached twice once (--config naming the project file)', () => {
    const locs = gatewayConfigLocations({ cwd: app, home, env: {}, file: 'mcp-slim.config.json' }, (p) => p.endsWith('.git') ? p === path.join(app, '.git') : p !== path.join(home, '.config', 'mcp-slim', 'config.json'));
    assert.deepEqual(locs, [{ file: path.join(app, 'mcp-slim.config.json'), scope: 'project' }]);
  });

  it('an agent section later written the other way round wins over the earlier one', () => {
    const c = mergeLayers(
      [layer({ agents: { bot: { enable: ['github/*'] } } }, { scope: 'user', file: '/u.json' }), layer({ agents: { bot: { disable: ['github/*'] } } }, { file: '/p.json' })],
      { home: HOME },
    );
    assert.deepEqual(c.agents.bot, { source: 'agent:bot@user+project', disable: ['github/*'] });
    assert.equal(toolState(c, 'bot')('github', 'x'), 'disabled');
  });
});

describe('toolState: patterns, groups, precedence and pinning', () => {
  const config = merged(
    {
      groups: { browser: ['browser_*', 'playwright/*'], readers: ['github/get_*', '*/read_*'] },
      disable: ['@browser', 'github/*', 'postgres/query'],
      enable: ['github/get_issue'],
      pinned: ['browser_snapshot', '@readers', 'search'],
    },
    { enable: ['postgres/query'], disable: ['search'] },
  );
  const state = toolState(config);
  const cases: [what: string, server: string, tool: string, expect: string][] = [
    ['family pattern (any server)', 'chrome', 'browser_click', 'disabled'],
    ['family pattern through a group', 'playwright', 'navigate', 'disabled'],
    ['server pattern', 'github', 'create_issue', 'disabled'],
    ['enable and disable in one file: enable wins', 'github', 'get_issue', 'pinned'],
    ['a later file re-enables', 'postgres', 'query', 'enabled'],
    ['a later file disables a pinned tool: disabled, never pinned', 'any', 'search', 'disabled'],
    ['pinned but disabled by its family', 'chrome', 'browser_snapshot', 'disabled'],
    ['pinned through a group, and enabled', 'fs', 'read_file', 'pinned'],
    ['pinned pattern matched, but disabled by server pattern', 'github', 'get_pr', 'disabled'],
    ['no rule: enabled', 'fs', 'write_file', 'enabled'],
    ['exact names only: no partial match', 'postgres', 'query_plan', 'enabled'],
  ];
  for (const [what, server, tool, expect] of cases) {
    it(`${what}: ${server}/${tool} is ${expect}`, () => assert.equal(state(server, tool), expect));
  }

  it('says which layer decided', () => {
    const decide = toolDecision(config);
    assert.deepEqual(decide('postgres', 'query'), { state: 'enabled', by: 'project:/repo/1.json' });
    assert.deepEqual(decide('github', 'create_issue'), { state: 'disabled', by: 'project:/repo/0.json' });
    assert.deepEqual(decide('fs', 'write_file'), { state: 'enabled' });
  });

  it('expands @group in a hand-built config too', () => {
    const hand: GatewayConfig = { ...config, groups: { web: ['browser_*'] }, layers: [{ source: 'test', disable: ['@web'] }], pinned: [] };
    assert.equal(toolState(hand)('x', 'browser_go'), 'disabled');
  });
});

describe('errors: one line naming the file and key, with what to do', () => {
  const cases: { name: string; files: unknown[]; env?: Env; message: RegExp }[] = [
    { name: 'not JSON', files: ['{\n  "mode": "slim",\n}'], message: /^\/repo\/0\.json:2:17: trailing comma; remove it \(this file is plain JSON/ },
    { name: 'comments', files: ['{ // hi\n}'], message: /^\/repo\/0\.json:1:3: comments are not allowed/ },
    { name: 'not an object', files: ['[]'], message: /^\/repo\/0\.json: a gateway config must be a JSON object, for example \{"disable"/ },
    { name: 'unknown key, closest suggested', files: [{ disabel: ['x'] }], message: /^\/repo\/0\.json:2:3: "disabel" is not a gateway config key; did you mean "disable"\?; for example \{"disable": \["browser_\*"/ },
    { name: 'unknown key, nothing close', files: [{ zzzzzzzz: 1 }], message: /"zzzzzzzz" is not a gateway config key; known keys: \$schema, upstreams, mode/ },
    { name: 'unknown server key', files: [{ upstreams: { servers: { gh: { comand: 'x' } } } }], message: /:5:9: "upstreams\.servers\.gh\.comand" is not a server key; did you mean "command"\?; for example \{"command": \["npx"/ },
    { name: 'unknown upstreams key', files: [{ upstreams: { configs: ['a'] } }], message: /"upstreams\.configs" is not an upstreams key \("config" or "servers"\); did you mean "config"\?/ },
    { name: 'unknown http key', files: [{ http: { prot: 1 } }], message: /"http\.prot" is not an http key; did you mean "port"\?; for example \{"port": 7800\}/ },
    { name: 'unknown agent key', files: [{ agents: { bot: { disabled: [] } } }], message: /"agents\.bot\.disabled" is not an agent key \(enable or disable\); did you mean "disable"\?/ },
    { name: 'unknown resultGuard key', files: [{ resultGuard: { maxToken: 5 } }], message: /"resultGuard\.maxToken" is not a resultGuard key; did you mean "maxTokens"\?/ },
    { name: 'a pattern list as a string', files: [{ pinned: 'github/*' }], message: /^\/repo\/0\.json:2:13: "pinned" must be an array of strings, got "github\/\*"; for example \{"pinned"/ },
    { name: 'a number in a pattern list', files: [{ disable: ['a', 3] }], message: /:4:5: "disable\[1\]" must be a non-empty string, got 3; for example \{"disable"/ },
    { name: 'timeout as a string', files: [{ timeout: '30' }], message: /"timeout" must be a positive number of seconds, got "30"; for example \{"timeout": 30\}/ },
    { name: 'a port out of range', files: [{ http: { port: 70000 } }], message: /"http\.port" must be a port number from 0 to 65535, got 70000/ },
    { name: 'a fractional token limit', files: [{ resultGuard: { maxTokens: 1.5 } }], message: /"resultGuard\.maxTokens" must be a positive whole number of tokens, got 1\.5/ },
    { name: 'log: true', files: [{ log: true }], message: /"log" must be a file path or false \(no log\), got true/ },
    { name: 'an origin with a path', files: [{ http: { allowedOrigins: ['http://localhost:5173/app'] } }], message: /"http\.allowedOrigins\[0\]" is not an origin \(scheme:\/\/host\[:port\], no path\); write "http:\/\/localhost:5173"/ },
    { name: 'unknown mode', files: [{ mode: 'lazy' }], message: /"mode" must be one of "full", "slim", "deferred", "phase", got "lazy"; for example \{"mode": "deferred"\}/ },
    { name: 'unknown mode for a server, closest', files: [{ modes: { gh: 'slimm' } }], message: /"modes\.gh" must be one of .*, got "slimm"; did you mean "slim"\?; for example \{"modes"/ },
    { name: 'a phase that names no phase', files: [{ phases: { explore: ['a'] } }, { phase: 'exlpore' }], message: /^\/repo\/1\.json:2:12: "phase" names "exlpore", which is not one of the phases; did you mean "explore"\?; for example \{"phases"/ },
    { name: 'a phase with no phases at all', files: [{ phase: 'explore' }], message: /"phase" names "explore", which is not one of the phases; no file defines "phases"/ },
    { name: 'mode phase with no phases', files: [{ modes: { gh: 'phase' } }], message: /^\/repo\/0\.json:3:11: mode "phase" needs named tool sets, but no file defines "phases"; add them, for example/ },
    { name: 'a server with neither command nor url', files: [{ upstreams: { servers: { gh: { env: {} } } } }], message: /:4:13: "upstreams\.servers\.gh" needs "command" \(a local server\) or "url" \(a remote server\); for example \{"github": \{"command"/ },
    { name: 'a server with both', files: [{ upstreams: { servers: { gh: { command: 'x', url: 'https://a' } } } }], message: /"upstreams\.servers\.gh\.url" cannot go with "command": a server is either local \(command\) or remote \(url\); remove one/ },
    { name: 'headers on a local server', files: [{ upstreams: { servers: { gh: { command: 'x', headers: {} } } } }], message: /"upstreams\.servers\.gh\.headers" only applies to a remote \(url\) server; remove it/ },
    { name: 'args on a remote server', files: [{ upstreams: { servers: { gh: { url: 'https://a', args: [] } } } }], message: /"upstreams\.servers\.gh\.args" only applies to a local \(command\) server; remove it/ },
    { name: 'an empty command', files: [{ upstreams: { servers: { gh: { command: [] } } } }], message: /"upstreams\.servers\.gh\.command" must name the program to start/ },
    { name: 'a url that is not http', files: [{ upstreams: { servers: { gh: { url: 'ws://a' } } } }], message: /"upstreams\.servers\.gh\.url" must be an http:\/\/ or https:\/\/ URL, got "ws:\/\/a"/ },
    { name: 'an unknown transport', files: [{ upstreams: { servers: { gh: { url: 'https://a', transport: 'see' } } } }], message: /"upstreams\.servers\.gh\.transport" must be one of "http", "sse", got "see"; did you mean "sse"\?/ },
    { name: 'a server name with a slash', files: [{ upstreams: { servers: { 'a/b': { command: 'x' } } } }], message: /"upstreams\.servers\.a\/b" is not a usable server name: tool patterns are "server\/tool"/ },
    { name: 'an unset variable', files: [{ upstreams: { servers: { gh: { command: 'x', env: { T: '${GH_TOKEN}' } } } } }], message: /:7:16: "upstreams\.servers\.gh\.env\.T" uses \$\{GH_TOKEN\}, which is not set; set GH_TOKEN in the environment or give a default; for example "\$\{GH_TOKEN:-value\}"/ },
    { name: 'an unset token', files: [{ http: { token: '${MCP_TOKEN}' } }], message: /"http\.token" uses \$\{MCP_TOKEN\}, which is not set/ },
    { name: 'an empty token', files: [{ http: { token: '${MCP_TOKEN:-}' } }], message: /"http\.token" is empty after expanding variables: an empty token would let anyone in/ },
    { name: 'passEnv naming the gateway token', files: [{ passEnv: ['HTTPS_PROXY', 'MCP_SLIM_TOKEN'] }], message: /"passEnv\[1\]" names the gateway's own token, which no upstream may see/ },
    { name: 'passEnv with a value', files: [{ passEnv: ['TOKEN=abc'] }], message: /"passEnv\[0\]" must be the name of an environment variable/ },
    { name: 'a host with a scheme', files: [{ http: { allowedHosts: ['http://gateway.lan'] } }], message: /"http\.allowedHosts\[0\]" must be a host name/ },
    { name: 'an unknown group, closest', files: [{ groups: { browser: ['browser_*'] } }, { disable: ['github/*', '@browsr'] }], message: /^\/repo\/1\.json:4:5: "disable\[1\]" names the group "@browsr", which no config file defines; did you mean "@browser"\?; for example \{"groups"/ },
    { name: 'an unknown group in an agent section', files: [{ agents: { bot: { enable: ['@core'] } } }], message: /"agents\.bot\.enable\[0\]" names the group "@core", which no config file defines; define it under "groups"/ },
    { name: 'a group loop', files: [{ groups: { a: ['@b'], b: ['x', '@a'] } }], message: /"groups\.b" makes a loop \(@a → @b → @a\); a group cannot contain itself/ },
    { name: 'a bad group name', files: [{ groups: { 'my group': ['x'] } }], message: /"groups\.my group" is not a usable group name/ },
    { name: 'a pattern ending in /', files: [{ disable: ['github/'] }], message: /"disable\[0\]" names no tool; write "github\/\*" for every tool of that server/ },
    { name: 'a pattern starting with /', files: [{ enable: ['/get_issue'] }], message: /"enable\[0\]" names no server; write "\*\/get_issue" for that tool on every server/ },
    { name: 'warn above max in one file', files: [{ resultGuard: { warnTokens: 30000, maxTokens: 20000 } }], message: /"resultGuard\.warnTokens" \(30000\) is above maxTokens \(20000\)/ },
    { name: 'warn above max once merged', files: [{ resultGuard: { warnTokens: 20000 } }, { resultGuard: { maxTokens: 15000 } }], message: /^\/repo\/0\.json:3:19: "resultGuard\.warnTokens" \(20000\) is above "resultGuard\.maxTokens" \(15000\) once every config file is merged/ },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const message = configError(() => mergeLayers(c.files.map((f, i) => layer(f, { file: `/repo/${i}.json`, env: c.env ?? {} })), { home: HOME }));
      assert.match(message, c.message);
      assert.match(message, /^\/repo\/\d\.json/, 'names the file');
    });
  }

  it('a --gateway-config file that does not exist', () => {
    const dir = tree({ '.git/': '' });
    assert.equal(
      configError(() => loadGatewayConfig({ cwd: dir, home: dir, env: {}, file: 'nope.json' })),
      `${path.join(dir, 'nope.json')}: cannot read the --gateway-config file (no such file); check the path and its permissions`,
    );
  });

  it('a client config file that does not exist, relative to the config file', () => {
    const dir = tree({ '.git/': '', 'cfg/mcp-slim.config.json': { upstreams: { config: 'missing.json' } } });
    assert.match(
      configError(() => loadGatewayConfig({ cwd: dir, home: dir, env: {}, file: 'cfg/mcp-slim.config.json' })),
      new RegExp(`^${path.join(dir, 'cfg', 'missing.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: cannot read this config file \\(no such file\\)`),
    );
  });

  it('a client config file with a problem reports that file', () => {
    const dir = tree({ '.git/': '', 'mcp-slim.config.json': { upstreams: { config: ['.mcp.json'] } }, '.mcp.json': '{"mcpServers": {"a": {"command": "x",}}}' });
    assert.match(configError(() => loadGatewayConfig({ cwd: dir, home: dir, env: {} })), /\.mcp\.json:1:37: trailing comma/);
  });

  it('a warning, not an error, for client-config servers the gateway cannot use', () => {
    const dir = tree({ '.git/': '', 'mcp-slim.config.json': { upstreams: { config: ['.mcp.json'] } }, '.mcp.json': { mcpServers: { a: { type: 'ws', url: 'ws://x' }, b: { command: 'b' } } } });
    const c = loadGatewayConfig({ cwd: dir, home: dir, env: {} });
    assert.deepEqual(c.upstreams.map((s) => s.name), ['b']);
    assert.match(c.warnings?.[0] ?? '', /^a: skipped: .*"type": "ws" \(WebSocket\) is not supported/);
  });
});

describe('the JSON Schema and the reader agree', () => {
  const schema = JSON.parse(readFileSync(new URL('../schemas/gateway-config.schema.json', import.meta.url), 'utf8'));
  const keys = (o: object) => Object.keys(o).sort();

  it('on every key', () => {
    assert.deepEqual(keys(schema.properties), keys(TOP_EXAMPLES));
    assert.deepEqual(keys(schema.properties.upstreams.properties), keys(UPSTREAM_EXAMPLES));
    assert.deepEqual(keys(schema.definitions.server.properties), keys(SERVER_EXAMPLES));
    assert.deepEqual(keys(schema.properties.http.properties), keys(HTTP_EXAMPLES));
    assert.deepEqual(keys(schema.properties.resultGuard.properties), keys(GUARD_EXAMPLES));
    assert.deepEqual(keys(schema.properties.agents.additionalProperties.properties), [...AGENT_KEYS].sort());
  });

  it('on which patterns are valid', () => {
    const valid = new RegExp(schema.definitions.pattern.pattern);
    const patterns = ['github/*', 'browser_*', '*/read_file', 'get_issue', '*', '@core', '@my.group-1', 'github/', '/get_issue', '@', '@a b', ' x'];
    for (const p of patterns) {
      const readerAccepts = (() => {
        try {
          mergeLayers([layer({ groups: { core: ['x'], 'my.group-1': ['y'] }, disable: [p] })], { home: HOME });
          return true;
        } catch {
          return false;
        }
      })();
      assert.equal(valid.test(p), readerAccepts, `schema and reader differ on ${JSON.stringify(p)}`);
    }
  });

  it('on the defaults', () => {
    const empty = merged({});
    assert.equal(schema.properties.mode.default, empty.mode);
    assert.equal(schema.properties.timeout.default * 1000, empty.timeoutMs);
    assert.equal(schema.properties.http.properties.port.default, empty.http.port);
    assert.equal(schema.properties.http.properties.host.default, empty.http.host);
    assert.equal(schema.properties.resultGuard.properties.warnTokens.default, empty.resultGuard.warnTokens);
    assert.equal(schema.properties.resultGuard.properties.maxTokens.default, empty.resultGuard.maxTokens);
  });

  it('the full fixture uses every top-level key', () => {
    const full = JSON.parse(readFileSync(path.join(FIXTURES, 'full.config.json'), 'utf8'));
    assert.deepEqual(keys(full), keys(TOP_EXAMPLES));
  });
});

it('serve with no upstream anywhere refuses in one line, and says where to add them', async () => {
  const { runCli } = await import('./_cli.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-slim-serve-'));
  try {
    const { code, stderr } = await runCli(['serve'], { cwd: dir, env: { HOME: dir } });
    assert.equal(code, 2);
    assert.match(stderr.trim(), /^mcp-slim[^\n]*no upstream servers: name them in mcp-slim\.config\.json/);
    assert.equal(stderr.trim().split('\n').length, 1, 'one line, no warning before it');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
