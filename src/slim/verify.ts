import type { Catalog, JsonValue, RawTool } from '../catalog/types.js';
import { NAME_MAPS } from '../schema/refs.js';
import { formatPath, isJsonObject, SCHEMA_LISTS, SCHEMA_SINGLE } from '../schema/walk.js';
import { normalizeSchema, type NormalizeOptions } from './normalize-schema.js';

/** One way a slim tool differs in meaning from the original: never written, never served. */
export interface Violation {
  server?: string;
  tool: string;
  /** JSON path in the original tool, e.g. `inputSchema.properties.mode.enum[2]`. */
  path: string;
  message: string;
}

const show = (v: JsonValue | undefined): string => (v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 80));

/**
 * What a node of a normalized schema is, decided by position, never by key name (a property may
 * be called `enum` or `properties`): a schema (keys are keywords), a name map (keys are names),
 * or a keyword's value that is not a schema (data).
 */
type Position = 'schema' | 'names' | 'data';
interface Parent {
  at: Position;
  /** The parent's own key is a keyword of a schema (`properties`, `enum`), not a name or an index. */
  keyword: boolean;
}

function positionOf(parent: Parent | undefined, key: string | number | undefined): Position {
  if (!parent) return 'schema';
  if (parent.at === 'names') return 'schema';
  if (parent.at === 'data') return 'data';
  if (typeof key === 'number') return 'schema'; // a branch of anyOf/allOf/oneOf/prefixItems/items
  if (NAME_MAPS.has(key!)) return 'names';
  return SCHEMA_SINGLE.has(key!) || SCHEMA_LISTS.has(key!) ? 'schema' : 'data';
}

function describe(parent: Parent | undefined, parentKey: string | number | undefined, keyword: boolean, key: string | number, before: JsonValue | undefined, after: JsonValue | undefined): string {
  if (parent?.at === 'names' && parentKey === 'properties') return after === undefined ? `property "${key}" was removed` : before === undefined ? `property "${key}" was added` : `property "${key}" changed`;
  if (parent?.keyword && parentKey === 'enum') return after === undefined ? `enum value ${show(before)} was removed` : `enum value changed from ${show(before)} to ${show(after)}`;
  if (keyword && key === 'required') return `required list changed from ${show(before)} to ${show(after)}`;
  if (keyword && (key === 'enum' || key === 'const' || key === 'type' || key === 'format' || key === 'pattern' || key === 'default')) return `"${key}" changed from ${show(before)} to ${show(after)}`;
  return after === undefined ? `"${key}" was removed (was ${show(before)})` : before === undefined ? `"${key}" was added (${show(after)})` : `"${key}" changed from ${show(before)} to ${show(after)}`;
}

/** Every place two normalized schemas differ, with the path of the difference. */
function diff(before: JsonValue | undefined, after: JsonValue | undefined, path: (string | number)[], out: { path: (string | number)[]; message: string }[], parent?: Parent): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const key = path[path.length - 1];
  const parentKey = path[path.length - 2];
  const keyword = parent?.at === 'schema' && typeof key === 'string';
  const here: Parent = { at: positionOf(parent, key), keyword };
  if (Array.isArray(before) && Array.isArray(after) && !(keyword && (key === 'required' || key === 'type'))) {
    if (keyword && key === 'enum') {
      const before0 = out.length;
      for (const v of before) if (!after.some((a) => JSON.stringify(a) === JSON.stringify(v))) out.push({ path, message: `enum value ${show(v)} was removed` });
      for (const v of after) if (!before.some((b) => JSON.stringify(b) === JSON.stringify(v))) out.push({ path, message: `enum value ${show(v)} was added` });
      if (before.length === after.length && out.length === before0) out.push({ path, message: 'enum values were reordered' });
      return;
    }
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) diff(before[i], after[i], [...path, i], out, here);
    return;
  }
  if (isJsonObject(before) && isJsonObject(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) diff(before[k], after[k], [...path, k], out, here);
    return;
  }
  out.push({ path, message: describe(parent, parentKey, keyword, key ?? '(root)', before, after) });
}

/**
 * Check that a slim tool means what the original means: the same name; every property at
 * every depth; every enum and const value; every required list; types, formats, bounds,
 * patterns and defaults. Descriptions, titles, `$schema`, `$comment` and `examples` may change;
 * `$ref`s may be inlined, repeated anyOf branches merged, `additionalProperties: true` (the
 * default) dropped, and `additionalProperties: false` dropped when `openObjects` allows it. A
 * `$ref`'s target and its sibling keywords are both compared, and so are the `$defs` a reference
 * still needs after inlining (cycles, anchors, `$id`-relative refs) and every `$id`/`$anchor`. Pure.
 */
export function verifyTool(before: RawTool, after: RawTool, server?: string, options: NormalizeOptions = {}): Violation[] {
  const where = { ...(server !== undefined ? { server } : {}), tool: before.name };
  if (before.name !== after.name) return [{ ...where, path: 'name', message: `name changed from ${show(before.name)} to ${show(after.name)}` }];
  const found: { path: (string | number)[]; message: string }[] = [];
  for (const key of ['inputSchema', 'outputSchema'] as const) {
    if (key === 'outputSchema' && !(key in after)) continue; // an overlay may leave outputSchema alone
    diff(normalizeSchema(before[key], options), normalizeSchema(after[key], options), [key], found);
  }
  return found.map((f) => ({ ...where, path: formatPath(f.path), message: f.message }));
}

/** The same servers with the same tools (by name), each tool verified. */
export function verifySlim(before: Catalog, after: Catalog, options: NormalizeOptions = {}): Violation[] {
  const out: Violation[] = [];
  for (const server of before.servers) {
    const slim = after.servers.find((s) => s.name === server.name);
    if (!slim) {
      if (server.tools.length) out.push({ server: server.name, tool: '*', path: '', message: `server "${server.name}" is missing from the slim catalog` });
      continue;
    }
    // Tools pair by name in order, so a server that lists one name twice (it happens) pairs first with first.
    const slimTools = new Map<string, RawTool[]>();
    for (const t of slim.tools) slimTools.set(t.name, [...(slimTools.get(t.name) ?? []), t]);
    for (const tool of server.tools) {
      const other = slimTools.get(tool.name)?.shift();
      if (!other) out.push({ server: server.name, tool: tool.name, path: '', message: `tool "${tool.name}" is missing` });
      else out.push(...verifyTool(tool, other, server.name, options));
    }
    for (const [extra, left] of slimTools) if (left.length) out.push({ server: server.name, tool: extra, path: '', message: `tool "${extra}" was added` });
  }
  return out;
}
