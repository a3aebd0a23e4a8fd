/**
 * The fault matrix, rows about upstreams, sessions and what the log says (docs/reliability.md):
 * a real SDK client over HTTP to the gateway in this process, real fixture and npm servers behind.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { countTokens } from '../src/cost/tokenizer.js';
import { BIN } from './_cli.js';
import { FIXTURE_UPSTREAM, REAL_UPSTREAMS, startTestGateway, textOf, type TestGateway } from './_gateway.js';
// @ts-expect-error: a plain .mjs helper shared with the fixture server
import { lines } from './fixtures/servers/_lines.mjs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tokens = (t: string) => countTokens(t, 'o200k_base');
/** What the model reads of a result: every text block's text, other blocks as JSON. */
const received = (result: unknown) => ((result as { content: { type: string; text?: string }[] }).content ?? []).reduce((sum, b) => sum + tokens(b.type === 'text' ? b.text! : JSON.stringify(b)), 0);
const cutId = (text: string) => /read_result\(id: "([^"]+)", offset: (\d+)\)/.exec(text);
interface Entry {
  method: string;
  session: string;
  tool?: string;
  server?: string;
  mode?: string;
  resultTokens?: number;
  upstreamTokens?: number;
  error?: string;
  isError?: boolean;
  cut?: boolean;
  resultId?: string;
  pageOf?: string;
  via?: string;
}

describe('least privilege: what an upstream process gets', () => {
  test('only the SDK safe list, passEnv and its own env: never the gateway token or unrelated secrets', async () => {
    const gw = await startTestGateway(
      { mode: 'full', passEnv: ['FAULT_PROXY'], upstreams: { servers: { fault: { ...FIXTURE_UPSTREAM('fault'), env: { OWN_SETTING: 'from-config', GH: '${GITHUB_TOKEN}' } } } } },
      { env: { GITHUB_TOKEN: 'ghp_testtesttesttesttesttesttesttesttest', MCP_SLIM_TOKEN: 'gateway-secret', AWS_SECRET_ACCESS_KEY: 'aws-secret', FAULT_PROXY: 'http://proxy:3128' } },
    );
    try {
      const env = JSON.parse(textOf(await (await gw.connect()).callTool({ name: 'fault__print_env', arguments: {} }))) as Record<string, string>;
      for (const leaked of ['GITHUB_TOKEN', 'MCP_SLIM_TOKEN', 'AWS_SECRET_ACCESS_KEY']) assert.equal(env[leaked], undefined, `${leaked} reached the upstream`);
      assert.equal(env.OWN_SETTING, 'from-config');
      assert.equal(env.GH, 'ghp_testtesttesttesttesttesttesttesttest', 'a variable its own entry names is passed');
      assert.equal(env.FAULT_PROXY, 'http://proxy:3128', 'passEnv passes what it lists');
      assert.ok(env.PATH && env.HOME);
    } finally {
      await gw.stop();
    }
  });
});

