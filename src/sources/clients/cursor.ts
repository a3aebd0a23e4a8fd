import type { ServerSpec } from '../../catalog/types.js';
import { configRoot, mapValues, serverEntries } from './fields.js';
import type { EntryReader } from './fields.js';
import { expandEditorVars, readEnvFile, workspaceFolder } from './editor-vars.js';
import type { EditorVariables } from './editor-vars.js';
import { configSource, emptyResult, httpSpec, stdioSpec } from './specs.js';
import type { ClientContext, ClientParser, ParsedServers } from './types.js';

const EXAMPLE = '"fs": { "command": "npx", "args": ["-y", "some-mcp-server"] } or "api": { "url": "https://example.com/mcp" }';

/** Cursor's variables: `${env:NAME}`, `${userHome}`, `${workspaceFolder}`, `${workspaceFolderBasename}`, `${pathSeparator}`, `${/}`. */
export const expandCursorVars = (value: string, vars: Omit<EditorVariables, 'onInput'>): string => expandEditorVars(value, vars);

function readServer(r: EntryReader, ctx: ClientContext, out: ParsedServers): ServerSpec {
  const unset = new Set<string>();
  const workspace = workspaceFolder(ctx, '.cursor');
  const x = (value: string): string =>
    expandCursorVars(value, { env: ctx.env, home: ctx.home, workspace, onUnsetEnv: (name) => unset.add(name) });
  // `type` is optional in Cursor and its values are not pinned down; only "sse" changes how we connect.
  const type = r.string('type');
  const common = { name: r.name, source: configSource('cursor', ctx) };
  let spec: ServerSpec;
  const remoteType = type !== undefined && type !== 'stdio';
  if (type === 'stdio' || (r.has('command') && !(remoteType && r.has('url')))) {
    const envFile = r.string('envFile');
    const env = r.stringMap('env');
    // Like VS Code: `env` overrides what the envFile sets.
    const merged = { ...(envFile ? readEnvFile(x(envFile), workspace, ctx) : {}), ...(env && mapValues(env, x)) };
    spec = stdioSpec(common, { command: x(r.requiredString('command')), args: r.stringArray('args')?.map(x), env: merged });
  } else if (r.has('url')) {
    const headers = r.stringMap('headers');
    spec = httpSpec(common, {
      transport: type === 'sse' ? 'sse' : 'http',
      url: x(r.requiredString('url')),
      headers: headers && mapValues(headers, x),
    });
  } else {
    return r.fail('needs "command" (stdio) or "url" (remote)');
  }
  for (const name of unset) {
    out.warnings.push(`${ctx.file}: server "${r.name}": \${env:${name}} is not set; used "" (set ${name} in the environment)`);
  }
  return spec;
}

/** `.cursor/mcp.json` (project) or `~/.cursor/mcp.json` (global), key `mcpServers`. */
export const parseCursor: ClientParser = (data, ctx) => {
  const root = configRoot(data, ctx.file);
  const out = emptyResult();
  for (const r of serverEntries(root.mcpServers, 'mcpServers', ctx.file, EXAMPLE)) out.specs.push(readServer(r, ctx, out));
  return out;
};
