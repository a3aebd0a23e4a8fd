/**
 * Every key of `mcp-slim.config.json` with a working example, as data: error messages quote the
 * example of the key that is wrong, and an unknown key is matched against these names.
 */
export const SCHEMA_URL = 'https://github.com/mcp-slim/mcp-slim/schemas/gateway-config.schema.json';

export const TOP_EXAMPLES = {
  $schema: `{"$schema": "${SCHEMA_URL}"}`,
  upstreams: '{"upstreams": {"config": [".mcp.json"], "servers": {"github": {"command": ["npx", "-y", "@modelcontextprotocol/server-github"]}}}}',
  mode: '{"mode": "deferred"}',
  modes: '{"modes": {"github": "slim"}}',
  overlay: '{"overlay": "slim/overlay.json"}',
  pinned: '{"pinned": ["github/get_issue", "@core"]}',
  phases: '{"phases": {"explore": ["search_*", "github/get_*"], "edit": ["github/*"]}}',
  phase: '{"phase": "explore"}',
  groups: '{"groups": {"browser": ["browser_*", "playwright/*"]}}',
  enable: '{"enable": ["github/get_issue"]}',
  disable: '{"disable": ["browser_*", "github/delete_*"]}',
  agents: '{"agents": {"reviewer": {"disable": ["github/create_*"], "enable": ["github/create_review"]}}}',
  resultGuard: '{"resultGuard": {"warnTokens": 10000, "maxTokens": 25000}}',
  log: '{"log": "~/.mcp-slim/trace.jsonl"} (or false for none)',
  http: '{"http": {"host": "127.0.0.1", "port": 7800, "token": "${MCP_SLIM_TOKEN}"}}',
  timeout: '{"timeout": 30}',
  passEnv: '{"passEnv": ["HTTPS_PROXY", "NODE_EXTRA_CA_CERTS"]}',
} as const;

export type TopKey = keyof typeof TOP_EXAMPLES;
export const TOP_KEYS = Object.keys(TOP_EXAMPLES) as TopKey[];

export const UPSTREAM_EXAMPLES = {
  config: '{"config": [".mcp.json", "~/.cursor/mcp.json"]}',
  servers: '{"servers": {"github": {"command": ["npx", "-y", "@modelcontextprotocol/server-github"]}}}',
} as const;

export const SERVER_EXAMPLES = {
  command: '{"command": ["npx", "-y", "@playwright/mcp"]}',
  args: '{"command": "node", "args": ["server.js", "--stdio"]}',
  env: '{"env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}}',
  cwd: '{"cwd": "tools/server"}',
  url: '{"url": "https://mcp.example.com/mcp"}',
  headers: '{"headers": {"Authorization": "Bearer ${API_TOKEN}"}}',
  transport: '{"url": "https://mcp.example.com/sse", "transport": "sse"}',
  timeout: '{"timeout": 60}',
} as const satisfies Record<string, string>;

export type ServerKey = keyof typeof SERVER_EXAMPLES;
export const SERVER_KEYS = Object.keys(SERVER_EXAMPLES) as ServerKey[];
/** Keys that only mean something for a local (command) or a remote (url) server. */
export const STDIO_ONLY: readonly ServerKey[] = ['args', 'env', 'cwd'];
export const REMOTE_ONLY: readonly ServerKey[] = ['headers', 'transport'];

export const HTTP_EXAMPLES = {
  host: '{"host": "127.0.0.1"}',
  port: '{"port": 7800}',
  token: '{"token": "${MCP_SLIM_TOKEN}"}',
  allowedOrigins: '{"allowedOrigins": ["http://localhost:5173"]}',
  allowedHosts: '{"allowedHosts": ["gateway.lan"]}',
} as const;

export const GUARD_EXAMPLES = {
  warnTokens: '{"warnTokens": 10000}',
  maxTokens: '{"maxTokens": 25000}',
} as const;

export const AGENT_KEYS = ['enable', 'disable'] as const;

/**
 * Keys (and everything under them; `*` is any one name) whose wrong values error messages quote:
 * they take numbers, fixed words or tool patterns, where no secret belongs and the value is what the
 * reader has to find. Under every other key (a server's command, args, env, headers, url, cwd;
 * http.token, host and origins; file paths) a wrong value is described by its shape only
 * (`got an array of 1 string`): that is where tokens live, and messages end up in CI logs.
 */
export const VALUE_SHOWN: readonly string[] = [
  'mode',
  'modes',
  'phase',
  'phases',
  'groups',
  'pinned',
  'enable',
  'disable',
  'agents',
  'resultGuard',
  'timeout',
  'http.port',
  'upstreams.servers.*.timeout',
  'upstreams.servers.*.transport',
];

export const DEFAULTS = {
  mode: 'deferred',
  warnTokens: 10_000,
  maxTokens: 25_000,
  log: '~/.mcp-slim/trace.jsonl',
  host: '127.0.0.1',
  port: 7800,
  timeoutSeconds: 30,
} as const;

/** Group names are written `@name` in pattern lists. */
export const GROUP_NAME = /^[A-Za-z0-9_.-]+$/;
