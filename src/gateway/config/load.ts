/**
 * The one place the gateway's configuration touches the file system: find the scope files, read
 * them, read the client config files they name, then parse and merge (pure, in parse.ts/merge.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SlimError } from '../../errors.js';
import { loadClientConfigs } from '../../sources/client-configs.js';
import type { GatewayConfig } from '../types.js';
import type { GatewayLayer, LayerScope } from './layer.js';
import { mergeLayers } from './merge.js';
import { parseGatewayConfigText } from './parse.js';

export const GATEWAY_CONFIG_FILE = 'mcp-slim.config.json';

type Env = Record<string, string | undefined>;

export interface GatewayConfigLocation {
  file: string;
  scope: LayerScope;
}

/** `$XDG_CONFIG_HOME/mcp-slim/config.json`, else `~/.config/mcp-slim/config.json`. */
export function userGatewayConfigFile(home: string, env: Env): string {
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.config'), 'mcp-slim', 'config.json');
}

/** The nearest folder upward from cwd holding `.git` (a folder, or a file in a worktree), else cwd. */
export function projectRoot(cwd: string, exists: (p: string) => boolean): string {
  const start = path.resolve(cwd);
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (exists(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

/**
 * The config files that apply, lowest precedence first: user, project root, every folder between
 * the root and cwd (outer first), then `--gateway-config FILE`. Scope files that do not exist are left out;
 * the `--gateway-config` file is always listed (reading it reports a missing one).
 */
export function gatewayConfigLocations(opts: { cwd: string; home: string; env: Env; file?: string }, exists: (p: string) => boolean): GatewayConfigLocation[] {
  const root = projectRoot(opts.cwd, exists);
  const folders = path.relative(root, path.resolve(opts.cwd)).split(path.sep).filter(Boolean);
  const found: GatewayConfigLocation[] = [
    { file: userGatewayConfigFile(opts.home, opts.env), scope: 'user' as const },
    { file: path.join(root, GATEWAY_CONFIG_FILE), scope: 'project' as const },
    ...folders.map((_, i) => ({ file: path.join(root, ...folders.slice(0, i + 1), GATEWAY_CONFIG_FILE), scope: 'folder' as const })),
  ].filter((loc) => exists(loc.file));
  if (opts.file !== undefined) found.push({ file: path.resolve(opts.cwd, opts.file), scope: 'config' });
  // A file reached twice (the user's config folder inside the project, --gateway-config naming a scope file) counts once, at its first place.
  return found.filter((loc, i) => found.findIndex((other) => other.file === loc.file) === i);
}

/** Every file that is or could become a scope of this configuration, there or not: where the rules may be edited. */
export function possibleGatewayConfigLocations(opts: { cwd: string; home: string; env: Env; file?: string }): GatewayConfigLocation[] {
  // Only `.git` is looked for, to find the project; the config files count whether they exist or not.
  return gatewayConfigLocations(opts, (p) => (path.basename(p) === '.git' ? existsSync(p) : true));
}

function readConfigFile(loc: GatewayConfigLocation, texts?: ReadonlyMap<string, string | null>): string {
  const given = texts?.get(loc.file);
  if (typeof given === 'string') return given;
  try {
    return readFileSync(loc.file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (code ?? String(error));
    const what = loc.scope === 'config' ? 'the --gateway-config file' : `the ${loc.scope} config file`;
    throw new SlimError('config', `${loc.file}: cannot read ${what} (${why}); check the path and its permissions`);
  }
}

export interface LoadGatewayConfigOptions {
  cwd: string;
  home: string;
  env: Env;
  /** `--gateway-config FILE`: one more layer, applied last (relative to cwd). */
  file?: string;
  /** Files read as this text instead of from disk (null: as if absent), to try an edit before writing it. */
  texts?: ReadonlyMap<string, string | null>;
}

/** Every scope's config file, read, checked and merged into the gateway's configuration. */
export function loadGatewayConfig(opts: LoadGatewayConfigOptions): GatewayConfig {
  const clientWarnings: string[] = [];
  const exists = (file: string) => (opts.texts?.has(file) ? opts.texts.get(file) !== null : existsSync(file));
  const layers = gatewayConfigLocations(opts, exists).map((loc): GatewayLayer => {
    const layer = parseGatewayConfigText(readConfigFile(loc, opts.texts), loc.file, opts.env, { scope: loc.scope, home: opts.home });
    if (layer.clientConfigs.length === 0) return layer;
    const loaded = loadClientConfigs(
      layer.clientConfigs,
      { env: opts.env, cwd: opts.cwd, home: opts.home },
    );
    clientWarnings.push(...loaded.warnings, ...loaded.skipped.map((s) => `${s.name}: skipped: ${s.reason}`));
    // Inline servers come after, so one of them replaces a client-config server of the same name.
    return { ...layer, servers: [...loaded.specs, ...layer.servers] };
  });
  const config = mergeLayers(layers, { home: opts.home });
  return { ...config, warnings: [...clientWarnings, ...(config.warnings ?? [])] };
}
