import { existsSync, readFileSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SlimError } from '../errors.js';
import { isPlainObject } from '../sources/clients/fields.js';
import type { InstallRecord } from './plan-uninstall.js';
import type { InstallTarget } from './targets.js';

/** Written in a project's .mcp-slim: backups and moved servers may hold secrets and this machine's paths. */
export const GITIGNORE = '# Written by mcp-slim install: backups, moved servers (they may hold secrets) and paths of this machine.\n*\n';

/** The files one install keeps in its state folder. */
export interface StateFiles {
  /** The moved servers, in the client's own format. */
  servers: string;
  /** The gateway config the entry starts with: the user's to edit. */
  layer: string;
  /** The client's file as it was before the first install. */
  backup: string;
  record: string;
}

export function stateFiles(target: InstallTarget): StateFiles {
  const ext = target.client === 'codex' ? 'toml' : 'json';
  return {
    servers: path.join(target.stateDir, `servers.${ext}`),
    layer: path.join(target.stateDir, 'gateway.config.json'),
    backup: path.join(target.stateDir, `backup.${ext}`),
    record: path.join(target.stateDir, 'install.json'),
  };
}

/** A file's text, or undefined when it does not exist; other failures are one-line errors. */
export function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'EISDIR') throw new SlimError('usage', `${file} is a folder, not a file; move it away or name the file`);
    throw new SlimError('io', `cannot read ${file} (${code ?? String(error)}); check its permissions`);
  }
}


/** The record of an earlier install, checked, or undefined when there is none. */
export function readRecord(files: StateFiles): InstallRecord | undefined {
  const text = readIfExists(files.record);
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const ok =
    isPlainObject(data) &&
    data.version === 1 &&
    ['client', 'scope', 'file', 'backup', 'original', 'written', 'servers'].every((k) => typeof data[k] === 'string') &&
    typeof data.restorable === 'boolean';
  if (!ok) throw new SlimError('config', `${files.record}: not an install record mcp-slim can read; restore the client's file from ${files.backup} by hand, then delete ${path.dirname(files.record)}`);
  return data as unknown as InstallRecord;
}

/** Remove what an install created, and its folders when they are left empty. */
export function removeState(target: InstallTarget, files: StateFiles): void {
  for (const file of [files.servers, files.layer, files.backup, files.record]) rmSync(file, { force: true });
  const removeIfEmpty = (dir: string, allowed: readonly string[] = []) => {
    if (!existsSync(dir)) return;
    const left = readdirSync(dir);
    if (left.every((f) => allowed.includes(f) && readIfExists(path.join(dir, f)) === GITIGNORE)) {
      for (const f of left) rmSync(path.join(dir, f), { force: true });
      rmdirSync(dir);
    }
  };
  removeIfEmpty(target.stateDir);
  // The project folder's .mcp-slim holds one folder per client and the .gitignore install wrote.
  if (target.scope === 'project') removeIfEmpty(path.dirname(target.stateDir), ['.gitignore']);
}
