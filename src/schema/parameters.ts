import type { RawTool } from '../catalog/types.js';
import { isJsonObject } from './walk.js';

/** A tool's top-level parameter names: all of its properties, or only the required ones. */
export function parameterNames(tool: RawTool, which: 'all' | 'required' = 'all'): string[] {
  // `input_schema` is the Anthropic API's spelling.
  const schema = tool.inputSchema ?? tool.input_schema;
  if (!isJsonObject(schema)) return [];
  if (which === 'all') return isJsonObject(schema.properties) ? Object.keys(schema.properties) : [];
  return Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
}
