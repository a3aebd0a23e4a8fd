import { posix } from 'node:path';
import { sha256 } from '../util/hash.js';
import { restoreParts } from './join.js';
import { codeLines, splitLines } from './lines.js';
import type { SplitManifest } from './manifest.js';
import { codeSpans } from './tools.js';

/**
 * Proof that a split lost nothing, from the original and the files alone:
 * 1. `order` covers every line of the original once (the parts partition it, in order);
 * 2. every line of every part is the original's line, byte for byte, but for recorded link
 *    rewrites, and nothing is left over;
 * 3. every rewrite is outside code, and its new target reaches the file the old one reached;
 * 4. the parts joined give the original back (its SHA-256 too), and every file matches its hash.
 * Returns what failed, one line each; empty when the split is sound.
 */
export function verifySplit(original: string, manifest: SplitManifest, texts: readonly string[]): string[] {
  const problems: string[] = [];
  const lines = splitLines(original);
  const paths = [manifest.index.path, ...manifest.families.map((f) => f.path)];
  const covered = manifest.order.reduce((n, [, k]) => n + k, 0);
  if (covered !== lines.length) problems.push(`the split accounts for ${covered} lines; the original has ${lines.length}`);
  if (manifest.order.some(([, n]) => n <= 0)) problems.push('the split has an empty run of lines');
  paths.forEach((path, p) => {
    if (p > 0 && !manifest.order.some(([part]) => part === p)) problems.push(`${path}: holds no line of the original`);
  });

  const restored = restoreParts(manifest, texts);
  problems.push(...restored.problems);
  lines.forEach((line, i) => {
    if (restored.lines[i] !== undefined && restored.lines[i] !== line) problems.push(`line ${i + 1}: ${paths[restored.part[i]!]} does not hold it as the original has it`);
  });

  const code = codeLines(lines);
  for (const r of manifest.rewrites) {
    const part = restored.part[r.line - 1];
    if (part === undefined) continue;
    if (code[r.line - 1]) problems.push(`line ${r.line}: a link inside a code block was rewritten`);
    const written = splitLines(texts[part]!)[restored.part.slice(0, r.line - 1).filter((p) => p === part).length] ?? '';
    if (codeSpans(written).some(([s, e]) => r.at >= s && r.at < e)) problems.push(`line ${r.line}: inline code was rewritten`);
    if (resolvesTo(paths[part]!, r.to) !== resolvesTo(manifest.original.path, r.from)) {
      problems.push(`line ${r.line}: ${JSON.stringify(r.to)} in ${paths[part]} does not reach what ${JSON.stringify(r.from)} reached`);
    }
  }

  const joined = restored.lines.join('');
  if (joined !== original) problems.push('the parts joined are not the original');
  if (sha256(original) !== manifest.original.sha256) problems.push('the original does not match the SHA-256 in the manifest');
  texts.forEach((text, p) => {
    const expected = p === 0 ? manifest.index.sha256 : manifest.families[p - 1]!.sha256;
    if (sha256(text) !== expected) problems.push(`${paths[p]}: does not match its SHA-256 in the manifest`);
  });
  return problems;
}

/** Where a target resolves, from a file's path (both relative to the manifest's folder). */
export const resolvesTo = (file: string, target: string): string => posix.normalize(posix.join(posix.dirname(file), target.replace(/[?#].*$/s, '')));
