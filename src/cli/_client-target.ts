import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import type { ClientKind } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import { documentData, serversIn } from '../install/document.js';
import { readIfExists, readRecord, stateFiles } from '../install/state.js';
import { CLIENT_SCOPES, installTarget, type InstallScope, type InstallTarget, type TargetContext } from '../install/targets.js';
import { CLIENT_NAMES, isClientKind } from '../sources/clients/names.js';
import { unifiedDiff } from '../util/line-diff.js';
import { redactLines } from '../util/redact.js';
import type { CliIO } from './io.js';

export const CLIENT_FLAG = {
  type: 'string',
  value: 'NAME',
  help: `the client: ${CLIENT_NAMES.join(', ')}`,
} as const;

export const SCOPE_FLAG = {
  type: 'string',
  value: 'SCOPE',
  help: "project (this folder's config), user (your own), or local (Claude Code's private list for this folder in ~/.claude.json); default: the first that has servers",
} as const;

export function targetContext(io: CliIO): TargetContext {
  return { cwd: io.cwd, home: io.env.HOME ?? homedir(), env: io.env, platform: process.platform, exists: existsSync };
}

export function clientOf(command: string, value: string | undefined): ClientKind {
  if (value === undefined) throw new SlimError('usage', `mcp-slim ${command} needs --client: one of ${CLIENT_NAMES.join(', ')}`);
  if (!isClientKind(value)) throw new SlimError('usage', `--client ${value} is not a client mcp-slim knows; use one of ${CLIENT_NAMES.join(', ')}`);
  return value;
}

function scopeOf(client: ClientKind, value: string | undefined): InstallScope | undefined {
  if (value === undefined) return undefined;
  const scopes = CLIENT_SCOPES[client];
  if (!(scopes as readonly string[]).includes(value)) throw new SlimError('usage', `--scope ${value} does not apply to ${client}; use ${scopes.join(' or ')}`);
  return value as InstallScope;
}

function hasServers(target: InstallTarget): boolean {
  const text = readIfExists(target.file);
  if (text === undefined) return false;
  try {
    return Object.keys(serversIn(documentData(target.table, text, target.file), target.root)).length > 0;
  } catch {
    // A file we cannot read as data still is the user's: let the command say what is wrong with it.
    return true;
  }
}

/**
 * The client file a command works on. install: the given scope, else the first scope whose file
 * has servers. uninstall: the given scope, else the one scope that has an install record.
 */
export function chooseTarget(command: 'install' | 'uninstall', client: ClientKind, scopeFlag: string | undefined, ctx: TargetContext): InstallTarget {
  const given = scopeOf(client, scopeFlag);
  if (given) return installTarget(client, given, ctx);
  const targets = CLIENT_SCOPES[client].map((scope) => installTarget(client, scope, ctx));
  if (command === 'uninstall') {
    const installed = targets.filter((t) => readRecord(stateFiles(t)) !== undefined);
    if (installed.length === 1) return installed[0]!;
    if (installed.length === 0) throw new SlimError('usage', `no install of ${client} to undo here (looked for ${targets.map((t) => stateFiles(t).record).join(', ')})`);
    throw new SlimError('usage', `${client} is installed in the ${installed.map((t) => t.scope).join(' and ')} scopes; say which to undo with --scope`);
  }
  const found = targets.find(hasServers);
  if (found) return found;
  throw new SlimError('usage', `no MCP servers of ${client} to put behind the gateway: looked in ${[...new Set(targets.map((t) => t.file))].join(', ')}; add servers to one of them, or name the scope with --scope`);
}

/** A diff for the terminal, with every secret in it masked. */
export function printDiff(io: CliIO, file: string, before: string | undefined, after: string): void {
  const diff = unifiedDiff(before ?? '', after, { from: before === undefined ? '/dev/null' : file, to: file });
  if (diff) io.stdout.write(redactLines(diff));
}
