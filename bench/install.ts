/**
 * install and uninstall on a large ~/.claude.json (Claude Code keeps every project's history in
 * it): planning is text in, text out, read back twice; the dry-run diff aligns lines.
 */
import { planInstall } from '../src/install/plan-install.js';
import { planUninstall, sha256 } from '../src/install/plan-uninstall.js';
import { installTarget, movedServersTable } from '../src/install/targets.js';
import { unifiedDiff } from '../src/util/line-diff.js';
import type { Section } from './sections.js';
import { timeSync } from './_stats.js';
import { table } from './_table.js';

function claudeJson(projects: number): string {
  const project = (i: number) => [`/home/me/src/project-${i}`, { history: Array.from({ length: 20 }, (_, j) => ({ display: `a prompt of the user, number ${j}`, pastedContents: {} })), allowedTools: [], hasTrustDialogAccepted: true }];
  const servers = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`server-${i}`, { type: 'stdio', command: 'npx', args: ['-y', `some-mcp-server-${i}`], env: { LOG_LEVEL: 'info' } }]));
  return `${JSON.stringify({ numStartups: 412, mcpServers: servers, projects: Object.fromEntries(Array.from({ length: projects }, (_, i) => project(i))) }, null, 2)}\n`;
}

export const installSection: Section = {
  title: 'install: plan, undo and dry-run diff on a large ~/.claude.json (12 servers, user scope)',
  async run() {
    const rows = [];
    for (const projects of [10, 500, 2_000]) {
      const text = claudeJson(projects);
      const ctx = { cwd: '/home/me/src/project-0', home: '/home/me', env: {}, platform: 'linux' as const, exists: () => false };
      const target = installTarget('claude-code', 'user', ctx);
      const servers = movedServersTable(target, '/state/servers.json');
      const launch = { command: '/usr/bin/node', args: ['/opt/mcp-slim/bin/mcp-slim.js', 'serve', '--gateway-config', '/state/gateway.config.json'] };
      const [plan, installMs] = timeSync(() => planInstall({ target, text, launch, skipped: new Map() }, servers));
      const [, diffMs] = timeSync(() => unifiedDiff(text, plan.clientText, { from: 'a', to: 'b' }));
      const record = { version: 1 as const, client: 'claude-code', scope: 'user', file: target.file, backup: 'b', original: sha256(text), written: sha256(plan.clientText), servers: sha256(plan.serversText), restorable: true };
      const edited = plan.clientText.replace('"numStartups": 412', '"numStartups": 413');
      const [, mergeMs] = timeSync(() => planUninstall({ target, current: edited, record, backupText: text, servers: { file: 's', text: plan.serversText } }, servers));
      rows.push([projects, Math.round(text.length / 1024), installMs, diffMs, mergeMs]);
    }
    return table(['projects', 'file KB', { title: 'install plan ms', digits: 1 }, { title: 'dry-run diff ms', digits: 1 }, { title: 'merge undo ms', digits: 1 }], rows);
  },
};
