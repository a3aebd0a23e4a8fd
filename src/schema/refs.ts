import type { JsonObject, JsonValue } from '../catalog/types.js';
import { isJsonObject, SCHEMA_MAPS } from './walk.js';

/**
 * Keywords whose value maps names to subschemas. A key inside one is a name (a property may be
 * called `default`, `enum` or `$ref`), never a keyword: what is data and what is a schema is
 * decided by position, not by key name. `dependencies` (draft-07) maps property names to a
 * schema or a list of names.
 */
export const NAME_MAPS: ReadonlySet<string> = new Set([...SCHEMA_MAPS, 'dependencies']);
/** Name maps that only declare schemas for `$ref`s to use: they validate nothing by themselves. */
export const DEFINITION_MAPS: ReadonlySet<string> = new Set(['$defs', 'definitions']);
/** Keywords whose value is data (an instance), not a schema: never entered. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples']);
/**
 * Keywords that refer to another schema by URI. Only a `$ref` holding a local JSON Pointer is
 * ever inlined; `$dynamicRef` and `$recursiveRef` resolve while validating, so they stay.
 */
export const REF_KEYWORDS: ReadonlySet<string> = new Set(['$ref', '$dynamicRef', '$recursiveRef']);

/** The decoded tokens of a local JSON Pointer (`#` → [], `#/$defs/a~1b` → ['$defs', 'a/b']); undefined when it is not one. */
export function pointerTokens(ref: string): string[] | undefined {
  if (ref === '#') return [];
  if (!ref.startsWith('#/')) return undefined;
  const tokens: string[] = [];
  for (const raw of ref.slice(2).split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return undefined; // a bad %-escape in a server's $ref points nowhere
    }
    tokens.push(decoded.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return tokens;
}

/** Follows a local JSON Pointer (`#`, `#/$defs/Node`, `#/definitions/a~1b`). Remote refs are not fetched. */
export function resolveLocalRef(root: JsonObject, ref: string): JsonObject | undefined {
  const tokens = pointerTokens(ref);
  if (!tokens) return undefined;
  let node: JsonValue | undefined = root;
  for (const key of tokens) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isJsonObject(node)) node = node[key];
    else return undefined;
  }
  return isJsonObject(node) ? node : undefined;
}

/**
 * Applies `f` to every subschema directly under `value`, by position: the entries of a name map,
 * the items of a list, the value of any other keyword except data (enum, const, default, examples).
 */
function mapSubschemas(value: JsonObject, f: (sub: JsonValue) => JsonValue): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (DATA_KEYWORDS.has(k)) out[k] = v;
    else if (NAME_MAPS.has(k) && isJsonObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, f(sub)]));
    else out[k] = f(v);
  }
  return out;
}

/** Sibling keywords that must stay next to a `$ref` because they see what it evaluates. */
const SEES_REF = new Set(['unevaluatedProperties', 'unevaluatedItems']);

/**
 * The schema with every local `$ref` replaced by what it points to, recursively. A reference
 * already being expanded (a cycle), and any reference that is not a local JSON Pointer, is left
 * as it is, so this always terminates.
 *
 * A `$ref` with sibling keywords becomes `{ allOf: [target, siblings] }`: draft-07 ignores the
 * siblings and 2019-09+ applies both, so neither side may stand in for the other. (Only
 * `unevaluatedProperties`/`unevaluatedItems` stay beside the `allOf`: they see what the target
 * evaluates, which a separate branch would not.)
 */
export function inlineRefs(value: JsonValue, root: JsonObject, expanding: ReadonlySet<string> = new Set()): JsonValue {
  if (Array.isArray(value)) return value.map((v) => inlineRefs(v, root, expanding));
  if (!isJsonObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && !expanding.has(ref)) {
    const target = resolveLocalRef(root, ref);
    if (target) {
      const inlined = inlineRefs(target, root, new Set([...expanding, ref]));
      const { $ref: _drop, ...siblings } = value;
      if (Object.keys(siblings).length === 0) return inlined;
      const beside: JsonObject = {};
      const rest: JsonObject = {};
      for (const [k, v] of Object.entries(siblings)) (SEES_REF.has(k) ? beside : rest)[k] = v;
      const branches = Object.keys(rest).length ? [inlined, inlineRefs(rest, root, expanding)] : [inlined];
      return { allOf: branches, ...(inlineRefs(beside, root, expanding) as JsonObject) };
    }
  }
  return mapSubschemas(value, (sub) => inlineRefs(sub, root, expanding));
}
