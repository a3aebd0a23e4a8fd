import type { ServerSpec } from '../../catalog/types.js';
import { SlimError } from '../../errors.js';
import { configRoot, EntryReader, isPlainObject, mapStringsDeep, serverEntries } from './fields.js';
import type { Entry } from './fields.js';
import { configSource, emptyResult, httpSpec, resolveCwd, stdioSpec } from './specs.js';
import type { ClientContext, ClientParser, ParsedServers, SkippedServer } from './types.js';

const EXAMPLE = '"fs": { "command": "npx", "args": ["-y", "some-mcp-server"] } or "api": { "httpUrl": "https://example.com/mcp" }';

/** Gemini CLI's `$VAR`, `${VAR}` and `${VAR:-DEFAULT}`; an unset variable without a default becomes "". */
export function expandGeminiVars(value: string, env: Record<string, string | undefined>, onUnset: (name: string) => void): string {
  return value.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (_whole, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
      const name = (braced ?? bare) as string;
      const set = env[name];
      if (set !== undefined) return set;
      if (fallback !== undefined) return fallback;
      onUnset(name);
      return '';
    },
  );
}

function readServer(r: EntryReader, ctx: ClientContext, out: ParsedServers): ServerSpec | undefined {
  const common = {
    name: r.name,
    source: configSource('gemini', ctx),
    toolFilter: { include: r.stringArray('includeTools'), exclude: r.stringArray('excludeTools') },
    timeoutMs: r.number('timeout'),
  };
  const headers = r.stringMap('headers');
  // Precedence as in Gemini CLI: httpUrl, then url, then command.
  if (r.has('httpUrl')) return httpSpec(common, { transport: 'http', url: r.requiredString('httpUrl'), headers });
  if (r.has('url')) {
    const type = r.string('type');
    if (type !== undefined && type !== 'sse' && type !== 'http') r.fail(`"type" must be "sse" or "http", not "${type}"`);
    // No type: Gemini CLI tries streamable HTTP, then SSE, which is what our `http` does.
    return httpSpec(common, { transport: type === 'sse' ? 'sse' : 'http', url: r.requiredString('url'), headers });
  }
  if (r.has('command')) {
    const cwd = r.string('cwd');
    return stdioSpec(common, {
      command: r.requiredString('command'),
      args: r.stringArray('args'),
      env: r.stringMap('env'),
      cwd: cwd === undefined ? undefined : resolveCwd(cwd, ctx),
    });
  }
  if (r.has('tcp')) {
    out.skipped.push({ name: r.name, reason: `${ctx.file}: "tcp" (WebSocket) servers are not supported` });
    return undefined;
  }
  return r.fail('needs "command" (stdio), "httpUrl" or "url" (remote)');
}

/** `mcp.allowed` / `mcp.excluded`: server lists that switch servers off for the whole file. */
function serverLists(mcp: unknown, file: string): { allowed?: string[] | undefined; excluded?: string[] | undefined } {
  if (!isPlainObject(mcp)) return {};
  const list = (key: 'allowed' | 'excluded'): string[] | undefined => {
    const value = mcp[key];
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
    throw new SlimError('config', `${file}: "mcp.${key}" must be an array of server names, e.g. "mcp": { "${key}": ["fs"] }`);
  };
  return { allowed: list('allowed'), excluded: list('excluded') };
}

/** Excluded wins over allowed, as in Gemini CLI. */
function globalSkip(name: string, lists: ReturnType<typeof serverLists>, file: string): SkippedServer | undefined {
  if (lists.excluded?.includes(name)) return { name, reason: `${file}: listed in mcp.excluded` };
  if (lists.allowed && !lists.allowed.includes(name)) return { name, reason: `${file}: not in mcp.allowed` };
  return undefined;
}

/** `.gemini/settings.json` or `~/.gemini/settings.json`: `mcpServers` plus the global `mcp` block. */
export const parseGemini: ClientParser = (data, ctx) => {
  const out = emptyResult();
  const root = configRoot(data, ctx.file);
  // Gemini CLI expands variables in every string of settings.json; we only read these two parts.
  const expandAll = (value: unknown, unset: Set<string>): unknown =>
    mapStringsDeep(value, (text) => expandGeminiVars(text, ctx.env, (name) => unset.add(name)));
  const listUnset = new Set<string>();
  const lists = serverLists(expandAll(root.mcp, listUnset), ctx.file);
  for (const raw of serverEntries(root.mcpServers, 'mcpServers', ctx.file, EXAMPLE)) {
    const skip = globalSkip(raw.name, lists, ctx.file);
    if (skip) {
      out.skipped.push(skip);
      continue;
    }
    const unset = new Set<string>();
    const r = new EntryReader(ctx.file, raw.name, expandAll(raw.entry, unset) as Entry, EXAMPLE);
    const spec = readServer(r, ctx, out);
    if (spec) out.specs.push(spec);
    for (const name of unset) out.warnings.push(`${ctx.file}: server "${r.name}": $${name} is not set; used "" as Gemini CLI does`);
  }
  for (const name of listUnset) out.warnings.push(`${ctx.file}: "mcp": $${name} is not set; used "" as Gemini CLI does`);
  return out;
};
