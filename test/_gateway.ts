import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { assembleGateway, type Assembled } from '../src/gateway/assemble.js';
import { loadGatewayConfig } from '../src/gateway/config/index.js';
import { startHttpGateway } from '../src/gateway/http-server.js';
import { loadRuleBook } from '../src/client-cost/rules-file.js';
import { ScopeWriter } from '../src/ui/scope-writer.js';
import { TraceFeed } from '../src/ui/trace-feed.js';
import { createUiHandler, type UiHandler } from '../src/ui/ui-http.js';
import { BIN, FIXTURES } from './_cli.js';

export const REAL_UPSTREAMS = (dir: string) => ({
  fs: { command: [BIN('mcp-server-filesystem'), dir] },
  memory: { command: [BIN('mcp-server-memory')], env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } },
  everything: { command: [BIN('mcp-server-everything'), 'stdio'] },
});
export const FIXTURE_UPSTREAM = (name: string) => ({ command: ['node', `${FIXTURES}servers/${name}.mjs`] });

export interface TestGateway extends Assembled {
  url: string;
  dir: string;
  notices: string[];
  connect(agent?: string, headers?: Record<string, string>): Promise<Client>;
  stop(): Promise<void>;
  /** How its config files were read (to read them again). */
  load: { cwd: string; home: string; env: Record<string, string | undefined> };
  /** With `ui: true`: the page's handler (its token), the trace feed it shows, and the files it writes. */
  ui?: { handler: UiHandler; feed: TraceFeed; origin: string; projectFile: string; home: string };
}

/**
 * A gateway as `mcp-slim serve --http` runs it, configured by real files in a temporary project
 * (project config, optional user and folder configs), reached by a real SDK client over HTTP.
 */
export async function startTestGateway(project: object, layers: { user?: object; folder?: object; env?: Record<string, string>; ui?: boolean } = {}): Promise<TestGateway> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-gw-'));
  const home = join(dir, 'home');
  const root = join(dir, 'project');
  const cwd = layers.folder ? join(root, 'sub') : root;
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(root, 'mcp-slim.config.json'), JSON.stringify({ log: join(dir, 'trace.jsonl'), ...project }));
  if (layers.folder) writeFileSync(join(cwd, 'mcp-slim.config.json'), JSON.stringify(layers.folder));
  if (layers.user) {
    mkdirSync(join(home, '.config', 'mcp-slim'), { recursive: true });
    writeFileSync(join(home, '.config', 'mcp-slim', 'config.json'), JSON.stringify(layers.user));
  }
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...layers.env };
  const load = { cwd, home, env };
  const config = loadGatewayConfig(load);
  const notices: string[] = [];
  const feed = layers.ui ? new TraceFeed() : undefined;
  const assembled = assembleGateway(config, { env, cwd }, (line) => notices.push(line), feed);
  await assembled.gateway.start();
  const handler = feed && createUiHandler({ gateway: assembled.gateway, guard: assembled.guard, writer: new ScopeWriter(assembled.gateway, load), feed, serving: true, rules: loadRuleBook() });
  const served = await startHttpGateway(assembled.gateway, assembled.guard, { host: '127.0.0.1', port: 0, allowedOrigins: [], ...(config.http.token ? { token: config.http.token } : {}), ...(handler ? { ui: handler } : {}) });
  const http: HttpServer = served.http;
  const origin = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  const url = `${origin}/mcp`;
  const clients: Client[] = [];
  return {
    ...assembled,
    url,
    dir,
    notices,
    load,
    async connect(agent, headers = {}) {
      const client = new Client({ name: 'test', version: '1' });
      const requestInit = { headers: { ...headers, ...(agent ? { 'x-mcp-slim-agent': agent } : {}) } };
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit }));
      clients.push(client);
      return client;
    },
    ...(handler && feed ? { ui: { handler, feed, origin, projectFile: join(root, 'mcp-slim.config.json'), home } } : {}),
    async stop() {
      handler?.close();
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await served.close();
      await assembled.gateway.stop();
      await assembled.log.close();
    },
  };
}

/**
 * Waits until every upstream is ready: with a short timeout (2 s, so the timeout tests run fast),
 * a loaded machine can miss an upstream's first start, and the gateway retries with backoff.
 */
export async function waitForUpstreams(gw: TestGateway, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  const down = () => [...gw.gateway.upstreams.values()].filter((u) => u.status !== 'ready').map((u) => `${u.name}: ${u.status}`);
  while (down().length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  if (down().length) throw new Error(`upstreams not ready after ${ms} ms: ${down().join(', ')}`);
}

/** The tool's own text: the first content block (a server's first result can carry a part of its instructions after it). */
export const firstText = (result: unknown): string => ((result as { content: { text?: string }[] }).content ?? [])[0]?.text ?? '';

export const textOf = (result: unknown): string => ((result as { content: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');
