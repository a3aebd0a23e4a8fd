import { codeLines, frontMatterEnd, isBlank, lineBody, splitLines } from './lines.js';

export interface Heading {
  /** The first line of the heading (the text line of a setext heading). */
  line: number;
  /** The line after it (a setext heading has two). */
  after: number;
  level: number;
  text: string;
}

/**
 * A piece of the document that moves as a whole: a section under a heading, or a paragraph
 * where the text has no headings. Lines `[start, end)`.
 */
export interface Unit {
  start: number;
  end: number;
  kind: 'preamble' | 'intro' | 'section' | 'paragraph';
  heading?: string;
  level: number;
  /** Enclosing headings below the title, outermost first: where a subsection came from. */
  parents: string[];
}

export interface Outline {
  lines: string[];
  code: boolean[];
  headings: Heading[];
  /** The title's headings: their words name the whole document, so they never name a family. */
  title: string[];
  /** The level of the headings that start units; 0 when the text is read as paragraphs. */
  level: number;
  /** In document order; the first is the preamble (possibly empty), which always stays. */
  units: Unit[];
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const NOT_PARAGRAPH = /^\s*([-*+>|]|\d+[.)]\s|#)/;

export function findHeadings(lines: readonly string[], code: readonly boolean[]): Heading[] {
  const out: Heading[] = [];
  lines.forEach((line, i) => {
    if (code[i]) return;
    const body = lineBody(line);
    const atx = ATX.exec(body);
    if (atx) {
      out.push({ line: i, after: i + 1, level: atx[1]!.length, text: (atx[2] ?? '').trim() });
      return;
    }
    // A setext underline counts only under a one-line paragraph: `---` is as often a rule.
    const setext = SETEXT.exec(body);
    const above = lines[i - 1];
    if (!setext || above === undefined || code[i - 1] || isBlank(above) || NOT_PARAGRAPH.test(lineBody(above))) return;
    if (i >= 2 && !isBlank(lines[i - 2]!) && out.at(-1)?.line !== i - 2) return;
    out.push({ line: i - 1, after: i + 1, level: setext[1]![0] === '=' ? 1 : 2, text: lineBody(above).trim() });
  });
  return out;
}

/** Blocks separated by blank lines; a block keeps the blank lines after it; code is never cut. */
export function paragraphs(lines: readonly string[], code: readonly boolean[], from: number, to: number): [number, number][] {
  const starts: number[] = [];
  for (let i = from; i < to; i++) {
    if (isBlank(lines[i]!) && !code[i]) continue;
    if (i === from || (isBlank(lines[i - 1]!) && !code[i - 1])) starts.push(i);
  }
  if (starts[0] !== from) starts.unshift(from);
  return starts.map((s, k) => [s, starts[k + 1] ?? to]);
}

const headingBody = (h: Heading, headings: readonly Heading[], lines: readonly string[]): string[] => {
  const next = headings.find((o) => o.line > h.line)?.line ?? lines.length;
  return lines.slice(h.after, next);
};

/**
 * The document's units. The title is what the document opens with: headings with nothing
 * under them, then a heading alone at its level above the others (`# Agent Instructions` above
 * `##` sections) if nothing but blank lines and front matter comes before it.
 * Units start at the shallowest level left. The preamble (front matter and title) always stays;
 * the paragraphs between it and the first unit are `intro` units: general, but movable when the
 * index runs over its budget (a README opens with a wall of badges). Without headings below
 * the title, units are paragraphs.
 */
export function outline(text: string): Outline {
  const lines = splitLines(text);
  const code = codeLines(lines);
  const headings = findHeadings(lines, code);
  let rest = headings;
  const title: Heading[] = [];
  while (rest[0] && headingBody(rest[0], headings, lines).every(isBlank)) {
    title.push(rest[0]);
    rest = rest.slice(1);
  }
  const first = rest[0];
  const top = Math.min(...rest.map((h) => h.level));
  const opens = first !== undefined && lines.slice(title.at(-1)?.after ?? 0, first.line).every((l, i) => isBlank(l) || code[i + (title.at(-1)?.after ?? 0)]);
  if (first && opens && first.level === top && rest.filter((h) => h.level === top).length === 1) {
    title.push(first);
    rest = rest.slice(1);
  }
  const level = rest.length ? Math.min(...rest.map((h) => h.level)) : 0;
  const starts = rest.filter((h, k) => k === 0 || h.level === level);
  const bodyStart = starts[0]?.line ?? lines.length;
  const head = paragraphs(lines, code, 0, bodyStart);
  // Pinned: the front matter (a client reads it) and the title, with the block they end.
  const titled = Math.max(frontMatterEnd(lines), title.at(-1)?.after ?? 0);
  const pinnedEnd = titled === 0 ? 0 : (head.find(([s, e]) => s < titled && titled <= e)?.[1] ?? titled);
  const units: Unit[] = [{ start: 0, end: pinnedEnd, kind: 'preamble', level: 0, parents: [] }];
  const extra = starts.length ? 'intro' : 'paragraph';
  for (const [s, e] of paragraphs(lines, code, pinnedEnd, bodyStart)) if (e > s) units.push({ start: s, end: e, kind: extra, level: 0, parents: [] });
  starts.forEach((h, k) => {
    units.push({ start: h.line, end: starts[k + 1]?.line ?? lines.length, kind: 'section', heading: h.text, level: h.level, parents: [] });
  });
  return { lines, code, headings, title: title.map((h) => h.text), level, units };
}

/**
 * A section cut at its subsections (the shallowest level inside it). Its own text before the
 * first subsection becomes a unit when it says something beyond the heading; a bare heading
 * goes with the first subsection, so the heading line is never alone in a file.
 */
export function subsections(unit: Unit, o: Outline): Unit[] {
  const inner = o.headings.filter((h) => h.line > unit.start && h.line < unit.end);
  if (unit.kind !== 'section' || !inner.length) return [unit];
  const level = Math.min(...inner.map((h) => h.level));
  const cuts = inner.filter((h) => h.level === level);
  const parents = unit.heading === undefined ? unit.parents : [...unit.parents, unit.heading];
  const children: Unit[] = cuts.map((h, k) => ({
    start: h.line, end: cuts[k + 1]?.line ?? unit.end, kind: 'section', heading: h.text, level: h.level, parents,
  }));
  const own = o.headings.find((h) => h.line === unit.start)?.after ?? unit.start + 1;
  if (o.lines.slice(own, cuts[0]!.line).some((l) => !isBlank(l))) {
    return [{ ...unit, end: cuts[0]!.line }, ...children];
  }
  children[0] = { ...children[0]!, start: unit.start };
  return children;
}
