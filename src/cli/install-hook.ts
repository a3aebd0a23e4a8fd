import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { SlimError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';

const BEGIN = '# >>> mcp-slim check >>>';
const END = '# <<< mcp-slim check <<<';
const BLOCK = `${BEGIN}\n# Fails the push when MCP tool definitions break the budget (mcp-slim.budget.json).\nnpx --no-install mcp-slim check || exit $?\n${END}\n`;

/**
 * Add `mcp-slim check` to the git pre-push hook. An existing hook is kept: our block goes right
 * after its first line so an `exit 0` at its end cannot skip us; a second install changes nothing.
 */
export function installPrePushHook(cwd: string): { file: string; action: 'created' | 'added' | 'present' } {
  let hooks: string;
  try {
    // --git-path honours core.hooksPath (husky and the like).
    hooks = execFileSync('git', ['rev-parse', '--git-path', 'hooks'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    throw new SlimError('usage', `${cwd} is not in a git repository; run mcp-slim check --install-hook inside one`);
  }
  const dir = isAbsolute(hooks) ? hooks : join(cwd, hooks);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'pre-push');
  if (!existsSync(file)) {
    writeFileAtomic(file, `#!/bin/sh\n${BLOCK}`);
    chmodSync(file, 0o755);
    return { file, action: 'created' };
  }
  const text = readFileSync(file, 'utf8');
  if (text.includes(BEGIN)) return { file, action: 'present' };
  const newline = text.indexOf('\n');
  const updated = text.startsWith('#!') && newline !== -1 ? `${text.slice(0, newline + 1)}${BLOCK}${text.slice(newline + 1)}` : `#!/bin/sh\n${BLOCK}${text}`;
  writeFileAtomic(file, updated);
  chmodSync(file, 0o755);
  return { file, action: 'added' };
}
