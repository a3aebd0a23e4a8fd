import type { JsonValue, RawTool } from '../../catalog/types.js';
import { canonicalJson } from '../../schema/json.js';
import { normalizeWording } from '../../schema/param-wording.js';
import { isJsonObject, schemaNodes, type SchemaNode } from '../../schema/walk.js';
import { sentences } from '../../text/sentences.js';
import { sentencesGone } from '../described-sentences.js';
import { joinKept } from '../description-parts.js';
import { isGuardSentence } from '../guard-sentences.js';
import type { Removal, ServerStep } from '../types.js';
import { paramPath } from './_param-path.js';

/**
 * A parameter that this many of a server's tools describe alike is the server's boilerplate
 * (`spaceId`: "The ID of the Contentful space." on 35 tools): the model reads every tool of a
 * listing at once, so one copy tells it; the others cost tokens on every request and say nothing new.
 */
export const REPEATED_AFTER = 3;

interface Described {
  node: SchemaNode;
  key: string;
}

/** The value at a path of schema keys, if there is one. */
const at = (value: JsonValue | undefined, path: readonly (string | number)[]): JsonValue | undefined =>
  path.reduce<JsonValue | undefined>((v, k) => (isJsonObject(v) ? v[k as string] : Array.isArray(v) ? v[k as number] : undefined), value);

/**
 * A tool's parameter descriptions as slimmed (not the root schema's), each keyed by where it stands
 * (`regionUrl|0` for the first branch of an anyOf), its type, its wording, and the wording it had in
 * the original tool: alike only when the authors wrote them alike, so a wording that unification
 * gave to near-identical texts is not taken for a repeat.
 */
function described(before: RawTool, after: JsonValue | undefined): Described[] {
  const out: Described[] = [];
  for (const node of schemaNodes(after)) {
    const d = node.schema.description;
    if (node.depth === 0 || typeof d !== 'string' || !d.trim()) continue;
    const original = at(before.inputSchema, node.path);
    // Text that moved (an inlined `$ref`) has no original here to compare: it is never a repeat.
    if (!isJsonObject(original) || typeof original.description !== 'string') continue;
    out.push({ node, key: [paramPath(node.path), canonicalJson(node.schema.type ?? null), normalizeWording(d), normalizeWording(original.description)].join('\u0000') });
  }
  return out;
}

/**
 * After the per-tool steps (so the text compared is the text the model would see): a parameter
 * description that at least REPEATED_AFTER tools of the server say alike (same place, type and
 * wording, now and in the original) stays on the first tool only. Guard sentences stay everywhere; the rest goes
 * to each tool's section of the manual.
 */
export const repeatedParameters: ServerStep = {
  id: 'repeated-parameters',
  enabled: (p) => p.dedupeParameters,
  apply(tools) {
    const uses = new Map<string, number>();
    for (const { before, tool } of tools) for (const key of new Set(described(before, tool.inputSchema).map((d) => d.key))) uses.set(key, (uses.get(key) ?? 0) + 1);
    const said = new Set<string>();
    return tools.map(({ before, tool }) => {
      const inputSchema = structuredClone(tool.inputSchema);
      const removed: Removal[] = [];
      for (const { node, key } of described(before, inputSchema)) {
        if ((uses.get(key) ?? 0) < REPEATED_AFTER) continue;
        if (!said.has(key)) {
          said.add(key);
          continue;
        }
        const parts = sentences(node.schema.description as string);
        const kept = joinKept(parts, parts.map((p) => isGuardSentence(p.text, 'parameter')));
        if (kept === undefined) continue;
        if (kept === '') delete node.schema.description;
        else node.schema.description = kept;
        const where = paramPath(node.path);
        for (const p of sentencesGone(parts, kept === '' ? [] : sentences(kept).map((x) => x.text))) removed.push({ where, what: 'description', text: p.text });
      }
      return removed.length ? { tool: { ...tool, ...(inputSchema !== undefined ? { inputSchema } : {}) }, removed } : { tool, removed };
    });
  },
};
