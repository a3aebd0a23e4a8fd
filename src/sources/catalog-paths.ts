import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SlimError } from '../errors.js';

/**
 * A `--catalog` argument as catalog files: a file as it is; a directory as its `*.json` files,
 * sorted, without the `*.meta.json` handshakes saved beside raw tools/list results (the layout
 * of a folder of captured servers). A path that cannot be read is returned as it is, so the
 * reader reports it like any other unreadable file.
 */
export function catalogPaths(path: string, cwd = process.cwd()): string[] {
  let entries: string[];
  try {
    if (!statSync(resolve(cwd, path)).isDirectory()) return [path];
    entries = readdirSync(resolve(cwd, path));
  } catch {
    return [path];
  }
  const files = entries.filter((f) => f.endsWith('.json') && !f.endsWith('.meta.json')).sort();
  if (files.length === 0) throw new SlimError('config', `${path}: a directory without catalog files (*.json); pass saved catalogs or raw tools/list results, or a directory of them`);
  return files.map((f) => join(path, f));
}
