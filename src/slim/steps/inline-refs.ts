import type { JsonObject } from '../../catalog/types.js';
import { inlineSmallerRefs } from '../../schema/inline-smaller.js';
import { isJsonObject } from '../../schema/walk.js';
import type { SlimStep } from '../types.js';

/** A definition used once costs more as `$defs` + `$ref` than written in place (lint's ref-inlining-smaller fix). */
export const inlineRefs: SlimStep = {
  id: 'inline-refs',
  enabled: (p) => p.inlineRefs,
  apply(tool) {
    if (!isJsonObject(tool.inputSchema)) return { tool, removed: [] };
    const { schema, inlined } = inlineSmallerRefs(tool.inputSchema as JsonObject);
    return { tool: inlined.length ? { ...tool, inputSchema: schema } : tool, removed: [] };
  },
};
