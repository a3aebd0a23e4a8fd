import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fixtureServer, runCli } from './_cli.js';

const CHROMIUM = '/usr/bin/chromium';
// Flags that keep Chromium off the network: the report must render with none.
const OFFLINE = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

test('the HTML report renders offline in headless Chromium, charts included', { skip: !existsSync(CHROMIUM) && 'Debian chromium is not installed' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-html-'));
  const html = join(dir, 'report.html');
  const { code } = await runCli(['measure', '--html', html, '--', ...fixtureServer('edge')]);
  assert.equal(code, 0);
  const profile = mkdtempSync(join(tmpdir(), 'mcp-slim-chromium-'));
  const dom = execFileSync(CHROMIUM, [...OFFLINE, `--user-data-dir=${profile}`, '--dump-dom', `file://${html}`], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'ignore'] });
  const bars = dom.match(/<g class="server-row"/g) ?? [];
  assert.equal(bars.length, 1, 'one bar per server in the rendered DOM');
  const png = join(dir, 'report.png');
  execFileSync(CHROMIUM, [...OFFLINE, `--user-data-dir=${profile}`, `--screenshot=${png}`, '--window-size=1200,1400', `file://${html}`], { timeout: 60_000, stdio: 'ignore' });
  // A blank page compresses to a few KB; a page with charts and tables is far larger.
  assert.ok(statSync(png).size > 30_000, `screenshot is ${statSync(png).size} bytes`);
  assert.ok(readFileSync(html, 'utf8').length > 0);
});
