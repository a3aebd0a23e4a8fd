import { existsSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { SlimError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { joinJson, renderJoinText, type JoinView } from '../report/split-report.js';
import { byteLength } from '../cost/tokenizer.js';
import { joinSplit, MANIFEST_FILE, parseManifest } from '../split/index.js';
import { sha256 } from '../util/hash.js';
import { EXIT, type ExitCode } from './exit-code.js';
import { useColor, type CliIO } from './io.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A file as text, exactly: the BOM kept (TextDecoder would drop it), bytes that are not UTF-8
 * refused rather than replaced, since a split must give back the very bytes it was given.
 */
export function readText(path: string, shownAs: string, what: string, fix: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new SlimError('config', `cannot read ${what} ${shownAs} (${code === 'EISDIR' ? 'a folder' : code}); ${fix}`);
  }
  if (bytes.includes(0)) throw new SlimError('config', `${shownAs} has a NUL byte: it is not a text file; split reads Markdown and plain text`);
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new SlimError('config', `${shownAs} is not UTF-8 text; convert it to UTF-8 (e.g. iconv -t UTF-8) and split again`);
  }
}

/** A path as the user would type it from where they ran the command. */
export const shown = (cwd: string, path: string): string => relative(cwd, path) || '.';

export interface JoinFlags {
  force: boolean;
  dryRun: boolean;
  json: boolean;
}

/**
 * `split --join DIR`: the original rebuilt from the manifest and the files, then written where
 * it was. The file there is replaced only if it is the split's own index (or the original
 * itself) unless --force; the split's files are removed only when they are exactly as written.
 */
export async function joinCommand(io: CliIO, dir: string, flags: JoinFlags): Promise<ExitCode> {
  const folder = resolve(io.cwd, dir);
  const manifestPath = resolve(folder, MANIFEST_FILE);
  if (!existsSync(manifestPath)) throw new SlimError('config', `${dir} has no ${MANIFEST_FILE}; pass the folder mcp-slim split wrote (it holds ${MANIFEST_FILE})`);
  const manifest = parseManifest(readText(manifestPath, shown(io.cwd, manifestPath), 'split manifest', 'check the path'), shown(io.cwd, manifestPath));
  const parts = [manifest.index, ...manifest.families].map((p) => resolve(folder, p.path));
  const texts = new Map(parts.map((p) => [p, readText(p, shown(io.cwd, p), 'a file of the split', 'restore it, or split the original again')]));
  const joined = joinSplit(manifest, (path) => texts.get(resolve(folder, path))!);
  const matches = sha256(joined) === manifest.original.sha256;
  if (!matches && !flags.force) {
    throw new SlimError('config', `joining ${dir} does not give back the original (its SHA-256 differs): a file of the split was edited; pass --force to write the joined text anyway`);
  }
  const target = resolve(folder, manifest.original.path);
  if (existsSync(target) && !flags.force) {
    const now = sha256(readText(target, shown(io.cwd, target), 'the file to rebuild', 'check the path'));
    if (now !== manifest.index.sha256 && now !== manifest.original.sha256) {
      throw new SlimError('usage', `${shown(io.cwd, target)} was changed since the split; pass --force to replace it with the joined text`);
    }
  }
  const removed: string[] = [];
  if (!flags.dryRun) {
    writeFileAtomic(target, joined);
    if (matches) {
      // Only what the split wrote, and only as it wrote it: an edited file stays.
      const ours = [manifest.index, ...manifest.families].map((p, k) => ({ path: parts[k]!, sha: p.sha256 }));
      for (const { path, sha } of ours) {
        if (path === target || sha256(texts.get(path)!) !== sha) continue;
        rmSync(path, { force: true });
        removed.push(shown(io.cwd, path));
      }
      rmSync(manifestPath, { force: true });
      removed.push(shown(io.cwd, manifestPath));
      try {
        rmdirSync(folder);
      } catch {
        // Not empty (the user keeps other files there): it stays.
      }
    }
  }
  const view: JoinView = { target: shown(io.cwd, target), bytes: byteLength(joined), sha256: sha256(joined), matches, removed, dryRun: flags.dryRun };
  io.stdout.write(flags.json ? `${JSON.stringify(joinJson(view), null, 2)}\n` : renderJoinText(view, { color: useColor(io.stdout, io.env) }));
  return EXIT.ok;
}
