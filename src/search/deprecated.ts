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
