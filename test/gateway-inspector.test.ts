import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { FIXTURES } from './_cli.js';

const require = createRequire(import.meta.url);
const INSPECTOR = require.resolve('@modelcontextprotocol/inspector-cli/build/index.js');
const TSX = require.resolve('tsx');
const BIN = new URL('../src/cli/bin.ts', import.meta.url).pathname;

/**
 * The MCP Inspector's CLI (a client that is not our code) lists and calls tools through
 * `mcp-slim serve` over stdio. It reads its own package.json relative to the working directory,
 * so it runs from its build folder.
 */
async function inspector(args: string[]): Promise<unknown> {
  const home = mkdtempSync(join(tmpdir(), 'mcp-slim-inspector-'));
  const config = join(home, 'mcp-slim.config.json');
  writeFileSync(config, JSON.stringify({ mode: 'full', log: false, upstreams: { servers: { tools: { command: ['node', `${FIXTURES}servers/tools.mjs`] } } } }));
  const env = { HOME: home, MCP_SLIM_TSX: TSX, MCP_SLIM_BIN: BIN, MCP_SLIM_GATEWAY_CONFIG: config };
  const { stdout } = await promisify(execFile)(process.execPath, [INSPECTOR, `${FIXTURES}gateway/serve.sh`, ...args], { cwd: dirname(INSPECTOR), env: { ...process.env, ...env }, timeout: 60_000 });
  return JSON.parse(stdout);
}

test('the MCP Inspector CLI lists tools through the gateway', async () => {
  const { tools } = (await inspector(['--method', 'tools/list'])) as { tools: { name: string }[] };
  assert.ok(tools.some((t) => t.name === 'tools__echo'));
});

test('the MCP Inspector CLI calls a tool through the gateway', async () => {
  const result = (await inspector(['--method', 'tools/call', '--tool-name', 'tools__echo', '--tool-arg', 'message=from-inspector'])) as { content: { text: string }[] };
  assert.equal(result.content[0]!.text, 'echo: from-inspector');
});
