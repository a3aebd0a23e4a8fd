import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { get_encoding } from 'tiktoken';
import { BIN, fixtureServer, runCli } from './_cli.js';

const sandbox = mkdtempSync(join(tmpdir(), 'mcp-slim-fs-'));

/** The raw tools/list result straight off the SDK's stdio transport, with no Client in between. */
async function rawToolsList(command: string, args: string[]): Promise<{ name: string }[]> {
  const transport = new StdioClientTransport({ command, args, stderr: 'pipe' });
  const replies = new Map<number, JSONRPCMessage>();
  const waiters = new Map<number, () => void>();
  transport.onmessage = (m) => {
    if ('id' in m && typeof m.id === 'number') {
      replies.set(m.id, m);
      waiters.get(m.id)?.();
    }
  };
  const call = async (id: number, method: string, params: object) => {
    const answered = new Promise<void>((resolve) => waiters.set(id, resolve));
    await transport.send({ jsonrpc: '2.0', id, method, params } as JSONRPCMessage);
    await answered;
    return (replies.get(id) as { result: Record<string, unknown> }).result;
  };
  await transport.start();
  await call(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'ref', version: '0' } });
  await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage);
  const tools: { name: string }[] = [];
  let cursor: unknown;
  let id = 2;
  do {
    const result = await call(id++, 'tools/list', cursor ? { cursor } : {});
    tools.push(...(result.tools as { name: string }[]));
    cursor = result.nextCursor;
  } while (cursor);
  await transport.close();
  return tools;
}

test('filesystem server from npm: 14 tools, bytes equal the raw tools/list, o200k equals tiktoken', async () => {
  const command = BIN('mcp-server-filesystem');
  const { code, stdout } = await runCli(['measure', '--json', '--', command, sandbox]);
  assert.equal(code, 0);
  const out = JSON.parse(stdout);
  assert.equal(out.total.toolCount, 14);
  const raw = await rawToolsList(command, [sandbox]);
  assert.equal(raw.length, 14);
  const rawBytes = raw.reduce((n, t) => n + Buffer.byteLength(JSON.stringify(t)), 0);
  assert.equal(out.total.wire.bytes, rawBytes);
  const enc = get_encoding('o200k_base');
  try {
    for (const tool of raw) {
      const measured = out.tools.find((t: { name: string }) => t.name === tool.name);
      assert.equal(measured.wire.tokens.o200k_base, enc.encode_ordinary(JSON.stringify(tool)).length, tool.name);
    }
  } finally {
    enc.free();
  }
});

test('a server that paginates across three pages has every tool counted', async () => {
  const { code, stdout } = await runCli(['measure', '--json', '--', ...fixtureServer('paginate')]);
  assert.equal(code, 0);
  const out = JSON.parse(stdout);
  assert.equal(out.total.toolCount, 7);
  assert.equal(out.servers[0].pages, 3);
});

test('a hanging server is reported after the timeout and holds up nothing else', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-hang-'));
  const config = join(dir, '.mcp.json');
  const [node, script] = fixtureServer('hang');
  const [node2, good] = fixtureServer('paginate');
  writeFileSync(config, JSON.stringify({ mcpServers: { hang: { command: node, args: [script] }, good: { command: node2, args: [good] } } }));
  const { code, stdout } = await runCli(['measure', '--json', '--timeout', '2', '--config', config]);
  assert.equal(code, 1);
  const out = JSON.parse(stdout);
  const hang = out.servers.find((s: { name: string }) => s.name === 'hang');
  const ok = out.servers.find((s: { name: string }) => s.name === 'good');
  assert.equal(hang.failure.kind, 'timeout');
  assert.match(hang.failure.message, /within 2 s/);
  assert.match(hang.failure.stderrTail, /will never answer/);
  assert.equal(ok.toolCount, 7);
  assert.ok(ok.timings.connectMs + ok.timings.listMs < 2000, 'the good server finished on its own time');
});

