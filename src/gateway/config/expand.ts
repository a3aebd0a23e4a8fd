import path from 'node:path';

type Env = Record<string, string | undefined>;

/**
 * `${VAR}` and `${VAR:-default}`, as Claude Code's `.mcp.json` writes them. An unset variable
 * without a default is reported (the caller turns it into an error: a server started with a
 * literal `${GITHUB_TOKEN}`, or a gateway whose token is empty, fails later and less clearly).
 */
export function expandVars(value: string, env: Env, onUnset: (name: string) => void): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (whole, name: string, fallback: string | undefined) => {
    const set = env[name];
    if (set !== undefined && (set !== '' || fallback === undefined)) return set;
    if (fallback !== undefined) return fallback;
    onUnset(name);
    return whole;
  });
}

/** `~` and `~/…` are the home folder; any other relative path is relative to `base` (a config file's folder). */
export function resolvePath(value: string, base: string, home: string): string {
  if (value === '~') return home;
  if (value.startsWith('~/') || value.startsWith('~\\')) return path.join(home, value.slice(2));
  return path.resolve(base, value);
}

/** A path for messages: under home it starts with `~`. */
export function displayPath(file: string, home: string): string {
  const rel = path.relative(home, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? `~/${rel.split(path.sep).join('/')}` : file;
}
