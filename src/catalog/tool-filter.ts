import type { RawTool, ToolFilter } from './types.js';

/**
 * Keep the tools a client config lets through. `exclude` wins over `include`, as in Gemini CLI
 * (`excludeTools`) and Codex (`disabled_tools` applied after `enabled_tools`).
 */
export function applyToolFilter(tools: RawTool[], filter: ToolFilter | undefined): { kept: RawTool[]; filteredOut: string[] } {
  if (!filter || (!filter.include && !filter.exclude)) return { kept: tools, filteredOut: [] };
  const include = filter.include ? new Set(filter.include) : undefined;
  const exclude = new Set(filter.exclude ?? []);
  const kept: RawTool[] = [];
  const filteredOut: string[] = [];
  for (const tool of tools) {
    if ((include && !include.has(tool.name)) || exclude.has(tool.name)) filteredOut.push(tool.name);
    else kept.push(tool);
  }
  return { kept, filteredOut };
}
