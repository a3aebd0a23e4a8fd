import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BUDGET_FILE_NAMES } from './budget-file.js';

/** Find the budget file the way size-limit finds its config: in this folder, then each parent. */
export function findBudgetFile(cwd: string, exists: (p: string) => boolean = existsSync): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    for (const name of BUDGET_FILE_NAMES) if (exists(join(dir, name))) return join(dir, name);
    if (dirname(dir) === dir) return undefined;
  }
}
