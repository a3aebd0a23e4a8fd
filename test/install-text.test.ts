/**
 * Issue 15: install and uninstall edit the user's own config files as text. Entries move with their
 * comments, nothing else changes, and the undo is exact. Pure functions first, then the CLI on
 * every client's file format in a temporary home.
 */
import assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { jsonServerTable } from '../src/install/json-servers.js';
import { tomlServerTable, keyPath } from '../src/install/toml-servers.js';
import { referencedVariables } from '../src/install/gateway-entry.js';
import { unifiedDiff } from '../src/util/line-diff.js';
import { loadGatewayConfig } from '../src/gateway/config/index.js';
import { runCli } from './_cli.js';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
function tempHome(): { home: string; project: string; env: Record<string, string | undefined> } {
  const root = mkdtempSync(path.join(tmpdir(), 'mcp-slim-install-'));
  roots.push(root);
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  mkdirSync(home);
  mkdirSync(path.join(project, '.git'), { recursive: true });
  return { home, project, env: { HOME: home, XDG_CONFIG_HOME: undefined, CODEX_HOME: undefined, OPENCODE_CONFIG: undefined, APPDATA: undefined } };
}

describe('JSON server table', () => {
  const table = jsonServerTable(['mcpServers'], 'x.json');
  const text = `{
  // servers I use
  "mcpServers": {
    // the notes server
    "notes": { "command": "notes-mcp" }, // keep it
    "web": {
      "url": "https://example.test/mcp"
    },
    "last": { "command": "last-mcp" }
  },
  "theme": "dark"
}
`;

  it('lists entries with the comment lines above them and the comment at the end of their line', () => {
    const chunks = table.chunks(text);
    assert.deepEqual(chunks.map((c) => c.name), ['notes', 'web', 'last']);
    assert.deepEqual(chunks[0]!.lines, ['// the notes server', '"notes": { "command": "notes-mcp" }']);
    assert.equal(chunks[0]!.comment, '// keep it');
    assert.deepEqual(chunks[1]!.lines, ['"web": {', '  "url": "https://example.test/mcp"', '}']);
  });

  it('removes entries with their comments and the comma the last one leaves behind', () => {
    const out = table.remove(text, ['notes', 'last']);
    assert.equal(out, `{
  // servers I use
  "mcpServers": {
    "web": {
      "url": "https://example.test/mcp"
    }
  },
  "theme": "dark"
}
`);
  });

  it('puts removed entries back as they were written, after what is there now', () => {
    const removed = table.remove(text, ['notes']);
    const back = table.insert(removed, table.chunks(text).filter((c) => c.name === 'notes'));
    const data = parseJsonc(back) as { mcpServers: Record<string, unknown> };
    assert.deepEqual(Object.keys(data.mcpServers), ['web', 'last', 'notes']);
    assert.match(back, /\n {4}\/\/ the notes server\n {4}"notes": \{ "command": "notes-mcp" \} \/\/ keep it\n/);
  });

  it('fills an empty table and keeps tabs and CRLF line ends', () => {
    const crlf = '{\r\n\t"mcpServers": {}\r\n}\r\n';
    const out = table.insert(crlf, [{ name: 'a', lines: ['"a": {', '\t"command": "x"', '}'] }]);
    assert.deepEqual(parseJsonc(out), { mcpServers: { a: { command: 'x' } } });
    assert.ok(!/[^\r]\n/.test(out), 'every line end stays CRLF');
  });

  it('keeps a trailing comma after the last entry where the file had one (JSONC)', () => {
    const jsonc = '{\n  "mcp": {\n    "a": {"type": "local"},\n  },\n}\n';
    const t = jsonServerTable(['mcp'], 'opencode.jsonc');
    const out = t.insert(jsonc, [{ name: 'b', lines: ['"b": {"type": "remote"}'] }]);
    assert.deepEqual(Object.keys((parseJsonc(out, [], { allowTrailingComma: true }) as { mcp: object }).mcp), ['a', 'b']);
    assert.equal(t.remove(out, ['b']), jsonc);
  });

  it('edits a table nested under a project path (Claude Code local scope)', () => {
    const t = jsonServerTable(['projects', '/p', 'mcpServers'], '.claude.json');
    const claude = '{\n  "numStartups": 3,\n  "projects": {\n    "/p": {\n      "mcpServers": {\n        "a": {"command": "a"}\n      },\n      "history": []\n    }\n  }\n}\n';
    const moved = t.remove(claude, ['a']);
    assert.deepEqual(parseJsonc(moved), { numStartups: 3, projects: { '/p': { mcpServers: {}, history: [] } } });
    assert.equal(t.insert(moved, t.chunks(claude)), claude.replace('"a": {"command": "a"}', '"a": {"command": "a"}'));
  });
});

