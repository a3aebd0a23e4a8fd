import type { JsonObject, JsonValue } from '../catalog/types.js';
import { canonicalJson } from '../schema/json.js';
import { inlineRefs } from '../schema/refs.js';
import { isJsonObject, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_SINGLE } from '../schema/walk.js';

/**
 * Keywords that annotate a schema for people (or for the model) without changing which
 * arguments are valid. Slimming may remove or move them; the verifier ignores them.
 */
export const ANNOTATION_KEYWORDS = new Set(['description', 'title', '$schema', '$comment', 'examples', '$id', 'markdownDescription']);

export interface NormalizeOptions {
  /** Treat `additionalProperties: false` as absent (a policy with openObjects). */
  openObjects?: boolean;
}

/** Where a schema's meaning lives once annotations are set aside: what the verifier compares. */
export function normalizeSchema(schema: JsonValue | undefined, options: NormalizeOptions = {}): JsonValue | undefined {
  if (!isJsonObject(schema)) return schema;
  return strip(inlineRefs(schema, schema), options);
}

function strip(value: JsonValue, options: NormalizeOptions): JsonValue {
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (ANNOTATION_KEYWORDS.has(key)) continue;
    // `true` and `{}` are the default: writing them says nothing.
    if (key === 'additionalProperties' && (child === true || (isJsonObject(child) && Object.keys(child).length === 0) || (child === false && options.openObjects))) continue;
    // Definitions are compared where they are used (inlined), not where they are declared.
    if (key === '$defs' || key === 'definitions') continue;
    if (key === 'required' && Array.isArray(child)) {
      if (child.length) out[key] = [...child].sort() as JsonValue;
      continue;
    }
    if (SCHEMA_MAPS.has(key) && isJsonObject(child)) {
      const map: JsonObject = {};
      for (const [name, sub] of Object.entries(child)) map[name] = strip(sub, options);
      out[key] = map;
    } else if (SCHEMA_SINGLE.has(key) || (key === 'items' && Array.isArray(child))) {
      out[key] = Array.isArray(child) ? child.map((c) => strip(c, options)) : strip(child, options);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(child)) {
      // Repeated anyOf branches mean the same as one of them. Not so for oneOf (a value matching
      // two equal branches fails "exactly one"), nor for positional prefixItems.
      const seen = new Set<string>();
      const branches: JsonValue[] = [];
      for (const b of child.map((c) => strip(c, options))) {
        const k = canonicalJson(b);
        if (key === 'anyOf' && seen.has(k)) continue;
        seen.add(k);
        branches.push(b);
      }
      out[key] = branches;
    } else out[key] = child;
  }
  return out;
}
