import type { ClientKind, HttpSpec, ServerSpec } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import { redactUrl } from '../util/redact.js';
import type { SourceRequest } from '../sources/collect.js';
import { nameFromCommand } from '../sources/server-name.js';
import { positiveInt } from './parse-args.js';
import type { FlagValues, Flags } from './command.js';
import { CLIENT_NAMES, isClientKind } from '../sources/clients/names.js';

/** Flags that say what to measure, shared by every command that reads a catalog. */
export const SOURCE_FLAGS = {
  config: {
    type: 'string', multiple: true, value: 'FILE', section: 'source',
    help: 'a client config: .mcp.json, ~/.claude.json, claude_desktop_config.json, .cursor/mcp.json, .vscode/mcp.json, ~/.codex/config.toml, .gemini/settings.json, opencode.json (repeatable)',
  },
  client: {
    type: 'string', value: 'NAME', section: 'source',
    help: `one client: ${CLIENT_NAMES.join(', ')}. Alone, its config files are read; with --config, the file is read as its format (default: told from the file); measure also shows what this client pays`,
  },
  url: { type: 'string', multiple: true, value: 'URL', section: 'source', help: 'a remote server: Streamable HTTP, falling back to SSE (repeatable)' },
  header: { type: 'string', multiple: true, value: '"K: V"', section: 'source', help: 'a header for --url, e.g. "Authorization: Bearer $TOKEN" (repeatable)' },
  transport: { type: 'string', value: 'http|sse', section: 'source', help: 'force SSE for --url (default http: Streamable HTTP, then SSE)' },
  catalog: {
    type: 'string', multiple: true, value: 'FILE|DIR', section: 'source',
    help: 'a catalog saved with --save, a raw tools/list result, or another tool list (a bare array; Anthropic, OpenAI or corpus keys; name → description) (repeatable); a directory: every *.json in it but *.meta.json',
  },
  demo: { type: 'boolean', section: 'source', help: 'the embedded default: real MCP servers from npm' },
  name: { type: 'string', value: 'NAME', section: 'source', help: 'the name of the server given after -- or by --url' },
  timeout: { type: 'string', value: 'SECONDS', section: 'source', help: 'per server, for starting and listing (default 30)' },
} as const satisfies Flags;

/** A heading for the source flags, with the one source that is not a flag (aligned with the flags' help). */
export const sourceSection = (heading: string): string => `${heading}
  -- <command> [args…]  a stdio server: everything after -- is its command line`;

export const SOURCE_SECTION = sourceSection('What to measure (combine freely; with none, the MCP configs of this project and user are read):');

export type SourceValues = FlagValues<typeof SOURCE_FLAGS>;

function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    // The line is not echoed: a header given wrong is most often a bare token.
    if (colon <= 0) throw new SlimError('usage', `a --header has no "Name:" before its value; write it as "Name: value", e.g. --header "Authorization: Bearer $TOKEN"`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Turn the source flags and the command after `--` into a request for `collectCatalog`. */
export function sourceRequest(values: SourceValues, rest: string[], defaultTimeoutS = 30): SourceRequest {
  const client = values.client;
  if (client !== undefined && !isClientKind(client)) {
    throw new SlimError('usage', `--client ${client} is not a known client; use one of ${CLIENT_NAMES.join(', ')}`);
  }
  if (values.transport !== undefined && values.transport !== 'http' && values.transport !== 'sse') {
    throw new SlimError('usage', `--transport must be http or sse, got ${JSON.stringify(values.transport)}`);
  }
  if (values.header?.length && !values.url?.length) throw new SlimError('usage', '--header needs --url: headers are sent to remote servers only');
  const specs: ServerSpec[] = [];
  const [command, ...args] = rest;
  if (command !== undefined) {
    specs.push({ name: values.name ?? nameFromCommand(command, args), transport: 'stdio', command, args, source: { kind: 'cli' } });
  }
  const headers = parseHeaders(values.header ?? []);
  for (const url of values.url ?? []) {
    try {
      new URL(url);
    } catch {
      throw new SlimError('usage', `--url ${JSON.stringify(redactUrl(url))} is not a URL; give the full address, e.g. http://localhost:3000/mcp`);
    }
    const spec: HttpSpec = {
      name: values.name && values.url?.length === 1 && command === undefined ? values.name : new URL(url).host,
      transport: values.transport === 'sse' ? 'sse' : 'http',
      url,
      ...(Object.keys(headers).length ? { headers } : {}),
      source: { kind: 'cli' },
    };
    specs.push(spec);
  }
  const configFiles = (values.config ?? []).map((file) => (client ? { file, client: client as ClientKind } : { file }));
  const catalogFiles = values.catalog ?? [];
  const demo = values.demo === true;
  return {
    specs,
    configFiles,
    catalogFiles,
    demo,
    discover: !specs.length && !configFiles.length && !catalogFiles.length && !demo,
    ...(client !== undefined && isClientKind(client) ? { discoverClient: client } : {}),
    timeoutMs: positiveInt('timeout', values.timeout, defaultTimeoutS) * 1000,
  };
}
