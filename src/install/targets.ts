import path from 'node:path';
import type { ClientKind } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import { sha256 } from '../util/hash.js';
import { userConfigLocations } from '../sources/clients/locations.js';
import { jsonServerTable } from './json-servers.js';
import type { ServerTable } from './server-table.js';
import { tomlServerTable } from './toml-servers.js';

export type InstallScope = 'project' | 'local' | 'user';

/** The scopes each client has, the usual one first (Claude Code's "local" is its private per-project list in ~/.claude.json). */
export const CLIENT_SCOPES: Record<ClientKind, readonly InstallScope[]> = {
  'claude-code': ['project', 'local', 'user'],
  'claude-desktop': ['user'],
  cursor: ['project', 'user'],
  vscode: ['project', 'user'],
  codex: ['project', 'user'],
  gemini: ['project', 'user'],
  opencode: ['project', 'user'],
};

/** The key servers sit under in each client's file (the top of the path for Claude Code's local scope). */
export const SERVERS_KEY: Record<ClientKind, string> = {
  'claude-code': 'mcpServers',
  'claude-desktop': 'mcpServers',
  cursor: 'mcpServers',
  vscode: 'servers',
  codex: 'mcp_servers',
  gemini: 'mcpServers',
  opencode: 'mcp',
};

/** The one place a client's servers are written, and where our files for that install go. */
export interface InstallTarget {
  client: ClientKind;
  scope: InstallScope;
  file: string;
  /** The path of the server table inside the file. */
  root: string[];
  table: ServerTable;
  /** The folder that holds the moved servers, the gateway config, the backup and the install record. */
  stateDir: string;
  /** The project folder, for project and local scopes. */
  project?: string;
}

export interface TargetContext {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists: (file: string) => boolean;
}

/** Where mcp-slim keeps its per-user files: as for the gateway config's user scope. */
export const userStateRoot = (ctx: Pick<TargetContext, 'home' | 'env'>): string =>
  path.join(ctx.env.XDG_CONFIG_HOME || path.join(ctx.home, '.config'), 'mcp-slim', 'installs');

const shortHash = (s: string) => sha256(s).slice(0, 8);

function userFile(client: ClientKind, ctx: TargetContext): string {
  const files = userConfigLocations(ctx.home, ctx.env, ctx.platform, ctx.cwd).filter((l) => l.client === client).map((l) => l.file);
  return files.find(ctx.exists) ?? files.find((f) => !f.endsWith('.jsonc'))!;
}

function projectFile(client: ClientKind, cwd: string, exists: (f: string) => boolean): string {
  switch (client) {
    case 'claude-code':
      return path.join(cwd, '.mcp.json');
    case 'cursor':
      return path.join(cwd, '.cursor', 'mcp.json');
    case 'vscode':
      return path.join(cwd, '.vscode', 'mcp.json');
    case 'codex':
      return path.join(cwd, '.codex', 'config.toml');
    case 'gemini':
      return path.join(cwd, '.gemini', 'settings.json');
    case 'opencode':
      return [path.join(cwd, 'opencode.jsonc'), path.join(cwd, 'opencode.json')].find(exists) ?? path.join(cwd, 'opencode.json');
    case 'claude-desktop':
      throw new SlimError('usage', 'Claude Desktop has no project config; use --scope user');
  }
}

/** The file, server table and state folder of one client and scope. */
export function installTarget(client: ClientKind, scope: InstallScope, ctx: TargetContext): InstallTarget {
  if (!CLIENT_SCOPES[client].includes(scope)) {
    throw new SlimError('usage', `--scope ${scope} does not apply to ${client}; use ${CLIENT_SCOPES[client].join(' or ')}`);
  }
  const cwd = path.resolve(ctx.cwd);
  const file = scope === 'project' ? projectFile(client, cwd, ctx.exists) : userFile(client, ctx);
  const key = SERVERS_KEY[client];
  const root = scope === 'local' ? ['projects', cwd, key] : [key];
  const table = client === 'codex' ? tomlServerTable(key) : jsonServerTable(root, file);
  // Project files live with the project; the local and user scopes keep theirs out of it.
  const stateDir =
    scope === 'project' ? path.join(cwd, '.mcp-slim', client) : path.join(userStateRoot(ctx), scope === 'local' ? `${client}-local-${shortHash(cwd)}` : `${client}-user`);
  return { client, scope, file, root, table, stateDir, ...(scope === 'user' ? {} : { project: cwd }) };
}

/** The table of the file that keeps the moved servers: the client's own format, the table at the top. */
export function movedServersTable(target: InstallTarget, file: string): ServerTable {
  const key = SERVERS_KEY[target.client];
  return target.client === 'codex' ? tomlServerTable(key) : jsonServerTable([key], file);
}
