import type { ServerSpec } from '../../catalog/types.js';
import { configRoot, isPlainObject, mapValues, serverEntries } from './fields.js';
import type { EntryReader } from './fields.js';
import { expandEditorVars, readEnvFile, workspaceFolder } from './editor-vars.js';
import type { EditorVariables } from './editor-vars.js';
import { configSource, emptyResult, httpSpec, resolveCwd, stdioSpec } from './specs.js';
import type { ClientContext, ClientParser, ParsedServers } from './types.js';

const EXAMPLE = '"fs": { "type": "stdio", "command": "npx", "args": ["-y", "some-mcp-server"] } or "api": { "type": "http", "url": "https://example.com/mcp" }';

/**
 * VS Code's variables: `${workspaceFolder}`, `${userHome}`, `${env:NAME}` and the other predefined
 * ones. `${input:id}` is prompted for by VS Code; we cannot prompt, so it stays and `onInput` hears it.
 */
export const expandVsCodeVars = (value: string, vars: EditorVariables): string => expandEditorVars(value, vars);

function readServer(r: EntryReader, ctx: ClientContext, out: ParsedServers): ServerSpec {
  const unset = new Set<string>();
  const inputs = new Set<string>();
  const workspace = workspaceFolder(ctx, '.vscode');
  const vars: EditorVariables = {
    env: ctx.env,
    home: ctx.home,
    workspace,
    onUnsetEnv: (name) => unset.add(name),
    onInput: (id) => inputs.add(id),
  };
  const x = (value: string): string => expandVsCodeVars(value, vars);
  const type = r.string('type');
  if (type !== undefined && type !== 'stdio' && type !== 'http' && type !== 'sse') {
    return r.fail(`"type" must be "stdio", "http" or "sse", not "${type}"`);
  }
  const transport = type ?? (r.has('command') ? 'stdio' : r.has('url') ? 'http' : r.fail('needs "command" (stdio) or "url" (http/sse)'));
  const common = { name: r.name, source: configSource('vscode', ctx) };
  let spec: ServerSpec;
  if (transport === 'stdio') {
    const envFile = r.string('envFile');
    const env = r.stringMap('env');
    const cwd = r.string('cwd');
    spec = stdioSpec(common, {
      command: x(r.requiredString('command')),
      args: r.stringArray('args')?.map(x),
      // `env` overrides what the envFile sets.
      env: { ...(envFile ? readEnvFile(x(envFile), workspace, ctx) : {}), ...(env && mapValues(env, x)) },
      cwd: cwd === undefined ? undefined : resolveCwd(x(cwd), ctx),
    });
  } else {
    const headers = r.stringMap('headers');
    spec = httpSpec(common, { transport, url: x(r.requiredString('url')), headers: headers && mapValues(headers, x) });
  }
  for (const name of unset) {
    out.warnings.push(`${ctx.file}: server "${r.name}": \${env:${name}} is not set; used "" (set ${name} in the environment)`);
  }
  for (const id of inputs) {
    out.warnings.push(`${ctx.file}: server "${r.name}" needs input "${id}", which mcp-slim cannot prompt for; write the value in place of \${input:${id}} or use \${env:NAME} and set NAME`);
  }
  return spec;
}

/** `.vscode/mcp.json` or the profile's `mcp.json` (key `servers`), or an old settings.json `mcp.servers` block. */
export const parseVsCode: ClientParser = (data, ctx) => {
  const root = configRoot(data, ctx.file);
  const out = emptyResult();
  const legacy = isPlainObject(root.mcp) ? root.mcp.servers : undefined;
  const [table, key] = root.servers !== undefined || legacy === undefined ? [root.servers, 'servers'] : [legacy, 'mcp.servers'];
  for (const r of serverEntries(table, key, ctx.file, EXAMPLE)) out.specs.push(readServer(r, ctx, out));
  return out;
};
