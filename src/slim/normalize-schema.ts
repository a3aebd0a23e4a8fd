import type { JsonObject, JsonValue } from '../catalog/types.js';
import { canonicalJson } from '../schema/json.js';
import { DATA_KEYWORDS, DEFINITION_MAPS, inlineRefs, NAME_MAPS, pointerTokens, REF_KEYWORDS, resolveLocalRef } from '../schema/refs.js';
import { isJsonObject, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_SINGLE } from '../schema/walk.js';

/**
 * Keywords that annotate a schema for people (or for the model) without changing which
 * arguments are valid. Slimming may remove or move them; the verifier ignores them.
 *
 * `$schema` is here on purpose: slim and lint remove it (it costs bytes on every request and
 * validators default to a dialect). That can change meaning in one corner, draft-07 tuple
 * `items` with `additionalItems`, which 2020-12 reads differently; docs/slim.md says so.
 * `$id` and `$anchor` are not here: `$ref`s resolve through them.
 */
export const ANNOTATION_KEYWORDS = new Set(['description', 'title', '$schema', '$comment', 'examples', 'markdownDescription']);

export interface NormalizeOptions {
  /** Treat `additionalProperties: false` as absent (a policy with openObjects). */
  openObjects?: boolean;
}

/** Which `$defs`/`definitions` entries the normal form keeps: every one, or those named (see entryKey). */
type Keep = 'all' | ReadonlySet<string>;

const entryKey = (container: string, name: string): string => `${container}/${name}`;

/** Where a schema's meaning lives once annotations are set aside: what the verifier compares. */
export function normalizeSchema(schema: JsonValue | undefined, options: NormalizeOptions = {}): JsonValue | undefined {
  if (!isJsonObject(schema)) return schema;
  const inlined = inlineRefs(schema, schema);
  return strip(inlined, options, definitionsToKeep(inlined, schema));
}

interface Reference {
  keyword: string;
  value: JsonValue;
}

/**
 * Visits every subschema by position (name-map entries, list items, single subschemas; never
 * data). `onEntry` is called for each `$defs`/`definitions` entry instead of descending into it.
 */
function visit(value: JsonValue, onSchema: (s: JsonObject, depth: number) => void, onEntry: (container: string, name: string, s: JsonValue) => void, depth = 0): void {
  if (Array.isArray(value)) {
    for (const v of value) visit(v, onSchema, onEntry, depth + 1);
    return;
  }
  if (!isJsonObject(value)) return;
  onSchema(value, depth);
  for (const [k, v] of Object.entries(value)) {
    if (DATA_KEYWORDS.has(k) || REF_KEYWORDS.has(k)) continue;
    if (DEFINITION_MAPS.has(k) && isJsonObject(v)) for (const [name, sub] of Object.entries(v)) onEntry(k, name, sub);
    else if (NAME_MAPS.has(k) && isJsonObject(v)) for (const sub of Object.values(v)) visit(sub, onSchema, onEntry, depth + 1);
    else visit(v, onSchema, onEntry, depth + 1);
  }
}

/** The references left in `value` outside `$defs`/`definitions` entries. */
function referencesIn(value: JsonValue): Reference[] {
  const out: Reference[] = [];
  visit(
    value,
    (s) => {
      for (const keyword of REF_KEYWORDS) if (keyword in s) out.push({ keyword, value: s[keyword]! });
    },
    () => {},
  );
  return out;
}

/** The `$defs`/`definitions` entries a JSON Pointer passes through (`#/$defs/A/$defs/B` → both). */
function entriesOnPointer(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!NAME_MAPS.has(token) || i + 1 >= tokens.length) continue;
    if (DEFINITION_MAPS.has(token)) out.push(entryKey(token, tokens[i + 1]!));
    i++; // the next token is a name, not a keyword
  }
  return out;
}

/** A plain-name fragment (`#node`): an `$anchor`/`$dynamicAnchor` name, or a draft-07 `$id: "#node"`. */
const ANCHOR_REF = /^#[A-Za-z_][-A-Za-z0-9._]*$/;

/**
 * Definitions are compared where they are used (inlined), not where they are declared, so an
 * entry is dropped once nothing refers to it any more. Whatever is still referred to after
 * inlining (a cycle, an anchor, a `$dynamicRef`) is kept and compared: the entries a local
 * pointer or a plain-name anchor still leads into, and what those entries still refer to. Every
 * entry is kept when a reference cannot be followed here (an `$id`-relative or remote URI, a
 * dangling pointer, `$recursiveRef`) or when a nested `$id` changes what references resolve against.
 */
