import { statSync } from 'node:fs';

/** What tells one version of a file from the next: gone, or its size, times and inode. */
function signature(file: string): string {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
  } catch {
    return 'absent';
  }
}

/**
 * Call `changed(file)` when one of `files` appears, changes or goes, looking every `intervalMs`.
 * Polling rather than fs.watch: it sees a file that does not exist yet, across editors that
 * replace files by renaming, on every platform, and costs one stat per file per interval.
 * Never keeps the process alive.
 */
export function pollFiles(files: readonly string[], intervalMs: number, changed: (file: string) => void): () => void {
  const seen = new Map(files.map((f) => [f, signature(f)]));
  const timer = setInterval(() => {
    for (const [file, before] of seen) {
      const now = signature(file);
      if (now === before) continue;
      seen.set(file, now);
      changed(file);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
