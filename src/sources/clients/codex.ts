import type { ServerSpec } from '../../catalog/types.js';
import { configRoot, isPlainObject, serverEntries } from './fields.js';
import type { EntryReader } from './fields.js';
import { configSource, emptyResult, httpSpec, resolveCwd, stdioSpec } from './specs.js';
import type { ClientContext, ClientParser, ParsedServers } from './types.js';

const EXAMPLE = '[mcp_servers.fs] command = "npx" args = ["-y", "some-mcp-server"] or [mcp_servers.api] url = "https://example.com/mcp"';

const STDIO_FIELDS = ['command', 'args', 'env', 'env_vars', 'cwd'];
const HTTP_FIELDS = ['url', 'bearer_token_env_var', 'http_headers', 'env_http_headers'];

/**
 * Codex has no `${}` interpolation: secrets come from the environment through named fields.
 * This looks those names up; `onUnset` hears each one that is not set.
 */
export function codexEnvValue(name: string, env: Record<string, string | undefined>, onUnset: (name: string) => void): string | undefined {
  const value = env[name];
  if (value === undefined) onUnset(name);
  return value;
}

/** `env_vars`: names (or `{ name, source }`) of variables to pass through from our environment. */
function envVarNames(r: EntryReader): string[] {
  const value = r.entry.env_vars;
  if (value === undefined || value === null) return [];
  const names = Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? item : isPlainObject(item) && typeof item.name === 'string' ? item.name : undefined))
    : [undefined];
  if (names.some((name) => name === undefined)) r.fail('"env_vars" must be an array of names or { name = "...", source = "local" } tables');
  return names as string[];
}

function readServer(r: EntryReader, ctx: ClientContext, out: ParsedServers): ServerSpec {
  const unset = new Set<string>();
  const lookup = (name: string): string | undefined => codexEnvValue(name, ctx.env, (missing) => unset.add(missing));
  if (r.has('bearer_token')) r.fail('"bearer_token" cannot be written inline; put the token in an environment variable and name it in bearer_token_env_var');
  const isHttp = r.has('url');
  if (!isHttp && !r.has('command')) r.fail('needs "command" (stdio) or "url" (streamable HTTP)');
  const wrongSide = (isHttp ? STDIO_FIELDS : HTTP_FIELDS).find((field) => r.has(field));
  if (wrongSide) r.fail(`"${wrongSide}" cannot be used with ${isHttp ? '"url"' : '"command"'}`);

  const include = r.stringArray('enabled_tools');
  const exclude = r.stringArray('disabled_tools');
  const timeoutMs = r.number('startup_timeout_ms') ?? scaled(r.number('startup_timeout_sec'), 1000);
  const common = { name: r.name, source: configSource('codex', ctx), toolFilter: { include, exclude }, timeoutMs };

  let spec: ServerSpec;
  if (isHttp) {
    const headers: Record<string, string> = { ...r.stringMap('http_headers') };
    for (const [header, variable] of Object.entries(r.stringMap('env_http_headers') ?? {})) {
      const value = lookup(variable);
      if (value !== undefined) headers[header] = value;
    }
    const tokenVar = r.string('bearer_token_env_var');
    const token = tokenVar === undefined ? undefined : lookup(tokenVar);
    if (token !== undefined) headers.Authorization = `Bearer ${token}`;
    spec = httpSpec(common, { transport: 'http', url: r.requiredString('url'), headers });
  } else {
    const passed: Record<string, string> = {};
    for (const name of envVarNames(r)) {
      const value = lookup(name);
      if (value !== undefined) passed[name] = value;
    }
    const cwd = r.string('cwd');
    spec = stdioSpec(common, {
      command: r.requiredString('command'),
      args: r.stringArray('args'),
      env: { ...passed, ...r.stringMap('env') },
      cwd: cwd === undefined ? undefined : resolveCwd(cwd, ctx),
    });
  }
  for (const name of unset) {
    out.warnings.push(`${ctx.file}: server "${r.name}": environment variable ${name} is not set, so it is not passed on`);
  }
  return spec;
}

const scaled = (value: number | undefined, factor: number): number | undefined =>
  value === undefined ? undefined : Math.round(value * factor);

/** `config.toml`'s `[mcp_servers.<name>]` tables; `enabled = false` servers are skipped. */
export const parseCodex: ClientParser = (data, ctx) => {
  const root = configRoot(data, ctx.file);
  const out = emptyResult();
  for (const r of serverEntries(root.mcp_servers, 'mcp_servers', ctx.file, EXAMPLE)) {
    if (r.boolean('enabled') === false) {
      out.skipped.push({ name: r.name, reason: `${ctx.file}: enabled = false` });
      continue;
    }
    out.specs.push(readServer(r, ctx, out));
  }
  return out;
};
