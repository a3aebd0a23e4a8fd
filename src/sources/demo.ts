import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StdioSpec } from '../catalog/types.js';

/**
 * The embedded default: real MCP servers from npm that start without credentials. The
 * repository installs them as devDependencies (versions must match package.json, a test checks);
 * an installed mcp-slim without them falls back to `npx -y package@version`.
 */
export interface DemoServer {
  name: string;
  pkg: string;
  version: string;
  bin: string;
  args: string[];
  env?: Record<string, string>;
}

export const DEMO_SERVERS: readonly DemoServer[] = [
  { name: 'filesystem', pkg: '@modelcontextprotocol/server-filesystem', version: '2026.8.31', bin: 'mcp-server-filesystem', args: ['.'] },
  { name: 'memory', pkg: '@modelcontextprotocol/server-memory', version: '2026.8.31', bin: 'mcp-server-memory', args: [], env: { MEMORY_FILE_PATH: join(tmpdir(), 'mcp-slim-demo-memory.jsonl') } },
  { name: 'everything', pkg: '@modelcontextprotocol/server-everything', version: '2026.8.31', bin: 'mcp-server-everything', args: ['stdio'] },
  { name: 'sequential-thinking', pkg: '@modelcontextprotocol/server-sequential-thinking', version: '2026.8.31', bin: 'mcp-server-sequential-thinking', args: [] },
  { name: 'github', pkg: '@modelcontextprotocol/server-github', version: '2025.4.8', bin: 'mcp-server-github', args: [] },
  // Listing needs no database: the URL is only stored.
  { name: 'postgres', pkg: '@modelcontextprotocol/server-postgres', version: '0.6.2', bin: 'mcp-server-postgres', args: ['postgresql://localhost:5432/nodb'] },
  { name: 'playwright', pkg: '@playwright/mcp', version: '0.0.83', bin: 'playwright-mcp', args: ['--headless'] },
  { name: 'chrome-devtools', pkg: 'chrome-devtools-mcp', version: '1.11.0', bin: 'chrome-devtools-mcp', args: ['--headless'] },
  { name: 'context7', pkg: '@upstash/context7-mcp', version: '4.1.1', bin: 'context7-mcp', args: [] },
  { name: 'figma', pkg: 'figma-developer-mcp', version: '0.13.2', bin: 'figma-developer-mcp', args: ['--figma-api-key=dummy', '--stdio'] },
  { name: 'n8n', pkg: 'n8n-mcp', version: '2.87.0', bin: 'n8n-mcp', args: [], env: { MCP_MODE: 'stdio', LOG_LEVEL: 'error', DISABLE_CONSOLE_OUTPUT: 'true' } },
];

/** The folder holding mcp-slim's own package.json (its node_modules has the demo servers). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export function demoSpecs(root = packageRoot()): StdioSpec[] {
  return DEMO_SERVERS.map((d) => {
    const local = join(root, 'node_modules', '.bin', d.bin);
    const [command, args] = existsSync(local) ? [local, d.args] : ['npx', ['-y', `${d.pkg}@${d.version}`, ...d.args]];
    return {
      name: d.name,
      transport: 'stdio',
      command,
      args,
      ...(d.env ? { env: d.env } : {}),
      source: { kind: 'demo' },
    } satisfies StdioSpec;
  });
}
