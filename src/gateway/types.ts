/** The gateway (`mcp-slim serve`): shared types between its parts. */
import type { ServerSpec } from '../catalog/types.js';

export type GatewayMode = 'full' | 'slim' | 'deferred' | 'phase';

/** One layer of enable/disable rules: user, project, a folder, or an agent within one of those. */
export interface FilterLayer {
  /** Where it came from, for messages: `user:~/.config/mcp-slim/config.json`, `agent:reviewer@project`. */
  source: string;
  enable?: string[];
  disable?: string[];
}

/** The gateway's configuration after every file and scope is merged. */
export interface GatewayConfig {
  /** Upstream servers, in the same forms as `measure` (client config files, inline servers). */
  upstreams: ServerSpec[];
  /** Global mode and per-upstream overrides. */
  mode: GatewayMode;
  modes: Record<string, GatewayMode>;
  /** slim mode: the overlay file written by `mcp-slim slim`. */
  overlay?: string;
  /** Tools always listed in full whatever the mode (patterns). */
  pinned: string[];
  /** phase mode: named tool sets and the one to start with. */
  phases: Record<string, string[]>;
  phase?: string;
  /** Named pattern lists usable as `@name` in enable/disable/pinned. */
  groups: Record<string, string[]>;
  /** Scope layers in order of precedence, lowest first (user, project, folders outer→inner). */
  layers: FilterLayer[];
  /** Agent name → its own layer, applied last. */
  agents: Record<string, FilterLayer>;
  resultGuard: { warnTokens: number; maxTokens: number };
  /** JSONL accounting log; undefined for none. */
  log?: string;
  /** `allowedHosts`: Host header values accepted beyond loopback names and the machine's own addresses. */
  http: { host: string; port: number; token?: string; allowedOrigins: string[]; allowedHosts?: string[] };
  timeoutMs: number;
  /**
   * Variables of the gateway's environment passed on to every stdio upstream, beyond the SDK's safe
   * list (HOME, PATH, …) and each upstream's own `env`. Empty by default: least privilege.
   */
  passEnv?: string[];
  /** Files that were read, in order. */
  files: string[];
  /** Things worth saying at startup that do not stop the gateway (renamed or skipped client-config servers, a mode for no server). */
  warnings?: string[];
}

/** What a tool is, after filtering, for a given agent. */
export type ToolState = 'disabled' | 'enabled' | 'pinned';
