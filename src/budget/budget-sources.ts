import { isAbsolute, resolve } from 'node:path';
import type { ServerSpec } from '../catalog/types.js';
import type { SourceRequest } from '../sources/collect.js';
import { nameFromCommand } from '../sources/server-name.js';
import type { BudgetSources } from './types.js';

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * What the budget's `measure` section asks for, as a source request. Paths are relative to
 * the budget file, and a command starts in the budget file's folder, so the file works from
 * any working directory (a hook, CI).
 */
export function budgetSourceRequest(sources: BudgetSources, budgetDir: string, defaultTimeoutS = 30): SourceRequest {
  const specs: ServerSpec[] = [];
  const [command, ...args] = sources.command ?? [];
  if (command !== undefined) {
    specs.push({
      name: sources.name ?? nameFromCommand(command, args),
      transport: 'stdio',
      command,
      args,
      cwd: budgetDir,
      ...(sources.env ? { env: sources.env } : {}),
      source: { kind: 'config', file: 'budget measure.command' },
    });
  }
  if (sources.url) {
    specs.push({
      name: command === undefined && sources.name ? sources.name : new URL(sources.url).host,
      transport: 'http',
      url: sources.url,
      ...(sources.headers ? { headers: sources.headers } : {}),
      source: { kind: 'config', file: 'budget measure.url' },
    });
  }
  const at = (p: string) => (isAbsolute(p) ? p : resolve(budgetDir, p));
  return {
    specs,
    configFiles: list(sources.config).map((file) => ({ file: at(file) })),
    catalogFiles: list(sources.catalog).map(at),
    demo: false,
    discover: false,
    timeoutMs: (sources.timeout ?? defaultTimeoutS) * 1000,
  };
}
