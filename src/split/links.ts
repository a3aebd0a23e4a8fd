import { posix } from 'node:path';
import { codeSpans } from './tools.js';

/** One link target changed in a written line: `at` is where `to` starts in that line. */
export interface LinkEdit {
  at: number;
  from: string;
  to: string;
}

// Inline links and images `](target)`, reference definitions `[id]: target`, HTML href/src.
const INLINE = /\]\(\s*(?:<([^>\n]*)>|([^\s)]+))/g;
const REFERENCE = /^ {0,3}\[[^\]\n]+\]:[ \t]*(?:<([^>\n]*)>|(\S+))/g;
const HTML = /\b(?:href|src)\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)')/gi;

/**
 * A target that resolves against the file's folder: not a URL (`https:`, `mailto:`), not an
 * anchor in the same file, not rooted (`/docs` is the repository root on GitHub, wherever the
 * file is), not a template (`{{url}}`, `$VAR`).
 */
export const isRelativeTarget = (target: string): boolean =>
  target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !/^[#/\\~{$%]/.test(target);

/** The target as seen from a folder `toOriginal` away from the original's folder. */
export function movedTarget(target: string, toOriginal: string): string {
  const [, path = '', rest = ''] = /^([^?#]*)(.*)$/s.exec(target) ?? [];
  return `${posix.join(toOriginal, path)}${rest}`;
}

/**
 * A line's relative link targets, rewritten to resolve from a file in another folder
 * (`toOriginal`: the way from that file's folder back to the original's). Inline code is left
 * alone; the caller never passes lines of fenced code.
 */
export function rewriteLine(line: string, toOriginal: string): { text: string; edits: LinkEdit[] } {
  if (toOriginal === '' || toOriginal === '.') return { text: line, edits: [] };
  const code = codeSpans(line);
  const inCode = (i: number) => code.some(([s, e]) => i >= s && i < e);
  const found: { start: number; target: string }[] = [];
  for (const re of [INLINE, REFERENCE, HTML]) {
    re.lastIndex = 0;
    for (const m of line.matchAll(re)) {
      const target = m[1] ?? m[2];
      if (target === undefined || inCode(m.index) || !isRelativeTarget(target)) continue;
      found.push({ start: m.index + m[0].lastIndexOf(target), target });
    }
  }
  found.sort((a, b) => a.start - b.start);
  let text = '';
  let from = 0;
  const edits: LinkEdit[] = [];
  for (const f of found) {
    if (f.start < from) continue;
    const to = movedTarget(f.target, toOriginal);
    text += line.slice(from, f.start);
    edits.push({ at: text.length, from: f.target, to });
    text += to;
    from = f.start + f.target.length;
  }
  return { text: text + line.slice(from), edits };
}

/** A written line back to the original's, or `undefined` when an edit is not where it was made. */
export function restoreLine(line: string, edits: readonly LinkEdit[]): string | undefined {
  let text = line;
  for (const e of [...edits].sort((a, b) => b.at - a.at)) {
    if (text.slice(e.at, e.at + e.to.length) !== e.to) return undefined;
    text = text.slice(0, e.at) + e.from + text.slice(e.at + e.to.length);
  }
  return text;
}
