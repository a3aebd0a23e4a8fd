/**
 * Issue 15, checked with the real clients: after `mcp-slim install`, each client's own `mcp list`
 * reports the gateway connected (Claude Code, Gemini CLI, OpenCode) or listed (Codex, which lists
 * without connecting); `uninstall` puts the file back byte for byte; install twice equals once.
 *
 * The clients (1.1 GB) are not devDependencies: `.ci/run` installs them into test/clients with
 * `npm run clients`, and sets MCP_SLIM_REQUIRE_CLIENTS so that a missing client fails there.
 * Elsewhere these tests are skipped with that instruction. `npm test` runs this file after the
 * others, alone: the clients are heavy, and the gateway tests time their upstreams.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { runCli } from '../_cli.js';

const run = promisify(execFile);
const CLIENTS = new URL('./node_modules/', import.meta.url).pathname;
const BINS = {
  claude: path.join(CLIENTS, '.bin', 'claude'),
  gemini: path.join(CLIENTS, '.bin', 'gemini'),
  codex: path.join(CLIENTS, '.bin', 'codex'),
  opencode: path.join(CLIENTS, 'opencode-linux-x64', 'bin', 'opencode'),
};
const missing = Object.entries(BINS).filter(([, bin]) => !existsSync(bin)).map(([name]) => name);
if (missing.length && process.env.MCP_SLIM_REQUIRE_CLIENTS) {
  throw new Error(`the real clients ${missing.join(', ')} are not installed in test/clients: run npm run clients`);
}
const skip = missing.length ? `the real clients are not installed (${missing.join(', ')}): run npm run clients` : false;

const MODULES = new URL('../../node_modules/@modelcontextprotocol/', import.meta.url).pathname;
const server = (pkg: string, ...args: string[]) => ['node', path.join(MODULES, pkg, 'dist', 'index.js'), ...args];

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

interface Sandbox {
  home: string;
  project: string;
  env: Record<string, string>;
}

function sandbox(): Sandbox {
  const root = mkdtempSync(path.join(tmpdir(), 'mcp-slim-clients-'));
  roots.push(root);
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  const tmp = path.join(root, 'tmp');
  for (const dir of [home, project, tmp, path.join(project, '.git')]) mkdirSync(dir, { recursive: true });
  // Only what a client needs: no token or variable of the machine running the tests reaches it.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: tmp, LANG: 'C.UTF-8', NO_COLOR: '1' };
  return { home, project, env };
}

/** Three real servers from npm, as each client writes them. */
function threeServers(project: string): Record<string, string[]> {
  return {
    memory: server('server-memory'),
    filesystem: server('server-filesystem', project),
    thinking: server('server-sequential-thinking'),
  };
}

