import type { JsonObject } from '../../catalog/types.js';
import { inlineRefs as inline } from '../../schema/refs.js';
import { isJsonObject } from '../../schema/walk.js';
import type { SlimStep } from '../types.js';

const hasRef = (v: unknown): boolean => JSON.stringify(v).includes('"$ref"');

/** A definition used once costs more as `$defs` + `$ref` than written in place. */
export const inlineRefs: SlimStep = {
  id: 'inline-refs',
  enabled: (p) => p.inlineRefs,
  apply(tool) {
    const schema = tool.inputSchema;
    if (!isJsonObject(schema) || !hasRef(schema)) return { tool, removed: [] };
    const inlined = inline(schema, schema) as JsonObject;
    // Definitions can go only once nothing points at them any more (cycles keep their $ref).
    if (!hasRef(inlined)) {
      delete inlined.$defs;
      delete inlined.definitions;
    }
    const smaller = JSON.stringify(inlined).length < JSON.stringify(schema).length;
    return { tool: smaller ? { ...tool, inputSchema: inlined } : tool, removed: [] };
  },
};
