import type { JsonObject, RawTool } from '../catalog/types.js';
import { isJsonObject } from '../schema/walk.js';

/**
 * The tool as an LLM API receives it (`{name, description, input_schema}`, the Anthropic
 * Messages shape; OpenAI's `function` wrapper differs by a few constant bytes). Clients drop
 * title, annotations, outputSchema and _meta before the model sees the tool.
 */
export function modelView(tool: RawTool): JsonObject {
  const view: JsonObject = { name: tool.name };
  if (typeof tool.description === 'string') view.description = tool.description;
  view.input_schema = isJsonObject(tool.inputSchema) ? tool.inputSchema : {};
  return view;
}

