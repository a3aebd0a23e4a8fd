// Issue 14: each way a server can fail is reported as what really happened, from a real process
// (or a real closed port) through fetchServer, not as "exited during initialize" for all of them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FailureKind, ServerSpec } from '../src/catalog/types.js';
import { describeFailure } from '../src/sources/live/failure.js';
import { fetchServer } from '../src/sources/live/fetch-server.js';
import { fixtureServer } from './_cli.js';
import { freePort } from './_http-server.js';

const source = { kind: 'cli' as const };

function stdio(name: string, ...args: string[]): ServerSpec {
  const [command, script] = fixtureServer(name);
  return { name, transport: 'stdio', command: command!, args: [script!, ...args], source };
}

async function failureOf(spec: ServerSpec, timeoutMs: number) {
  const entry = await fetchServer(spec, { timeoutMs, env: process.env, cwd: process.cwd() });
  assert.ok(entry.failure, `${spec.name} should have failed`);
  return entry.failure;
}

interface Case {
  name: string;
  spec: () => Promise<ServerSpec> | ServerSpec;
  timeoutMs: number;
  kind: FailureKind;
  message: RegExp;
  not?: RegExp;
}

const cases: Case[] = [
  {
    name: 'a command that does not exist says so, though the SDK fails it inside connect (initialize)',
    spec: () => ({ name: 'missing', transport: 'stdio', command: 'mcp-slim-no-such-command', args: [], source }),
    timeoutMs: 5000,
    kind: 'spawn',
    message: /^command not found: mcp-slim-no-such-command; install it or fix "command" on the command line$/,
  },
  {
    name: 'a closed local port over Streamable HTTP is a refused connection (no SSE retry hides it)',
    spec: async () => ({ name: 'closed', transport: 'http', url: `http://127.0.0.1:${await freePort()}/mcp`, source }),
    timeoutMs: 5000,
    kind: 'refused',
    message: /^http:\/\/127\.0\.0\.1:\d+\/mcp refused the connection \(ECONNREFUSED\); start the server or fix "url" on the command line$/,
    not: /SSE fallback/,
  },
  {
    name: 'a closed local port over SSE is a refused connection (the code is only in the error text)',
    spec: async () => ({ name: 'closed-sse', transport: 'sse', url: `http://127.0.0.1:${await freePort()}/sse`, source }),
    timeoutMs: 5000,
    kind: 'refused',
    message: /^http:\/\/127\.0\.0\.1:\d+\/sse refused the connection \(ECONNREFUSED\);/,
  },
  {
    name: 'a process killed by SIGKILL during initialize is reported as killed, not as exited',
    spec: () => stdio('die-on', 'initialize', 'SIGKILL'),
    timeoutMs: 5000,
    kind: 'exited',
    message: /^was killed by SIGKILL during initialize \(stderr: die-on fixture: got initialize, ending with SIGKILL\); SIGKILL comes from the out-of-memory killer or kill -9/,
  },
  {
    name: 'a process that exits with code 3 says the code and its last stderr line',
    spec: () => stdio('crash'),
    timeoutMs: 5000,
    kind: 'exited',
    message: /^exited with code 3 during initialize \(stderr: Error: FIXTURE_API_KEY is not set\); run the command by hand to see why$/,
  },
  {
    name: 'a process that exits during tools/list is reported in that phase',
    spec: () => stdio('die-on', 'tools/list', '3'),
    timeoutMs: 5000,
    kind: 'exited',
    message: /^exited with code 3 during tools\/list \(stderr: die-on fixture: got tools\/list, ending with 3\);/,
  },
  {
    name: 'a server that never answers initialize',
    spec: () => stdio('hang'),
    timeoutMs: 1000,
    kind: 'timeout',
    message: /^no answer to initialize within 1 s; raise --timeout if it is slow to start, or check that it speaks MCP on stdio$/,
  },
  {
    name: 'a server that answers initialize and hangs on tools/list is not "no answer to initialize"',
    spec: () => stdio('hang-on', 'tools/list'),
    timeoutMs: 2000,
    kind: 'timeout',
    message: /^answered initialize, then no answer to tools\/list within 2 s;/,
    not: /no answer to initialize/,
  },
  {
    name: 'a server that hangs on prompts/list is reported on prompts/list',
    spec: () => stdio('hang-on', 'prompts/list'),
    timeoutMs: 2000,
    kind: 'timeout',
    message: /^answered initialize, then no answer to prompts\/list within 2 s;/,
  },
];

for (const c of cases) {
  test(c.name, async () => {
    const failure = await failureOf(await c.spec(), c.timeoutMs);
    assert.equal(failure.kind, c.kind, failure.message);
    assert.match(failure.message, c.message);
    if (c.not) assert.doesNotMatch(failure.message, c.not);
    assert.doesNotMatch(failure.message, /\n/, 'one line');
  });
}

test('the SDK\'s own request timeout is a timeout in the phase it happened, not "tools/list failed"', () => {
  const error = Object.assign(new Error('MCP error -32001: Request timed out'), { code: -32001, data: { timeout: 60000 } });
  const failure = describeFailure(error, { spec: stdio('hang-on'), phase: 'tools/list', transportErrors: [], processExited: false });
  assert.equal(failure.kind, 'timeout');
  assert.match(failure.message, /^answered initialize, then no answer to tools\/list within 60 s;/);
});

test('a missing cwd also shows up as ENOENT on the command: the message names both', () => {
  const error = Object.assign(new Error('spawn node ENOENT'), { code: 'ENOENT', syscall: 'spawn node' });
  const spec: ServerSpec = { ...stdio('tools'), cwd: '/no/such/folder', source: { kind: 'config', file: '.mcp.json' } } as ServerSpec;
  const failure = describeFailure(error, { spec, phase: 'initialize', transportErrors: [error], processExited: true });
  assert.equal(failure.kind, 'spawn');
  assert.equal(failure.message, 'command not found: node (or its "cwd" /no/such/folder does not exist); install it or fix "command" or "cwd" in .mcp.json');
});
