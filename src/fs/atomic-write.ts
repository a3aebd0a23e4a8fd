import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, openSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SlimError } from '../errors.js';

export interface AtomicWriteOptions {
  /** The new file's permission bits; default: the existing file's, else the process default. */
  mode?: number;
}

/** The file a write should land on: a symlink's target, so a link (a dotfiles manager's) stays a link. */
function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** A file's permission bits, or undefined when it does not exist. */
export function fileMode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777;
  } catch {
    return undefined;
  }
}

/**
 * Write a file so that readers see either the old content or the new, never half of it:
 * a temporary file beside the target, flushed, then renamed over it. The file keeps its
 * permissions, and a symlink keeps pointing at the file it pointed at.
 */
export function writeFileAtomic(path: string, content: string, options: AtomicWriteOptions = {}): void {
  const target = realTarget(path);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const mode = options.mode ?? fileMode(target);
  try {
    const fd = openSync(tmp, 'w', mode ?? 0o666);
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // openSync's mode is filtered by the umask: set the bits the file had, exactly.
    if (mode !== undefined) chmodSync(tmp, mode);
    renameSync(tmp, target);
  } catch (error) {
    rmSync(tmp, { force: true });
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new SlimError('io', `cannot write ${path} (${reason}); check that its folder exists and is writable`);
  }
}