describe('one gateway, several sessions and faults', () => {
  let gw: TestGateway;
  let a: Client;
  let b: Client;
  before(async () => {
    gw = await startTestGateway({ mode: 'deferred', timeout: 30, resultGuard: { maxTokens: 250_000 }, upstreams: { servers: { fault: FIXTURE_UPSTREAM('fault') } } });
    a = await gw.connect('alice');
    b = await gw.connect('bob');
  });
  after(() => gw.stop());

  test('a cut result belongs to its session: another session gets the unknown-id error for it', async () => {
    const text = textOf(await a.callTool({ name: 'fault__big_text', arguments: { mb: 1 } }));
    const [, id, offset] = cutId(text)!;
    assert.match(id!, /^[0-9a-f]{24}$/, 'ids carry 96 random bits');
    const theirs = await b.callTool({ name: 'read_result', arguments: { id: id!, offset: Number(offset) } });
    const none = await b.callTool({ name: 'read_result', arguments: { id: '0'.repeat(24), offset: Number(offset) } });
    assert.equal(theirs.isError, true);
    assert.equal(textOf(theirs).replace(id!, 'ID'), textOf(none).replace('0'.repeat(24), 'ID'));
    const mine = await a.callTool({ name: 'read_result', arguments: { id: id!, offset: Number(offset) } });
    assert.equal(mine.isError, undefined);
  });

  test('1,000 concurrent calls from two sessions: none lost, each gets its own answer', async () => {
    const calls = Array.from({ length: 1000 }, (_, i) => (i % 2 ? a : b).callTool({ name: 'fault__echo', arguments: { message: `m${i}` } }));
    const answers = (await Promise.all(calls)).map(textOf);
    assert.deepEqual(answers, Array.from({ length: 1000 }, (_, i) => `echo: m${i}`));
  });

  test('a 20 MB result from a stdio upstream is cut and read back exactly, page by page', async () => {
    const full = lines(20) as string;
    const blocks = (result: unknown) => (result as { content: { text: string }[] }).content.map((c) => c.text);
    const [kept, note] = blocks(await a.callTool({ name: 'fault__big_text', arguments: { mb: 20 } }, undefined, { timeout: 120_000 }));
    const [, id, at] = cutId(note!)! as unknown as [string, string, string];
    let text = kept!;
    let offset: number | undefined = Number(at);
    let pages = 0;
    while (offset !== undefined) {
      const [part, where] = blocks(await a.callTool({ name: 'read_result', arguments: { id, offset } }));
      text += part;
      const next = /offset: (\d+)\)\]$/.exec(where!);
      offset = next ? Number(next[1]) : undefined;
      pages++;
    }
    assert.equal(text.length, full.length);
    assert.ok(text === full, 'the pages join to the result byte for byte');
    assert.ok(pages > 10);
  });

  test('a 64 MB result from a stdio upstream reaches the result guard and is cut; the upstream is not restarted', async () => {
    const result = await a.callTool({ name: 'fault__big_text', arguments: { mb: 64 } }, undefined, { timeout: 240_000 });
    assert.match(textOf(result), /\[mcp-slim: result cut at [\d,]+ of about [\d,]+ tokens \(estimated from its first MB\); read the rest with read_result/);
    assert.ok(received(result) <= 250_000);
    assert.equal(gw.gateway.upstreams.get('fault')!.status, 'ready');
    assert.ok(!gw.notices.some((n) => /upstream fault is down/.test(n)), gw.notices.join('\n'));
  });

  test('the log has every call once, at what the model received; rejected calls and isError results are errors', async () => {
    const log = join(gw.dir, 'trace.jsonl');
    // The log is an append stream: wait for what was written to reach the file before counting.
    const logged = async () => {
      await sleep(200);
      return readFileSync(log, 'utf8').split('\n').filter(Boolean);
    };
    const start = (await logged()).length;
    const calls: { name: string; result?: unknown; rejected?: boolean }[] = [];
    const call = async (name: string, args: Record<string, unknown>) => {
      try {
        calls.push({ name, result: await b.callTool({ name, arguments: args }) });
      } catch {
        calls.push({ name, rejected: true });
      }
    };
    await call('tool_search', { query: 'numbered lines of text' });
    await call('call_tool', { name: 'fault__fail', arguments: {} });
    await call('fault__big_text', { mb: 2 });
    const id = cutId(textOf(calls.at(-1)!.result))!;
    await call('read_result', { id: id[1], offset: Number(id[2]) });
    await call('fault__no_such_tool', {});
    await call('fault__big_text', { mb: 'lots' });
    // Malformed calls the SDK's Server would refuse before any handler ran: logged too.
    for (const params of [{ name: 5 }, { name: 'fault__echo', arguments: 'str' }]) {
      await assert.rejects(b.request({ method: 'tools/call', params } as never, CallToolResultSchema), /tools\/call needs "name"|"arguments" of tools\/call must be an object/);
      calls.push({ name: typeof params.name === 'string' ? params.name : '(none)', rejected: true });
    }
    const entries = (await logged()).slice(start).map((l) => JSON.parse(l) as Entry).filter((e) => e.method === 'tools/call');
    assert.deepEqual(entries.map((e) => e.tool ?? '(none)'), calls.map((c) => (c.name === 'call_tool' ? 'fault__fail' : c.name)), 'every call once');
    const [search, failed, cut, page, unknown, badArgs, noName, badArguments] = entries as [Entry, Entry, Entry, Entry, Entry, Entry, Entry, Entry];
    assert.match(noName.error!, /tools\/call needs "name"/);
    assert.match(badArguments.error!, /"arguments" of tools\/call must be an object/);
    assert.deepEqual([search.tool, search.server, search.mode], ['tool_search', 'mcp-slim', 'deferred']);
    assert.deepEqual([failed.tool, failed.server, failed.via, failed.isError, failed.error], ['fault__fail', 'fault', 'call_tool', true, 'the record is locked']);
    assert.equal(cut.cut, true);
    assert.equal(cut.resultId, id[1]);
    assert.ok(cut.upstreamTokens! > cut.resultTokens! * 2, 'what the upstream produced is apart from what the model received');
    assert.deepEqual([page.tool, page.server, page.pageOf], ['read_result', 'mcp-slim', id[1]]);
    assert.match(unknown.error!, /unknown tool "fault__no_such_tool"/);
    assert.deepEqual([badArgs.server, badArgs.tool], ['fault', 'fault__big_text']);
    assert.match(badArgs.error!, /do not match its input schema/);
    // Token for token: each logged resultTokens is what the client received.
    calls.forEach((c, i) => {
      if (c.rejected) assert.equal(entries[i]!.resultTokens, undefined);
      else assert.equal(entries[i]!.resultTokens, received(c.result), `${c.name}: log and received content differ`);
    });
  });

  test('an upstream that floods notifications or prints junk on stdout mid-session keeps serving, and so do other sessions', async () => {
    const [flooded, other] = await Promise.all([a.callTool({ name: 'fault__flood', arguments: { count: 5000 } }), b.callTool({ name: 'fault__fail', arguments: {} })]);
    assert.equal(textOf(flooded), 'flooded');
    assert.equal(other.isError, true);
    assert.equal(textOf(await a.callTool({ name: 'fault__junk', arguments: {} })), 'after junk');
    assert.equal(textOf(await b.callTool({ name: 'fault__flood', arguments: { count: 1 } })), 'flooded');
    // A malformed result is said to the model as the upstream's fault; the SDK client still accepts the answer.
    const malformed = await b.callTool({ name: 'fault__malformed', arguments: {} });
    assert.equal(malformed.isError, true);
    assert.match(textOf(malformed), /upstream fault sent a result for "malformed" that is not a valid tools\/call result/);
    assert.equal(gw.gateway.upstreams.get('fault')!.status, 'ready');
  });

  test('a tool of an upstream that is down says so, not "unknown tool"; the log says it once, then on each change', async () => {
    await a.callTool({ name: 'fault__die', arguments: { code: 7 } });
    for (let i = 0; i < 50 && gw.gateway.upstreams.get('fault')!.status === 'ready'; i++) await sleep(20);
    const down = await a.callTool({ name: 'fault__fail', arguments: {} });
    assert.equal(down.isError, true);
    assert.match(textOf(down), /^upstream fault is (down|starting)/);
    assert.doesNotMatch(textOf(down), /unknown tool/);
    for (let i = 0; i < 100 && gw.gateway.upstreams.get('fault')!.status !== 'ready'; i++) await sleep(50);
    assert.match(gw.notices.join('\n'), /upstream fault is down: .*code 7/);
    assert.match(gw.notices.join('\n'), /upstream fault is back/);
  });
});

