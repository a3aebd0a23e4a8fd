import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { followConfigFiles } from '../src/gateway/rules-reload.js';
import { followLogFile, TraceFeed } from '../src/ui/trace-feed.js';
import type { UiState } from '../src/ui/state.js';
import { FIXTURE_UPSTREAM, REAL_UPSTREAMS, startTestGateway, waitForUpstreams, type TestGateway } from './_gateway.js';
import { spawnInProject } from './_serve-process.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with exactly these headers (fetch would add an Origin of its own to a POST). */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the page over HTTP, in front of three real servers', () => {
  let gw: TestGateway;
  let ui: NonNullable<TestGateway['ui']>;
  let cookie: string;
  const own = () => ({ cookie, origin: ui.origin });

  before(async () => {
    gw = await startTestGateway({ upstreams: { servers: REAL_UPSTREAMS(mkdtempSync(join(tmpdir(), 'mcp-slim-ui-fs-'))) }, mode: 'full' }, { ui: true });
    await waitForUpstreams(gw);
    ui = gw.ui!;
  });
  after(async () => gw?.stop());

  test('without the token, with a wrong one, from another origin or another Host: refused', async () => {
    assert.equal((await send(`${ui.origin}/ui`)).status, 401);
    assert.equal((await send(`${ui.origin}/ui/api/state`)).status, 401);
    assert.equal((await send(`${ui.origin}/ui?token=wrong`)).status, 401);
    assert.equal((await send(ui.handler.url(ui.origin), { headers: { origin: 'http://evil.example' } })).status, 403, 'the token address is for navigations, not for scripts elsewhere');
    const entry = await send(ui.handler.url(ui.origin));
    assert.equal(entry.status, 200);
    assert.match(entry.body, /http-equiv="refresh" content="0;url=\/ui"/, 'the token leaves the address bar');
    const set = String(entry.headers['set-cookie']);
    assert.match(set, /HttpOnly/);
    assert.match(set, /SameSite=Strict/);
    assert.ok(!set.includes(ui.handler.token), 'the cookie is not the token');
    cookie = set.split(';')[0]!;
    assert.equal((await send(`${ui.origin}/ui`, { headers: { cookie } })).status, 200);
    assert.equal((await send(`${ui.origin}/ui/api/state`, { headers: { cookie, origin: 'http://evil.example' } })).status, 403);
    assert.equal((await send(`${ui.origin}/ui/api/state`, { headers: { cookie, origin: 'http://127.0.0.1:1' } })).status, 403, 'another port is another origin');
    assert.equal((await send(`${ui.origin}/ui/api/state`, { headers: { cookie, 'sec-fetch-site': 'cross-site' } })).status, 403);
    assert.equal((await send(`${ui.origin}/ui/api/state`, { headers: { cookie, host: 'rebound.example:80' } })).status, 403);
    assert.equal((await send(`${ui.origin}/ui/api/state`, { headers: { authorization: `Bearer ${ui.handler.token}` } })).status, 200, 'a script may use the token');
  });

  test('a change needs the cookie, the page origin and a JSON body', async () => {
    const body = JSON.stringify({ server: 'memory', tool: 'read_graph', scope: 'project', enabled: false });
    const before = readFileSync(ui.projectFile, 'utf8');
    const noOrigin = await send(`${ui.origin}/ui/api/toggle`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
    assert.equal(noOrigin.status, 403);
    const form = await send(`${ui.origin}/ui/api/toggle`, { method: 'POST', headers: { ...own(), 'content-type': 'text/plain' }, body });
    assert.equal(form.status, 415);
    const noCookie = await send(`${ui.origin}/ui/api/toggle`, { method: 'POST', headers: { origin: ui.origin, 'content-type': 'application/json' }, body });
    assert.equal(noCookie.status, 401);
    const bad = await send(`${ui.origin}/ui/api/toggle`, { method: 'POST', headers: { ...own(), 'content-type': 'application/json' }, body: '{"server": "memory", "scope": "galaxy", "enabled": false}' });
    assert.equal(bad.status, 400);
    assert.match((JSON.parse(bad.body) as { error: string }).error, /"scope" must be one of user, project, folder, agent/);
    assert.equal(readFileSync(ui.projectFile, 'utf8'), before, 'nothing written');
  });

  test('the state has every server with its tokens, and what a session sees up front against the full cost', async () => {
    const state = JSON.parse((await send(`${ui.origin}/ui/api/state`, { headers: own() })).body) as UiState;
    assert.deepEqual(state.upstreams.map((u) => u.name).sort(), ['everything', 'fs', 'memory']);
    for (const u of state.upstreams) {
      assert.equal(u.status, 'ready');
      assert.ok(u.tokens > 100, `${u.name}: ${u.tokens}`);
      assert.equal(u.tokens, u.families.reduce((n, f) => n + f.tokens, 0));
    }
    assert.ok(state.totals.fullTokens >= state.totals.upfrontTokens, 'full mode lists everything up front');
    assert.equal(state.totals.upfrontTools, state.totals.enabledTools + 1, 'every tool, and read_result');
    assert.ok(state.clients.length >= 7, 'the client rules are read');
    assert.deepEqual(state.scopes.map((s) => s.id), ['user', 'project', 'agent']);
  });

  test('a tool switched off from the page leaves the next tools/list, the session is told, and switching it on restores the file', async () => {
    const client: Client = await gw.connect();
    let told = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void told++);
    const names = async () => (await client.listTools()).tools.map((t) => t.name);
    assert.ok((await names()).includes('memory__read_graph'));
    const original = readFileSync(ui.projectFile, 'utf8');
    const toggle = (enabled: boolean) => send(`${ui.origin}/ui/api/toggle`, { method: 'POST', headers: { ...own(), 'content-type': 'application/json' }, body: JSON.stringify({ server: 'memory', tool: 'read_graph', scope: 'project', enabled }) });
    const off = await toggle(false);
    assert.equal(off.status, 200, off.body);
    assert.ok(!(await names()).includes('memory__read_graph'));
    assert.deepEqual(JSON.parse(readFileSync(ui.projectFile, 'utf8')).disable, ['memory/read_graph']);
    const until = Date.now() + 5000;
    while (!told && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    assert.ok(told > 0, 'tools/list_changed reached the client');
    const state = JSON.parse((await send(`${ui.origin}/ui/api/state`, { headers: own() })).body) as UiState;
    const tool = state.upstreams.find((u) => u.name === 'memory')!.families.flatMap((f) => f.tools).find((t) => t.name === 'read_graph')!;
    assert.equal(tool.state, 'disabled');
    assert.match(tool.by ?? '', /^project:/);
    assert.equal((await toggle(true)).status, 200);
    assert.equal(readFileSync(ui.projectFile, 'utf8'), original);
    assert.ok((await names()).includes('memory__read_graph'));
  });

  test("a client's call reaches the trace, and the event stream carries it as it happens", async () => {
    const events = await new Promise<{ next: () => Promise<string>; close: () => void }>((resolve, reject) => {
      const req = request(`${ui.origin}/ui/api/events`, { headers: own() }, (res) => {
        assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
        let buffered = '';
        const waiting: ((chunk: string) => void)[] = [];
        res.on('data', (d: Buffer) => {
          buffered += d.toString();
          if (buffered.includes('event: trace') && waiting.length) waiting.shift()!(buffered);
        });
        const next = () =>
          new Promise<string>((done, fail) => {
            if (buffered.includes('event: trace')) return done(buffered);
            const timer = setTimeout(() => fail(new Error(`no trace event within 15 s; the stream said: ${buffered}`)), 15_000);
            waiting.push((chunk) => (clearTimeout(timer), done(chunk)));
          });
        resolve({ next, close: () => req.destroy() });
      });
      req.on('error', reject);
      req.end();
    });
    const client = await gw.connect();
    await client.callTool({ name: 'everything__echo', arguments: { message: 'seen on the page' } });
    const streamed = await events.next();
    events.close();
    assert.match(streamed, /"tool":"everything__echo"/);
    const trace = JSON.parse((await send(`${ui.origin}/ui/api/trace`, { headers: own() })).body) as { entries: { tool?: string; resultTokens?: number; session: string }[]; summary: { tools: { tool: string; calls: number }[] } };
    const call = trace.entries.find((e) => e.tool === 'everything__echo');
    assert.ok(call && (call.resultTokens ?? 0) > 0, JSON.stringify(call));
    assert.equal(trace.summary.tools.find((t) => t.tool === 'everything__echo')?.calls, 1);
  });
});

