import type { ClientKind } from '../catalog/types.js';

/** The name the gateway's entry takes in a client's config. */
export const ENTRY_NAME = 'mcp-slim';

/** How a client starts the gateway: the very node and mcp-slim that ran install. */
export interface Launch {
  command: string;
  args: string[];
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';

/** The environment variables a moved entry reads, in its client's own syntax. */
export function referencedVariables(client: ClientKind, entry: unknown): string[] {
  const names = new Set<string>();
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(entry);
  const patterns: Partial<Record<ClientKind, RegExp[]>> = {
    'claude-code': [new RegExp(`\\$\\{(${NAME})(?::-[^}]*)?\\}`, 'g')],
    gemini: [new RegExp(`\\$\\{(${NAME})(?::-[^}]*)?\\}`, 'g'), new RegExp(`\\$(${NAME})`, 'g')],
    cursor: [/\$\{env:([^}]+)\}/g],
    vscode: [/\$\{env:([^}]+)\}/g],
    opencode: [/\{env:([^}]+)\}/g],
  };
  for (const pattern of patterns[client] ?? []) for (const s of strings) for (const m of s.matchAll(pattern)) names.add(m[1]!);
  if (client === 'codex' && entry && typeof entry === 'object') {
    const e = entry as Record<string, unknown>;
    for (const v of Array.isArray(e.env_vars) ? e.env_vars : []) {
      const name = typeof v === 'string' ? v : (v as { name?: unknown })?.name;
      if (typeof name === 'string') names.add(name);
    }
    if (typeof e.bearer_token_env_var === 'string') names.add(e.bearer_token_env_var);
    const headers = e.env_http_headers;
    if (headers && typeof headers === 'object') for (const v of Object.values(headers)) if (typeof v === 'string') names.add(v);
  }
  return [...names].sort();
}

/** A variable as the client writes it in an entry's environment, so the client hands its value on. */
function reference(client: ClientKind, name: string): string {
  if (client === 'cursor' || client === 'vscode') return `\${env:${name}}`;
  if (client === 'opencode') return `{env:${name}}`;
  return `\${${name}}`;
}

/**
 * The gateway's entry in a client's own shape. Variables the moved servers read are passed on
 * through it, since clients that filter the environment of what they start (Codex, Gemini CLI)
 * would otherwise leave them out.
 */
export function gatewayEntry(client: ClientKind, launch: Launch, variables: readonly string[]): Record<string, unknown> {
  const env = Object.fromEntries(variables.map((v) => [v, reference(client, v)]));
  const withEnv = variables.length ? { env } : {};
  switch (client) {
    case 'claude-code':
    case 'vscode':
      return { type: 'stdio', command: launch.command, args: launch.args, ...withEnv };
    case 'opencode':
      return { type: 'local', command: [launch.command, ...launch.args], enabled: true, ...(variables.length ? { environment: env } : {}) };
    case 'codex':
      return { command: launch.command, args: launch.args, ...(variables.length ? { env_vars: [...variables] } : {}) };
    case 'claude-desktop':
      return { command: launch.command, args: launch.args };
    case 'gemini':
      // Gemini's own default for calls, written out: without a timeout, `gemini mcp list` gives a
      // server 5 s to start, too little for a gateway that starts its upstreams first.
      return { command: launch.command, args: launch.args, ...withEnv, timeout: 600_000 };
    case 'cursor':
      return { command: launch.command, args: launch.args, ...withEnv };
  }
}

/** Whether an entry is a gateway that install wrote (from this or another copy of mcp-slim). */
export function isGatewayEntry(value: unknown): boolean {
  const line = commandLine(value);
  return line.includes('serve') && line.includes('--gateway-config');
}

/** The program and arguments an entry starts, whichever client's shape it has (OpenCode's command is one array). */
export function commandLine(value: unknown): unknown[] {
  if (!value || typeof value !== 'object') return [];
  const e = value as Record<string, unknown>;
  return [e.command, ...(Array.isArray(e.args) ? e.args : [])].flat();
}

/** Keys only the client itself can act on: a server using them stays in the client's file. */
const CLIENT_ONLY: Partial<Record<ClientKind, readonly string[]>> = {
  'claude-code': ['headersHelper', 'oauth'],
  cursor: ['auth'],
  vscode: ['sandbox', 'sandboxEnabled', 'dev'],
  gemini: ['oauth', 'authProviderType', 'tcp'],
  codex: ['oauth', 'oauth_resource', 'scopes'],
};

/** Why a server cannot move behind the gateway, or undefined when it can. */
export function staysBecause(client: ClientKind, value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'not an object';
  const entry = value as Record<string, unknown>;
  const own = (CLIENT_ONLY[client] ?? []).find((key) => entry[key] !== undefined && entry[key] !== null && entry[key] !== false);
  if (own) return `uses "${own}", which only ${client} itself can act on`;
  if (client === 'opencode' && entry.oauth !== undefined && entry.oauth !== false) return 'uses OAuth, which only opencode itself can act on';
  if (client === 'vscode' && JSON.stringify(entry).includes('${input:')) return 'asks for an ${input:…} that only VS Code can prompt for';
  return undefined;
}
