import type { JsonObject, JsonValue } from '../catalog/types.js';

/** Keywords whose value maps names (properties, definitions) to subschemas. */
export const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is one subschema. */
export const SCHEMA_SINGLE = new Set(['items', 'additionalProperties', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties']);
/** Keywords whose value is a list of subschemas. */
export const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);

export const isJsonObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A subschema and where it sits, as a JSON path from the root schema (e.g. `properties.path`). */
export interface SchemaNode {
  schema: JsonObject;
  path: (string | number)[];
  /** The property name when this node is a property's schema. */
  propertyName?: string;
  depth: number;
}

/**
 * Every subschema of a JSON Schema, the root first, parents before children. Data-valued
 * keywords (enum, const, default, examples) are never entered: their objects are values, not schemas.
 */
export function* schemaNodes(root: JsonValue | undefined, path: (string | number)[] = []): Generator<SchemaNode> {
  if (!isJsonObject(root)) return;
  const stack: SchemaNode[] = [{ schema: root, path, depth: 0 }];
  while (stack.length) {
    const node = stack.shift()!;
    yield node;
    for (const [key, value] of Object.entries(node.schema)) {
      const at = [...node.path, key];
      if (SCHEMA_MAPS.has(key) && isJsonObject(value)) {
        for (const [name, sub] of Object.entries(value)) {
          if (isJsonObject(sub)) stack.push({ schema: sub, path: [...at, name], depth: node.depth + 1, ...(key === 'properties' ? { propertyName: name } : {}) });
        }
      } else if (SCHEMA_SINGLE.has(key) && isJsonObject(value)) {
        stack.push({ schema: value, path: at, depth: node.depth + 1 });
      } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
        value.forEach((sub, i) => {
          if (isJsonObject(sub)) stack.push({ schema: sub, path: [...at, i], depth: node.depth + 1 });
        });
      } else if (key === 'items' && Array.isArray(value)) {
        value.forEach((sub, i) => {
          if (isJsonObject(sub)) stack.push({ schema: sub, path: [...at, i], depth: node.depth + 1 });
        });
      }
    }
  }
}

/** `properties.path.items` → a readable JSON path for messages: `inputSchema.properties.path.items`. */
export const formatPath = (path: readonly (string | number)[]): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? (i ? `.${p}` : p) : `[${JSON.stringify(p)}]`)).join('');