test('followLogFile feeds what another gateway appends, a line at a time, and waits for a file to appear', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-feed-'));
  const file = join(dir, 'trace.jsonl');
  const line = (tool: string) => `${JSON.stringify({ time: new Date().toISOString(), session: 's', method: 'tools/call', tool, latencyMs: 1, resultTokens: 5 })}\n`;
  const feed = new TraceFeed();
  const stop = followLogFile(file, feed);
  try {
    writeFileSync(file, line('a') + line('b').slice(0, 20));
    const until = Date.now() + 10_000;
    const waitFor = async (n: number) => {
      while (feed.entries().length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    };
    await waitFor(1);
    assert.deepEqual(feed.entries().map((e) => e.tool), ['a'], 'half a line waits for its end');
    appendFileSync(file, line('b').slice(20) + line('c'));
    await waitFor(3);
    assert.deepEqual(feed.entries().map((e) => e.tool), ['a', 'b', 'c']);
    // Rotated: the old file moved away, a new (longer) one in its place.
    renameSync(file, `${file}.1`);
    writeFileSync(file, line('d') + line('e') + line('f') + line('g'));
    await waitFor(7);
    assert.deepEqual(feed.entries().map((e) => e.tool), ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  } finally {
    stop();
  }
});

describe('mcp-slim ui: the page alone, no MCP endpoint', () => {
  test('serves the state of its upstreams and the trace of the log file another gateway writes; SIGTERM ends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-ui-cmd-'));
    const log = join(dir, 'trace.jsonl');
    const entry = (tool: string) => `${JSON.stringify({ time: new Date().toISOString(), session: 'other-gateway', method: 'tools/call', tool, server: 'fx', latencyMs: 2, resultTokens: 40 })}\n`;
    writeFileSync(log, entry('fx__first'));
    const ui = spawnInProject(['ui', '--port', '0'], { upstreams: { servers: { fx: FIXTURE_UPSTREAM('edge') } }, log });
    try {
      const err = await ui.waitFor(/page: (http:\S+)/, 60_000);
      const url = new URL(/page: (http:\S+)/.exec(err)![1]!);
      await ui.waitFor(/upstream fx ready/, 60_000);
      const auth = { authorization: `Bearer ${url.searchParams.get('token')}` };
      const state = JSON.parse((await send(`${url.origin}/ui/api/state`, { headers: auth })).body) as UiState;
      assert.equal(state.serving, false);
      assert.equal(state.upstreams[0]?.name, 'fx');
      assert.ok(state.upstreams[0]!.tokens > 0);
      assert.equal((await send(`${url.origin}/mcp`, { headers: auth })).status, 404, 'no MCP here');
      appendFileSync(log, entry('fx__second'));
      const until = Date.now() + 10_000;
      let tools: (string | undefined)[] = [];
      while (Date.now() < until && !tools.includes('fx__second')) {
        tools = (JSON.parse((await send(`${url.origin}/ui/api/trace`, { headers: auth })).body) as { entries: { tool?: string }[] }).entries.map((e) => e.tool);
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.deepEqual(tools, ['fx__first', 'fx__second']);
    } finally {
      ui.child.kill('SIGTERM');
    }
    const { code } = await ui.exited();
    assert.equal(code, 0);
  });

  test('a port in use is one line and exit 2', async () => {
    const busy = createServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const port = (busy.address() as { port: number }).port;
    const ui = spawnInProject(['ui', '--port', String(port)], { upstreams: { servers: { fx: FIXTURE_UPSTREAM('edge') } }, log: false });
    const { code } = await ui.exited();
    busy.close();
    assert.equal(code, 2);
    assert.match(ui.stderr(), new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: port ${port} is already in use`));
    assert.doesNotMatch(ui.stderr(), /\n\s+at /, 'no stack trace');
  });
});

test('a config file edited by hand while serving: the new rules are in force within seconds, and sessions are told', async () => {
  const gw = await startTestGateway({ upstreams: { servers: { fx: REAL_UPSTREAMS(mkdtempSync(join(tmpdir(), 'mcp-slim-follow-'))).memory } }, mode: 'full' });
  const notices: string[] = [];
  const unfollow = followConfigFiles(gw.gateway, gw.load, (line) => notices.push(line));
  try {
    await waitForUpstreams(gw);
    const client = await gw.connect();
    let told = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void told++);
    const listed = async () => (await client.listTools()).tools.map((t) => t.name).filter((n) => n.startsWith('fx__'));
    const before = await listed();
    assert.ok(before.length > 1);
    const file = join(gw.load.cwd, 'mcp-slim.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...config, disable: ['fx/*'] }));
    const until = Date.now() + 10_000;
    while (Date.now() < until && (await listed()).length) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await listed(), []);
    while (Date.now() < until && !told) await new Promise((r) => setTimeout(r, 20));
    assert.ok(told > 0, 'tools/list_changed reached the client');
    assert.ok(notices.some((n) => /config changed: the enable\/disable rules of .* are in force/.test(n)), notices.join('\n'));
    writeFileSync(file, '{"disable": [');
    while (Date.now() < until + 5000 && !notices.some((n) => n.startsWith('config changed, but'))) await new Promise((r) => setTimeout(r, 100));
    assert.ok(notices.some((n) => /^config changed, but .*mcp-slim\.config\.json.*; the rules in force stay until it is fixed$/.test(n)), notices.join('\n'));
    assert.deepEqual(await listed(), [], 'a broken file keeps the rules in force');
  } finally {
    unfollow();
    await gw.stop();
  }
});
