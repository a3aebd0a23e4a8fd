import type { JsonObject } from '../../catalog/types.js';
import { inlineSmallerRefs } from '../../schema/inline-smaller.js';
import { isJsonObject } from '../../schema/walk.js';
import { describedSentences } from '../described-sentences.js';
import type { Removal, SlimStep } from '../types.js';

/** A definition used once costs more as `$defs` + `$ref` than written in place (lint's ref-inlining-smaller fix). */
export const inlineRefs: SlimStep = {
  id: 'inline-refs',
  enabled: (p) => p.inlineRefs,
  apply(tool) {
    if (!isJsonObject(tool.inputSchema)) return { tool, removed: [] };
    const original = tool.inputSchema as JsonObject;
    const { schema, inlined } = inlineSmallerRefs(original);
    // A definition nothing used is dropped whole: its descriptions go to the manual, or the fact check
    // (rightly) finds them gone. Generated schemas (pydantic, zod) often carry such definitions.
    const removed: Removal[] = [];
    for (const { definition, uses } of inlined) {
      if (uses > 0) continue;
      const [container, name] = [definition.slice(0, definition.indexOf('.')), definition.slice(definition.indexOf('.') + 1)];
      const def = isJsonObject(original[container]) ? (original[container] as JsonObject)[name] : undefined;
      for (const s of describedSentences(def, [container, name])) removed.push({ where: s.where, what: 'description', text: s.text });
    }
    return { tool: inlined.length ? { ...tool, inputSchema: schema } : tool, removed };
  },
};
