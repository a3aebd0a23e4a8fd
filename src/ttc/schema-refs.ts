/** `$ref` and `allOf` flattening, so the converter only ever sees plain schema nodes. */
import type { JsonObject, JsonValue } from '../catalog/types.js';
import { resolveLocalRef } from '../schema/refs.js';
import { isJsonObject as isObject } from '../schema/walk.js';


/** The document a `#/…` pointer is resolved against, and the refs being expanded right now. */
export interface RefScope {
  root: JsonObject;
  active: readonly string[];
}

export type Deref = { schema: JsonObject; scope: RefScope } | { cycle: true };

/**
 * Replaces a `$ref` by its target, keeping sibling keywords (draft 2019+ allows them).
 * A ref already being expanded is a cycle: the caller stops there instead of recursing forever.
 */
export function deref(schema: JsonObject, scope: RefScope): Deref {
  let current = schema;
  let active = scope.active;
  while (typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (active.includes(ref)) return { cycle: true };
    const target = resolveLocalRef(scope.root, ref);
    const { $ref: _dropped, ...siblings } = current;
    active = [...active, ref];
    current = target ? { ...target, ...siblings } : siblings;
  }
  return { schema: current, scope: { root: scope.root, active } };
}

/** `allOf` as one schema: properties and `required` unite, other keywords: the later one wins. */
export function mergeAllOf(schema: JsonObject, scope: RefScope): JsonObject {
  const parts = schema.allOf;
  if (!Array.isArray(parts)) return schema;
  const { allOf: _dropped, ...base } = schema;
  let merged: JsonObject = base;
  for (const part of parts) {
    if (!isObject(part)) continue;
    const resolved = deref(part, scope);
    if ('cycle' in resolved) continue;
    const next = mergeAllOf(resolved.schema, resolved.scope);
    const properties = { ...asObject(merged.properties), ...asObject(next.properties) };
    const required = [...asArray(merged.required), ...asArray(next.required)];
    merged = { ...merged, ...next };
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = [...new Set(required)];
  }
  return merged;
}

const asObject = (v: JsonValue | undefined): JsonObject => (isObject(v) ? v : {});
const asArray = (v: JsonValue | undefined): JsonValue[] => (Array.isArray(v) ? v : []);
