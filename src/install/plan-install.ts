import { SlimError } from '../errors.js';
import { documentData, sameData, serversIn, valueAt, withServers } from './document.js';
import { commandLine, ENTRY_NAME, gatewayEntry, isGatewayEntry, referencedVariables, staysBecause, type Launch } from './gateway-entry.js';
import type { ServerChunk, ServerTable } from './server-table.js';
import { SERVERS_KEY, type InstallTarget } from './targets.js';

export interface InstallInput {
  target: InstallTarget;
  /** The client's file as it is now. */
  text: string;
  launch: Launch;
  /** Servers the client itself would not start (disabled, unsupported), by name, with why. */
  skipped: ReadonlyMap<string, string>;
  /** The moved-servers file of an earlier install, if there is one. */
  servers?: { file: string; text: string };
}

export interface InstallPlan {
  clientText: string;
  serversText: string;
  /** Servers moved by this run. */
  moved: string[];
  /** Servers left in the client's file, with why. */
  stayed: { name: string; reason: string }[];
  /** Every server behind the gateway (earlier installs' too), by name, with its entry as the client wrote it. */
  behind: Record<string, unknown>;
  /** Servers the client loads in full whatever it defers (Claude Code's alwaysLoad): pinned in the gateway. */
  pinned: string[];
  /** Variables the gateway's entry passes on. */
  variables: string[];
}

/** Our own edit read back; text we made that does not parse is an edit we cannot make safely. */
function readBack(table: ServerTable, text: string, file: string): Record<string, unknown> | undefined {
  try {
    return documentData(table, text, file);
  } catch {
    return undefined;
  }
}

/** Whether two gateway entries start the same program with the same arguments. */
const startsSame = (a: unknown, b: unknown): boolean => sameData(commandLine(a), commandLine(b));

/**
 * What install writes, computed from text alone: the client's file with its servers replaced by
 * one gateway entry, and the file that keeps those servers in the client's own syntax. The result
 * is checked by reading both back: the client's file must hold exactly what it held, minus the
 * moved servers, plus the entry; the servers file exactly the moved servers. Otherwise nothing is
 * planned and the reason is given.
 */
export function planInstall(input: InstallInput, serversTable: ServerTable): InstallPlan {
  const { target, launch } = input;
  // A byte order mark (some Windows editors write one) stays, in front of the edited text.
  const bom = input.text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const text = input.text.slice(bom.length);
  const { table, root, file, client } = target;
  const before = documentData(table, text, file);
  const declared = serversIn(before, root);
  const chunks = table.chunks(text);
  const own = declared[ENTRY_NAME];
  if (own !== undefined && !isGatewayEntry(own)) {
    throw new SlimError('usage', `${file}: a server is already named "${ENTRY_NAME}" and it is not mcp-slim's gateway; rename it, then run install again`);
  }
  const allowed = valueAt(before, ['mcp', 'allowed']);
  if (client === 'gemini' && Array.isArray(allowed) && !allowed.includes(ENTRY_NAME)) {
    throw new SlimError('usage', `${file}: "mcp.allowed" lists the only servers Gemini CLI may start; add "${ENTRY_NAME}" to it, then run install again`);
  }
  const earlier = input.servers ? serversIn(documentData(serversTable, input.servers.text, input.servers.file), [SERVERS_KEY[client]]) : {};
  const stayed: InstallPlan['stayed'] = [];
  const moving: ServerChunk[] = [];
  const movedValues: Record<string, unknown> = {};
  for (const name of Object.keys(declared)) {
    if (name === ENTRY_NAME) continue;
    const value = declared[name];
    const chunk = chunks.find((c) => c.name === name);
    const reason =
      input.skipped.get(name) ??
      staysBecause(client, value) ??
      (chunk ? undefined : `is not written as its own [${SERVERS_KEY[client]}.${name}] table, so it cannot be moved as text; write it that way to move it`);
    if (reason) {
      stayed.push({ name, reason });
      continue;
    }
    if (name in earlier) {
      if (!sameData(earlier[name], value)) {
        throw new SlimError('usage', `server "${name}" is in ${file} and, with other settings, in ${input.servers!.file}; keep one of them (delete the other), then run install again`);
      }
    } else moving.push(chunk!);
    movedValues[name] = value;
  }
  const movedNames = Object.keys(movedValues);
  const behind = { ...earlier, ...movedValues };
  if (!Object.keys(behind).length) {
    const why = stayed.map((x) => `${x.name} ${x.reason}`).join('; ');
    throw new SlimError('usage', `${file}: no server can move behind the gateway${why ? ` (${why})` : ''}`);
  }
  const variables = [...new Set(Object.values(behind).flatMap((v) => referencedVariables(client, v)))].sort();
  const wanted = gatewayEntry(client, launch, variables);
  // An entry install wrote before stays as the user may have changed it (a timeout, a comment),
  // unless it starts another mcp-slim or misses a variable a moved server now reads.
  const keep = own !== undefined && startsSame(own, wanted) && variables.every((v) => JSON.stringify(own).includes(v));
  const entry = keep ? (own as Record<string, unknown>) : wanted;
  const withoutMoved = table.remove(text, movedNames);
  const clientText = keep ? withoutMoved : table.set(withoutMoved, ENTRY_NAME, wanted);
  const serversText = input.servers ? serversTable.insert(input.servers.text, moving) : serversTable.newFile(moving, SERVERS_KEY[client]);

  const kept = Object.fromEntries(Object.entries(declared).filter(([name]) => !(name in movedValues) && name !== ENTRY_NAME));
  const expected = withServers(before, root, { ...kept, [ENTRY_NAME]: entry });
  if (!sameData(readBack(table, clientText, file), expected)) {
    throw new SlimError('config', `${file}: mcp-slim could not edit this file without changing more than its servers (an unusual layout); nothing was written. Move the servers by hand or report the file's layout`);
  }
  if (!sameData(serversIn(readBack(serversTable, serversText, 'the servers file'), [SERVERS_KEY[client]]), behind)) {
    throw new SlimError('config', `${file}: mcp-slim could not copy its servers as text (an unusual layout); nothing was written`);
  }
  const pinned = client === 'claude-code' ? Object.entries(behind).filter(([, v]) => (v as { alwaysLoad?: unknown })?.alwaysLoad === true).map(([n]) => `${n}/*`) : [];
  return { clientText: bom + clientText, serversText, moved: movedNames.filter((n) => !(n in earlier)), stayed, behind, pinned, variables };
}
