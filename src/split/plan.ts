import { countTokens } from '../cost/tokenizer.js';
import { headingName, isGeneralHeading, isRuleText, aboutParent, slug, titleStems, topicKeys, topicName, uniqueNames } from './families.js';
import { dominantEol, isBlank } from './lines.js';
import { outline, subsections, type Outline, type Unit } from './outline.js';
import { distinctiveCode, headingTopic, paragraphTopic, pointerBlock, whenText } from './pointers.js';
import { mentionedFamily, mentions, namedTools, type ToolRef } from './tools.js';

export interface SplitOptions {
  /** Tools whose families the text's sections go to (a catalog's); default: none for Markdown, the snake_case names a text without headings mentions. */
  tools?: readonly ToolRef[];
  /** The most of the original's tokens the index may cost, where the text has families (default 0.3). */
  maxShare?: number;
  /** A section above this many tokens is cut at its subsections (default 2,000). */
  familyCap?: number;
  /** How the index names a family's file (default `<name>.md`). */
  pointer?: (name: string) => string;
  /** Names no family may take (another file in the families' folder). */
  reserved?: readonly string[];
  /** What the index says before its pointer lines, for a caller that does not serve files (the gateway). */
  intro?: string;
}

export interface PlanFamily {
  name: string;
  /** When to read it: what the index says after the family's file. */
  when: string;
  /** Line ranges `[start, end)` of the original, in order. */
  ranges: [number, number][];
  /** The headings (or first words) of its sections. */
  topics: string[];
  /** Tools its text mentions, most mentioned first. */
  tools: string[];
  /** The catalog tool family its sections were grouped by (`ToolRef.family`), when they were. */
  toolFamily?: string;
  text: string;
  tokens: number;
}

export interface SplitPlan {
  lines: string[];
  /** Per line: inside fenced code or front matter (never rewritten). */
  code: boolean[];
  eol: '\n' | '\r\n';
  /** Per line of the original: -1 where the index keeps it, else its family's position. */
  owner: number[];
  index: { text: string; tokens: number; pointerBlock: string };
  families: PlanFamily[];
  original: { tokens: number };
  budget: { maxShare: number; share: number; met: boolean };
}

interface Piece {
  unit: Unit;
  text: string;
  tokens: number;
  pinned: boolean;
  general: boolean;
  toolFamily?: string;
}

/** Which pieces stay, and the families the others form (each a list of pieces, in document order). */
interface Group {
  key: string;
  pieces: readonly Piece[];
  /** Set on families merged for the budget: the name of the larger of the two. */
  name?: string;
}

interface State {
  general: ReadonlySet<Piece>;
  groups: readonly Group[];
}

const tokens = (text: string): number => countTokens(text, 'o200k_base');
const unitText = (o: Outline, u: Unit): string => o.lines.slice(u.start, u.end).join('');

/** Sections above the cap, cut at their subsections until they fit or have none. */
function expand(unit: Unit, o: Outline, cap: number): Unit[] {
  if (unit.kind !== 'section' || tokens(unitText(o, unit)) <= cap) return [unit];
  const parts = subsections(unit, o);
  return parts.length === 1 ? parts : parts.flatMap((p) => expand(p, o, cap));
}

function pieces(o: Outline, tools: readonly ToolRef[], cap: number): Piece[] {
  return o.units.flatMap((u) => expand(u, o, cap)).map((unit) => {
    const text = unitText(o, unit);
    const toolFamily = unit.kind === 'preamble' ? undefined : mentionedFamily(text, tools);
    const code = o.code.slice(unit.start, unit.end);
    const general =
      unit.kind === 'preamble' || unit.kind === 'intro' || (unit.heading !== undefined && isGeneralHeading(unit.heading)) ||
      (toolFamily === undefined && isRuleText(o.lines.slice(unit.start, unit.end), code)) ||
      // A paragraph that names no tool has no family to go to: it stays unless the budget moves it.
      (unit.kind === 'paragraph' && toolFamily === undefined);
    return { unit, text, tokens: tokens(text), pinned: unit.kind === 'preamble', general, ...(toolFamily ? { toolFamily } : {}) };
  });
}

/** Tool families first; sections sharing a topic word next (split where one passes the cap); the rest alone. */
function initialState(all: Piece[], o: Outline, cap: number): State {
  const candidates = all.filter((p) => !p.general);
  const keys = topicKeys(candidates.map((p) => (p.toolFamily ? undefined : p.unit.heading)), titleStems(o.title));
  const groups = new Map<string, Piece[]>();
  const size = new Map<string, number>();
  candidates.forEach((p, i) => {
    let key = p.toolFamily ? `tool:${p.toolFamily}` : keys[i] ? `topic:${keys[i]}` : `own:${p.unit.start}`;
    if (key.startsWith('topic:')) {
      let n = 1;
      while ((size.get(`${key}#${n}`) ?? 0) > 0 && size.get(`${key}#${n}`)! + p.tokens > cap) n++;
      key = `${key}#${n}`;
    }
    groups.set(key, [...(groups.get(key) ?? []), p]);
    size.set(key, (size.get(key) ?? 0) + p.tokens);
  });
  return { general: new Set(all.filter((p) => p.general)), groups: [...groups].map(([key, ps]) => ({ key, pieces: ps })) };
}

