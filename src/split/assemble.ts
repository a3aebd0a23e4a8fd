import { posix } from 'node:path';
import { byteLength, countTokens } from '../cost/tokenizer.js';
import { sha256 } from '../util/hash.js';
import { rewriteLine } from './links.js';
import { SPLIT_FORMAT, SPLIT_VERSION, type SplitManifest } from './manifest.js';
import type { SplitPlan } from './plan.js';

/** Where the split's files go, relative to the manifest's folder, with `/`. */
export interface SplitLayout {
  original: string;
  index: string;
  family: (name: string) => string;
}

export interface SplitFiles {
  manifest: SplitManifest;
  /** The index first, then the families in the manifest's order. */
  files: { path: string; text: string }[];
}

/**
 * The way back from a file's folder to the original's: `..` for a family one folder down. Both
 * paths are relative; they are resolved under a made-up root deep enough for their `..`s, so
 * the answer never depends on the process's working folder.
 */
export function towardOriginal(file: string, original: string): string {
  const ups = `${file}/${original}`.split('/').filter((s) => s === '..').length;
  const root = `/${Array.from({ length: ups + 1 }, (_, i) => `r${i}`).join('/')}`;
  return posix.relative(posix.dirname(posix.resolve(root, file)), posix.dirname(posix.resolve(root, original))) || '.';
}

/** `[part, n]` runs from each line's part. */
function runs(parts: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const p of parts) {
    const last = out.at(-1);
    if (last && last[0] === p) last[1]++;
    else out.push([p, 1]);
  }
  return out;
}

/**
 * A plan as files: each line goes to its part as it is, except that relative link targets
 * outside code are rewritten to resolve from the part's folder (each rewrite recorded, so join
 * can undo it); the index ends with the plan's pointer block.
 */
export function assembleSplit(plan: SplitPlan, layout: SplitLayout): SplitFiles {
  const paths = [layout.index, ...plan.families.map((f) => layout.family(f.name))];
  const toOriginal = paths.map((p) => towardOriginal(p, layout.original));
  const texts = paths.map(() => '');
  const rewrites: SplitManifest['rewrites'] = [];
  const parts = plan.owner.map((o) => o + 1);
  plan.lines.forEach((line, i) => {
    const part = parts[i]!;
    const { text, edits } = plan.code[i] ? { text: line, edits: [] } : rewriteLine(line, toOriginal[part]!);
    for (const e of edits) rewrites.push({ line: i + 1, ...e });
    texts[part] += text;
  });
  texts[0] += plan.index.pointerBlock;
  const original = plan.lines.join('');
  const tokens = texts.map((t) => countTokens(t, 'o200k_base'));
  const manifest: SplitManifest = {
    format: SPLIT_FORMAT,
    version: SPLIT_VERSION,
    original: { path: layout.original, sha256: sha256(original), bytes: byteLength(original), lines: plan.lines.length, tokens: plan.original.tokens },
    index: {
      path: layout.index, sha256: sha256(texts[0]!), tokens: tokens[0]!,
      share: plan.original.tokens ? tokens[0]! / plan.original.tokens : 0, pointerBlock: plan.index.pointerBlock,
    },
    families: plan.families.map((f, k) => ({
      name: f.name, path: paths[k + 1]!, when: f.when, sha256: sha256(texts[k + 1]!), tokens: tokens[k + 1]!,
      lines: f.ranges.map(([s, e]) => [s + 1, e] as [number, number]),
    })),
    order: runs(parts),
    rewrites,
  };
  return { manifest, files: paths.map((path, k) => ({ path, text: texts[k]! })) };
}
