import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { newCatalog } from '../src/catalog/catalog-file.js';
import { countTokens } from '../src/cost/tokenizer.js';
import { modelView } from '../src/cost/model-view.js';
import { overlayFromSlim, manualFile } from '../src/slim/overlay.js';
import { PRESETS } from '../src/slim/policy.js';
import { slimCatalog } from '../src/slim/slim-catalog.js';
import { fetchServers } from '../src/sources/fetch-servers.js';
import type { ServerSpec } from '../src/catalog/types.js';
import { FIXTURE_UPSTREAM, REAL_UPSTREAMS, startTestGateway, firstText, textOf, waitForUpstreams, type TestGateway } from './_gateway.js';

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);

describe('full mode: a real SDK client through the gateway to filesystem, memory and everything', () => {
  let gw: TestGateway;
  let client: Client;
  before(async () => {
    gw = await startTestGateway({ mode: 'full', upstreams: { servers: { ...REAL_UPSTREAMS('/tmp'), tools: FIXTURE_UPSTREAM('tools') } }, timeout: 2 });
    await waitForUpstreams(gw);
    client = await gw.connect();
  });
  after(() => gw.stop());

  test('every upstream tool is listed under its namespaced name', async () => {
    const listed = await names(client);
    for (const n of ['fs__read_text_file', 'memory__create_entities', 'everything__echo', 'tools__echo', 'read_result']) assert.ok(listed.includes(n), n);
    assert.equal(listed.filter((n) => n.startsWith('fs__')).length, 14);
  });

  test('calls are forwarded and answered', async () => {
    await client.callTool({ name: 'memory__create_entities', arguments: { entities: [{ name: 'Ana', entityType: 'person', observations: ['writes tests'] }] } });
    const graph = await client.callTool({ name: 'memory__read_graph', arguments: {} });
    assert.match(textOf(graph), /writes tests/);
    assert.equal(firstText(await client.callTool({ name: 'everything__echo', arguments: { message: 'hi' } })), 'Echo: hi');
  });

  test('an unknown tool and arguments that do not match the schema are MCP errors; the gateway goes on', async () => {
    await assert.rejects(client.callTool({ name: 'nope__nothing', arguments: {} }), /unknown tool "nope__nothing"/);
    await assert.rejects(client.callTool({ name: 'tools__echo', arguments: { message: 42 } }), /do not match its input schema/);
    assert.equal(textOf(await client.callTool({ name: 'tools__echo', arguments: { message: 'still here' } })), 'echo: still here');
  });

  test('a long tool call that keeps reporting progress outlives the timeout, and the client gets the progress', async () => {
    // The gateway's timeout is 2 s; the operation takes 3 s in 6 steps, each reported.
    const seen: number[] = [];
    const result = await client.callTool({ name: 'everything__trigger-long-running-operation', arguments: { duration: 3, steps: 6 } }, undefined, {
      onprogress: (p) => seen.push(p.progress),
      timeout: 20_000,
    });
    assert.notEqual(result.isError, true, textOf(result));
    assert.match(textOf(result), /completed/i);
    // The last notification can arrive after the result, when the client no longer listens for it.
    assert.ok(seen.length >= 4 && seen.every((p, i) => i === 0 || p > seen[i - 1]!), `progress relayed in order: ${seen.join(',')}`);
    // Without asking for progress itself, the client's call still outlives the timeout: the gateway asks the upstream.
    const quiet = await client.callTool({ name: 'everything__trigger-long-running-operation', arguments: { duration: 3, steps: 6 } }, undefined, { timeout: 20_000 });
    assert.notEqual(quiet.isError, true, textOf(quiet));
  });

  test('a call that hangs upstream fails after the timeout with a clear error; others are not held up', async () => {
    const started = Date.now();
    const [slow, quick] = await Promise.all([client.callTool({ name: 'tools__slow', arguments: {} }), client.callTool({ name: 'everything__echo', arguments: { message: 'fast' } })]);
    assert.equal(slow.isError, true);
    assert.match(textOf(slow), /upstream tools did not answer "slow"/);
    assert.equal(firstText(quick), 'Echo: fast');
    assert.ok(Date.now() - started >= 1900);
    // One slow tool is not a stuck server: the ping after the timeout is answered, nothing restarts.
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(gw.gateway.upstreams.get('tools')!.status, 'ready');
  });

  test('an upstream that stops answering altogether (alive, frozen) is noticed by a ping after a timeout and restarted', async () => {
    const statuses: string[] = [];
    const upstream = gw.gateway.upstreams.get('tools')!;
    const frozen = await client.callTool({ name: 'tools__freeze', arguments: {} });
    assert.equal(frozen.isError, true);
    for (let i = 0; i < 80 && !(statuses.includes('down') && upstream.status === 'ready'); i++) {
      if (statuses.at(-1) !== upstream.status) statuses.push(upstream.status);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(statuses.includes('down'), `went down: ${statuses.join(' → ')}`);
    assert.equal(upstream.status, 'ready', 'restarted');
    assert.equal(textOf(await client.callTool({ name: 'tools__echo', arguments: { message: 'back' } })), 'echo: back');
  });

  test('a huge result is cut at a clean boundary and read back in full with read_result', async () => {
    const result = await client.callTool({ name: 'tools__big', arguments: { words: 40000 } });
    const text = textOf(result);
    assert.match(text, /\[mcp-slim: result cut at/);
    assert.ok(countTokens(text, 'o200k_base') <= 25000);
    const id = /read_result\(id: "([^"]+)", offset: (\d+)\)/.exec(text)!;
    let offset = Number(id[2]);
    let rest = '';
    for (let i = 0; i < 20 && offset !== undefined; i++) {
      const part = textOf(await client.callTool({ name: 'read_result', arguments: { id: id[1]!, offset } }));
      rest += part.replace(/\n*\[mcp-slim:[^\]]*\]\s*$/, '');
      const next = /offset: (\d+)\)\]\s*$/.exec(part);
      offset = next ? Number(next[1]) : (undefined as never);
    }
    assert.match(rest, /word39999\.$/);
  });

  test('a huge result of a tool with an output schema is cut, its structuredContent too, and the SDK client (which validates it) accepts it', async () => {
    // The SDK client throws when a tool with an outputSchema answers without structuredContent, or with one that does not match.
    const result = await client.callTool({ name: 'tools__big_structured', arguments: { words: 40000 } });
    assert.match(textOf(result), /\[mcp-slim: result cut at .*structuredContent cut to [\d,]+ of [\d,]+ tokens/);
    const words = (result.structuredContent as { words: string[] }).words;
    assert.ok(words.length > 100 && words.length < 40000, String(words.length));
    assert.deepEqual(words.slice(0, 3), ['word0', 'word1', 'word2']);
  });

  test('an upstream that crashes: the call in flight fails clearly, the others are untouched, it comes back', async () => {
    const boom = await client.callTool({ name: 'tools__boom', arguments: {} });
    assert.equal(boom.isError, true);
    assert.match(textOf(boom), /upstream tools did not answer "boom"/);
    assert.equal(firstText(await client.callTool({ name: 'everything__echo', arguments: { message: 'ok' } })), 'Echo: ok');
    for (let i = 0; i < 40 && gw.gateway.upstreams.get('tools')!.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(gw.gateway.upstreams.get('tools')!.status, 'ready', 'restarted with backoff');
    assert.equal(textOf(await client.callTool({ name: 'tools__echo', arguments: { message: 'back' } })), 'echo: back');
    assert.ok(gw.notices.some((n) => /upstream tools is down/.test(n)));
  });

  test('every tools/list and tools/call is in the accounting log', () => {
    const lines = readFileSync(join(gw.dir, 'trace.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const list = lines.find((l) => l.method === 'tools/list');
    assert.ok(list.definitionTokens > 1000);
    const call = lines.find((l) => l.method === 'tools/call' && l.tool === 'everything__echo');
    assert.equal(call.server, 'everything');
    assert.ok(call.resultTokens > 0 && call.latencyMs >= 0);
    assert.ok(lines.some((l) => l.cut === true));
  });
});

describe('deferred mode', () => {
  let gw: TestGateway;
  before(async () => {
    gw = await startTestGateway({ mode: 'deferred', upstreams: { servers: REAL_UPSTREAMS('/tmp') }, pinned: ['memory/read_graph'] });
  });
  after(() => gw.stop());

  test('lists only the pinned tools and the search, in a small fixed size', async () => {
    const client = await gw.connect();
    const tools = (await client.listTools()).tools;
    assert.deepEqual(tools.map((t) => t.name).sort(), ['call_tool', 'memory__read_graph', 'read_result', 'tool_search']);
    const metaOnly = tools.filter((t) => t.name !== 'memory__read_graph');
    const tokens = countTokens(JSON.stringify(metaOnly.map((t) => modelView(t as never))), 'o200k_base') + countTokens(client.getInstructions() ?? '', 'o200k_base');
    assert.ok(tokens <= 300, `${tokens} tokens`);
  });

  test('tool_search returns full schemas; found tools join the listing with list_changed, and can be called directly or via call_tool', async () => {
    const client = await gw.connect();
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    const found = JSON.parse(textOf(await client.callTool({ name: 'tool_search', arguments: { query: 'write a file to disk', max_results: 3 } })));
    assert.equal(found[0].name, 'fs__write_file');
    assert.deepEqual(found[0].input_schema.required, ['path', 'content']);
    for (let i = 0; i < 20 && !changed; i++) await new Promise((r) => setTimeout(r, 25));
    assert.ok(changed > 0, 'list_changed was sent');
    assert.ok((await names(client)).includes('fs__write_file'));
    const direct = await client.callTool({ name: 'everything__echo', arguments: { message: 'direct' } });
    assert.equal(firstText(direct), 'Echo: direct');
    const via = await client.callTool({ name: 'call_tool', arguments: { name: 'everything__echo', arguments: { message: 'via' } } });
    assert.equal(firstText(via), 'Echo: via');
  });

  test('tool_search says when no tool fits the task well, after the nearest', async () => {
    const client = await gw.connect();
    const result = (await client.callTool({ name: 'tool_search', arguments: { query: 'renew the car insurance policy and write a note about it' } })) as { content: { text: string }[] };
    assert.ok(Array.isArray(JSON.parse(result.content[0]!.text)), 'the nearest tools first, as usual');
    assert.match(result.content.at(-1)!.text, /^No tool fits this task well: the closest covers \d+% of it/);
    const fits = (await client.callTool({ name: 'tool_search', arguments: { query: 'write a file to disk' } })) as { content: unknown[] };
    assert.equal(fits.content.length, 1, 'no such note when a tool fits');
  });

  test('what one session found is not listed to another', async () => {
    const other = await gw.connect();
    assert.ok(!(await names(other)).includes('fs__write_file'));
  });
});

describe('phase mode', () => {
  test('set_phase switches the listed tools and says so', async () => {
    const gw = await startTestGateway({ mode: 'phase', upstreams: { servers: REAL_UPSTREAMS('/tmp') }, phases: { read: ['fs/read_*', 'fs/list_directory'], remember: ['memory/*'] } });
    try {
      const client = await gw.connect();
      let changed = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
      const read = await names(client);
      assert.ok(read.includes('fs__read_text_file') && read.includes('set_phase') && !read.some((n) => n.startsWith('memory__')));
      await client.callTool({ name: 'set_phase', arguments: { phase: 'remember' } });
      const remember = await names(client);
      assert.ok(remember.includes('memory__create_entities') && !remember.includes('fs__read_text_file'));
      assert.ok(changed > 0);
      await assert.rejects(client.callTool({ name: 'set_phase', arguments: { phase: 'nope' } }), /unknown phase "nope"; phases: read, remember/);
    } finally {
      await gw.stop();
    }
  });
});

describe('slim mode', () => {
  test('serves the verified overlay with read_manual; an entry that no longer matches is refused', async () => {
    const dir = (await import('node:fs')).mkdtempSync(join((await import('node:os')).tmpdir(), 'mcp-slim-overlay-'));
    const specs: ServerSpec[] = [{ name: 'fs', transport: 'stdio', command: REAL_UPSTREAMS('/tmp').fs.command[0]!, args: ['/tmp'], source: { kind: 'cli' } }];
    const live = newCatalog(await fetchServers(specs, { timeoutMs: 20000, env: process.env, cwd: process.cwd() }));
    const result = slimCatalog(live, PRESETS.balanced);
    const overlay = overlayFromSlim(result);
    // Tamper with one entry: the gateway must refuse it and serve the tool as sent.
    delete (overlay.servers.fs!.tools.edit_file!.inputSchema.properties as Record<string, unknown>).dryRun;
    mkdirSync(join(dir, 'manual'));
    writeFileSync(join(dir, 'overlay.json'), JSON.stringify(overlay));
    for (const [family, text] of result.manuals) writeFileSync(join(dir, manualFile(family)), text);
    const gw = await startTestGateway({ mode: 'slim', overlay: join(dir, 'overlay.json'), upstreams: { servers: { fs: REAL_UPSTREAMS('/tmp').fs } } });
    try {
      const client = await gw.connect();
      const tools = (await client.listTools()).tools;
      const readText = tools.find((t) => t.name === 'fs__read_text_file')!;
      const original = live.servers[0]!.tools.find((t) => t.name === 'read_text_file')!;
      assert.ok(readText.description!.length < String(original.description).length, 'slim description served');
      const edit = tools.find((t) => t.name === 'fs__edit_file')!;
      assert.ok('dryRun' in (edit.inputSchema.properties ?? {}), 'the tampered entry was refused');
      assert.ok(gw.notices.some((n) => /overlay refused for fs\/edit_file/.test(n)));
      const manual = textOf(await client.callTool({ name: 'read_manual', arguments: { tool: 'fs__read_text_file' } }));
      assert.match(manual, /Only works within allowed directories/);
    } finally {
      await gw.stop();
    }
  });
});

describe('filtering by scope: user, project, folder and agent', () => {
  test('each scope enables or disables, the nearest wins; a disabled tool is neither listed nor callable', async () => {
    const gw = await startTestGateway(
      { mode: 'full', upstreams: { servers: REAL_UPSTREAMS('/tmp') }, enable: ['memory/read_graph'], agents: { reviewer: { disable: ['everything/*'] } } },
      { user: { disable: ['memory/*'] }, folder: { disable: ['fs/write_file'] } },
    );
    try {
      const anyone = await names(await gw.connect());
      assert.ok(!anyone.includes('memory__create_entities'), 'user scope disabled memory');
      assert.ok(anyone.includes('memory__read_graph'), 'project scope re-enabled read_graph');
      assert.ok(!anyone.includes('fs__write_file'), 'folder scope disabled write_file');
      assert.ok(anyone.includes('everything__echo'));
      const reviewer = await gw.connect('reviewer');
      assert.ok(!(await names(reviewer)).some((n) => n.startsWith('everything__')), 'agent scope');
      await assert.rejects(reviewer.callTool({ name: 'everything__echo', arguments: { message: 'x' } }), /unknown tool/);
      await assert.rejects((await gw.connect()).callTool({ name: 'fs__write_file', arguments: { path: '/tmp/x', content: 'x' } }), /unknown tool/);
    } finally {
      await gw.stop();
    }
  });
});

describe('faults at startup and on the wire', () => {
  test('upstreams that hang, crash or print junk are reported; the others serve', async () => {
    const gw = await startTestGateway({ mode: 'full', timeout: 2, upstreams: { servers: { hang: FIXTURE_UPSTREAM('hang'), crash: FIXTURE_UPSTREAM('crash'), junk: FIXTURE_UPSTREAM('junk'), everything: REAL_UPSTREAMS('/tmp').everything } } });
    try {
      const listed = await names(await gw.connect());
      assert.ok(listed.includes('everything__echo'));
      assert.ok(!listed.some((n) => /^(hang|crash|junk)__/.test(n)));
      const notices = gw.notices.join('\n');
      assert.match(notices, /upstream hang is down: no answer to initialize within 2 s/);
      assert.match(notices, /upstream crash is down: exited/);
      assert.match(notices, /upstream junk is down: .*not JSON-RPC/);
    } finally {
      await gw.stop();
    }
  });

  test('malformed JSON-RPC, a wrong token and a foreign Origin get HTTP errors; the gateway keeps serving', async () => {
    const gw = await startTestGateway({ mode: 'full', http: { token: 'sekret' }, upstreams: { servers: { everything: REAL_UPSTREAMS('/tmp').everything } } });
    try {
      const post = (body: string, headers: Record<string, string>) => fetch(gw.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });
      assert.equal((await post('{"jsonrpc": "2.0", "method": "initialize"', { authorization: 'Bearer sekret' })).status, 400);
      assert.equal((await post('{}', { authorization: 'Bearer wrong' })).status, 401);
      assert.equal((await post('{}', { authorization: 'Bearer sekret', origin: 'https://evil.example' })).status, 403);
      const client = await gw.connect(undefined, { authorization: 'Bearer sekret' });
      assert.equal(firstText(await client.callTool({ name: 'everything__echo', arguments: { message: 'fine' } })), 'Echo: fine');
    } finally {
      await gw.stop();
    }
  });
});

describe('regressions found in review', () => {
  test('stopping while an upstream is still connecting leaves nothing running or ready', async () => {
    const { Upstream } = await import('../src/gateway/upstream.js');
    const upstream = new Upstream({ name: 'slow', transport: 'stdio', command: 'node', args: [`${process.cwd()}/test/fixtures/servers/slowstart.mjs`], source: { kind: 'cli' } }, { env: process.env, cwd: process.cwd(), timeoutMs: 5000 });
    const starting = upstream.start();
    await new Promise((r) => setTimeout(r, 200));
    await upstream.stop();
    await starting;
    await new Promise((r) => setTimeout(r, 1500));
    assert.notEqual(upstream.status, 'ready');
    assert.deepEqual(upstream.tools, []);
  });

  test('public names do not depend on which upstream came first', async () => {
    const { ToolNames } = await import('../src/gateway/naming.js');
    const one = new ToolNames();
    const two = new ToolNames();
    const a = one.publicName('a', 'b__c');
    const b = one.publicName('a__b', 'c');
    assert.equal(two.publicName('a__b', 'c'), b);
    assert.equal(two.publicName('a', 'b__c'), a);
    assert.notEqual(a, b);
  });

  test('resources and prompts: every page, and nothing of a server the session may not see', async () => {
    const gw = await startTestGateway({ mode: 'full', upstreams: { servers: { everything: REAL_UPSTREAMS('/tmp').everything } }, agents: { locked: { disable: ['everything/*'] } } });
    try {
      const client = await gw.connect();
      const direct = await gw.gateway.upstreams.get('everything')!.request('resources/list', undefined);
      const listed = await client.listResources();
      assert.ok(direct.nextCursor !== undefined || (listed.resources.length > 0), 'the fixture has resources');
      let all = 0;
      let cursor: unknown;
      do {
        const page = await gw.gateway.upstreams.get('everything')!.request('resources/list', cursor ? { cursor } as never : undefined);
        all += (page.resources as unknown[]).length;
        cursor = page.nextCursor;
      } while (cursor);
      assert.equal(listed.resources.length, all);
      assert.ok((await client.listPrompts()).prompts.length > 0);
      const locked = await gw.connect('locked');
      assert.equal((await locked.listResources()).resources.length, 0);
      assert.equal((await locked.listPrompts()).prompts.length, 0);
      await assert.rejects(locked.readResource({ uri: listed.resources[0]!.uri }), /no upstream has the resource/);
    } finally {
      await gw.stop();
    }
  });
});
