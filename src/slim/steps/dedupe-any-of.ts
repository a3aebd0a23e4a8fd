import type { JsonObject, JsonValue } from '../../catalog/types.js';
import { isJsonObject, schemaNodes } from '../../schema/walk.js';
import type { SlimStep } from '../types.js';

/** anyOf with the same branch twice means the same with it once. (oneOf does not: see normalize-schema.) */
export const dedupeAnyOf: SlimStep = {
  id: 'dedupe-any-of',
  enabled: (p) => p.dedupeAnyOf,
  apply(tool) {
    if (!isJsonObject(tool.inputSchema)) return { tool, removed: [] };
    const inputSchema = structuredClone(tool.inputSchema) as JsonObject;
    for (const { schema } of schemaNodes(inputSchema)) {
      if (!Array.isArray(schema.anyOf)) continue;
      const seen = new Set<string>();
      schema.anyOf = schema.anyOf.filter((b: JsonValue) => {
        const key = JSON.stringify(b);
        return seen.has(key) ? false : (seen.add(key), true);
      });
    }
    return { tool: { ...tool, inputSchema }, removed: [] };
  },
};
