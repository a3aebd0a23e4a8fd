import type { JsonObject } from '../../catalog/types.js';
import { descriptionRestates } from '../../schema/restates.js';
import { isJsonObject, schemaNodes } from '../../schema/walk.js';
import { sentences } from '../../text/sentences.js';
import type { Removal, SlimStep } from '../types.js';
import { sentencesGone } from '../described-sentences.js';
import { paramPath } from './_param-path.js';
import { unifiedWording } from '../standard-wording.js';

/**
 * Parameter descriptions, per policy: dropped when they restate the name, type or allowed
 * values; cut to their first sentence; replaced by the server's standard wording; or all moved
 * to the manual. The root schema's own description is a parameter-less note and is treated alike.
 */
export const parameterDescriptions: SlimStep = {
  id: 'parameter-descriptions',
  enabled: (p) => p.parameterDescriptions !== 'keep' || p.unifyParameters,
  apply(tool, ctx) {
    if (!isJsonObject(tool.inputSchema)) return { tool, removed: [] };
    const mode = ctx.policy.parameterDescriptions;
    const inputSchema = structuredClone(tool.inputSchema) as JsonObject;
    const removed: Removal[] = [];
    for (const node of schemaNodes(inputSchema)) {
      const s = node.schema;
      if (typeof s.description !== 'string') continue;
      const where = paramPath(node.path);
      const original = s.description;
      const name = node.propertyName;
      let kept: string | undefined = original;
      if (mode === 'drop' || (mode !== 'keep' && name !== undefined && descriptionRestates(name, s, original))) kept = undefined;
      else {
        const unified = ctx.policy.unifyParameters && name !== undefined && node.depth === 1 ? unifiedWording(ctx.standardWording, name, s, original) : undefined;
        if (unified !== undefined) kept = unified;
        if (mode === 'first-sentence' && kept !== undefined) kept = sentences(kept)[0]?.text;
      }
      if (kept === original) continue;
      if (kept === undefined) delete s.description;
      else s.description = kept;
      // What the manual must hold: every sentence of the original the slim text does not still say.
      const gone = sentencesGone(sentences(original), kept === undefined ? [] : sentences(kept).map((x) => x.text));
      for (const sentence of gone) removed.push({ where, what: 'description', text: sentence.text });
    }
    return { tool: { ...tool, inputSchema }, removed };
  },
};
