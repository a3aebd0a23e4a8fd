/**
 * The one data model every command reads: a catalog of MCP servers and their tools.
 *
 * Tools are kept exactly as they came over the wire (the parsed JSON of the raw
 * `tools/list` messages), never as the SDK's validated objects, because the SDK
 * drops non-standard keys and rejects some real servers; sizes must be the
 * sizes the client really receives.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A tool object as the server sent it. Only `name` is guaranteed. */
export type RawTool = JsonObject & { name: string };

/** Which client's config a server was read from. */
export type ClientKind =
  | 'claude-code'
  | 'claude-desktop'
  | 'cursor'
  | 'vscode'
  | 'codex'
  | 'gemini'
  | 'opencode';

/** Where a server's definition came from (a config file, the command line, the demo set). */
export interface SpecSource {
  kind: 'config' | 'cli' | 'demo';
  client?: ClientKind;
  file?: string;
  /** e.g. `project`, `user`, `local:/abs/path` for Claude Code's per-project servers. */
  scope?: string;
  /** The config asks the client to load this server's tools up front, deferral or not (Claude Code's `alwaysLoad`). */
  alwaysLoad?: true;
  /** Other clients whose configs hold the same server (same launch or endpoint), kept once. */
  alsoIn?: ClientKind[];
}

/** Tools a client config says to show (Gemini includeTools/excludeTools, Codex enabled_tools/disabled_tools). */
export interface ToolFilter {
  include?: string[];
  exclude?: string[];
}

interface SpecBase {
  name: string;
  source: SpecSource;
  toolFilter?: ToolFilter;
  /** Startup + listing timeout for this server, when its config sets one. */
  timeoutMs?: number;
}

export interface StdioSpec extends SpecBase {
  transport: 'stdio';
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** `http` tries Streamable HTTP then falls back to SSE, as clients do; `sse` is SSE only. */
export interface HttpSpec extends SpecBase {
  transport: 'http' | 'sse';
  url: string;
  headers?: Record<string, string>;
}

/** How to reach one server: what a client config or the command line describes. */
export type ServerSpec = StdioSpec | HttpSpec;

/** Where a catalog entry came from, without secrets: env values and header values are dropped. */
export type ServerOrigin =
  | { transport: 'stdio'; command: string; args: string[]; envKeys?: string[]; cwd?: string; source: SpecSource }
  | { transport: 'streamable-http' | 'sse'; url: string; headerKeys?: string[]; source: SpecSource };

export type FailureKind =
  | 'spawn' // the command could not be started
  | 'exited' // the process ended before answering
  | 'timeout' // no answer within the timeout
  | 'refused' // the URL refused the connection
  | 'http' // the URL answered with an HTTP error
  | 'protocol' // the server answered, but not with MCP we can read
  | 'error'; // an MCP error response

export interface ServerFailure {
  kind: FailureKind;
  /** One line: what went wrong and what to do. */
  message: string;
  /** The last lines the server printed on stderr, when there were any. */
  stderrTail?: string;
}

export interface ServerEntry {
  name: string;
  origin: ServerOrigin;
  /** The initialize result's serverInfo, as sent. */
  serverInfo?: JsonObject;
  protocolVersion?: string;
  capabilities?: JsonObject;
  /** Server instructions: clients load them even when tools are deferred. */
  instructions?: string;
  tools: RawTool[];
  prompts?: JsonObject[];
  resourceTemplates?: JsonObject[];
  /** Names of tools the client config hides (and that are therefore not in `tools`). */
  filteredOut?: string[];
  /** Number of `tools/list` pages the server returned. */
  pages?: number;
  /** Set when the SDK's strict schema rejects the raw `tools/list` result: the reason, in one line. */
  strictParseError?: string;
  timings?: { connectMs: number; listMs: number };
  /** Set when the server could not be measured; `tools` is then empty. */
  failure?: ServerFailure;
}

export const CATALOG_FORMAT = 'mcp-slim/catalog';
export const CATALOG_VERSION = 1;

export interface Catalog {
  format: typeof CATALOG_FORMAT;
  version: typeof CATALOG_VERSION;
  createdAt: string;
  servers: ServerEntry[];
}
