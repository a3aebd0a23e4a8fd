/**
 * The fault matrix, rows that need `mcp-slim serve` as its own process (docs/reliability.md):
 * binding, exposure, body limits, oversized stdio messages, shutdown. Each test is one row.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { FIXTURES } from './_cli.js';
import { textOf } from './_gateway.js';
import { alive, cliCommand, peakRssMb, spawnServe, tempProject } from './_serve-process.js';

const fault = { command: ['node', `${FIXTURES}servers/fault.mjs`] };
const stubborn = (pidFile: string) => ({ command: ['node', `${FIXTURES}servers/stubborn.mjs`], env: { STUBBORN_PID_FILE: pidFile } });
const LISTENING = /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw HTTP POST with any headers (fetch will not send a Host of our choosing), streaming `bodyBytes` of JSON-ish filler. */
function post(port: number, headers: Record<string, string>, body: string | { bytes: number }): Promise<{ status: number; text: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
    if (typeof body === 'string') return void req.end(body);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < body.bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    req.write('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"');
    pump();
  });
}

describe('binding and exposure', () => {
  test('a port in use: one line, exit 2, and no upstream was started', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const project = tempProject({});
      const pidFile = join(project.dir, 'stubborn.pid');
      const gw = spawnServe(['--http', '--port', String(port)], { log: false, upstreams: { servers: { stubborn: stubborn(pidFile) } } });
      const { code } = await gw.exited();
      assert.equal(code, 2);
      const lines = gw.stderr().trim().split('\n').filter((l) => !/^mcp-slim serve: config:/.test(l));
      assert.equal(lines.length, 1, gw.stderr());
      assert.match(lines[0]!, new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: port ${port} is already in use; .*--port`));
      assert.doesNotMatch(gw.stderr(), /\n\s+at |crashed/);
      assert.throws(() => readFileSync(pidFile), 'the upstream never started');
    } finally {
      blocker.close();
    }
  });

  test('a host that is not an address of this machine: one line, exit 2', async () => {
    const gw = spawnServe(['--http', '--host', '10.255.255.1', '--port', '0'], { log: false, http: { token: 'x' }, upstreams: { servers: { fault } } });
    const { code } = await gw.exited();
    assert.equal(code, 2);
    assert.match(gw.stderr(), /cannot listen on 10\.255\.255\.1:0: 10\.255\.255\.1 is not an address of this machine/);
  });

  test('listening beyond loopback without a token is refused unless asked for explicitly', async () => {
    const refused = spawnServe(['--http', '--host', '0.0.0.0', '--port', '0'], { log: false, upstreams: { servers: { fault } } });
    assert.equal((await refused.exited()).code, 2);
    assert.match(refused.stderr(), /--host 0\.0\.0\.0 with no token would let anyone who reaches its port use every upstream; set "http": \{"token"/);
    const allowed = spawnServe(['--http', '--host', '0.0.0.0', '--port', '0', '--allow-remote-without-token'], { log: false, upstreams: { servers: { fault } } });
    try {
      await allowed.waitFor(/listening on http:\/\/0\.0\.0\.0:\d+\/mcp/);
    } finally {
      allowed.kill();
    }
  });

  test('--port 0 picks a free port and says which; Host and Origin are both checked; SIGTERM ends every upstream, SIGKILL for one that ignores SIGTERM', async () => {
    const project = tempProject({});
    const pidFile = join(project.dir, 'stubborn.pid');
    const gw = spawnServe(['--http', '--port', '0', '--agent', 'reviewr'], { log: false, mode: 'full', disable: ['faul/*', 'fault/big_txt'], agents: { reviewer: { disable: ['fault/die'] } }, upstreams: { servers: { fault, stubborn: stubborn(pidFile) } } });
    try {
      const port = Number(LISTENING.exec(await gw.waitFor(LISTENING))![1]);
      // Patterns and agent names that match nothing are said, with what was probably meant.
      const warned = await gw.waitFor(/big_txt/);
      assert.match(warned, /warning: disable: "faul\/\*" .*matches no server; did you mean "fault\/\*"\?/);
      assert.match(warned, /warning: --agent "reviewr" names no agent of the gateway config.*did you mean "reviewer"\?/);
      assert.match(warned, /warning: disable: "fault\/big_txt" .*did you mean "fault\/big_text"\?/);
      const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
      const rebound = await post(port, { host: 'evil.example' }, init);
      assert.equal('status' in rebound && rebound.status, 403);
      assert.match(JSON.parse('text' in rebound ? rebound.text : '{}').error.message, /host "evil\.example" is not allowed/);
      const foreign = await post(port, { host: `localhost:${port}`, origin: 'https://evil.example' }, init);
      assert.equal('status' in foreign && foreign.status, 403);
      const client = new Client({ name: 'row', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://localhost:${port}/mcp`)));
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'stubborn__ping'));
      await client.close();
      const pid = Number(readFileSync(pidFile, 'utf8'));
      assert.ok(alive(pid));
      gw.child.kill('SIGTERM');
      const { code } = await gw.exited();
      assert.equal(code, 0);
      assert.equal(alive(pid), false, 'the upstream that ignores SIGTERM was killed');
    } finally {
      gw.kill();
    }
  });
});

