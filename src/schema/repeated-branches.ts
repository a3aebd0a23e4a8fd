import type { JsonObject, JsonValue } from '../catalog/types.js';
import { canonicalJson } from './json.js';
import { schemaNodes } from './walk.js';

/** Indexes of branches that repeat an earlier branch exactly (key order aside). */
export function repeatedBranches(branches: readonly JsonValue[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  branches.forEach((b, i) => {
    const key = canonicalJson(b);
    if (seen.has(key)) out.push(i);
    else seen.add(key);
  });
  return out;
}

/** The schema with exact repeats of anyOf branches dropped (never oneOf: see normalize-schema). Mutates. */
export function dropRepeatedAnyOf(schema: JsonObject): void {
  for (const { schema: node } of schemaNodes(schema)) {
    if (!Array.isArray(node.anyOf)) continue;
    const dup = repeatedBranches(node.anyOf);
    if (dup.length) node.anyOf = node.anyOf.filter((_, i) => !dup.includes(i));
  }
}
