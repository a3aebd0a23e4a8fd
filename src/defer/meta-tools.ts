import type { RawTool } from '../catalog/types.js';

/**
 * The gateway's own tools. Their text is paid on every request in deferred mode, so every word
 * is counted: the whole deferred listing (these plus instructions) must stay under 300 tokens.
 */
export const META = {
  tool_search: {
    name: 'tool_search',
    description: 'Find tools for a task. Returns the best matches (the closest with full input schemas); call them by name.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'The task, in words.' }, max_results: { type: 'integer', minimum: 1, maximum: 20, default: 5 } },
      required: ['query'],
    },
  },
  call_tool: {
    name: 'call_tool',
    description: 'Call a tool found with tool_search.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' }, arguments: { type: 'object' } }, required: ['name'] },
  },
  read_manual: {
    name: 'read_manual',
    description: "A tool's full documentation (rules, defaults, examples). Read it before a tool's first use.",
    inputSchema: { type: 'object', properties: { tool: { type: 'string' } }, required: ['tool'] },
  },
  read_result: {
    name: 'read_result',
    description: 'Read more of a result that was cut for size.',
    inputSchema: { type: 'object', properties: { id: { type: 'string' }, offset: { type: 'integer', minimum: 0 } }, required: ['id', 'offset'] },
  },
  set_phase: {
    name: 'set_phase',
    description: 'Switch to another phase of the work; its tools replace the current ones.',
    inputSchema: { type: 'object', properties: { phase: { type: 'string' } }, required: ['phase'] },
  },
} as const satisfies Record<string, RawTool>;

export type MetaToolName = keyof typeof META;
export const isMetaTool = (name: string): name is MetaToolName => Object.hasOwn(META, name);

export const DEFERRED_INSTRUCTIONS = 'Tools are not listed up front: find them with tool_search, then call them directly or with call_tool.';

/** What a deferred gateway lists before anything is found: its search tools and one line of instructions. */
export function deferredListing(): { tools: RawTool[]; instructions: string } {
  return { tools: [META.tool_search, META.call_tool, META.read_result] as RawTool[], instructions: DEFERRED_INSTRUCTIONS };
}
