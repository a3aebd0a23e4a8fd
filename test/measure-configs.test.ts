import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fixtureServer, runCli } from './_cli.js';
import { startEverything } from './_http-server.js';

/** Each client's own file layout and syntax, pointing at one stdio fixture and one HTTP server. */
const [node, sized] = fixtureServer('sized');
let http: { url: string; stop: () => void };
let sse: { url: string; stop: () => void };

before(async () => {
  [http, sse] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
});
after(() => {
  http?.stop();
  sse?.stop();
});

interface Case {
  client: string;
  file: string;
  text: () => string;
  /** The client cannot name remote servers in its file (Claude Desktop). */
  stdioOnly?: boolean;
}

const cases: Case[] = [
  {
    client: 'claude-code',
    file: '.mcp.json',
    text: () => JSON.stringify({ mcpServers: { local: { type: 'stdio', command: node, args: [sized], env: { FIXTURE_TOOLS: '${N_TOOLS:-4}' } }, remote: { type: 'http', url: http.url } } }),
  },
  {
    client: 'claude-desktop',
    file: 'claude_desktop_config.json',
    text: () => JSON.stringify({ mcpServers: { local: { command: node, args: [sized], env: { FIXTURE_TOOLS: '4' } } } }),
    stdioOnly: true,
  },
  {
    client: 'cursor',
    file: '.cursor/mcp.json',
    text: () => JSON.stringify({ mcpServers: { local: { command: node, args: [sized], env: { FIXTURE_TOOLS: '${env:N_TOOLS}' } }, remote: { url: http.url } } }),
  },
  {
    client: 'vscode',
    file: '.vscode/mcp.json',
    text: () => `{
  // VS Code reads JSON with comments
  "servers": {
    "local": { "type": "stdio", "command": ${JSON.stringify(node)}, "args": [${JSON.stringify(sized)}], "env": { "FIXTURE_TOOLS": "\${env:N_TOOLS}" } },
    "remote": { "type": "http", "url": ${JSON.stringify(http.url)} },
  },
}`,
  },
  {
    client: 'codex',
    file: '.codex/config.toml',
    text: () => `[mcp_servers.local]
command = ${JSON.stringify(node)}
args = [${JSON.stringify(sized)}]
env_vars = ["N_TOOLS"]
env = { FIXTURE_TOOLS = "4" }

[mcp_servers.remote]
url = ${JSON.stringify(http.url)}
`,
  },
  {
    client: 'gemini',
    file: '.gemini/settings.json',
    text: () => JSON.stringify({ mcpServers: { local: { command: node, args: [sized], env: { FIXTURE_TOOLS: '$N_TOOLS' } }, remote: { url: sse.url, type: 'sse' } } }),
  },
  {
    client: 'opencode',
    file: 'opencode.json',
    text: () => JSON.stringify({ mcp: { local: { type: 'local', command: [node, sized], environment: { FIXTURE_TOOLS: '{env:N_TOOLS}' } }, remote: { type: 'remote', url: http.url } } }),
  },
];

describe('measure --config, one file in each client format, servers really started', () => {
  for (const c of cases) {
    test(c.client, async () => {
      const dir = mkdtempSync(join(tmpdir(), `mcp-slim-${c.client}-`));
      const file = join(dir, c.file);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, c.text());
      const { code, stdout, stderr } = await runCli(['measure', '--json', '--config', file], { env: { N_TOOLS: '4' }, cwd: dir });
      assert.equal(code, 0, stderr + stdout);
      const out = JSON.parse(stdout);
      assert.deepEqual(out.configFiles, [file]);
      const local = out.servers.find((s: { name: string }) => s.name === 'local');
      assert.equal(local.toolCount, 4, 'the config env (with its variable syntax) reached the server');
      assert.equal(local.origin.source.client, c.client);
      if (!c.stdioOnly) {
        const remote = out.servers.find((s: { name: string }) => s.name === 'remote');
        assert.equal(remote.toolCount, 13, 'server-everything over HTTP lists 13 tools');
      }
    });
  }
});

describe('remote servers', () => {
  test('--url speaks Streamable HTTP', async () => {
    const { code, stdout } = await runCli(['measure', '--json', '--url', http.url]);
    assert.equal(code, 0);
    const server = JSON.parse(stdout).servers[0];
    assert.equal(server.origin.transport, 'streamable-http');
    assert.equal(server.toolCount, 13);
  });

  test('--url on an SSE-only server falls back to SSE, as clients do', async () => {
    const { code, stdout } = await runCli(['measure', '--json', '--url', sse.url]);
    assert.equal(code, 0, stdout);
    const server = JSON.parse(stdout).servers[0];
    assert.equal(server.origin.transport, 'sse');
    assert.equal(server.toolCount, 13);
  });

  test('--header is sent and only header names are kept in the catalog', async () => {
    const { code, stdout } = await runCli(['measure', '--json', '--url', http.url, '--header', 'Authorization: Bearer secret-value']);
    assert.equal(code, 0);
    assert.doesNotMatch(stdout, /secret-value/);
    assert.deepEqual(JSON.parse(stdout).servers[0].origin.headerKeys, ['Authorization']);
  });

  test('a URL that refuses the connection: exit 1 with what to do', async () => {
    const { code, stdout } = await runCli(['measure', '--url', 'http://127.0.0.1:59998/mcp']);
    assert.equal(code, 1);
    assert.match(stdout, /refused the connection \(ECONNREFUSED\); start the server/);
  });
});
