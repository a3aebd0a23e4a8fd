import { basename } from 'node:path';
import { redactArgs } from '../util/redact.js';

const RUNNERS = new Set(['npx', 'bunx', 'uvx', 'pipx', 'dlx', 'pnpx']);
const INTERPRETERS = new Set(['node', 'python', 'python3', 'deno', 'bun', 'tsx', 'uv']);

/** A short, readable name for a server started from a command line (`npx -y @scope/pkg@1` → `pkg`). */
export function nameFromCommand(command: string, args: readonly string[]): string {
  const base = basename(command).replace(/\.(c|m)?js$|\.exe$|\.cmd$/i, '');
  // The value of --api-key and the like is not a name (and a name is printed everywhere).
  const firstPlain = redactArgs(args).find((a) => !a.startsWith('-') && !a.includes('***') && a !== 'run' && a !== 'dlx' && a !== 'exec');
  if ((RUNNERS.has(base) || base === 'pnpm' || base === 'npm') && firstPlain) {
    return firstPlain.replace(/^(@[^/]+\/)?([^@]+)(@.*)?$/, '$2');
  }
  if (INTERPRETERS.has(base) && firstPlain) return basename(firstPlain).replace(/\.(c|m)?[jt]s$|\.py$/i, '');
  return base || 'server';
}

/** Make names unique in order: a second `fs` becomes `fs#2`. */
export function uniqueNames<T extends { name: string }>(items: readonly T[]): T[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const n = (seen.get(item.name) ?? 0) + 1;
    seen.set(item.name, n);
    return n === 1 ? item : { ...item, name: `${item.name}#${n}` };
  });
}
