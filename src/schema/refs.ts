import type { JsonObject, JsonValue } from '../catalog/types.js';
import { isJsonObject } from './walk.js';

/** Follows a local JSON Pointer (`#`, `#/$defs/Node`, `#/definitions/a~1b`). Remote refs are not fetched. */
export function resolveLocalRef(root: JsonObject, ref: string): JsonObject | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: JsonValue | undefined = root;
  for (const raw of ref.slice(2).split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return undefined; // a bad %-escape in a server's $ref points nowhere
    }
    const key = decoded.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isJsonObject(node)) node = node[key];
    else return undefined;
  }
  return isJsonObject(node) ? node : undefined;
}

/**
 * The schema with every local `$ref` replaced by what it points to, recursively. A reference
 * already being expanded (a cycle) is left as `$ref`, so this always terminates.
 */
export function inlineRefs(value: JsonValue, root: JsonObject, expanding: ReadonlySet<string> = new Set()): JsonValue {
  if (Array.isArray(value)) return value.map((v) => inlineRefs(v, root, expanding));
  if (!isJsonObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && !expanding.has(ref)) {
    const target = resolveLocalRef(root, ref);
    if (target) {
      const { $ref: _drop, ...siblings } = value;
      const inlined = inlineRefs(target, root, new Set([...expanding, ref])) as JsonObject;
      return { ...inlined, ...(inlineRefs(siblings, root, expanding) as JsonObject) };
    }
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : inlineRefs(v, root, expanding);
  }
  return out;
}