function definitionsToKeep(inlined: JsonValue, root: JsonObject): Keep {
  let nestedId = false;
  /** Anchor name → the entries enclosing each schema that declares it. */
  const anchors = new Map<string, string[][]>();
  const scan = (value: JsonValue, enclosing: readonly string[]): void =>
    visit(
      value,
      (s, d) => {
        if ((enclosing.length || d > 0) && '$id' in s) nestedId = true;
        for (const k of ['$anchor', '$dynamicAnchor', '$id'] as const) {
          const name = s[k];
          if (typeof name !== 'string') continue;
          const ref = k === '$id' ? name : `#${name}`;
          if (ANCHOR_REF.test(ref)) anchors.set(ref, [...(anchors.get(ref) ?? []), [...enclosing]]);
        }
      },
      (container, name, sub) => scan(sub, [...enclosing, entryKey(container, name)]),
    );
  scan(root, []);
  if (nestedId) return 'all';
  const queue = referencesIn(inlined);
  const keep = new Set<string>();
  for (let ref = queue.pop(); ref; ref = queue.pop()) {
    const value = typeof ref.value === 'string' ? ref.value : undefined;
    let leadsInto: string[] | undefined;
    if (value !== undefined && ref.keyword === '$ref' && resolveLocalRef(root, value)) leadsInto = entriesOnPointer(pointerTokens(value)!);
    else if (value !== undefined && ref.keyword !== '$recursiveRef' && anchors.has(value)) leadsInto = anchors.get(value)!.flat();
    if (!leadsInto) return 'all';
    for (const key of leadsInto) {
      if (keep.has(key)) continue;
      keep.add(key);
      // What the kept entry, inlined, still refers to must be kept as well.
      for (const sub of inlinedEntries(inlined, key)) queue.push(...referencesIn(sub));
    }
  }
  return keep;
}

/** Every entry called `key` in the inlined schema, at any depth. */
function inlinedEntries(inlined: JsonValue, key: string): JsonValue[] {
  const out: JsonValue[] = [];
  const walk = (value: JsonValue): void =>
    visit(
      value,
      () => {},
      (container, name, sub) => {
        if (entryKey(container, name) === key) out.push(sub);
        walk(sub);
      },
    );
  walk(inlined);
  return out;
}

function strip(value: JsonValue, options: NormalizeOptions, keep: Keep): JsonValue {
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (ANNOTATION_KEYWORDS.has(key)) continue;
    // `true` and `{}` are the default: writing them says nothing. Judged after its own annotations are
    // stripped, so `{"description": "x"}` on one side and `{}` on the other normalise alike.
    if (key === 'additionalProperties') {
      const meaning = isJsonObject(child) ? strip(child, options, keep) : child;
      if (meaning === true || (isJsonObject(meaning) && Object.keys(meaning).length === 0) || (meaning === false && options.openObjects)) continue;
    }
    if (DEFINITION_MAPS.has(key)) {
      if (keep !== 'all' && keep.size === 0) continue;
      if (!isJsonObject(child)) {
        out[key] = child;
        continue;
      }
      const map: JsonObject = {};
      for (const [name, sub] of Object.entries(child)) if (keep === 'all' || keep.has(entryKey(key, name))) map[name] = strip(sub, options, keep);
      if (Object.keys(map).length) out[key] = map;
      continue;
    }
    if (key === 'required' && Array.isArray(child)) {
      if (child.length) out[key] = [...child].sort() as JsonValue;
      continue;
    }
    if (SCHEMA_MAPS.has(key) && isJsonObject(child)) {
      const map: JsonObject = {};
      for (const [name, sub] of Object.entries(child)) map[name] = strip(sub, options, keep);
      out[key] = map;
    } else if (SCHEMA_SINGLE.has(key) || (key === 'items' && Array.isArray(child))) {
      out[key] = Array.isArray(child) ? child.map((c) => strip(c, options, keep)) : strip(child, options, keep);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(child)) {
      // Repeated anyOf branches mean the same as one of them. Not so for oneOf (a value matching
      // two equal branches fails "exactly one"), nor for positional prefixItems. An allOf branch
      // that allows everything (`{}`, `true`) says nothing: a `$ref`'s siblings that were only
      // annotations leave one.
      const seen = new Set<string>();
      const branches: JsonValue[] = [];
      for (const b of child.map((c) => strip(c, options, keep))) {
        const k = canonicalJson(b);
        if (key === 'anyOf' && seen.has(k)) continue;
        if (key === 'allOf' && (b === true || (isJsonObject(b) && Object.keys(b).length === 0))) continue;
        seen.add(k);
        branches.push(b);
      }
      if (key === 'allOf' && child.length && !branches.length) continue;
      out[key] = branches;
    } else out[key] = child;
  }
  // `{ allOf: [X] }` means X.
  const only = Object.keys(out);
  if (only.length === 1 && only[0] === 'allOf' && Array.isArray(out.allOf) && out.allOf.length === 1 && isJsonObject(out.allOf[0])) return out.allOf[0];
  return out;
}
