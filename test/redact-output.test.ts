import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fixtureServer, runCli, type CliResult } from './_cli.js';
import { freePort } from './_http-server.js';

// Fake credentials, put together at run time so secret scanners do not flag this file.
const API_KEY = ['sk-', 'test-', 'R3dact9Me0Please7Now42x'].join('');
const TOKEN = ['gh', 'p_', 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8'].join('');
const URL_PASSWORD = 'url-pw-Hunter2';
const URL_KEY = 'url-key-0001-do-not-print';
const SECRETS = [API_KEY, TOKEN, URL_PASSWORD, URL_KEY];

const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-redact-'));

function assertNoSecret(text: string, where: string): void {
  for (const secret of SECRETS) assert.ok(!text.includes(secret), `${where} shows ${secret}:\n${text}`);
}

function assertClean(result: CliResult, where: string): void {
  assertNoSecret(result.stdout, `${where} stdout`);
  assertNoSecret(result.stderr, `${where} stderr`);
  assert.doesNotMatch(result.stderr, /crashed/, `${where} did not crash`);
}

describe('no secret reaches any output of measure', () => {
  let url = '';
  let refused = '';
  const stdio = (...extra: string[]) => ['--', ...fixtureServer('leaky'), ...extra, '--api-key', API_KEY, `--token=${TOKEN}`];

  before(async () => {
    // Ports nothing listens on. A refused URL is quoted in the failure message; fetch will not
    // send a URL with a password at all, so that one is only seen in the origin.
    url = `http://alice:${URL_PASSWORD}@127.0.0.1:${await freePort()}/mcp?api_key=${URL_KEY}&region=eu`;
    refused = `http://127.0.0.1:${await freePort()}/mcp?api_key=${URL_KEY}&region=eu`;
  });

  test('a server that works: --json, --save and --html show its arguments redacted', async () => {
    const save = join(dir, 'ok.catalog.json');
    const html = join(dir, 'ok.html');
    const result = await runCli(['measure', '--json', '--save', save, '--html', html, ...stdio()]);
    assert.equal(result.code, 0, result.stderr);
    assertClean(result, '--json');
    const origin = JSON.parse(result.stdout).servers[0].origin;
    assert.deepEqual(origin.args.slice(-3), ['--api-key', '***', '--token=***']);
    for (const file of [save, html]) assertNoSecret(readFileSync(file, 'utf8'), file);
    assert.match(readFileSync(save, 'utf8'), /"--api-key",\s+"\*\*\*"/);
  });

  test('a server that logs its key and dies, and a URL with a password and a key: --json, --save, --html', async () => {
    const save = join(dir, 'failed.catalog.json');
    const html = join(dir, 'failed.html');
    const result = await runCli(['measure', '--json', '--timeout', '5', '--save', save, '--html', html, '--url', url, '--url', refused, ...stdio('--fail')]);
    assert.equal(result.code, 1, result.stderr);
    assertClean(result, '--json');
    const servers: { origin: { url?: string }; failure: { message: string; stderrTail?: string } }[] = JSON.parse(result.stdout).servers;
    const leaky = servers.find((s) => s.failure.stderrTail);
    const remote = servers.find((s) => s.origin.url?.includes('alice'));
    const closed = servers.find((s) => s.origin.url && !s.origin.url.includes('alice'));
    assert.match(leaky?.failure.stderrTail ?? '', /--api-key \*\*\* --token=\*\*\*/, 'the tail is still shown, redacted');
    assert.match(leaky?.failure.stderrTail ?? '', /Authorization: Bearer \*\*\*/);
    assert.equal(remote?.origin.url, url.replace(URL_PASSWORD, '***').replace(URL_KEY, '***'));
    assert.match(closed?.failure.message ?? '', /api_key=\*\*\*&region=eu refused the connection/, 'the failure names the URL, redacted');
    for (const file of [save, html]) {
      const text = readFileSync(file, 'utf8');
      assertNoSecret(text, file);
      assert.match(text, /\*\*\*/, `${file} shows where a secret was`);
    }
  });

  test('the same failures in the terminal report and in --md', async () => {
    for (const flags of [[], ['--md']]) {
      const result = await runCli(['measure', ...flags, '--timeout', '5', '--url', url, '--url', refused, ...stdio('--fail')]);
      assert.equal(result.code, 1, result.stderr);
      assertClean(result, flags.join(' ') || 'terminal');
      assert.match(result.stdout, /\*\*\*/, 'the redacted URL or tail is shown');
    }
  });

  test('usage errors do not echo a secret', async () => {
    const cases = [
      ['measure', '--url', `http://[bad/mcp?api_key=${URL_KEY}`],
      ['measure', '--url', 'http://h/mcp', '--header', `Bearer ${API_KEY}`],
      ['measure', API_KEY],
    ];
    for (const argv of cases) {
      const result = await runCli(argv);
      assert.equal(result.code, 2, result.stderr);
      assertClean(result, argv.join(' '));
    }
  });
});

test('user:password@ in a URL is sent as HTTP Basic auth (fetch refuses such URLs) and never printed', async () => {
  const { createServer } = await import('node:http');
  const seen: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers.authorization);
    res.writeHead(401, { 'content-type': 'text/plain' }).end('no');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const port = (server.address() as { port: number }).port;
    const result = await runCli(['measure', '--json', '--timeout', '5', '--url', `http://alice:pa55word-xyz@127.0.0.1:${port}/mcp`]);
    assert.equal(seen[0], `Basic ${Buffer.from('alice:pa55word-xyz').toString('base64')}`);
    assert.match(result.stdout, /HTTP 401/);
    assert.doesNotMatch(result.stdout + result.stderr, /pa55word-xyz/);
  } finally {
    server.close();
  }
});
