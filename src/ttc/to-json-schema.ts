/**
 * `IN` back to an inputSchema: the structure (types, properties, required, allowed values,
 * defaults, items, nesting, unions, bounds, formats). docs/ttc.md lists what cannot come back.
 */
import type { JsonObject, JsonValue } from '../catalog/types.js';
import { parseParamsAt } from './parse-type.js';
import type { TTCLiteral, TTCParams, TTCRange, TTCType } from './types.js';

/** Accepts parsed params or the text after `IN ` (e.g. `path:string, depth?:integer=1`). */
export function ttcInToJsonSchema(input: TTCParams | string): JsonObject {
  const params = typeof input === 'string' ? parseParamsAt(input, 1, 1) : input;
  return objectSchema(params.fields, params.rest, true);
}

function objectSchema(fields: TTCParams['fields'], rest: TTCType | undefined, root = false): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const f of fields) {
    const schema = typeSchema(f.type);
    if (f.default !== undefined) schema.default = f.default;
    properties[f.name] = schema;
    if (!f.optional) required.push(f.name);
  }
  // MCP clients expect `properties` on an inputSchema even when empty; nested maps read better without.
  const out: JsonObject = root || fields.length > 0 ? { type: 'object', properties } : { type: 'object' };
  if (required.length > 0) out.required = required;
  if (rest) out.additionalProperties = typeSchema(rest);
  return out;
}

export function typeSchema(type: TTCType): JsonObject {
  switch (type.kind) {
    case 'prim': {
      const out: JsonObject = type.prim === 'any' ? {} : { type: type.prim };
      if (type.format !== undefined) out.format = type.format;
      if (type.range) {
        const keys = type.prim === 'string' ? (['minLength', 'maxLength'] as const) : (['minimum', 'maximum'] as const);
        Object.assign(out, bounds(type.range, keys[0], keys[1]));
      }
      return out;
    }
    case 'literal':
      return enumSchema([type.value]);
    case 'object':
      return objectSchema(type.fields, type.rest);
    case 'array': {
      const out: JsonObject = { type: 'array', items: typeSchema(type.items) };
      return type.range ? { ...out, ...bounds(type.range, 'minItems', 'maxItems') } : out;
    }
    case 'union':
      return unionSchema(type.alts);
  }
}

/** Adjacent allowed values become one `enum`; bare types become a `type` array when nothing else is said. */
function unionSchema(alts: TTCType[]): JsonObject {
  const literals = alts.flatMap((a) => (a.kind === 'literal' ? [a.value] : []));
  const others = alts.filter((a) => a.kind !== 'literal');
  const parts = [...(literals.length > 0 ? [enumSchema(literals)] : []), ...others.map(typeSchema)];
  const simple = parts.every((p) => Object.keys(p).length === 1 && typeof p.type === 'string');
  if (simple && parts.length > 1) return { type: parts.map((p) => p.type as JsonValue) };
  return parts.length === 1 ? parts[0]! : { anyOf: parts };
}

function enumSchema(values: TTCLiteral[]): JsonObject {
  const kinds = new Set(values.map((v) => typeof v));
  const out: JsonObject = { enum: values };
  if (kinds.size === 1) out.type = kinds.has('string') ? 'string' : kinds.has('boolean') ? 'boolean' : 'number';
  return out;
}

function bounds(range: TTCRange, minKey: string, maxKey: string): JsonObject {
  const out: JsonObject = {};
  // Draft 2020-12 spells exclusive bounds as numbers; length and item counts have no exclusive form.
  const numeric = minKey === 'minimum';
  if (range.min !== undefined) {
    if (range.exclusiveMin && numeric) out.exclusiveMinimum = range.min;
    else out[minKey] = range.exclusiveMin ? range.min + 1 : range.min;
  }
  if (range.max !== undefined) {
    if (range.exclusiveMax && numeric) out.exclusiveMaximum = range.max;
    else out[maxKey] = range.exclusiveMax ? range.max - 1 : range.max;
  }
  return out;
}
