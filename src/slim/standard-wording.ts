import type { JsonObject, RawTool } from '../catalog/types.js';
import { canonicalJson } from '../schema/json.js';
import { normalizeWording, SAME_MEANING, similarity, standardWording as mostCommon } from '../schema/param-wording.js';
import { descriptionRestates } from '../schema/restates.js';
import { schemaNodes } from '../schema/walk.js';

/** Parameters are unified by name and type: `path: string` and `path: string[]` are different things. */
export const wordingKey = (name: string, schema: JsonObject): string => `${name}\u0000${canonicalJson(schema.type ?? null)}`;

/**
 * For each top-level parameter (name and type) a server's tools describe in more than one way,
 * the wording most of them use (lint's param-description-inconsistent suggestion). The slim step
 * applies it only to descriptions alike enough to mean the same (see `unifiedWording`).
 */
export function standardWording(tools: readonly RawTool[]): Map<string, string> {
  const byKey = new Map<string, string[]>();
  for (const tool of tools) {
    for (const node of schemaNodes(tool.inputSchema)) {
      const d = node.schema.description;
      if (node.depth !== 1 || node.propertyName === undefined || typeof d !== 'string' || !d.trim()) continue;
      if (descriptionRestates(node.propertyName, node.schema, d)) continue;
      const key = wordingKey(node.propertyName, node.schema);
      byKey.set(key, [...(byKey.get(key) ?? []), d]);
    }
  }
  const out = new Map<string, string>();
  for (const [key, texts] of byKey) if (new Set(texts.map(normalizeWording)).size > 1) out.set(key, mostCommon(texts));
  return out;
}

/** The standard wording to use instead of `description`, when there is one and it means the same. */
export function unifiedWording(standard: ReadonlyMap<string, string>, name: string, schema: JsonObject, description: string): string | undefined {
  const wording = standard.get(wordingKey(name, schema));
  if (wording === undefined || normalizeWording(wording) === normalizeWording(description)) return undefined;
  return similarity(description, wording) >= SAME_MEANING ? wording : undefined;
}
