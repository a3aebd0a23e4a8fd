import { SlimError } from '../errors.js';
import { restoreLine } from './links.js';
import { splitLines } from './lines.js';
import type { SplitManifest } from './manifest.js';

export interface Restored {
  /** The original's lines as the parts give them back, in order (fewer when a part ran short). */
  lines: string[];
  /** Per restored line: the part it came from (0 the index, k the k-th family). */
  part: number[];
  /** What did not fit: a part edited since the split, a pointer block changed, a rewrite moved. */
  problems: string[];
}

/** Each part's lines put back in the original's order, the index's pointer block taken off and rewrites undone. */
export function restoreParts(manifest: SplitManifest, texts: readonly string[]): Restored {
  const paths = [manifest.index.path, ...manifest.families.map((f) => f.path)];
  const problems: string[] = [];
  const parts = texts.map((t) => t);
  const block = manifest.index.pointerBlock;
  if (!parts[0]!.endsWith(block)) problems.push(`${paths[0]}: its pointer lines at the end are not as split wrote them`);
  else parts[0] = parts[0]!.slice(0, parts[0]!.length - block.length);
  const queues = parts.map(splitLines);
  const taken = queues.map(() => 0);
  const lines: string[] = [];
  const from: number[] = [];
  for (const [part, n] of manifest.order) {
    const queue = queues[part] ?? [];
    for (let k = 0; k < n; k++) {
      const line = queue[taken[part]!];
      if (line === undefined) {
        problems.push(`${paths[part]}: has fewer lines than the split put in it`);
        return { lines, part: from, problems };
      }
      taken[part]!++;
      lines.push(line);
      from.push(part);
    }
  }
  queues.forEach((q, p) => {
    if (taken[p]! < q.length) problems.push(`${paths[p]}: has ${q.length - taken[p]!} more lines than the split put in it`);
  });
  const byLine = new Map<number, SplitManifest['rewrites']>();
  for (const r of manifest.rewrites) byLine.set(r.line, [...(byLine.get(r.line) ?? []), r]);
  for (const [line, edits] of byLine) {
    const text = lines[line - 1];
    if (text === undefined) continue;
    const back = restoreLine(text, edits);
    if (back === undefined) problems.push(`${paths[from[line - 1]!]}: a link rewritten from line ${line} of the original was changed`);
    else lines[line - 1] = back;
  }
  return { lines, part: from, problems };
}

/**
 * The original text from its split: the inverse of `assembleSplit`. A part that was edited so
 * that it no longer fits is an error naming the file; `read` gives a part's text by its path.
 */
export function joinSplit(manifest: SplitManifest, read: (path: string) => string): string {
  const texts = [manifest.index.path, ...manifest.families.map((f) => f.path)].map(read);
  const restored = restoreParts(manifest, texts);
  if (restored.problems.length) throw new SlimError('config', `${restored.problems[0]}; undo that edit, or join the files by hand`);
  return restored.lines.join('');
}
