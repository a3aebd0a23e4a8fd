import type { JsonObject } from '../../catalog/types.js';
import { dropRepeatedAnyOf } from '../../schema/repeated-branches.js';
import { isJsonObject } from '../../schema/walk.js';
import type { SlimStep } from '../types.js';

/** anyOf with the same branch twice means the same with it once (lint's repeated-branches fix). */
export const dedupeAnyOf: SlimStep = {
  id: 'dedupe-any-of',
  enabled: (p) => p.dedupeAnyOf,
  apply(tool) {
    if (!isJsonObject(tool.inputSchema)) return { tool, removed: [] };
    const inputSchema = structuredClone(tool.inputSchema) as JsonObject;
    dropRepeatedAnyOf(inputSchema);
    return { tool: { ...tool, inputSchema }, removed: [] };
  },
};
