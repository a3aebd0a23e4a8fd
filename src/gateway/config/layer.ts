import type { ClientConfigRef } from './servers.js';
import type { ServerSpec } from '../../catalog/types.js';
import type { GatewayMode } from '../types.js';

/** Where a config file sits among the scopes, lowest precedence first; `config` is `--gateway-config FILE`. */
export type LayerScope = 'user' | 'project' | 'folder' | 'config';

export const GATEWAY_MODES: readonly GatewayMode[] = ['full', 'slim', 'deferred', 'phase'];

/** A `@name` in a pattern list, kept with its place so that a group no file defines is an error that points at it. */
export interface GroupRef {
  group: string;
  /** The key, e.g. `agents.reviewer.disable[1]`. */
  key: string;
  /** `file:line:col`. */
  at: string;
}

export interface AgentSection {
  enable?: string[];
  disable?: string[];
}

/**
 * One config file, validated: paths absolute, `${VAR}` expanded, `@group` references still in
 * the pattern lists (groups are only all known once every scope is merged).
 */
export interface GatewayLayer {
  file: string;
  scope: LayerScope;
  /** `upstreams.config`: client config files (absolute), read by the loader into `servers`. */
  clientConfigs: ClientConfigRef[];
  /** The servers this file brings, in the order they take names: client configs' first, then inline ones. */
  servers: ServerSpec[];
  mode?: GatewayMode;
  modes: Record<string, GatewayMode>;
  overlay?: string;
  pinned: string[];
  phases: Record<string, string[]>;
  phase?: string;
  groups: Record<string, string[]>;
  enable?: string[];
  disable?: string[];
  agents: Record<string, AgentSection>;
  resultGuard: { warnTokens?: number; maxTokens?: number };
  /** A path, or false for no log. */
  log?: string | false;
  http: { host?: string; port?: number; token?: string; allowedOrigins?: string[]; allowedHosts?: string[] };
  timeoutMs?: number;
  /** Variables of the gateway's environment every stdio upstream gets (see GatewayConfig.passEnv). */
  passEnv?: string[];
  groupRefs: GroupRef[];
  /** `file:line:col` of keys that can only be checked once every scope is merged (`phase`, `mode`, `modes.<server>`, `resultGuard.*`). */
  at: Record<string, string>;
}
