import type { JsonValue } from '../../catalog/types.js';
import { isJsonObject } from '../../schema/walk.js';
import { pathOf } from '../_schema.js';
import type { Hit, ToolRule } from '../types.js';

/** Keys that describe a schema without constraining anything: a schema of only these declares nothing. */
const ANNOTATION_ONLY = new Set(['$schema', '$id', '$comment', 'title', 'description']);

function checkObjectSchema(key: 'inputSchema' | 'outputSchema', schema: JsonValue | undefined): Hit[] {
  if (schema === undefined) {
    return key === 'inputSchema' ? [{ path: key, message: 'tool has no inputSchema; MCP requires one: use {"type": "object"} for a tool without parameters' }] : [];
  }
  if (!isJsonObject(schema)) return [{ path: key, message: `${key} is ${JSON.stringify(schema)}, not a JSON Schema object; MCP requires {"type": "object", …}` }];
  const hits: Hit[] = [];
  if (schema.type !== 'object') {
    const keys = Object.keys(schema);
    const empty = keys.every((k) => ANNOTATION_ONLY.has(k));
    hits.push({
      path: empty ? key : `${key}.type`,
      message: empty
        ? `${key} declares nothing (${keys.length ? `only ${keys.join(', ')}` : 'it is {}'}): MCP requires "type": "object"; the MCP SDK rejects the listing and the model sees no parameters`
        : `${key}.type is ${schema.type === undefined ? 'missing' : JSON.stringify(schema.type)}; MCP requires "type": "object" at the root (the MCP SDK rejects anything else)`,
    });
  }
  if (schema.properties !== undefined) {
    if (!isJsonObject(schema.properties)) hits.push({ path: `${key}.properties`, message: `${key}.properties must be an object mapping parameter names to schemas` });
    else
      for (const [name, sub] of Object.entries(schema.properties)) {
        if (!isJsonObject(sub) && typeof sub !== 'boolean') hits.push({ path: pathOf([key, 'properties', name]), message: `parameter "${name}" has ${JSON.stringify(sub)} as its schema; a schema is an object (or true/false)` });
      }
  }
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string'))) {
    hits.push({ path: `${key}.required`, message: `${key}.required must be an array of parameter names` });
  }
  return hits;
}

/** An input (or output) schema that MCP clients reject or that tells the model nothing. */
export const invalidInputSchema: ToolRule<'invalid-input-schema'> = {
  id: 'invalid-input-schema',
  severity: 'error',
  title: 'empty or invalid input schema',
  docs: 'docs/rules/invalid-input-schema.md',
  fixable: false,
  scope: 'tool',
  check: ({ tool }) => [...checkObjectSchema('inputSchema', tool.inputSchema), ...checkObjectSchema('outputSchema', tool.outputSchema)],
};