/** smol-toml's objects have no prototype; compare their data. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('TOML server table', () => {
  const table = tomlServerTable('mcp_servers');
  const text = `model = "o3"

# my notes server
[mcp_servers.notes]
command = "notes-mcp"
args = ["--fast"] # quick

[mcp_servers.notes.env]
TOKEN_FILE = "~/.notes"

[mcp_servers."odd.name"]
url = "https://example.test/mcp"

# profiles below
[profiles.fast]
model = "o4-mini"
`;

  it('reads quoted and dotted keys', () => {
    assert.deepEqual(keyPath('mcp_servers."odd.name".env'), ['mcp_servers', 'odd.name', 'env']);
    assert.deepEqual(keyPath(`a.'b c'`), ['a', 'b c']);
  });

  it('takes a server with its comment above and its sub-tables, and leaves the rest', () => {
    const chunks = table.chunks(text);
    assert.deepEqual(chunks.map((c) => c.name), ['notes', 'odd.name']);
    assert.deepEqual(chunks[0]!.lines, ['# my notes server', '[mcp_servers.notes]', 'command = "notes-mcp"', 'args = ["--fast"] # quick', '', '[mcp_servers.notes.env]', 'TOKEN_FILE = "~/.notes"']);
    const out = table.remove(text, ['notes', 'odd.name']);
    assert.deepEqual(plain(parseToml(out)), { model: 'o3', profiles: { fast: { model: 'o4-mini' } } });
    assert.match(out, /# profiles below\n\[profiles\.fast\]/);
  });

  it('writes the gateway entry and puts servers back', () => {
    const removed = table.remove(text, ['notes']);
    const withEntry = table.set(removed, 'mcp-slim', { command: '/usr/bin/node', args: ['bin.js', 'serve'] });
    assert.deepEqual(plain((parseToml(withEntry) as { mcp_servers: Record<string, unknown> }).mcp_servers['mcp-slim']), { command: '/usr/bin/node', args: ['bin.js', 'serve'] });
    const back = table.insert(table.remove(withEntry, ['mcp-slim']), table.chunks(text).filter((c) => c.name === 'notes'));
    assert.deepEqual(parseToml(back), parseToml(text));
  });
});

describe('what the gateway entry passes on', () => {
  it('finds the variables each client syntax names', () => {
    assert.deepEqual(referencedVariables('claude-code', { env: { A: '${TOKEN}', B: '${HOST:-x}' } }), ['HOST', 'TOKEN']);
    assert.deepEqual(referencedVariables('gemini', { args: ['$KEY', '${OTHER}'] }), ['KEY', 'OTHER']);
    assert.deepEqual(referencedVariables('cursor', { env: { A: '${env:KEY}', W: '${workspaceFolder}' } }), ['KEY']);
    assert.deepEqual(referencedVariables('opencode', { environment: { A: '{env:KEY}' } }), ['KEY']);
    assert.deepEqual(referencedVariables('codex', { env_vars: ['A', { name: 'B', source: 'local' }], bearer_token_env_var: 'C', env_http_headers: { 'X-Key': 'D' } }), ['A', 'B', 'C', 'D']);
  });
});

describe('unified diff', () => {
  it('prints hunks as diff -u does', () => {
    const a = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const b = 'a\nb\nc\nD\ne\nf\ng\nh\ni\n';
    assert.equal(unifiedDiff(a, b, { from: 'x', to: 'x' }), '--- x\n+++ x\n@@ -1,8 +1,9 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n h\n+i\n');
    assert.equal(unifiedDiff(a, a, { from: 'x', to: 'x' }), '');
  });
});

/** One config per client, in its own syntax, with a server that must stay where it is. */
interface ClientCase {
  client: string;
  scope: string;
  file: (h: { home: string; project: string }) => string;
  text: string;
  stays?: string;
}

