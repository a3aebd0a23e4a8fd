import type { RawTool } from '../catalog/types.js';

/**
 * A tool its own description retires: "DEPRECATED: use read_text_file instead", "(deprecated)",
 * "This tool is deprecated", "Deprecated in favour of …". Fields or options a tool calls
 * deprecated ("ignores deprecated fields") do not retire the tool.
 */
const RETIRED = [
  /^\W*deprecated\b/i,
  /\((?:deprecated|legacy)\)/i,
  /\b(?:this|the) (?:tool|endpoint|function|method|command) is (?:now )?(?:deprecated|obsolete|legacy)\b/i,
  /\bdeprecated[.:;,]?\s+(?:-\s*)?(?:use|in favou?r of|prefer|replaced by|superseded by)\b/i,
  /(?:^|[.!]\s+)deprecated(?:[.!]|$)/i,
];

export function isDeprecated(tool: RawTool): boolean {
  const description = typeof tool.description === 'string' ? tool.description : '';
  return RETIRED.some((pattern) => pattern.test(description));
}

/** "use read_text_file instead", "in favour of get_record_v2", "replaced by `scrape`": the tool named. */
const REPLACEMENT = /\b(?:use|in favou?r of|replaced by|superseded by|prefer)\s+[`'"]?([A-Za-z][\w.-]*[\w])[`'"]?/i;

/** The tool of the same list that a retired tool's description names as its replacement, if any (for a tool isDeprecated says is retired). */
export function replacementOf(tool: RawTool, siblings: readonly RawTool[]): string | undefined {
  if (typeof tool.description !== 'string') return undefined;
  const named = REPLACEMENT.exec(tool.description)?.[1];
  return named && named !== tool.name && siblings.some((t) => t.name === named) ? named : undefined;
}

/**
 * Ranked ids with each retired tool moved to just after its replacement when both are listed:
 * whatever the scores, the model is shown the tool to use first.
 */
export function afterReplacements(ids: readonly string[], replacement: (id: string) => string | undefined): string[] {
  const out = [...ids];
  for (const id of ids) {
    const next = replacement(id);
    if (next === undefined) continue;
    const at = out.indexOf(id);
    const to = out.indexOf(next);
    if (to > at) out.splice(to, 0, ...out.splice(at, 1));
  }
  return out;
}
