import path from 'node:path';
import type { ClientKind, ServerSpec, SpecSource } from '../../catalog/types.js';
import { CLIENT_NAMES } from '../../sources/clients/names.js';
import { urlShape } from '../../fs/value-shape.js';
import { isObject, show, type Json, type Reader } from './_reader.js';
import { resolvePath } from './expand.js';
import { REMOTE_ONLY, SERVER_EXAMPLES, STDIO_ONLY, TOP_EXAMPLES, UPSTREAM_EXAMPLES, type ServerKey } from './keys.js';

const SERVER_EXAMPLE = '{"github": {"command": ["npx", "-y", "@modelcontextprotocol/server-github"]}} or {"docs": {"url": "https://mcp.example.com/mcp"}}';

/**
 * One inline server of `upstreams.servers`. Every string is `${VAR}`-expanded; a relative `cwd`
 * is relative to the config file. `command` is the program, or the program and its arguments as an
 * array; `args` come after those.
 */
export function readServer(r: Reader, name: string, value: Json, source: SpecSource, home: string): ServerSpec {
  const at = ['upstreams', 'servers', name];
  if (name === '' || name.includes('/')) {
    r.fail(at, 'is not a usable server name: tool patterns are "server/tool", so a name cannot be empty or contain "/"', SERVER_EXAMPLE, true);
  }
  if (!isObject(value)) r.fail(at, `must be an object with "command" (a local server) or "url" (a remote one), got ${show(value, at)}`, SERVER_EXAMPLE);
  r.keys(at, value, SERVER_EXAMPLES, 'a server key');
  const has = (key: ServerKey): boolean => value[key] !== undefined;
  if (has('command') && has('url')) {
    r.fail([...at, 'url'], 'cannot go with "command": a server is either local (command) or remote (url); remove one', SERVER_EXAMPLE);
  }
  if (!has('command') && !has('url')) r.fail(at, 'needs "command" (a local server) or "url" (a remote server)', SERVER_EXAMPLE);
  const wrongSide = has('command') ? REMOTE_ONLY.find(has) : STDIO_ONLY.find(has);
  if (wrongSide) {
    const kind = has('command') ? 'a remote (url) server' : 'a local (command) server';
    r.fail([...at, wrongSide], `only applies to ${kind}; remove it`, SERVER_EXAMPLES[wrongSide]);
  }
  const common = {
    name,
    source,
    ...(has('timeout') ? { timeoutMs: r.positiveNumber([...at, 'timeout'], value.timeout, 'seconds', SERVER_EXAMPLES.timeout) * 1000 } : {}),
  };
  const x = (key: ServerKey, s: string, ...rest: (string | number)[]): string => r.expand([...at, key, ...rest], s);

  if (has('command')) {
    const raw = value.command;
    const line = typeof raw === 'string' ? [r.string([...at, 'command'], raw, SERVER_EXAMPLES.command)] : r.strings([...at, 'command'], raw, SERVER_EXAMPLES.command);
    if (line.length === 0) r.fail([...at, 'command'], 'must name the program to start', SERVER_EXAMPLES.command);
    const command = line.map((s, i) => x('command', s, ...(typeof raw === 'string' ? [] : [i])));
    const args = has('args') ? r.strings([...at, 'args'], value.args, SERVER_EXAMPLES.args, true).map((s, i) => x('args', s, i)) : [];
    const env = has('env') ? expandMap(r, [...at, 'env'], value.env, SERVER_EXAMPLES.env) : undefined;
    const cwd = has('cwd') ? resolvePath(x('cwd', r.string([...at, 'cwd'], value.cwd, SERVER_EXAMPLES.cwd)), path.dirname(r.file), home) : undefined;
    return {
      ...common,
      transport: 'stdio',
      command: command[0]!,
      args: [...command.slice(1), ...args],
      ...(env && Object.keys(env).length > 0 ? { env } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
    };
  }

  const url = x('url', r.string([...at, 'url'], value.url, SERVER_EXAMPLES.url));
  if (!/^https?:\/\/[^/\s]+/.test(url) || !URL.canParse(url)) {
    r.fail([...at, 'url'], `must be an http:// or https:// URL, got ${urlShape(url)}`, SERVER_EXAMPLES.url);
  }
  const transport = has('transport') ? r.choice([...at, 'transport'], value.transport, ['http', 'sse'] as const, SERVER_EXAMPLES.transport) : 'http';
  const headers = has('headers') ? expandMap(r, [...at, 'headers'], value.headers, SERVER_EXAMPLES.headers) : undefined;
  return { ...common, transport, url, ...(headers && Object.keys(headers).length > 0 ? { headers } : {}) };
}

function expandMap(r: Reader, at: (string | number)[], value: Json, example: string): Record<string, string> {
  const map = r.stringMap(at, value, example);
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, r.expand([...at, k], v)]));
}

