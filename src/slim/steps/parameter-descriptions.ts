import type { JsonObject } from '../../catalog/types.js';
import { descriptionRestates } from '../../schema/restates.js';
import { isJsonObject, schemaNodes } from '../../schema/walk.js';
import { sentences } from '../../text/sentences.js';
import type { SlimPolicy } from '../policy.js';
import type { Removal, SlimStep } from '../types.js';
import { sentencesGone } from '../described-sentences.js';
import { paramPath } from './_param-path.js';
import { unifiedWording } from '../standard-wording.js';
import { joinKept } from '../description-parts.js';
import { isGuardSentence } from '../guard-sentences.js';

/**
 * The chosen text with every guard sentence of the original still in it (guard-sentences.ts): under
 * `first-sentence` or `drop`, the first sentence (or none) and the guards, as they stood; a unified
 * wording that would lose a guard is not used.
 */
function withGuards(original: string, kept: string | undefined, mode: SlimPolicy['parameterDescriptions']): string | undefined {
  const parts = sentences(original);
  const guards = parts.filter((p) => isGuardSentence(p.text, 'parameter'));
  if (!guards.length || !sentencesGone(guards, kept === undefined ? [] : sentences(kept).map((s) => s.text)).length) return kept;
  if (mode === 'keep' || mode === 'drop-redundant') return original;
  const keep = parts.map((p, i) => (i === 0 && mode === 'first-sentence') || guards.includes(p));
  return joinKept(parts, keep) ?? original;
}

/**
 * Parameter descriptions, per policy: dropped when they restate the parameter's or the tool's name,
 * the type or the allowed values; cut to their first sentence; replaced by the server's standard
 * wording; or all moved to the manual. Guard sentences stay under every policy. The root schema's
 * own description is a parameter-less note and is treated alike.
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
      // The model reads a parameter next to its tool's name: "Array of record IDs to delete" says nothing
      // that `recordIds` of delete_records does not.
      let kept: string | undefined = original;
      if (mode === 'drop' || (mode !== 'keep' && name !== undefined && descriptionRestates(`${name} ${tool.name}`, s, original))) kept = undefined;
      else {
        const unified = ctx.policy.unifyParameters && name !== undefined && node.depth === 1 ? unifiedWording(ctx.standardWording, name, s, original) : undefined;
        if (unified !== undefined) kept = unified;
        if (mode === 'first-sentence' && kept !== undefined) kept = sentences(kept)[0]?.text;
      }
      kept = withGuards(original, kept, mode);
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