const CASES: ClientCase[] = [
  {
    client: 'claude-code',
    scope: 'project',
    file: ({ project }) => path.join(project, '.mcp.json'),
    text: '{\n  "mcpServers": {\n    "notes": {"type": "stdio", "command": "notes-mcp", "env": {"NOTES_TOKEN": "${NOTES_TOKEN}"}},\n    "sso": {"type": "http", "url": "https://sso.test/mcp", "headersHelper": "get-headers"}\n  }\n}\n',
    stays: 'sso',
  },
  {
    client: 'claude-code',
    scope: 'local',
    file: ({ home }) => path.join(home, '.claude.json'),
    text: '{\n  "numStartups": 7,\n  "projects": {\n    "PROJECT": {\n      "mcpServers": {\n        "notes": {"command": "notes-mcp"}\n      }\n    }\n  }\n}\n',
  },
  {
    client: 'claude-desktop',
    scope: 'user',
    file: ({ home }) => path.join(home, '.config', 'Claude', 'claude_desktop_config.json'),
    text: '{\n  "mcpServers": {\n    "notes": {"command": "notes-mcp", "args": ["--db", "notes.db"]}\n  },\n  "globalShortcut": "Ctrl+Space"\n}\n',
  },
  {
    client: 'cursor',
    scope: 'project',
    file: ({ project }) => path.join(project, '.cursor', 'mcp.json'),
    text: '{\n  "mcpServers": {\n    "notes": {"command": "notes-mcp", "args": ["${workspaceFolder}"], "env": {"K": "${env:NOTES_KEY}"}},\n    "crm": {"url": "https://crm.test/mcp", "auth": {"CLIENT_ID": "x"}}\n  }\n}\n',
    stays: 'crm',
  },
  {
    client: 'vscode',
    scope: 'project',
    file: ({ project }) => path.join(project, '.vscode', 'mcp.json'),
    text: '{\n  // inputs VS Code prompts for\n  "inputs": [{"type": "promptString", "id": "tok", "password": true}],\n  "servers": {\n    // my notes\n    "notes": {"type": "stdio", "command": "notes-mcp"},\n    "api": {"type": "http", "url": "https://api.test/mcp", "headers": {"Authorization": "Bearer ${input:tok}"}},\n  },\n}\n',
    stays: 'api',
  },
  {
    client: 'codex',
    scope: 'user',
    file: ({ home }) => path.join(home, '.codex', 'config.toml'),
    text: 'model = "o3"\n\n# notes\n[mcp_servers.notes]\ncommand = "notes-mcp"\nenv_vars = ["NOTES_TOKEN"]\n\n[mcp_servers.off]\ncommand = "off-mcp"\nenabled = false\n\n[profiles.x]\nmodel = "o4-mini"\n',
    stays: 'off',
  },
  {
    client: 'gemini',
    scope: 'project',
    file: ({ project }) => path.join(project, '.gemini', 'settings.json'),
    text: '{\n  "theme": "Default",\n  "mcpServers": {\n    "notes": {"command": "notes-mcp", "env": {"K": "$NOTES_KEY"}, "cwd": "./tools", "includeTools": ["read"]}\n  }\n}\n',
  },
  {
    client: 'opencode',
    scope: 'project',
    file: ({ project }) => path.join(project, 'opencode.jsonc'),
    text: '{\n  "$schema": "https://opencode.ai/config.json",\n  // MCP\n  "mcp": {\n    "notes": {"type": "local", "command": ["notes-mcp"], "environment": {"K": "{env:NOTES_KEY}"}}, // mine\n    "old": {"type": "local", "command": ["old-mcp"], "enabled": false}\n  }\n}\n',
    stays: 'old',
  },
];

