import type { JsonObject, JsonValue } from '../../catalog/types.js';
import { dropRepeatedAnyOf } from '../../schema/repeated-branches.js';
import { isJsonObject, schemaNodes } from '../../schema/walk.js';
import { sentences } from '../../text/sentences.js';
import type { Removal, SlimStep } from '../types.js';
import { paramPath } from './_param-path.js';

/** Every description sentence of a schema, with the parameter it documents. */
function describedSentences(schema: JsonValue): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  for (const node of schemaNodes(schema)) {
    if (typeof node.schema.description === 'string') for (const s of sentences(node.schema.description)) out.push({ where: paramPath(node.path), text: s.text });
  }
  return out;
}

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
    const left = new Map<string, number>();
    for (const s of describedSentences(inputSchema)) left.set(s.text, (left.get(s.text) ?? 0) + 1);
    const removed: Removal[] = [];
    for (const s of describedSentences(tool.inputSchema)) {
      const n = left.get(s.text) ?? 0;
      if (n > 0) left.set(s.text, n - 1);
      else removed.push({ where: s.where, what: 'description', text: s.text });
    }
    return { tool: { ...tool, inputSchema }, removed };
  },
};
