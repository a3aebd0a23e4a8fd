/**
 * The page in a real browser: Debian's Chromium driven by playwright-core (no browser download
 * works here), in front of `mcp-slim serve --http` as its own process with three real servers,
 * and a real SDK client beside it.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { redirectFile } from '../../src/cli/ui.js';
import { REAL_UPSTREAMS } from '../_gateway.js';
import { spawnServe, type ServeProcess } from '../_serve-process.js';

const CHROMIUM = '/usr/bin/chromium';
const skip = !existsSync(CHROMIUM) && 'Debian chromium is not installed (apt-get install chromium)';
/** Where the screenshots of each view go, to look at after a run. */
const SHOTS = join(tmpdir(), 'mcp-slim-ui-shots');

describe('the page in headless Chromium, with three real servers behind serve --http', { skip }, () => {
  let serve: ServeProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let client: Client;
  let pageUrl: string;
  let origin: string;
  let configFile: string;
  const consoleErrors: string[] = [];

  before(async () => {
    const data = mkdtempSync(join(tmpdir(), 'mcp-slim-ui-data-'));
    serve = spawnServe(['--http', '--port', '0'], { upstreams: { servers: REAL_UPSTREAMS(data) }, mode: 'full', log: join(data, 'trace.jsonl') });
    configFile = join(serve.dir, 'mcp-slim.config.json');
    const err = await serve.waitFor(/page: (http:\/\/127\.0\.0\.1:\d+\/ui\?token=\S+)/);
    pageUrl = /page: (http:\/\/127\.0\.0\.1:\d+\/ui\?token=\S+)/.exec(err)![1]!;
    origin = new URL(pageUrl).origin;
    await Promise.all(['fs', 'memory', 'everything'].map((name) => serve.waitFor(new RegExp(`upstream ${name} ready`), 60_000)));
    client = new Client({ name: 'ui-test-client', version: '1.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('console', (m) => {
      // A refused change is logged by Chromium as a failed resource load: the test asks for some.
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) consoleErrors.push(m.text());
    });
    mkdirSync(SHOTS, { recursive: true });
  });

  after(async () => {
    await client?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    serve?.child.kill('SIGTERM');
    await serve?.exited();
  });

  test('without the token the page is refused', async () => {
    const response = await page.goto(`${origin}/ui`);
    assert.equal(response?.status(), 401);
    assert.match(await page.textContent('body') ?? '', /needs its token/);
  });

  test('with the token it loads and shows every server with its token cost', async () => {
    await page.goto(pageUrl);
    await page.waitForURL(`${origin}/ui`);
    for (const name of ['fs', 'memory', 'everything']) {
      const block = page.locator(`[data-server="${name}"]`);
      await block.waitFor();
      assert.equal(await block.getAttribute('data-status'), 'ready');
      const tokens = Number(await block.getAttribute('data-tokens'));
      assert.ok(tokens > 100, `${name}: ${tokens} tokens`);
      assert.ok((await block.textContent())!.includes(tokens.toLocaleString('en-US')), `${name} shows ${tokens.toLocaleString('en-US')}`);
    }
    assert.match((await page.textContent('#full'))!, /\d/);
    assert.match((await page.textContent('#upfront'))!, /\d/);
  });

  test('the file that --open hands to the browser leads to the page, and keeps the token off the command line', async () => {
    const opener = redirectFile(pageUrl);
    const other = await context.newPage();
    try {
      assert.equal(statSync(opener.file).mode & 0o777, 0o600);
      await other.goto(pathToFileURL(opener.file).href);
      await other.locator('[data-server="memory"]').waitFor();
      assert.equal(new URL(other.url()).pathname, '/ui');
    } finally {
      await other.close();
      opener.dispose();
    }
  });

  test('a tool switched off with the keyboard leaves the client\'s next tools/list and the config says so; on again, the file is as before', async () => {
    const names = async () => (await client.listTools()).tools.map((t) => t.name);
    assert.ok((await names()).includes('memory__read_graph'));
    const original = readFileSync(configFile, 'utf8');
    await page.selectOption('#scope', 'project');
    // Its family may be folded: open it as a user would.
    const folded = page.locator('details:not([open]):has([data-tool="memory/read_graph"]) > summary');
    while ((await folded.count()) > 0) await folded.first().click();
    const toggle = page.locator('[data-tool="memory/read_graph"] [data-toggle="tool"]');
    await toggle.scrollIntoViewIfNeeded();
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.locator('#status', { hasText: 'read_graph disabled' }).waitFor();
    assert.ok(!(await names()).includes('memory__read_graph'), 'gone from the next tools/list');
    assert.deepEqual(JSON.parse(readFileSync(configFile, 'utf8')).disable, ['memory/read_graph']);
    await page.locator('[data-tool="memory/read_graph"][data-state="disabled"]').waitFor();
    await page.locator('[data-tool="memory/read_graph"] [data-toggle="tool"]').click();
    await page.locator('#status', { hasText: 'read_graph enabled' }).waitFor();
    assert.equal(readFileSync(configFile, 'utf8'), original, 'byte for byte');
    assert.ok((await names()).includes('memory__read_graph'));
  });

  test('a call made by the client appears in the trace view with its tokens', async () => {
    await page.click('[data-view-tab="trace"]');
    await client.callTool({ name: 'everything__echo', arguments: { message: 'seen from the browser' } });
    const row = page.locator('[data-trace-row][data-tool="everything__echo"]');
    await row.first().waitFor({ timeout: 15_000 });
    const text = (await row.first().textContent())!;
    assert.match(text, /ui-test-client/);
    assert.match(text, /\d/);
    await page.locator('#tools', { hasText: 'everything__echo' }).waitFor();
    await page.locator('#sessions', { hasText: 'ui-test-client' }).waitFor();
  });

  test('a page on another port of this host cannot read or change anything, though the browser holds the cookie', async () => {
    const before = readFileSync(configFile, 'utf8');
    // Another port of 127.0.0.1: the same site, so the SameSite cookie rides along; another origin.
    const evil: Server = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<script>
        fetch(${JSON.stringify(`${origin}/ui/api/toggle`)}, {method: 'POST', mode: 'no-cors', credentials: 'include', headers: {'content-type': 'text/plain'},
          body: JSON.stringify({server: 'memory', tool: 'read_graph', scope: 'project', enabled: false})})
          .then(() => fetch(${JSON.stringify(`${origin}/ui/api/state`)}, {credentials: 'include'}))
          .then(() => document.title = 'read', () => document.title = 'blocked');
      </script>`);
    });
    await new Promise<void>((done) => evil.listen(0, '127.0.0.1', done));
    const attacker = await context.newPage();
    const seen: { path: string; status: number }[] = [];
    attacker.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === origin) seen.push({ path: url.pathname, status: response.status() });
    });
    try {
      await attacker.goto(`http://127.0.0.1:${(evil.address() as { port: number }).port}/`);
      await attacker.waitForFunction('document.title !== ""');
      assert.equal(await attacker.title(), 'blocked', 'another origin reads nothing');
      assert.equal(readFileSync(configFile, 'utf8'), before, 'nothing written');
      // The browser holds the page's cookie for this host, SameSite=Strict: a page on another port is the same site, so it is sent.
      const cookie = (await context.cookies(origin)).find((c) => c.name.startsWith('mcp-slim-ui-'));
      assert.equal(cookie?.sameSite, 'Strict');
      assert.equal(seen.find((r) => r.path === '/ui/api/toggle')?.status, 403);
    } finally {
      await attacker.close();
      evil.close();
    }
  });

  test('each view at 1280×800 and at phone size: no sideways scrolling, a screenshot kept', async () => {
    for (const [width, height, size] of [[1280, 800, 'desktop'], [390, 844, 'phone']] as const) {
      await page.setViewportSize({ width, height });
      for (const view of ['servers', 'trace', 'clients']) {
        await page.click(`[data-view-tab="${view}"]`);
        await page.locator(`[data-view="${view}"]:not([hidden])`).waitFor();
        const [scrollWidth, innerWidth] = (await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')) as [number, number];
        assert.ok(scrollWidth <= innerWidth, `${view} at ${size}: ${scrollWidth} px wide in ${innerWidth}`);
        const file = join(SHOTS, `${view}-${size}.png`);
        await page.screenshot({ path: file });
        // A blank or unstyled view compresses to a few KB.
        assert.ok(statSync(file).size > 15_000, `${file}: ${statSync(file).size} bytes`);
      }
    }
    assert.deepEqual(consoleErrors, []);
  });
});
