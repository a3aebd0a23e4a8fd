import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join, resolve } from 'node:path';
import { SlimError } from '../errors.js';

/**
 * A `--catalog` argument as catalog files: a file as it is; a directory as its `*.json` files,
 * sorted, without the `*.meta.json` handshakes saved beside raw tools/list results (the layout
 * of a folder of captured servers). A path that cannot be read is returned as it is, so the
 * reader reports it like any other unreadable file.
 */
function catalogPaths(path: string, cwd = process.cwd()): string[] {
  let entries: Dirent[];
  try {
    if (!statSync(resolve(cwd, path)).isDirectory()) return [path];
    entries = readdirSync(resolve(cwd, path), { withFileTypes: true });
  } catch {
    return [path];
  }
  // Files only (a symlink to one too), and no hidden ones: macOS leaves "._name.json" beside copies.
  const isFile = (e: Dirent) => e.isFile() || (e.isSymbolicLink() && statSync(resolve(cwd, path, e.name), { throwIfNoEntry: false })?.isFile() === true);
  const files = entries
    .filter((e) => /\.json$/i.test(e.name) && !/\.meta\.json$/i.test(e.name) && !e.name.startsWith('.') && isFile(e))
    .map((e) => e.name)
    .sort();
  if (files.length === 0) throw new SlimError('config', `${path}: a directory without catalog files (*.json); pass saved catalogs, tools/list results or tool lists, or a directory of them`);
  return files.map((f) => join(path, f));
}

/** Every `--catalog` argument as catalog files, each file once however often it was named. */
export function allCatalogPaths(paths: readonly string[], cwd = process.cwd()): string[] {
  const seen = new Set<string>();
  return paths.flatMap((p) => catalogPaths(p, cwd)).filter((f) => {
    const key = resolve(cwd, f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
