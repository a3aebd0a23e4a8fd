/** Inlining `$defs`/`definitions` where that makes a schema smaller: a lint fix and a slim step. */
import type { JsonObject } from '../catalog/types.js';
import { jsonBytes } from './json.js';
import { resolveLocalRef } from './refs.js';
import { isJsonObject, schemaNodes } from './walk.js';

const CONTAINERS = ['$defs', 'definitions'] as const;

function replaceAt(root: JsonObject, path: readonly (string | number)[], value: JsonObject): void {
  let parent: unknown = root;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[step];
  (parent as Record<string | number, unknown>)[path[path.length - 1]!] = value;
}

/** A server's `$ref` can be any string; one that cannot be resolved is not a use. */
const resolves = (root: JsonObject, ref: unknown): JsonObject | undefined => (typeof ref === 'string' ? resolveLocalRef(root, ref) : undefined);

/** Every `$ref` string anywhere in a JSON value, schema keyword or not (`dependencies`, `contentSchema`, …). */
function allRefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) allRefs(v, out);
  else if (isJsonObject(value)) {
    if (typeof value.$ref === 'string') out.push(value.$ref);
    for (const v of Object.values(value)) allRefs(v, out);
  }
  return out;
}

/** `current` with every `$ref` to one definition replaced by the definition, or undefined when that is not safe. */
function inlineOne(current: JsonObject, container: string, name: string): { next: JsonObject; uses: number } | undefined {
  const defs = current[container];
  const target = isJsonObject(defs) ? defs[name] : undefined;
  if (!isJsonObject(target)) return undefined;
  const uses = [...schemaNodes(current)].filter((n) => resolves(current, n.schema.$ref) === target);
  // A ref the walk does not see (under `dependencies` or `contentSchema`), or one into the definition
  // ("#/$defs/A/properties/b"), still needs it where it is.
  const pointer = `#/${container}/${name}`;
  const named = allRefs(current).filter((r) => r === pointer || r.startsWith(`${pointer}/`));
  if (named.length !== uses.length || named.some((r) => r !== pointer)) return undefined;
  // A $ref with sibling keywords means different things in draft-07 (siblings ignored) and 2019+ (applied);
  // a definition that refers to itself cannot be inlined.
  if (uses.some((n) => Object.keys(n.schema).length > 1 || (n.path[0] === container && n.path[1] === name))) return undefined;
  const next = structuredClone(current);
  for (const use of uses) replaceAt(next, use.path, structuredClone(target));
  const nextDefs = next[container] as JsonObject;
  delete nextDefs[name];
  if (Object.keys(nextDefs).length === 0) delete next[container];
  return { next, uses: uses.length };
}

/**
 * Inline, one definition at a time, every `$defs`/`definitions` entry whose inlining makes the
 * schema smaller (typically a definition used once, or never). Schemas with `$id` are left alone:
 * moving a subschema would change how its refs resolve.
 */
export interface Inlined {
  /** `$defs.Name` or `definitions.Name`. */
  definition: string;
  /** How many `$ref`s named it; 0 for a definition nothing uses. */
  uses: number;
}

export function inlineSmallerRefs(schema: JsonObject): { schema: JsonObject; inlined: Inlined[]; saved: number } {
  const none = { schema, inlined: [], saved: 0 };
  const nodes = [...schemaNodes(schema)];
  if (nodes.some((n) => n.schema.$id !== undefined && n.depth > 0)) return none;
  // A reference that is not a local JSON pointer (an anchor `#name`, a remote or dynamic ref) may
  // reach a definition we cannot see being used: leave every definition where it is.
  if (nodes.some((n) => n.schema.$dynamicRef !== undefined || n.schema.$recursiveRef !== undefined || (typeof n.schema.$ref === 'string' && !n.schema.$ref.startsWith('#/') && n.schema.$ref !== '#'))) return none;
  // A local ref that resolves to nothing: the verifier keeps every definition then, and so does this.
  if (allRefs(schema).some((r) => r.startsWith('#/') && resolveLocalRef(schema, r) === undefined)) return none;
  let current = schema;
  const inlined: Inlined[] = [];
  for (let progress = true; progress; ) {
    progress = false;
    for (const container of CONTAINERS) {
      const defs = current[container];
      if (!isJsonObject(defs)) continue;
      for (const name of Object.keys(defs)) {
        const step = inlineOne(current, container, name);
        if (step && jsonBytes(step.next) < jsonBytes(current)) {
          current = step.next;
          inlined.push({ definition: `${container}.${name}`, uses: step.uses });
          progress = true;
        }
      }
    }
  }
  return { schema: current, inlined, saved: jsonBytes(schema) - jsonBytes(current) };
}