/** A paragraph's first line of prose (a code block says nothing of its topic). */
function proseLine(unit: Unit, o: Outline): string {
  for (let i = unit.start; i < unit.end; i++) if (!o.code[i] && !isBlank(o.lines[i]!)) return o.lines[i]!;
  return 'code example';
}

function familyName({ key, pieces: ps, name }: Group, o: Outline): string {
  if (name !== undefined) return name;
  const title = titleStems(o.title);
  if (key.startsWith('tool:')) return slug(key.slice(5));
  const headings = ps.flatMap((p) => (p.unit.heading === undefined ? [] : [p.unit.heading]));
  if (key.startsWith('topic:') && ps.length > 1) return slug(topicName(key.slice(6).replace(/#\d+$/, ''), headings));
  const first = ps[0]!.unit;
  return first.heading !== undefined ? headingName(first.heading, title) : slug(paragraphTopic(proseLine(first, o)).split(' ').slice(0, 3).join('-'));
}

/**
 * What a unit is about, for its pointer line: its heading, with the subsections whose headings
 * say something else ("Formatting (Building; Testing)": a reader looking for the build steps
 * must learn they are there); a paragraph's first words.
 */
function unitTopic(unit: Unit, o: Outline): string {
  if (unit.heading === undefined) return paragraphTopic(proseLine(unit, o));
  const inner = o.headings.filter((h) => h.line > unit.start && h.line < unit.end);
  const level = Math.min(...inner.map((h) => h.level));
  const others = inner.filter((h) => h.level === level && !aboutParent(h.text, unit.heading!)).map((h) => headingTopic(h.text));
  const head = headingTopic(unit.heading);
  if (!others.length) return head;
  const shown = others.length > 5 ? [...others.slice(0, 4), `and ${others.length - 4} more`] : others;
  return `${head} (${shown.join(', ')})`;
}

/** Ranges of consecutive lines from pieces in document order. */
function rangesOf(ps: readonly Piece[]): [number, number][] {
  const out: [number, number][] = [];
  for (const p of [...ps].sort((a, b) => a.unit.start - b.unit.start)) {
    const last = out.at(-1);
    if (last && last[1] === p.unit.start) last[1] = p.unit.end;
    else out.push([p.unit.start, p.unit.end]);
  }
  return out;
}

interface Context {
  o: Outline;
  tools: readonly ToolRef[];
  options: SplitOptions;
  total: number;
  /** Token counts, remembered: the budget loop renders the same families many times. */
  count: (text: string) => number;
}

function render(state: State, { o, tools, options, total, count }: Context): SplitPlan {
  const eol = dominantEol(o.lines);
  const groups = state.groups.filter((g) => g.pieces.some((p) => !state.general.has(p)));
  const names = uniqueNames(groups.map((g) => familyName(g, o)), options.reserved);
  const owner = o.lines.map(() => -1);
  groups.forEach((g, k) => g.pieces.forEach((p) => owner.fill(k, p.unit.start, p.unit.end)));
  const kept = o.lines.filter((_, i) => owner[i] === -1).join('');
  const families: PlanFamily[] = groups.map((g, k) => {
    const ranges = rangesOf(g.pieces);
    const text = ranges.map(([s, e]) => o.lines.slice(s, e).join('')).join('');
    const used = [...mentions(text, tools).keys()];
    const topics = g.pieces.map((p) => unitTopic(p.unit, o));
    const ownLines = ranges.flatMap(([s, e]) => o.lines.slice(s, e));
    const ownCode = ranges.flatMap(([s, e]) => o.code.slice(s, e));
    const toolFamily = g.key.startsWith('tool:') ? g.key.slice(5) : undefined;
    const keywords = toolFamily !== undefined ? [] : distinctiveCode(ownLines, ownCode, kept, new Set(used));
    // A tool family is named by its tools; headings add what the section is about.
    const headingTopics = g.pieces.some((p) => p.unit.heading !== undefined) || !used.length ? topics : [];
    return { name: names[k]!, when: whenText({ tools: used, topics: headingTopics, keywords }), ranges, topics, tools: used, ...(toolFamily !== undefined ? { toolFamily } : {}), text, tokens: count(text) };
  });
  const pointer = options.pointer ?? ((name: string) => `${name}.md`);
  const block = pointerBlock({ before: kept, eol, level: o.level, pointers: families.map((f) => ({ path: pointer(f.name), when: f.when })), ...(options.intro ? { intro: options.intro } : {}) });
  const indexText = kept + block;
  const indexTokens = count(indexText);
  const maxShare = options.maxShare ?? 0.3;
  const share = total ? indexTokens / total : 0;
  return {
    lines: o.lines, code: o.code, eol, owner,
    index: { text: indexText, tokens: indexTokens, pointerBlock: block },
    families, original: { tokens: total },
    budget: { maxShare, share, met: families.length === 0 || share <= maxShare },
  };
}

const byStart = (a: Group, b: Group) => a.pieces[0]!.unit.start - b.pieces[0]!.unit.start;
const largestGeneral = (state: State): Piece | undefined => [...state.general].filter((p) => !p.pinned).sort((a, b) => b.tokens - a.tokens)[0];
const without = (state: State, piece: Piece): Set<Piece> => new Set([...state.general].filter((p) => p !== piece));

/** The largest piece that stays, moved to a family of its own. */
function moveLargestGeneral(state: State): State | undefined {
  const movable = largestGeneral(state);
  if (!movable) return undefined;
  const groups = [...state.groups, { key: `own:${movable.unit.start}`, pieces: [movable] }];
  return { general: without(state, movable), groups: groups.sort(byStart) };
}

/**
 * The largest piece that stays, added to the family of the text right after it (or before it,
 * at the end): no new pointer line, so small paragraphs can leave too.
 */
function joinLargestGeneral(state: State): State | undefined {
  const movable = largestGeneral(state);
  const live = state.groups.filter((g) => g.pieces.some((p) => !state.general.has(p)));
  if (!movable || !live.length) return undefined;
  const at = movable.unit.start;
  const target = live.find((g) => g.pieces.some((p) => p.unit.start > at)) ?? live.at(-1)!;
  const groups = state.groups.map((g) => (g === target ? { ...g, pieces: [...g.pieces, movable].sort((a, b) => a.unit.start - b.unit.start) } : g));
  return { general: without(state, movable), groups };
}

/** The two neighbouring families that cost least together, made one: one pointer line fewer. */
function mergeSmallest(state: State, o: Outline): State | undefined {
  const groups = state.groups.filter((g) => g.pieces.some((p) => !state.general.has(p)));
  if (groups.length < 2) return undefined;
  const cost = (g: (typeof groups)[number]) => g.pieces.reduce((n, p) => n + p.tokens, 0);
  let best = 0;
  for (let i = 1; i < groups.length - 1; i++) if (cost(groups[i]!) + cost(groups[i + 1]!) < cost(groups[best]!) + cost(groups[best + 1]!)) best = i;
  const [a, b] = [groups[best]!, groups[best + 1]!];
  // The merged family is named after the larger of the two; its pointer line lists both.
  const merged = { key: a.key, pieces: [...a.pieces, ...b.pieces], name: familyName(cost(a) >= cost(b) ? a : b, o) };
  return { general: state.general, groups: [...groups.slice(0, best), merged, ...groups.slice(best + 2)] };
}

/**
 * The split of one text: which lines the index keeps, the families the rest forms and the
 * index's pointer lines. Pure: text in, plan out; nothing is read or written.
 *
 * What stays: the preamble, and sections that are general by their heading or their rules.
 * A family that costs no more than the line pointing to it stays too. Then, while the index is
 * over budget, whichever move shrinks it most is made: the largest section that stays becomes
 * a family, or joins the family of the text after it, or the two cheapest neighbouring
 * families become one.
 */
export function planSplit(text: string, options: SplitOptions = {}): SplitPlan {
  const o = outline(text);
  const cap = options.familyCap ?? 2000;
  const tools = options.tools ?? (o.level === 0 ? namedTools(text) : []);
  const all = pieces(o, tools, cap);
  const total = tokens(text);
  const memo = new Map<string, number>();
  const count = (t: string): number => memo.get(t) ?? memo.set(t, tokens(t)).get(t)!;
  const draw = (s: State) => render(s, { o, tools, options, total, count });
  let state = initialState(all, o, cap);
  let plan = draw(state);
  // Keep what costs no more than the line that would point at it.
  const pointer = options.pointer ?? ((name: string) => `${name}.md`);
  const live = state.groups.filter((g) => g.pieces.some((p) => !state.general.has(p)));
  const tiny = live.filter((_, k) => {
    const f = plan.families[k]!;
    return f.tokens <= tokens(`- \`${pointer(f.name)}\`: ${f.when}.\n`);
  });
  if (tiny.length) {
    state = { general: new Set([...state.general, ...tiny.flatMap((g) => g.pieces)]), groups: state.groups.filter((g) => !tiny.includes(g)) };
    plan = draw(state);
  }
  const limit = plan.original.tokens * plan.budget.maxShare;
  while (plan.index.tokens > limit) {
    const next = [moveLargestGeneral(state), joinLargestGeneral(state), mergeSmallest(state, o)]
      .filter((s): s is State => s !== undefined)
      .map((s) => ({ s, p: draw(s) }))
      .sort((a, b) => a.p.index.tokens - b.p.index.tokens)[0];
    if (!next || next.p.index.tokens >= plan.index.tokens) break;
    state = next.s;
    plan = next.p;
  }
  return plan;
}