describe('faults that repeat, and what a session must not be sent', () => {
  test('an upstream that keeps failing the same way is reported once, not on every retry', async () => {
    const gw = await startTestGateway({ mode: 'full', timeout: 2, upstreams: { servers: { broken: { command: ['node', '-e', 'process.stderr.write("no config\\n"); process.exit(5)'] }, fault: FIXTURE_UPSTREAM('fault') } } });
    try {
      await sleep(4000); // three retries with backoff (0.5, 1 and 2 s)
      const said = gw.notices.filter((n) => /upstream broken is down/.test(n));
      assert.equal(said.length, 1, gw.notices.join('\n'));
      assert.match(said[0]!, /exited with code 5/);
    } finally {
      await gw.stop();
    }
  });

  test('a disabled server costs nothing: its instructions are not sent either', async () => {
    const gw = await startTestGateway({ mode: 'full', disable: ['fault/*'], upstreams: { servers: { fault: FIXTURE_UPSTREAM('fault'), everything: REAL_UPSTREAMS('/tmp').everything } } });
    try {
      const client = await gw.connect();
      assert.doesNotMatch(client.getInstructions() ?? '', /fault fixture/);
      const open = await startTestGateway({ mode: 'full', upstreams: { servers: { fault: FIXTURE_UPSTREAM('fault') } } });
      try {
        assert.match((await open.connect()).getInstructions() ?? '', /\[fault\] The fault fixture/);
      } finally {
        await open.stop();
      }
    } finally {
      await gw.stop();
    }
  });

  test('the official filesystem server (it declares an outputSchema): a 1.3 MB file is cut, structuredContent too, and the SDK client accepts it', async () => {
    const gw = await startTestGateway({ mode: 'full', upstreams: { servers: { fs: { command: [BIN('mcp-server-filesystem'), '/tmp'] } } } });
    try {
      const dir = gw.dir;
      const file = join(dir, 'big.txt');
      const content = (lines(1.3) as string);
      writeFileSync(file, content);
      const fs = await startTestGateway({ mode: 'full', upstreams: { servers: { fs: { command: [BIN('mcp-server-filesystem'), dir] } } } });
      try {
        const result = await (await fs.connect()).callTool({ name: 'fs__read_text_file', arguments: { path: file } });
        assert.ok(received(result) <= 25_000);
        assert.match(textOf(result), /structuredContent cut to/);
        const structured = (result.structuredContent as { content: string }).content;
        assert.ok(structured.length < content.length / 4 && content.startsWith(structured));
      } finally {
        await fs.stop();
      }
    } finally {
      await gw.stop();
    }
  });
});
