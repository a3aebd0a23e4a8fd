import type { Catalog, RawTool } from '../catalog/types.js';
import { familyOf } from '../slim/family.js';
import { PRESETS, type SlimPolicy } from '../slim/policy.js';
import { escapeRegExp } from '../util/regexp.js';

/** A tool a split knows about, with the family slim's manuals would put it in. */
export interface ToolRef {
  name: string;
  family: string;
}

// The same families as `slim --family prefix`: a server, or a server's shared name prefix.
const BY_PREFIX: SlimPolicy = { ...PRESETS.balanced, family: 'prefix' };

/** A server's tools with their families, as slim's prefix manuals group them. */
export const toolRefs = (server: string, tools: readonly RawTool[]): ToolRef[] =>
  tools.map((tool) => ({ name: tool.name, family: familyOf(server, tool, tools, BY_PREFIX) }));

/** The tools of a catalog (or of one server in it) with their families. */
export function catalogTools(catalog: Catalog, server?: string): ToolRef[] {
  return catalog.servers.filter((s) => server === undefined || s.name === server).flatMap((s) => toolRefs(s.name, s.tools));
}

const SNAKE = /(?<![\w-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])/g;

/**
 * Tool names a text without headings mentions (`browser_click`, `create_issue`): snake_case
 * words, grouped by shared prefix as slim's manuals group them. Server instructions name their
 * tools so; prose rarely has such words.
 */
export function namedTools(text: string): ToolRef[] {
  const tools = [...new Set(text.match(SNAKE) ?? [])].map((name) => ({ name }));
  return toolRefs('tools', tools).map((t) => ({ ...t, family: t.family.replace(/^tools--/, '') }));
}

/** Inline code spans of a line, as [start, end) including the backticks. */
export function codeSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  const runs = /`+/g;
  let m: RegExpExecArray | null;
  while ((m = runs.exec(line))) {
    const close = new RegExp(`(?<!\`)${m[0]}(?!\`)`, 'g');
    close.lastIndex = m.index + m[0].length;
    const end = close.exec(line);
    if (!end) continue;
    spans.push([m.index, end.index + m[0].length]);
    runs.lastIndex = end.index + m[0].length;
  }
  return spans;
}

/** A plain word as a name (`search`, `fetch`) counts only in code: in prose it is the word. */
const isPlainWord = (name: string): boolean => /^[a-z]+$/.test(name);

const patterns = new Map<string, RegExp>();
function patternOf(name: string): RegExp {
  let p = patterns.get(name);
  if (!p) {
    const body = escapeRegExp(name);
    p = isPlainWord(name) ? new RegExp(`\`${body}(?:\\(\\))?\``, 'g') : new RegExp(`(?<![A-Za-z0-9-]|[A-Za-z0-9]_)${body}(?![A-Za-z0-9-]|_[A-Za-z0-9])`, 'g');
    patterns.set(name, p);
  }
  return p;
}

/** How often a text mentions each tool, most mentioned first; tools it does not mention are absent. */
export function mentions(text: string, tools: readonly ToolRef[]): Map<string, number> {
  const counts: [string, number][] = [];
  for (const tool of tools) {
    if (!text.includes(tool.name)) continue;
    const n = text.match(patternOf(tool.name))?.length ?? 0;
    if (n) counts.push([tool.name, n]);
  }
  return new Map(counts.sort((a, b) => b[1] - a[1]));
}

/** The family a text mentions most (by mentions of its tools), if any. */
export function mentionedFamily(text: string, tools: readonly ToolRef[]): string | undefined {
  const byFamily = new Map<string, number>();
  const familyOfName = new Map(tools.map((t) => [t.name, t.family]));
  for (const [name, n] of mentions(text, tools)) {
    const family = familyOfName.get(name)!;
    byFamily.set(family, (byFamily.get(family) ?? 0) + n);
  }
  let best: string | undefined;
  for (const [family, n] of byFamily) if (best === undefined || n > byFamily.get(best)!) best = family;
  return best;
}
