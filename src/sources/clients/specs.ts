import path from 'node:path';
import type { ClientKind, HttpSpec, ServerSpec, SpecSource, StdioSpec, ToolFilter } from '../../catalog/types.js';
import type { ClientContext, ParsedServers } from './types.js';

export const emptyResult = (): ParsedServers => ({ specs: [], warnings: [], skipped: [] });

export const configSource = (client: ClientKind, ctx: ClientContext, scope: string = ctx.scope): SpecSource => ({
  kind: 'config',
  client,
  file: ctx.file,
  scope,
});

interface Common {
  name: string;
  source: SpecSource;
  toolFilter?: ToolFilter | undefined;
  timeoutMs?: number | undefined;
}

const nonEmpty = (record: Record<string, string> | undefined): Record<string, string> | undefined =>
  record && Object.keys(record).length > 0 ? record : undefined;

// Optional fields are left out rather than set to undefined or {}, so `"env": {}` and no env
// compare equal when merging files, and specs print cleanly.
function withCommon<T extends object>(spec: T, common: Common): T & Common {
  const out: T & Common = { ...spec, name: common.name, source: common.source };
  const filter = common.toolFilter;
  if (filter && (filter.include !== undefined || filter.exclude !== undefined)) {
    out.toolFilter = {
      ...(filter.include !== undefined ? { include: filter.include } : {}),
      ...(filter.exclude !== undefined ? { exclude: filter.exclude } : {}),
    };
  }
  if (common.timeoutMs !== undefined) out.timeoutMs = common.timeoutMs;
  return out;
}

export function stdioSpec(
  common: Common,
  fields: { command: string; args?: string[] | undefined; env?: Record<string, string> | undefined; cwd?: string | undefined },
): StdioSpec {
  const env = nonEmpty(fields.env);
  return withCommon(
    {
      transport: 'stdio' as const,
      command: fields.command,
      args: fields.args ?? [],
      ...(env ? { env } : {}),
      ...(fields.cwd !== undefined ? { cwd: fields.cwd } : {}),
    },
    common,
  );
}

export function httpSpec(
  common: Common,
  fields: { transport: 'http' | 'sse'; url: string; headers?: Record<string, string> | undefined },
): HttpSpec {
  const headers = nonEmpty(fields.headers);
  return withCommon({ transport: fields.transport, url: fields.url, ...(headers ? { headers } : {}) }, common);
}

/** A relative `cwd` is relative to the config file's folder; `~` is the home folder. */
export function resolveCwd(cwd: string, ctx: Pick<ClientContext, 'file' | 'home'>): string {
  if (cwd === '~' || cwd.startsWith('~/') || cwd.startsWith('~\\')) return path.join(ctx.home, cwd.slice(1));
  return path.resolve(path.dirname(ctx.file), cwd);
}

export const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item, i) => item === b[i]);

export function sameRecord(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const left = Object.entries(a ?? {}).sort(([x], [y]) => x.localeCompare(y));
  const right = Object.entries(b ?? {}).sort(([x], [y]) => x.localeCompare(y));
  return left.length === right.length && left.every(([k, v], i) => right[i]?.[0] === k && right[i]?.[1] === v);
}

/** The duplicate rule for merging files: same launch (command, args, env) or same endpoint (url, headers). */
export function sameServer(a: ServerSpec, b: ServerSpec): boolean {
  if (a.transport === 'stdio' && b.transport === 'stdio') {
    return a.command === b.command && sameList(a.args, b.args) && sameRecord(a.env, b.env);
  }
  if (a.transport !== 'stdio' && b.transport !== 'stdio') return a.url === b.url && sameRecord(a.headers, b.headers);
  return false;
}
