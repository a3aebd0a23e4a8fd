import type { JsonObject } from '../../catalog/types.js';
import { dropRepeatedAnyOf } from '../../schema/repeated-branches.js';
import { isJsonObject } from '../../schema/walk.js';
import { describedSentences, sentencesGone } from '../described-sentences.js';
import type { SlimStep } from '../types.js';

/**
 * anyOf with the same branch twice means the same with it once (lint's repeated-branches fix). A
 * dropped branch's descriptions repeat the kept one's, but the fact check counts repeats, so they
 * are recorded and go to the manual like any other removed text.
 */
export const dedupeAnyOf: SlimStep = {
  id: 'dedupe-any-of',
  enabled: (p) => p.dedupeAnyOf,
  apply(tool) {
    if (!isJsonObject(tool.inputSchema)) return { tool, removed: [] };
    const inputSchema = structuredClone(tool.inputSchema) as JsonObject;
    dropRepeatedAnyOf(inputSchema);
    const gone = sentencesGone(describedSentences(tool.inputSchema), describedSentences(inputSchema).map((s) => s.text));
    return { tool: { ...tool, inputSchema }, removed: gone.map((s) => ({ where: s.where, what: 'description', text: s.text })) };
  },
};
