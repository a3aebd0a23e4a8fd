import path from 'node:path';
import type { ServerSpec } from '../../catalog/types.js';
import { configRoot, isPlainObject, mapValues, serverEntries } from './fields.js';
import type { EntryReader } from './fields.js';
import { configSource, emptyResult, httpSpec, stdioSpec } from './specs.js';
import type { ClientContext, ClientParser, ParsedServers } from './types.js';

const EXAMPLE = '"fs": { "type": "stdio", "command": "npx", "args": ["-y", "some-mcp-server"] } or "api": { "type": "http", "url": "https://example.com/mcp" }';

/**
 * Claude Code's `${VAR}` and `${VAR:-default}`. A variable that is set (even to "") wins over the
 * default. Unset without a default: the literal stays, and `onMissing` hears the name.
 */
export function expandClaudeCodeVars(
  value: string,
  env: Record<string, string | undefined>,
  onMissing: (name: string) => void,
): string {
  return value.replace(/\$\{([^}:]+)(?::-([^}]*))?\}/g, (whole, name: string, fallback: string | undefined) => {
    const set = env[name];
    if (set !== undefined) return set;
    if (fallback !== undefined) return fallback;
    onMissing(name);
    return whole;
  });
}

function readServer(r: EntryReader, ctx: ClientContext, scope: string, out: ParsedServers): ServerSpec | undefined {
  const missing = new Set<string>();
  const x = (value: string): string => expandClaudeCodeVars(value, ctx.env, (name) => missing.add(name));
  const type = r.string('type');
  if (type === 'ws') {
    out.skipped.push({ name: r.name, reason: `${ctx.file}: "type": "ws" (WebSocket) is not supported` });
    return undefined;
  }
  if (type !== undefined && type !== 'stdio' && type !== 'http' && type !== 'sse') {
    return r.fail(`"type" must be "stdio", "http" or "sse", not "${type}"`);
  }
  const transport = type ?? (r.has('command') ? 'stdio' : r.has('url') ? 'http' : r.fail('needs "command" (stdio) or "url" (http/sse)'));
  const source = configSource('claude-code', ctx, scope);
  const common = { name: r.name, source: r.boolean('alwaysLoad') === true ? { ...source, alwaysLoad: true as const } : source };
  let spec: ServerSpec;
  if (transport === 'stdio') {
    const env = r.stringMap('env');
    spec = stdioSpec(common, {
      command: x(r.requiredString('command')),
      args: r.stringArray('args')?.map(x),
      env: env && mapValues(env, x),
    });
  } else {
    const headers = r.stringMap('headers');
    spec = httpSpec(common, { transport, url: x(r.requiredString('url')), headers: headers && mapValues(headers, x) });
    if (r.has('headersHelper')) {
      out.warnings.push(`${ctx.file}: server "${r.name}": "headersHelper" is not run, so the headers it adds are missing; put them in "headers" if the server needs them`);
    }
  }
  for (const name of missing) {
    out.warnings.push(`${ctx.file}: server "${r.name}": \${${name}} is not set and has no default; left as is (set ${name} or write \${${name}:-default})`);
  }
  return spec;
}

/**
 * `.mcp.json` (project) or `~/.claude.json`: its top-level servers are user scope, and the servers
 * under `projects["<dir>"]` for the project being looked at are `local:<dir>` scope. Like Claude Code,
 * a local server replaces a user one of the same name.
 */
export const parseClaudeCode: ClientParser = (data, ctx) => {
  const root = configRoot(data, ctx.file);
  const out = emptyResult();
  const baseScope = path.basename(ctx.file) === '.claude.json' ? 'user' : ctx.scope;
  const byName = new Map<string, ServerSpec>();
  for (const r of serverEntries(root.mcpServers, 'mcpServers', ctx.file, EXAMPLE)) {
    const spec = readServer(r, ctx, baseScope, out);
    if (spec) byName.set(r.name, spec);
  }
  const projects = root.projects;
  const projectDir = path.resolve(ctx.project ?? ctx.cwd);
  if (isPlainObject(projects)) {
    for (const [dir, project] of Object.entries(projects)) {
      // Keyed by the exact folder: a parent folder's servers do not apply to subfolders.
      if (path.resolve(dir) !== projectDir || !isPlainObject(project)) continue;
      const key = `projects[${JSON.stringify(dir)}].mcpServers`;
      for (const r of serverEntries(project.mcpServers, key, ctx.file, EXAMPLE)) {
        const spec = readServer(r, ctx, `local:${dir}`, out);
        if (!spec) continue;
        if (byName.has(r.name)) {
          out.warnings.push(`${ctx.file}: server "${r.name}" in ${key} overrides the user-scope server of the same name, as in Claude Code`);
        }
        byName.set(r.name, spec);
      }
    }
  }
  out.specs.push(...byName.values());
  return out;
};
