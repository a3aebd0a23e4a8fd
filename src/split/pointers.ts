import { codeSpans } from './tools.js';
import { lineBody } from './lines.js';

/** What a pointer line says of a family: the tools it is about, its topics, words only it uses. */
export interface WhenInput {
  tools: readonly string[];
  topics: readonly string[];
  keywords: readonly string[];
}

const MAX_TOOLS = 4;
const MAX_TOPICS = 5;
const MAX_KEYWORDS = 3;

function list(items: readonly string[], max: number, sep: string): string {
  const shown = items.slice(0, max).join(sep);
  return items.length > max ? `${shown}${sep}and ${items.length - max} more` : shown;
}

/** "before the first use of `a`, `b`; before work on: Tests; Builds (mentions `x`)". */
export function whenText(w: WhenInput): string {
  const parts: string[] = [];
  if (w.tools.length) parts.push(`before the first use of ${list(w.tools.map((t) => `\`${t}\``), MAX_TOOLS, ', ')}`);
  if (w.topics.length) parts.push(`before work on: ${list(w.topics, MAX_TOPICS, '; ')}`);
  const head = parts.join('; ') || 'when the task needs it';
  return w.keywords.length ? `${head} (mentions ${w.keywords.slice(0, MAX_KEYWORDS).map((k) => `\`${k}\``).join(', ')})` : head;
}

/** A heading as a topic: without emphasis and the colon some files end headings with. */
export const headingTopic = (heading: string): string => heading.replace(/^\*\*(.*)\*\*$/, '$1').replace(/\s*:\s*$/, '').trim();

/** A paragraph as a topic: its first words (at most 60 characters), without list markers or emphasis. */
export function paragraphTopic(firstLine: string): string {
  const words = lineBody(firstLine).replace(/^\s*([-*+>]|\d+[.)])\s+/, '').replace(/[*_]{2}/g, '').trim().split(/\s+/);
  const text = words.length > 8 ? `${words.slice(0, 8).join(' ')}…` : words.join(' ');
  // A line of badges or a long URL has no spaces to stop at: cut it, or it costs what it points at.
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * Inline code a family uses and the index does not (`dotnet test`, `QuarantineTools`): the
 * words an agent's task would share with it. Most used first; long spans and tools are left out.
 */
export function distinctiveCode(lines: readonly string[], code: readonly boolean[], indexText: string, exclude: ReadonlySet<string>): string[] {
  const counts = new Map<string, number>();
  lines.forEach((line, i) => {
    if (code[i]) return;
    for (const [s, e] of codeSpans(line)) {
      const span = line.slice(s, e).replace(/^`+\s?|\s?`+$/g, '');
      if (!/[A-Za-z0-9]{2}/.test(span) || span.length > 32 || exclude.has(span) || indexText.includes(span)) continue;
      counts.set(span, (counts.get(span) ?? 0) + 1);
    }
  });
  return [...counts].sort((a, b) => b[1] - a[1]).map(([s]) => s);
}

export interface PointerBlockInput {
  /** The index's own text, before the block. */
  before: string;
  eol: string;
  /** The heading level of the document's units; 0 for text without headings. */
  level: number;
  pointers: readonly { path: string; when: string }[];
  intro?: string;
}

/**
 * The lines the index ends with: one per family, naming its file and when to read it. It
 * starts on a line of its own (after a line break when the kept text lacks a final newline),
 * so the verifier and `--join` can take it off exactly.
 */
export function pointerBlock(p: PointerBlockInput): string {
  if (!p.pointers.length) return '';
  const { eol } = p;
  const gap = p.before === '' ? '' : !p.before.endsWith('\n') ? eol + eol : /\n[ \t]*\r?\n$/.test(p.before) ? '' : eol;
  const title = p.level > 0 ? `${'#'.repeat(p.level)} Read when needed` : 'Read when needed:';
  const intro = p.intro ?? 'Parts of these instructions are kept in the files below, word for word. Before a task a line names, read its file.';
  const lines = p.pointers.map((x) => `- \`${x.path}\`: ${x.when}.`);
  return `${gap}${title}${eol}${eol}${intro}${eol}${eol}${lines.join(eol)}${eol}`;
}
