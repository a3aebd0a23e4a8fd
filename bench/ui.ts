/**
 * The page's work on big catalogs: building its state (tokens of every tool, families, what a new
 * session is listed, seven clients' costs) cold and warm, and one switch (plan, atomic write, rules
 * read again) in a project with user and project files.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRuleBook } from '../src/client-cost/rules-file.js';
import { resultGuard } from '../src/gateway/assemble.js';
import { loadGatewayConfig } from '../src/gateway/config/index.js';
import { Gateway } from '../src/gateway/gateway.js';
import { ScopeWriter, scopeFiles } from '../src/ui/scope-writer.js';
import { uiState } from '../src/ui/state.js';
import { sharedCatalog } from './_catalogs.js';
import { median, timeSync } from './_stats.js';
import type { Section } from './sections.js';
import { table } from './_table.js';

/** A gateway whose upstreams are the catalog's servers, ready, with no process behind them. */
function gatewayOf(copies: number, load: { cwd: string; home: string; env: Record<string, string> }): Gateway {
  const catalog = sharedCatalog(copies);
  const config = loadGatewayConfig(load);
  const upstreams = catalog.servers.map((s) => ({ name: s.name.replace(/[^A-Za-z0-9_-]/g, '-'), transport: 'stdio', command: 'true', args: [], source: { kind: 'cli' } }));
  const gateway = new Gateway({ ...config, upstreams: upstreams as never }, { env: {}, cwd: load.cwd });
  catalog.servers.forEach((s, i) => {
    const upstream = gateway.upstreams.get(upstreams[i]!.name)!;
    upstream.tools = s.tools;
    upstream.status = 'ready';
  });
  return gateway;
}

export const uiSection: Section = {
  title: 'ui: the page state and one switch, on the shared catalogs (deferred mode)',
  async run() {
    const rows = [];
    const rules = loadRuleBook();
    for (const copies of [1, 3]) {
      const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-bench-ui-'));
      const root = join(dir, 'repo');
      const home = join(dir, 'home');
      mkdirSync(join(root, '.git'), { recursive: true });
      mkdirSync(join(home, '.config', 'mcp-slim'), { recursive: true });
      writeFileSync(join(root, 'mcp-slim.config.json'), '{\n  "disable": ["*/delete_*"]\n}\n');
      writeFileSync(join(home, '.config', 'mcp-slim', 'config.json'), '{"log": false}\n');
      const load = { cwd: root, home, env: { HOME: home } };
      const gateway = gatewayOf(copies, load);
      const inputs = { gateway, guard: resultGuard(gateway.config), serving: true, scopes: scopeFiles(load), rules };
      const [size, cold] = timeSync(() => JSON.stringify(uiState(inputs)).length);
      const warm = median(Array.from({ length: 5 }, () => timeSync(() => JSON.stringify(uiState(inputs)))[1]));
      const writer = new ScopeWriter(gateway, load);
      const [server] = gateway.upstreams.values();
      const tool = server!.tools[0]!.name;
      const switches = Array.from({ length: 10 }, (_, i) => timeSync(() => writer.toggle({ target: { server: server!.name, tool }, scope: 'project', enabled: i % 2 === 1 }))[1]);
      const tools = [...gateway.upstreams.values()].reduce((n, u) => n + u.tools.length, 0);
      rows.push([tools, Math.round(size / 1024), cold, warm, median(switches)]);
    }
    return table(['tools', 'state KB', { title: 'state cold ms', digits: 1 }, { title: 'state warm ms', digits: 1 }, { title: 'switch ms (median of 10)', digits: 1 }], rows);
  },
};