/** One `upstreams.config` entry: a client config file, read as that client reads it. */
export interface ClientConfigRef {
  file: string;
  /** The client whose format the file is in (default: told from the file). */
  client?: ClientKind;
  /** The file the servers were moved from by `install`: relative paths and scope are read as there. */
  origin?: string;
  /** The project the servers belong to (`${workspaceFolder}`, Claude Code's per-project list). */
  project?: string;
}

const REF_KEYS = {
  file: '{"file": "servers.json", "client": "cursor"}',
  client: '{"file": "servers.json", "client": "cursor"}',
  origin: '{"file": "servers.json", "client": "cursor", "origin": "~/.cursor/mcp.json"}',
  project: '{"file": "servers.json", "client": "cursor", "project": "~/src/app"}',
} as const;

function readConfigRef(r: Reader, at: (string | number)[], value: Json, home: string): ClientConfigRef {
  const dir = path.dirname(r.file);
  if (typeof value === 'string') return { file: resolvePath(r.string(at, value, UPSTREAM_EXAMPLES.config), dir, home) };
  const ref = r.object(at, value, UPSTREAM_EXAMPLES.config);
  r.keys(at, ref, REF_KEYS, 'a key of a config entry ("file", "client", "origin" or "project")');
  const client = ref.client === undefined ? undefined : r.choice([...at, 'client'], ref.client, CLIENT_NAMES, REF_KEYS.client);
  const text = (key: 'file' | 'origin' | 'project') => resolvePath(r.string([...at, key], ref[key], REF_KEYS[key]), dir, home);
  return {
    file: text('file'),
    ...(client ? { client } : {}),
    ...(ref.origin !== undefined ? { origin: text('origin') } : {}),
    ...(ref.project !== undefined ? { project: text('project') } : {}),
  };
}

/** `upstreams`: client config files (relative to this file) and inline servers. */
export function readUpstreams(r: Reader, value: Json, source: SpecSource, home: string): { clientConfigs: ClientConfigRef[]; servers: ServerSpec[] } {
  const upstreams = r.object(['upstreams'], value, TOP_EXAMPLES.upstreams);
  r.keys(['upstreams'], upstreams, UPSTREAM_EXAMPLES, 'an upstreams key ("config" or "servers")');
  const config = upstreams.config;
  const entries: Json[] = config === undefined ? [] : Array.isArray(config) ? config : [config];
  if (config !== undefined && !Array.isArray(config) && typeof config !== 'string' && !isObject(config)) {
    r.fail(['upstreams', 'config'], `must be a file, a list of files, or {"file", "client"} entries, got ${show(config, ['upstreams', 'config'])}`, UPSTREAM_EXAMPLES.config);
  }
  const servers = upstreams.servers === undefined ? {} : r.object(['upstreams', 'servers'], upstreams.servers, UPSTREAM_EXAMPLES.servers);
  return {
    clientConfigs: entries.map((entry, i) => readConfigRef(r, Array.isArray(config) ? ['upstreams', 'config', i] : ['upstreams', 'config'], entry, home)),
    servers: Object.entries(servers).map(([name, spec]) => readServer(r, name, spec, source, home)),
  };
}