function setUp(c: ClientCase) {
  const h = tempHome();
  const file = c.file(h);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, c.text.replace('PROJECT', h.project));
  chmodSync(file, 0o640);
  const args = ['--client', c.client, '--scope', c.scope];
  const cli = (command: string, ...more: string[]) => runCli([command, ...args, ...more], { env: h.env, cwd: h.project });
  return { ...h, file, original: readFileSync(file, 'utf8'), cli };
}

/** Every file under a folder with its bytes, to show that a dry run writes nothing. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = path.join(d, f);
      if (lstatSync(p).isDirectory()) walk(p);
      else out[p] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

for (const c of CASES) {
  describe(`install and uninstall: ${c.client} (${c.scope})`, () => {
    it('moves the servers behind one gateway entry, then puts the file back byte for byte', async () => {
      const s = setUp(c);
      const root = path.dirname(s.home);
      const before = snapshot(root);
      const dry = await s.cli('install', '--dry-run');
      assert.equal(dry.code, 0, dry.stderr);
      assert.match(dry.stdout, /^\+.*"?mcp-slim"?/m);
      assert.deepEqual(snapshot(root), before, 'a dry run writes nothing');

      const installed = await s.cli('install');
      assert.equal(installed.code, 0, installed.stderr);
      assert.match(installed.stdout, /moved behind it: notes/);
      if (c.stays) assert.match(installed.stdout, new RegExp(`left in place: ${c.stays} \\(`));
      const now = readFileSync(s.file, 'utf8');
      assert.notEqual(now, s.original);
      assert.match(now, /mcp-slim/);
      assert.doesNotMatch(now, /"notes"|\[mcp_servers\.notes\]/, 'the moved server left the client file');
      if (c.stays) assert.ok(now.includes(c.stays), 'a server the gateway cannot run stays');
      assert.equal(statSync(s.file).mode & 0o777, 0o640, 'permissions kept');

      // The gateway config the entry starts with reads the moved server, as the client would.
      const layer = /"([^"]+gateway\.config\.json)"/.exec(now)?.[1];
      assert.ok(layer && existsSync(layer), 'the entry names an existing gateway config');
      const config = loadGatewayConfig({ cwd: s.project, home: s.home, env: { ...s.env, NOTES_TOKEN: 't', NOTES_KEY: 'k' }, file: layer });
      assert.deepEqual(config.upstreams.map((u) => u.name), ['notes']);

      const again = await s.cli('install');
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, /already installed; nothing changed/);
      assert.equal(readFileSync(s.file, 'utf8'), now, 'install twice equals once');

      const undone = await s.cli('uninstall');
      assert.equal(undone.code, 0, undone.stderr);
      assert.match(undone.stdout, /byte for byte/);
      assert.equal(readFileSync(s.file, 'utf8'), s.original);
      assert.equal(statSync(s.file).mode & 0o777, 0o640);
      assert.ok(!existsSync(path.dirname(layer)), 'the install state is gone');
    });

    it('after the user edits the file, puts the servers back and keeps the edits', async () => {
      const s = setUp(c);
      assert.equal((await s.cli('install')).code, 0);
      const edited =
        c.client === 'codex'
          ? `${readFileSync(s.file, 'utf8')}\n[mcp_servers.added]\ncommand = "added-mcp"\n`
          : readFileSync(s.file, 'utf8').replace('{', '{\n  "addedByUser": true,');
      writeFileSync(s.file, edited);
      const undone = await s.cli('uninstall');
      assert.equal(undone.code, 0, undone.stderr);
      assert.match(undone.stdout, /your edits since install kept/);
      const text = readFileSync(s.file, 'utf8');
      const data = (c.client === 'codex' ? parseToml(text) : parseJsonc(text, [], { allowTrailingComma: true })) as Record<string, unknown>;
      const original = (c.client === 'codex' ? parseToml(s.original) : parseJsonc(s.original, [], { allowTrailingComma: true })) as Record<string, unknown>;
      if (c.client === 'codex') {
        assert.deepEqual(Object.keys(data.mcp_servers as object).sort(), ['added', 'notes', 'off']);
      } else {
        assert.equal(data.addedByUser, true);
        assert.deepEqual({ ...data, addedByUser: undefined }, { ...original, addedByUser: undefined });
      }
      assert.doesNotMatch(text, /gateway\.config\.json/);
    });
  });
}

describe('install and uninstall: refusals and edge cases', () => {
  const claude = CASES[0]!;

  it('refuses to undo when a server was changed in both places, and writes nothing', async () => {
    const s = setUp(claude);
    assert.equal((await s.cli('install')).code, 0);
    const servers = path.join(s.project, '.mcp-slim', 'claude-code', 'servers.json');
    writeFileSync(servers, readFileSync(servers, 'utf8').replace('notes-mcp', 'notes-mcp-v2'));
    const now = readFileSync(s.file, 'utf8');
    writeFileSync(s.file, now.replace('"mcpServers": {', '"mcpServers": {\n    "notes": {"command": "other"},'));
    const edited = readFileSync(s.file, 'utf8');
    const undone = await s.cli('uninstall');
    assert.equal(undone.code, 2);
    assert.match(undone.stderr, /server "notes" is in .*with other settings.*keep one of them/);
    assert.equal(undone.stderr.trim().split('\n').length, 1);
    assert.equal(readFileSync(s.file, 'utf8'), edited);
  });

  it('moves a server added after install into the same servers file; uninstall then puts both back', async () => {
    const s = setUp(claude);
    assert.equal((await s.cli('install')).code, 0);
    writeFileSync(s.file, readFileSync(s.file, 'utf8').replace('"mcpServers": {', '"mcpServers": {\n    "later": {"command": "later-mcp"},'));
    const second = await s.cli('install');
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /moved behind it: later/);
    assert.match(second.stdout, /already behind it: notes/);
    const undone = await s.cli('uninstall');
    assert.equal(undone.code, 0, undone.stderr);
    const servers = (parseJsonc(readFileSync(s.file, 'utf8')) as { mcpServers: object }).mcpServers;
    assert.deepEqual(Object.keys(servers).sort(), ['later', 'notes', 'sso']);
  });

  it('refuses a server of the user that is already named mcp-slim', async () => {
    const s = setUp({ ...claude, text: '{"mcpServers": {"mcp-slim": {"command": "something-else"}, "a": {"command": "a"}}}\n' });
    const r = await s.cli('install');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /already named "mcp-slim".*rename it/);
    assert.equal(readFileSync(s.file, 'utf8'), s.original);
  });

  it('writes through a symlink and never prints a secret in a dry run', async () => {
    const s = setUp({ ...claude, text: '{\n  "mcpServers": {\n    "gh": {"command": "gh-mcp", "args": ["--api-key", "sk-live-1234567890abcdef"], "env": {"GITHUB_TOKEN": "ghp_1234567890abcdefghij"}}\n  }\n}\n' });
    const real = path.join(s.home, 'dotfiles-mcp.json');
    writeFileSync(real, readFileSync(s.file));
    rmSync(s.file);
    symlinkSync(real, s.file);
    const dry = await s.cli('install', '--dry-run');
    assert.equal(dry.code, 0, dry.stderr);
    assert.doesNotMatch(dry.stdout + dry.stderr, /sk-live|ghp_/);
    assert.equal((await s.cli('install')).code, 0);
    assert.ok(lstatSync(s.file).isSymbolicLink(), 'the link is still a link');
    assert.match(readFileSync(real, 'utf8'), /gateway\.config\.json/);
    assert.equal((await s.cli('uninstall')).code, 0);
    assert.ok(lstatSync(s.file).isSymbolicLink());
  });

  it('says what to do when there is nothing to install or undo', async () => {
    const h = tempHome();
    const r = await runCli(['install', '--client', 'cursor'], { env: h.env, cwd: h.project });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no MCP servers of cursor to put behind the gateway: looked in .*\.cursor\/mcp\.json/);
    const u = await runCli(['uninstall', '--client', 'gemini'], { env: h.env, cwd: h.project });
    assert.equal(u.code, 2);
    assert.match(u.stderr, /no install of gemini to undo here/);
    const bad = await runCli(['install', '--client', 'cursr'], { env: h.env, cwd: h.project });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--client cursr is not a client mcp-slim knows/);
    const scope = await runCli(['install', '--client', 'claude-desktop', '--scope', 'project'], { env: h.env, cwd: h.project });
    assert.match(scope.stderr, /--scope project does not apply to claude-desktop; use user/);
  });
});

describe('install and uninstall: what a review found', () => {
  const run = (h: ReturnType<typeof tempHome>, ...args: string[]) => runCli([...args, '--no-measure'].filter((a) => !(args[0] === 'uninstall' && a === '--no-measure')), { env: h.env, cwd: h.project });
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };

  it('an install run again after the user edited the file never lets uninstall throw the edits away', async () => {
    const h = tempHome();
    const file = path.join(h.project, '.gemini', 'settings.json');
    write(file, '{"theme": "Default", "mcpServers": {"a": {"command": "a-mcp"}}}\n');
    assert.equal((await run(h, 'install', '--client', 'gemini')).code, 0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Default"', '"Dark"'));
    assert.equal((await run(h, 'install', '--client', 'gemini', '--mode', 'slim')).code, 0);
    const undone = await run(h, 'uninstall', '--client', 'gemini');
    assert.equal(undone.code, 0, undone.stderr);
    const data = parseJsonc(readFileSync(file, 'utf8')) as { theme: string; mcpServers: object };
    assert.equal(data.theme, 'Dark');
    assert.deepEqual(Object.keys(data.mcpServers), ['a']);
  });

  it("an install run again keeps what the user added to the gateway's entry", async () => {
    const h = tempHome();
    const file = path.join(h.home, '.codex', 'config.toml');
    write(file, '[mcp_servers.a]\ncommand = "a-mcp"\n');
    assert.equal((await run(h, 'install', '--client', 'codex')).code, 0);
    const tuned = readFileSync(file, 'utf8').replace('[mcp_servers.mcp-slim]', '# mine\n[mcp_servers.mcp-slim]\nstartup_timeout_sec = 60');
    writeFileSync(file, tuned);
    const again = await run(h, 'install', '--client', 'codex', '--mode', 'slim');
    assert.equal(again.code, 0, again.stderr);
    assert.equal(readFileSync(file, 'utf8'), tuned);
  });

  it('keeps comments left inside an emptied servers object, and CRLF line ends, when servers go back', async () => {
    const h = tempHome();
    const file = path.join(h.project, '.vscode', 'mcp.json');
    write(file, '{\r\n  "servers": {\r\n    // the filesystem server\r\n    "fs": {"type": "stdio", "command": "fs-mcp"},\r\n    // "old": {"command": "retired"}\r\n  }\r\n}\r\n');
    assert.equal((await run(h, 'install', '--client', 'vscode')).code, 0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('{\r\n', '{\r\n  "edited": true,\r\n'));
    assert.equal((await run(h, 'uninstall', '--client', 'vscode')).code, 0);
    const text = readFileSync(file, 'utf8');
    assert.match(text, /\/\/ the filesystem server\r\n {4}"fs": \{"type": "stdio", "command": "fs-mcp"\}/);
    assert.match(text, /\/\/ "old": \{"command": "retired"\}/);
    assert.ok(!/[^\r]\n|\r\r/.test(text), 'every line ends in CRLF, once');
  });

  it('moves an entry with a comment after its comma (JSONC)', async () => {
    const h = tempHome();
    const file = path.join(h.project, 'opencode.jsonc');
    write(file, '{\n  "mcp": {\n    "a": {"type": "local", "command": ["a-mcp"]}, // first\n    "b": {"type": "local", "command": ["b-mcp"]} // second\n  }\n}\n');
    const r = await run(h, 'install', '--client', 'opencode');
    assert.equal(r.code, 0, r.stderr);
    const servers = readFileSync(path.join(h.project, '.mcp-slim', 'opencode', 'servers.json'), 'utf8');
    assert.match(servers, /"a": \{"type": "local", "command": \["a-mcp"\]\}, \/\/ first\n/);
  });

  it('masks secrets on one line of arguments and in quoted TOML keys in a dry run', async () => {
    const h = tempHome();
    const file = path.join(h.home, '.codex', 'config.toml');
    write(file, '[mcp_servers.docs]\ncommand = "npx"\nargs = ["-y", "docs-mcp", "--api-key", "ctx7sk-0123456789abcdef"]\n\n[mcp_servers.web]\nurl = "https://web.test/mcp"\nhttp_headers = { "X-API-Key" = "correcthorsebatterystaple" }\n');
    const dry = await run(h, 'install', '--client', 'codex', '--dry-run');
    assert.equal(dry.code, 0, dry.stderr);
    assert.doesNotMatch(dry.stdout, /ctx7sk-0123|correcthorse/);
    assert.match(dry.stdout, /"--api-key", "\*\*\*"/);
  });

  it('says what is wrong, in one line, with TOML it cannot move or cannot read', async () => {
    const h = tempHome();
    const file = path.join(h.home, '.codex', 'config.toml');
    write(file, 'mcp_servers = { a = { command = "a-mcp" } }\n');
    const inline = await run(h, 'install', '--client', 'codex');
    assert.equal(inline.code, 2);
    assert.match(inline.stderr, /no server can move behind the gateway \(a is not written as its own \[mcp_servers\.a\] table/);
    write(file, '[mcp_servers.a]\ncommand = "a-mcp"\n');
    assert.equal((await run(h, 'install', '--client', 'codex')).code, 0);
    writeFileSync(path.join(h.home, '.config', 'mcp-slim', 'installs', 'codex-user', 'servers.toml'), '[mcp_servers.a\ncommand = \n');
    const broken = await run(h, 'uninstall', '--client', 'codex');
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /servers\.toml:1:\d+: /);
    assert.equal(broken.stderr.trim().split('\n').length, 1);
  });

  it("adds nothing Gemini's mcp.allowed would block, and leaves servers Claude Code's settings turned down", async () => {
    const h = tempHome();
    write(path.join(h.project, '.gemini', 'settings.json'), '{"mcp": {"allowed": ["a"]}, "mcpServers": {"a": {"command": "a-mcp"}}}\n');
    const gemini = await run(h, 'install', '--client', 'gemini');
    assert.equal(gemini.code, 2);
    assert.match(gemini.stderr, /"mcp\.allowed" lists the only servers Gemini CLI may start; add "mcp-slim" to it/);
    write(path.join(h.project, '.mcp.json'), '{"mcpServers": {"a": {"command": "a-mcp"}, "b": {"command": "b-mcp"}}}\n');
    write(path.join(h.project, '.claude', 'settings.local.json'), '{"disabledMcpjsonServers": ["b"]}\n');
    const claude = await run(h, 'install', '--client', 'claude-code');
    assert.equal(claude.code, 0, claude.stderr);
    assert.match(claude.stdout, /left in place: b \(is turned down in Claude Code's settings/);
  });
});
