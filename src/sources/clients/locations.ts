import path from 'node:path';
import type { ClientKind } from '../../catalog/types.js';

export interface ConfigLocation {
  client: ClientKind;
  file: string;
  scope: 'project' | 'user';
}

type Env = Record<string, string | undefined>;

const pathsFor = (platform: NodeJS.Platform): path.PlatformPath => (platform === 'win32' ? path.win32 : path.posix);

/** Where desktop apps keep per-user settings: what Electron calls `appData`. */
function appDataDir(home: string, env: Env, platform: NodeJS.Platform): string {
  const p = pathsFor(platform);
  if (platform === 'darwin') return p.join(home, 'Library', 'Application Support');
  if (platform === 'win32') return env.APPDATA || p.join(home, 'AppData', 'Roaming');
  return env.XDG_CONFIG_HOME || p.join(home, '.config');
}

/** The per-user config files of every client, for one platform (none checked for existence). */
export function userConfigLocations(home: string, env: Env, platform: NodeJS.Platform, cwd: string): ConfigLocation[] {
  const p = pathsFor(platform);
  const appData = appDataDir(home, env, platform);
  // OpenCode uses XDG paths on every platform, not the platform's app-data folder.
  const openCodeDir = p.join(env.XDG_CONFIG_HOME || p.join(home, '.config'), 'opencode');
  const codexHome = env.CODEX_HOME ? p.resolve(cwd, env.CODEX_HOME) : p.join(home, '.codex');
  const user = (client: ClientKind, file: string): ConfigLocation => ({ client, file, scope: 'user' });
  return [
    user('claude-code', p.join(home, '.claude.json')),
    user('claude-desktop', p.join(appData, 'Claude', 'claude_desktop_config.json')),
    user('cursor', p.join(home, '.cursor', 'mcp.json')),
    user('vscode', p.join(appData, 'Code', 'User', 'mcp.json')),
    user('codex', p.join(codexHome, 'config.toml')),
    user('gemini', p.join(home, '.gemini', 'settings.json')),
    ...(env.OPENCODE_CONFIG ? [user('opencode', p.resolve(cwd, env.OPENCODE_CONFIG))] : []),
    user('opencode', p.join(openCodeDir, 'opencode.json')),
    user('opencode', p.join(openCodeDir, 'opencode.jsonc')),
  ];
}

/**
 * OpenCode reads `opencode.json(c)` from cwd and each parent up to the git root. Outside a git
 * repo we only look in cwd, so a stray file higher up (e.g. in home) is not taken for the project's.
 */
function openCodeProjectDirs(cwd: string, exists: (p: string) => boolean, p: path.PlatformPath): string[] {
  const dirs: string[] = [];
  for (let dir = p.resolve(cwd); ; dir = p.dirname(dir)) {
    dirs.push(dir);
    if (exists(p.join(dir, '.git'))) return dirs;
    if (p.dirname(dir) === dir) return [p.resolve(cwd)];
  }
}

/** The project config files of every client for a project folder (none checked for existence). */
export function projectConfigLocations(cwd: string, platform: NodeJS.Platform, exists: (p: string) => boolean): ConfigLocation[] {
  const p = pathsFor(platform);
  const project = (client: ClientKind, ...parts: string[]): ConfigLocation => ({ client, file: p.join(cwd, ...parts), scope: 'project' });
  return [
    project('claude-code', '.mcp.json'),
    project('cursor', '.cursor', 'mcp.json'),
    project('vscode', '.vscode', 'mcp.json'),
    project('codex', '.codex', 'config.toml'),
    project('gemini', '.gemini', 'settings.json'),
    ...openCodeProjectDirs(cwd, exists, p).flatMap((dir) => [
      { client: 'opencode' as const, file: p.join(dir, 'opencode.jsonc'), scope: 'project' as const },
      { client: 'opencode' as const, file: p.join(dir, 'opencode.json'), scope: 'project' as const },
    ]),
  ];
}

/**
 * Whether a file is one of a client's per-user files on any platform (a config may be read on
 * another machine than the one that wrote it). VS Code's old `settings.json` counts too.
 */
export function isUserConfigFile(file: string, home: string, env: Env, cwd: string): boolean {
  const target = path.resolve(cwd, file);
  return (['darwin', 'linux', 'win32'] as const).some((platform) =>
    userConfigLocations(home, env, platform, cwd).some(
      (loc) =>
        loc.file === target ||
        (loc.client === 'vscode' && pathsFor(platform).join(pathsFor(platform).dirname(loc.file), 'settings.json') === target),
    ),
  );
}
