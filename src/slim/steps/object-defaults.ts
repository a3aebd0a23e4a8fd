import type { JsonObject } from '../../catalog/types.js';
import { isJsonObject, schemaNodes } from '../../schema/walk.js';
import type { SlimStep } from '../types.js';

/**
 * `additionalProperties: true` (or `{}`) is the default and says nothing; `false` goes only
 * under a policy with openObjects (see policy.ts for why that is a choice, not a given).
 */
export const objectDefaults: SlimStep = {
  id: 'object-defaults',
  enabled: (p) => p.schemaAnnotations || p.openObjects,
  apply(tool, ctx) {
    if (!isJsonObject(tool.inputSchema)) return { tool, removed: [] };
    const inputSchema = structuredClone(tool.inputSchema) as JsonObject;
    for (const { schema } of schemaNodes(inputSchema)) {
      const ap = schema.additionalProperties;
      if (ap === true || (isJsonObject(ap) && Object.keys(ap).length === 0) || (ap === false && ctx.policy.openObjects)) delete schema.additionalProperties;
    }
    return { tool: { ...tool, inputSchema }, removed: [] };
  },
};
