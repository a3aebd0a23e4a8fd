import { SlimError } from '../errors.js';
import { sha256 } from '../util/hash.js';
import { documentData, sameData, serversIn, withServers } from './document.js';
import { ENTRY_NAME, isGatewayEntry } from './gateway-entry.js';
import type { ServerTable } from './server-table.js';
import { SERVERS_KEY, type InstallTarget } from './targets.js';

export { sha256 };

/** What install remembers, to undo itself exactly. */
export interface InstallRecord {
  version: 1;
  client: string;
  scope: string;
  file: string;
  /** The client's file before the first install, kept beside this record. */
  backup: string;
  original: string;
  /** Hashes of the client's file and the servers file as install last wrote them. */
  written: string;
  servers: string;
  /** False once a later install moved more servers: the backup then lacks some. */
  restorable: boolean;
}

export type UninstallPlan =
  | { kind: 'restore'; text: string }
  | { kind: 'merge'; text: string; restored: string[]; alreadyThere: string[] };

export interface UninstallInput {
  target: InstallTarget;
  /** The client's file now (undefined: it was deleted since). */
  current: string | undefined;
  record: InstallRecord;
  backupText: string;
  servers: { file: string; text: string };
}

/**
 * Undo an install. Untouched since (the client's file and the servers file both as install left
 * them): the backup, byte for byte. Otherwise the servers go back into the file as it is now,
 * keeping the user's edits, and the gateway's entry leaves; a server that is now in both places
 * with different settings stops it, with the reason.
 */
export function planUninstall(input: UninstallInput, serversTable: ServerTable): UninstallPlan {
  const { target, current, record, servers } = input;
  if (current !== undefined && record.restorable && sha256(current) === record.written && sha256(servers.text) === record.servers) {
    if (sha256(input.backupText) !== record.original) {
      throw new SlimError('config', `${record.backup}: this backup is not the file install saved (it was changed); restore ${target.file} by hand from it, or delete ${target.stateDir} to forget the install`);
    }
    return { kind: 'restore', text: input.backupText };
  }
  const { table, root, file, client } = target;
  const bom = current?.startsWith('\uFEFF') ? '\uFEFF' : '';
  const text = current?.slice(bom.length) ?? (table.format === 'toml' ? '' : '{}\n');
  const before = documentData(table, text, file);
  const declared = serversIn(before, root);
  const chunks = serversTable.chunks(servers.text);
  const moved = serversIn(documentData(serversTable, servers.text, servers.file), [SERVERS_KEY[client]]);
  const missing = Object.keys(moved).filter((name) => !chunks.some((c) => c.name === name));
  if (missing.length) {
    throw new SlimError('config', `${servers.file}: server "${missing[0]}" is not written as an entry of its own; write it like the others, then run uninstall again`);
  }
  const alreadyThere: string[] = [];
  const restoring = chunks.filter((chunk) => {
    if (!(chunk.name in declared)) return true;
    if (sameData(declared[chunk.name], moved[chunk.name])) {
      alreadyThere.push(chunk.name);
      return false;
    }
    throw new SlimError('usage', `server "${chunk.name}" is in ${file} and, with other settings, in ${servers.file}; keep one of them (delete the other), then run uninstall again`);
  });
  const ours = isGatewayEntry(declared[ENTRY_NAME]);
  const out = table.insert(ours ? table.remove(text, [ENTRY_NAME]) : text, restoring);
  const kept = Object.fromEntries(Object.entries(declared).filter(([name]) => !(ours && name === ENTRY_NAME)));
  const expected = withServers(before, root, { ...kept, ...Object.fromEntries(restoring.map((c) => [c.name, moved[c.name]])) });
  if (!sameData(documentData(table, out, file), expected)) {
    throw new SlimError('config', `${file}: mcp-slim could not put the servers back without changing more than them (an unusual layout); nothing was written. Copy them by hand from ${servers.file}`);
  }
  return { kind: 'merge', text: bom + out, restored: restoring.map((c) => c.name), alreadyThere };
}