test('three servers, one cannot start: two measured, the third named with its reason, exit 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-three-'));
  const config = join(dir, '.mcp.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        memory: { command: BIN('mcp-server-memory'), env: { MEMORY_FILE_PATH: join(dir, 'm.jsonl') } },
        paged: { command: 'node', args: [fixtureServer('paginate')[1]] },
        broken: { command: 'node', args: [fixtureServer('crash')[1]] },
      },
    }),
  );
  const { code, stdout, stderr } = await runCli(['measure', '--config', config]);
  assert.equal(code, 1);
  assert.match(stdout, /memory\s+9\b/);
  assert.match(stdout, /paged\s+7\b/);
  assert.match(stdout, /broken\s+FAILED/);
  assert.match(stdout, /exited with code 3 during initialize/);
  assert.match(stdout, /FIXTURE_API_KEY is not set/, 'the tail of its stderr is shown');
  assert.match(stderr, new RegExp(`read ${config.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
});

test('a server that prints junk on stdout is reported as not speaking JSON-RPC', async () => {
  const { code, stdout } = await runCli(['measure', '--json', '--timeout', '1', '--', ...fixtureServer('junk')]);
  assert.equal(code, 1);
  const failure = JSON.parse(stdout).servers[0].failure;
  assert.equal(failure.kind, 'protocol');
  assert.match(failure.message, /not JSON-RPC on stdout/);
});

test('a command that does not exist: one line naming it, exit 1, no stack trace', async () => {
  const { code, stdout } = await runCli(['measure', '--', 'mcp-slim-no-such-command']);
  assert.equal(code, 1);
  assert.match(stdout, /command not found: mcp-slim-no-such-command/);
  assert.doesNotMatch(stdout, /\n\s+at /);
});

test('edge cases: raw keys kept, strict-schema rejects still measured, prompts and templates read', async () => {
  const { code, stdout, stderr } = await runCli(['measure', '--json', '--', ...fixtureServer('edge')]);
  assert.equal(code, 0);
  const out = JSON.parse(stdout);
  const server = out.servers[0];
  assert.equal(server.toolCount, 5);
  assert.match(server.strictParseError, /inputSchema/);
  assert.equal(server.promptCount, 1);
  assert.equal(server.resourceTemplateCount, 1);
  assert.ok(server.instructions.tokens.o200k_base > 0);
  assert.deepEqual(out.overLimit, ['edge/huge_description']);
  const raw = { name: 'nonstandard_key', description: 'Carries a key the SDK does not know.', inputSchema: { type: 'object' }, annotations: { category: 'fixture' }, 'x-vendor': { weight: 42 } };
  const measured = out.tools.find((t: { name: string }) => t.name === 'nonstandard_key');
  assert.equal(measured.wire.bytes, Buffer.byteLength(JSON.stringify(raw)), 'non-standard keys are measured, not dropped');
  assert.equal(stderr, '', 'notes go to the human report only');
});

test('--save then --catalog gives the same numbers as the live run; --html writes one offline report', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-save-'));
  const saved = join(dir, 'catalog.json');
  const html = join(dir, 'report.html');
  const live = await runCli(['measure', '--json', '--save', saved, '--html', html, '--', ...fixtureServer('edge')]);
  assert.equal(live.code, 0);
  const again = await runCli(['measure', '--json', '--catalog', saved]);
  assert.equal(again.code, 0);
  const a = JSON.parse(live.stdout);
  const b = JSON.parse(again.stdout);
  assert.deepEqual(b.tools, a.tools);
  assert.deepEqual(b.total, a.total);
  const page = readFileSync(html, 'utf8');
  assert.match(page, /<svg/);
  assert.doesNotMatch(page, /(src|href)=["']?https?:/);
});

test('a progress line on a terminal, and nothing on stderr when the output is --json', async () => {
  const { run } = await import('../src/cli/run.js');
  for (const json of [false, true]) {
    let stderr = '';
    const code = await run({
      argv: ['measure', ...(json ? ['--json'] : []), '--', ...fixtureServer('paginate')],
      env: { ...process.env, NO_COLOR: '1' },
      cwd: process.cwd(),
      stdout: { write: () => true, isTTY: true, columns: 100 },
      stderr: { write: (t: string) => (stderr += t), isTTY: true, columns: 100 },
    });
    assert.equal(code, 0);
    if (json) assert.equal(stderr, '');
    else {
      assert.match(stderr, /starting 1 server…/);
      assert.match(stderr, /measuring servers 1\/1 · paginate 7 tools/);
    }
  }
});
