import type { JsonObject, JsonValue, RawTool } from '../catalog/types.js';
import { byteLength } from './tokenizer.js';
import { isJsonObject as isObject } from '../schema/walk.js';
import type { ByteSplit } from './types.js';

const bytesOf = (value: unknown): number => byteLength(JSON.stringify(value));

function without(obj: JsonObject, key: string): JsonObject {
  const { [key]: _dropped, ...rest } = obj;
  return rest;
}

// Keywords whose values are maps of property names to schemas: a property *named*
// "description" there is a parameter, not a description to strip.
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** The schema with every `description` string removed at any depth. */
function stripDescriptions(value: JsonValue, inNameMap = false): JsonValue {
  if (Array.isArray(value)) return value.map((v) => stripDescriptions(v));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (!inNameMap && key === 'description' && typeof child === 'string') continue;
    // enum/const/default/examples hold data, not schemas: leave them untouched.
    if (!inNameMap && (key === 'enum' || key === 'const' || key === 'default' || key === 'examples')) {
      out[key] = child;
      continue;
    }
    out[key] = stripDescriptions(child, !inNameMap && NAME_MAPS.has(key));
  }
  return out;
}

/**
 * Split a tool's wire bytes into what they are spent on. Each part is the bytes saved by
 * removing it, so the parts add up exactly to `JSON.stringify(tool)` (the tool always keeps
 * `name`, so every removed key takes exactly one comma with it).
 */
export function splitBytes(tool: RawTool): ByteSplit {
  const total = bytesOf(tool);
  const description = 'description' in tool ? total - bytesOf(without(tool, 'description')) : 0;
  const outputSchema = 'outputSchema' in tool ? total - bytesOf(without(tool, 'outputSchema')) : 0;
  let parameterDescriptions = 0;
  let schemaStructure = 0;
  if ('inputSchema' in tool) {
    const schemaBytes = total - bytesOf(without(tool, 'inputSchema'));
    const input = tool.inputSchema as JsonValue;
    parameterDescriptions = bytesOf(input) - bytesOf(stripDescriptions(input));
    schemaStructure = schemaBytes - parameterDescriptions;
  }
  const other = total - description - outputSchema - parameterDescriptions - schemaStructure;
  return { description, parameterDescriptions, schemaStructure, outputSchema, other };
}

export function addSplits(splits: Iterable<ByteSplit>): ByteSplit {
  const sum: ByteSplit = { description: 0, parameterDescriptions: 0, schemaStructure: 0, outputSchema: 0, other: 0 };
  for (const s of splits) {
    sum.description += s.description;
    sum.parameterDescriptions += s.parameterDescriptions;
    sum.schemaStructure += s.schemaStructure;
    sum.outputSchema += s.outputSchema;
    sum.other += s.other;
  }
  return sum;
}