describe('what serve says at startup', () => {
  test('the config files it read, and a client-config server it had to rename', async () => {
    const project = tempProject({});
    const { writeFileSync } = await import('node:fs');
    const a = join(project.dir, 'a.mcp.json');
    const b = join(project.dir, 'b.mcp.json');
    writeFileSync(a, JSON.stringify({ mcpServers: { fault: { command: 'node', args: [fault.command[1]] } } }));
    writeFileSync(b, JSON.stringify({ mcpServers: { fault: { command: 'node', args: [fault.command[1], '--other'] } } }));
    const gw = spawnServe(['--http', '--port', '0', '--config', a, '--config', b], { log: false });
    try {
      const said = await gw.waitFor(LISTENING);
      assert.match(said, /mcp-slim serve: config: .*mcp-slim\.config\.json/);
      assert.match(said, /warning: .*b\.mcp\.json: server "fault" differs from the one of the same name in .*a\.mcp\.json; renamed it "[^"]+"/);
    } finally {
      gw.kill();
    }
  });
});

describe('size limits over HTTP', () => {
  test('a 200 MB body before initialize is refused with 413 without being read into memory; a 70 MB message in a session is refused and the session goes on', async () => {
    const gw = spawnServe(['--http', '--port', '0'], { log: false, mode: 'full', upstreams: { servers: { fault } } });
    try {
      const port = Number(LISTENING.exec(await gw.waitFor(LISTENING))![1]);
      const before = (await peakRssMb(gw.child.pid!))!;
      const flood = await post(port, {}, { bytes: 200 * 1024 * 1024 });
      // The gateway answers 413 and closes; a client still sending may see the reset instead.
      if ('status' in flood) assert.equal(flood.status, 413);
      else assert.match(flood.error, /ECONNRESET|EPIPE/);
      const peak = (await peakRssMb(gw.child.pid!))!;
      assert.ok(peak - before < 64, `peak RSS grew ${Math.round(peak - before)} MB for a 200 MB body`);

      const client = new Client({ name: 'row', version: '1' });
      const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`));
      await client.connect(transport);
      const session = transport.sessionId!;
      const big = await post(port, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' }, { bytes: 70 * 1024 * 1024 });
      if ('status' in big) {
        assert.equal(big.status, 413);
        assert.match(big.text, /the message is over 64 MB; send less \(the session goes on\)/);
      }
      assert.equal(textOf(await client.callTool({ name: 'fault__fail', arguments: {} })), 'the record is locked\nsecond line');
      await client.close();
    } finally {
      gw.kill();
    }
  });
});

describe('stdio', () => {
  test('a client that stops reading (EPIPE): the gateway ends without a stack trace, and its upstreams with it', async () => {
    const project = tempProject({});
    const pidFile = join(project.dir, 'stubborn.pid');
    const gw = spawnServe([], { log: false, mode: 'full', upstreams: { servers: { stubborn: stubborn(pidFile) } } });
    const send = (message: object) => gw.child.stdin!.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'gone', version: '1' } } });
    await new Promise<void>((r) => gw.child.stdout!.once('data', () => r()));
    for (let i = 0; i < 100 && !readFileSync(pidFile, { encoding: 'utf8', flag: 'a+' }); i++) await sleep(50);
    const upstreamPid = Number(readFileSync(pidFile, 'utf8'));
    gw.child.stdout!.destroy();
    for (let i = 0; i < 50; i++) send({ jsonrpc: '2.0', id: 10 + i, method: 'tools/list' });
    const { code } = await gw.exited();
    assert.equal(code, 0, gw.stderr());
    assert.doesNotMatch(gw.stderr(), /\n\s+at |crashed|EPIPE/);
    for (let i = 0; i < 40 && alive(upstreamPid); i++) await sleep(100);
    assert.equal(alive(upstreamPid), false);
  });

  test('a client that closes the gateway (end of input, then SIGTERM after its grace) leaves no upstream running', async () => {
    const project = tempProject({});
    const pidFile = join(project.dir, 'stubborn.pid');
    const config = join(project.dir, 'gw.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(config, JSON.stringify({ log: false, mode: 'full', upstreams: { servers: { stubborn: stubborn(pidFile) } } }));
    const { command, args } = cliCommand(['serve', '--gateway-config', config]);
    const transport = new StdioClientTransport({ command, args, cwd: project.dir, env: { ...project.env, PATH: process.env.PATH! }, stderr: 'pipe' });
    const client = new Client({ name: 'closer', version: '1' });
    await client.connect(transport);
    assert.ok((await client.listTools()).tools.some((t) => t.name === 'stubborn__ping'));
    const gatewayPid = transport.pid!;
    const upstreamPid = Number(readFileSync(pidFile, 'utf8'));
    await client.close();
    for (let i = 0; i < 60 && (alive(gatewayPid) || alive(upstreamPid)); i++) await sleep(100);
    assert.equal(alive(upstreamPid), false, 'the upstream that ignores SIGTERM and end of input is gone');
    assert.equal(alive(gatewayPid), false);
  });

  test('a client message over 64 MB gets a JSON-RPC error and the session goes on; the client name is logged; SIGTERM ends an upstream that ignores its input closing', async () => {
    const project = tempProject({});
    const pidFile = join(project.dir, 'stubborn.pid');
    const log = join(project.dir, 'trace.jsonl');
    const config = join(project.dir, 'gw.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(config, JSON.stringify({ log, mode: 'full', upstreams: { servers: { fault, stubborn: stubborn(pidFile) } } }));
    const { command, args } = cliCommand(['serve', '--gateway-config', config]);
    const transport = new StdioClientTransport({ command, args, cwd: project.dir, env: { ...project.env, PATH: process.env.PATH! }, stderr: 'pipe' });
    let stderr = '';
    transport.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'fault-row-client', version: '7.1' });
    await client.connect(transport);
    const pad = 'x'.repeat(65 * 1024 * 1024);
    await assert.rejects(client.callTool({ name: 'fault__fail', arguments: { pad } }), /a 6[56](\.\d)? MB message \(tools\/call\) is over the gateway's 64 MB limit; send less/);
    assert.equal(textOf(await client.callTool({ name: 'fault__fail', arguments: {} })), 'the record is locked\nsecond line');
    const gatewayPid = transport.pid!;
    const upstreamPid = Number(readFileSync(pidFile, 'utf8'));
    process.kill(gatewayPid, 'SIGTERM');
    for (let i = 0; i < 100 && (alive(gatewayPid) || alive(upstreamPid)); i++) await sleep(100);
    assert.equal(alive(gatewayPid), false, `the gateway exits on SIGTERM:\n${stderr}`);
    assert.equal(alive(upstreamPid), false, 'the upstream that ignores SIGTERM and end of input was killed');
    assert.match(stderr, /skipped/);
    const entries = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { method: string; client?: { name: string } });
    assert.ok(entries.some((e) => e.method === 'tools/call' && e.client?.name === 'fault-row-client'), 'the client name over stdio comes from initialize');
    await client.close().catch(() => undefined);
  });
});