async function client(bin: string, args: string[], s: Sandbox, extraEnv: Record<string, string> = {}): Promise<string> {
  const { stdout, stderr } = await run(bin, args, { cwd: s.project, env: { ...s.env, ...extraEnv }, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 });
  // OpenCode colours its output whatever NO_COLOR says.
  return `${stdout}\n${stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
}

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const f of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, f.name);
      if (f.isDirectory()) walk(p);
      else if (f.isFile()) out[p] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

/** The whole round: dry run, install, the client's own check, install again, uninstall. */
async function roundTrip(clientName: string, s: Sandbox, file: string, check: () => Promise<string>, connected: RegExp): Promise<void> {
  const original = readFileSync(file, 'utf8');
  const cli = (...args: string[]) => runCli([...args, '--client', clientName, '--scope', 'project'], { env: s.env, cwd: s.project });

  const before = files(s.project);
  const dry = await cli('install', '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.deepEqual(files(s.project), before, '--dry-run writes nothing');

  const installed = await cli('install');
  assert.equal(installed.code, 0, installed.stderr);
  assert.match(installed.stdout, /moved behind it: memory, filesystem, thinking/);
  const once = readFileSync(file, 'utf8');

  const listed = await check();
  assert.match(listed, connected, `the client reports the gateway connected:\n${listed}`);
  for (const name of ['memory', 'filesystem', 'thinking']) assert.doesNotMatch(listed, new RegExp(`\\b${name}\\b.*(Connected|connected|enabled)`), `${name} is behind the gateway now`);

  const again = await cli('install');
  assert.equal(again.code, 0, again.stderr);
  assert.equal(readFileSync(file, 'utf8'), once, 'install twice equals once');

  const undone = await cli('uninstall');
  assert.equal(undone.code, 0, undone.stderr);
  assert.equal(readFileSync(file, 'utf8'), original, 'uninstall restores the file byte for byte');
  assert.ok(!existsSync(path.join(s.project, '.mcp-slim')), 'no install state is left behind');
}

describe('the real clients see the installed gateway', { skip, concurrency: 1 }, () => {
  it('Claude Code: claude mcp list says mcp-slim is connected', async () => {
    const s = sandbox();
    const file = path.join(s.project, '.mcp.json');
    const servers = Object.fromEntries(Object.entries(threeServers(s.project)).map(([name, [command, ...args]]) => [name, { type: 'stdio', command, args }]));
    writeFileSync(file, `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
    // Approves the project's .mcp.json servers without the interactive trust dialog.
    mkdirSync(path.join(s.home, '.claude'));
    writeFileSync(path.join(s.home, '.claude', 'settings.json'), '{"enableAllProjectMcpServers": true}\n');
    const check = () => client(BINS.claude, ['mcp', 'list'], s, { CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' });
    assert.match(await check(), /^memory: .* - ✔ Connected$/m, 'the servers connect before install');
    await roundTrip('claude-code', s, file, check, /^mcp-slim: .*serve --gateway-config .* - ✔ Connected$/m);
  });

  it('Gemini CLI: gemini mcp list says mcp-slim is connected', async () => {
    const s = sandbox();
    const file = path.join(s.project, '.gemini', 'settings.json');
    mkdirSync(path.dirname(file));
    const servers = Object.fromEntries(Object.entries(threeServers(s.project)).map(([name, [command, ...args]]) => [name, { command, args }]));
    writeFileSync(file, `{\n  "theme": "Default",\n  "mcpServers": ${JSON.stringify(servers, null, 2).replace(/\n/g, '\n  ')}\n}\n`);
    mkdirSync(path.join(s.home, '.gemini'));
    writeFileSync(path.join(s.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [s.project]: 'TRUST_FOLDER' }));
    const check = () => client(BINS.gemini, ['mcp', 'list'], s, { GEMINI_CLI_NO_RELAUNCH: '1' });
    assert.match(await check(), /^✓ memory: .* - Connected$/m, 'the servers connect before install');
    await roundTrip('gemini', s, file, check, /^✓ mcp-slim: .*serve --gateway-config .* - Connected$/m);
  });

  it('OpenCode: opencode mcp list says mcp-slim is connected', async () => {
    const s = sandbox();
    const file = path.join(s.project, 'opencode.jsonc');
    const servers = Object.entries(threeServers(s.project))
      .map(([name, command]) => `    // ${name}\n    "${name}": { "type": "local", "command": ${JSON.stringify(command)}, "enabled": true },`)
      .join('\n');
    writeFileSync(file, `{\n  "$schema": "https://opencode.ai/config.json",\n  "mcp": {\n${servers}\n  },\n}\n`);
    // OpenCode installs its plugin package into its config folder in the background; a seeded
    // folder keeps it from reaching for the registry.
    const config = path.join(s.home, '.config', 'opencode');
    mkdirSync(path.join(config, 'node_modules'), { recursive: true });
    writeFileSync(path.join(config, 'package.json'), '{"dependencies":{"@opencode-ai/plugin":"*"}}');
    writeFileSync(path.join(config, 'package-lock.json'), '{"lockfileVersion":3,"packages":{"":{"dependencies":{"@opencode-ai/plugin":"*"}}}}');
    const check = () => client(BINS.opencode, ['mcp', 'list'], s, { OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1' });
    assert.match(await check(), /✓ memory connected/, 'the servers connect before install');
    await roundTrip('opencode', s, file, check, /✓ mcp-slim connected/);
  });

  it('Codex: codex mcp list shows the gateway entry in place of the servers', async () => {
    const s = sandbox();
    const codexHome = path.join(s.home, '.codex');
    mkdirSync(codexHome);
    const file = path.join(codexHome, 'config.toml');
    const tables = Object.entries(threeServers(s.project))
      .map(([name, [command, ...args]]) => `[mcp_servers.${name}]\ncommand = ${JSON.stringify(command)}\nargs = ${JSON.stringify(args)}\n`)
      .join('\n');
    writeFileSync(file, `model = "gpt-5.4"\n\n${tables}`);
    const original = readFileSync(file, 'utf8');
    const list = async () => JSON.parse(await run(BINS.codex, ['mcp', 'list', '--json'], { cwd: s.project, env: { ...s.env, CODEX_HOME: codexHome }, timeout: 60_000 }).then((r) => r.stdout)) as { name: string; enabled?: boolean; transport?: { command?: string; args?: string[] } }[];
    assert.deepEqual((await list()).map((e) => e.name).sort(), ['filesystem', 'memory', 'thinking']);
    const cli = (...args: string[]) => runCli([...args, '--client', 'codex', '--scope', 'user'], { env: { ...s.env, CODEX_HOME: codexHome }, cwd: s.project });
    const installed = await cli('install');
    assert.equal(installed.code, 0, installed.stderr);
    const entries = await list();
    assert.deepEqual(entries.map((e) => e.name), ['mcp-slim']);
    assert.equal(entries[0]!.enabled, true);
    assert.ok(entries[0]!.transport?.args?.includes('--gateway-config'), JSON.stringify(entries[0]));
    const undone = await cli('uninstall');
    assert.equal(undone.code, 0, undone.stderr);
    assert.equal(readFileSync(file, 'utf8'), original);
  });
});
