import path from 'node:path';
import type { ServerSpec } from '../../catalog/types.js';
import { configRoot, EntryReader, mapStringsDeep, serverEntries } from './fields.js';
import type { Entry } from './fields.js';
import { configSource, emptyResult, httpSpec, resolveCwd, stdioSpec } from './specs.js';
import type { ClientContext, ClientParser } from './types.js';

const EXAMPLE = '"fs": { "type": "local", "command": ["npx", "-y", "some-mcp-server"] } or "api": { "type": "remote", "url": "https://example.com/mcp" }';

export interface OpenCodeVariables {
  env: Record<string, string | undefined>;
  home: string;
  /** The config file: `{file:...}` paths are relative to its folder. */
  file: string;
  readFile?: ((path: string) => string | undefined) | undefined;
  onUnsetEnv: (name: string) => void;
  onMissingFile: (path: string) => void;
}

/** OpenCode's `{env:NAME}` (unset → "") and `{file:path}` (the file's text, trailing newline dropped). */
export function expandOpenCodeVars(value: string, vars: OpenCodeVariables): string {
  return value.replace(/\{(env|file):([^}]+)\}/g, (_whole, kind: string, ref: string) => {
    if (kind === 'env') {
      const set = vars.env[ref];
      if (set === undefined) vars.onUnsetEnv(ref);
      return set ?? '';
    }
    const target =
      ref === '~' || ref.startsWith('~/') || ref.startsWith('~\\')
        ? path.join(vars.home, ref.slice(1))
        : path.resolve(path.dirname(vars.file), ref);
    const text = vars.readFile?.(target);
    if (text === undefined) vars.onMissingFile(target);
    return (text ?? '').replace(/\r?\n$/, '');
  });
}

function readServer(r: EntryReader, ctx: ClientContext): ServerSpec {
  const type = r.string('type') ?? (r.has('command') ? 'local' : r.has('url') ? 'remote' : r.fail('needs "type": "local" with "command", or "type": "remote" with "url"'));
  const common = { name: r.name, source: configSource('opencode', ctx), timeoutMs: r.number('timeout') };
  if (type === 'local') {
    const [command, ...args] = r.stringArray('command') ?? [];
    if (command === undefined || command === '') return r.fail('"command" must be a non-empty array: the command, then its arguments');
    const cwd = r.string('cwd');
    return stdioSpec(common, {
      command,
      args,
      env: r.stringMap('environment'),
      cwd: cwd === undefined ? undefined : resolveCwd(cwd, ctx),
    });
  }
  if (type === 'remote') return httpSpec(common, { transport: 'http', url: r.requiredString('url'), headers: r.stringMap('headers') });
  return r.fail(`"type" must be "local" or "remote", not "${type}"`);
}

/** `opencode.json(c)`, key `mcp`; `enabled: false` servers are skipped. */
export const parseOpenCode: ClientParser = (data, ctx) => {
  const root = configRoot(data, ctx.file);
  const out = emptyResult();
  for (const raw of serverEntries(root.mcp, 'mcp', ctx.file, EXAMPLE)) {
    const unset = new Set<string>();
    const missing = new Set<string>();
    const vars: OpenCodeVariables = {
      env: ctx.env,
      home: ctx.home,
      file: ctx.file,
      readFile: ctx.readFile,
      onUnsetEnv: (name) => unset.add(name),
      onMissingFile: (target) => missing.add(target),
    };
    const r = new EntryReader(ctx.file, raw.name, mapStringsDeep(raw.entry, (text) => expandOpenCodeVars(text, vars)) as Entry, EXAMPLE);
    if (r.boolean('enabled') === false) {
      out.skipped.push({ name: r.name, reason: `${ctx.file}: "enabled": false` });
      continue;
    }
    out.specs.push(readServer(r, ctx));
    for (const name of unset) out.warnings.push(`${ctx.file}: server "${r.name}": {env:${name}} is not set; used ""`);
    for (const target of missing) out.warnings.push(`${ctx.file}: server "${r.name}": {file:...} points to ${target}, which cannot be read; used ""`);
  }
  return out;
};
