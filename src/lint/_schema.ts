/** Small helpers the rules share: which schemas a tool has, sizes, equality, and copy-then-edit fixes. */
import type { JsonObject, JsonValue, RawTool } from '../catalog/types.js';
import { formatPath, isJsonObject, schemaNodes, type SchemaNode } from '../schema/walk.js';
export { canonicalJson, jsonBytes } from '../schema/json.js';

export type SchemaKey = 'inputSchema' | 'outputSchema';
export const SCHEMA_KEYS: readonly SchemaKey[] = ['inputSchema', 'outputSchema'];

/** Every subschema of the tool's input and output schemas, with the schema key in front of each path. */
export function* toolSchemaNodes(tool: RawTool, keys: readonly SchemaKey[] = SCHEMA_KEYS): Generator<SchemaNode & { key: SchemaKey }> {
  for (const key of keys) {
    for (const node of schemaNodes(tool[key], [key])) yield { ...node, key };
  }
}

/** `['inputSchema', 'properties', 'path']` + `description` → `inputSchema.properties.path.description`. */
export const pathOf = (path: readonly (string | number)[], ...more: (string | number)[]): string => formatPath([...path, ...more]);

/**
 * A fix without mutation: edit a deep copy and return it. Rules find what to change with
 * `schemaNodes` on the copy, whose nodes are the copy's own objects.
 */
export function editCopy(tool: RawTool, edit: (copy: RawTool) => void): RawTool {
  const copy = structuredClone(tool);
  edit(copy);
  return copy;
}

export const objectOrUndefined = (v: JsonValue | undefined): JsonObject | undefined => (isJsonObject(v) ? v : undefined);
