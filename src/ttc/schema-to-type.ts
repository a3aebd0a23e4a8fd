/** JSON Schema → TTC types: every property at every depth, with what a caller must know. */
import type { JsonObject, JsonValue } from '../catalog/types.js';
import { renderType } from './render-type.js';
import { isJsonObject as isObject } from '../schema/walk.js';
import { deref, mergeAllOf } from './schema-refs.js';
import type { RefScope } from './schema-refs.js';
import { TTC_PRIMITIVES } from './types.js';
import type { TTCField, TTCLiteral, TTCParams, TTCPrimitive, TTCRange, TTCType } from './types.js';

/** Deeper than any real tool schema; stops a hostile one from exhausting the stack. */
const MAX_DEPTH = 64;
const ANY: TTCType = { kind: 'prim', prim: 'any' };

export function schemaToParams(schema: JsonValue | undefined): TTCParams {
  const root = isObject(schema) ? schema : {};
  const type = schemaToType(root, { root, active: [] }, 0);
  if (type.kind === 'object') return type.rest ? { fields: type.fields, rest: type.rest } : { fields: type.fields };
  if (type.kind === 'union') return mergeObjectAlternatives(type.alts);
  return { fields: [] };
}

export function schemaToType(input: JsonValue | undefined, scope: RefScope, depth: number): TTCType {
  if (!isObject(input) || depth > MAX_DEPTH) return ANY;
  const resolved = deref(input, scope);
  // A cycle is cut here: the object it points back to is already spelled out above.
  if ('cycle' in resolved) return { kind: 'prim', prim: 'object' };
  const s = mergeAllOf(resolved.schema, resolved.scope);
  const sc = resolved.scope;
  const alternatives = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  if (alternatives) {
    const { anyOf: _a, oneOf: _o, description: _d, default: _f, title: _t, ...shared } = s;
    return union(alternatives.map((alt) => schemaToType(isObject(alt) ? { ...shared, ...alt } : alt, sc, depth + 1)));
  }
  const nullable = s.nullable === true ? [{ kind: 'prim', prim: 'null' } as TTCType] : [];
  const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : undefined;
  if (values) return union([...values.map(literalType), ...nullable]);
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : [inferType(s)];
  return union([...types.map((t) => typeOf(String(t), s, sc, depth)), ...nullable]);
}

function inferType(s: JsonObject): string {
  if (isObject(s.properties) || 'additionalProperties' in s || Array.isArray(s.required)) return 'object';
  if ('items' in s || 'prefixItems' in s) return 'array';
  return 'any';
}

function typeOf(name: string, s: JsonObject, scope: RefScope, depth: number): TTCType {
  if (name === 'object') return objectType(s, scope, depth);
  if (name === 'array') {
    const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
    const sub = (t: JsonValue | undefined): TTCType => schemaToType(t, scope, depth + 1);
    const items = tuple ? union(tuple.map(sub)) : sub(s.items);
    return withRange({ kind: 'array', items }, range(s, 'minItems', 'maxItems'));
  }
  const prim: TTCPrimitive = (TTC_PRIMITIVES as readonly string[]).includes(name) ? (name as TTCPrimitive) : 'any';
  const type: TTCType = { kind: 'prim', prim };
  if (typeof s.format === 'string') type.format = s.format;
  if (prim === 'string') return withRange(type, range(s, 'minLength', 'maxLength'));
  return withRange(type, prim === 'number' || prim === 'integer' ? numericRange(s) : undefined);
}

function objectType(s: JsonObject, scope: RefScope, depth: number): TTCType {
  const properties = isObject(s.properties) ? s.properties : {};
  const required = new Set((Array.isArray(s.required) ? s.required : []).filter((r) => typeof r === 'string'));
  const fields = Object.entries(properties).map(([name, prop]) => field(name, prop, required.has(name), scope, depth));
  // A required name with no property schema is still something the caller must send.
  for (const name of required) if (!(name in properties)) fields.push({ name, optional: false, type: ANY });
  const extra = [s.additionalProperties, ...Object.values(isObject(s.patternProperties) ? s.patternProperties : {})];
  const restSchemas = extra.filter((x) => isObject(x) && Object.keys(x).length > 0);
  if (fields.length === 0 && restSchemas.length === 0) return { kind: 'prim', prim: 'object' };
  const rest = restSchemas.length > 0 ? union(restSchemas.map((x) => schemaToType(x, scope, depth + 1))) : undefined;
  return rest ? { kind: 'object', fields, rest } : { kind: 'object', fields };
}

function field(name: string, prop: JsonValue, required: boolean, scope: RefScope, depth: number): TTCField {
  const out: TTCField = { name, optional: !required, type: schemaToType(prop, scope, depth + 1) };
  const resolved = isObject(prop) ? deref(prop, scope) : undefined;
  if (resolved && 'schema' in resolved && resolved.schema.default !== undefined) out.default = resolved.schema.default;
  return out;
}

function literalType(value: JsonValue | undefined): TTCType {
  if (value === null || value === undefined) return { kind: 'prim', prim: 'null' };
  // An object or array allowed value has no TTC literal: it is carried as its JSON text.
  const literal: TTCLiteral = typeof value === 'object' ? JSON.stringify(value) : value;
  return { kind: 'literal', value: literal };
}

/** Flattens nested unions and drops repeated alternatives; one alternative is just itself. */
export function union(types: TTCType[]): TTCType {
  const seen = new Map<string, TTCType>();
  for (const t of types.flatMap((x) => (x.kind === 'union' ? x.alts : [x]))) seen.set(renderType(t), t);
  const alts = [...seen.values()];
  return alts.length === 1 ? alts[0]! : alts.length === 0 ? ANY : { kind: 'union', alts };
}

function range(s: JsonObject, minKey: string, maxKey: string): TTCRange | undefined {
  const out: TTCRange = {};
  if (typeof s[minKey] === 'number') out.min = s[minKey];
  if (typeof s[maxKey] === 'number') out.max = s[maxKey];
  return out.min === undefined && out.max === undefined ? undefined : out;
}

function numericRange(s: JsonObject): TTCRange | undefined {
  const out: TTCRange = range(s, 'minimum', 'maximum') ?? {};
  // zod writes ±MAX_SAFE_INTEGER on every `.int()`: a bound no caller will meet.
  if (out.max === Number.MAX_SAFE_INTEGER) delete out.max;
  if (out.min === Number.MIN_SAFE_INTEGER) delete out.min;
  if (typeof s.exclusiveMinimum === 'number') Object.assign(out, { min: s.exclusiveMinimum, exclusiveMin: true });
  else if (s.exclusiveMinimum === true && out.min !== undefined) out.exclusiveMin = true;
  if (typeof s.exclusiveMaximum === 'number') Object.assign(out, { max: s.exclusiveMaximum, exclusiveMax: true });
  else if (s.exclusiveMaximum === true && out.max !== undefined) out.exclusiveMax = true;
  return out.min === undefined && out.max === undefined ? undefined : out;
}

function withRange<T extends TTCType & { range?: TTCRange }>(type: T, bounds: TTCRange | undefined): T {
  if (bounds) type.range = bounds;
  return type;
}

/** A root `anyOf` of objects: one parameter list, required only where every alternative requires it. */
function mergeObjectAlternatives(alts: TTCType[]): TTCParams {
  const byName = new Map<string, TTCField>();
  const objects = alts.filter((a) => a.kind === 'object');
  for (const obj of objects) {
    for (const f of obj.fields) {
      const seen = byName.get(f.name);
      if (!seen) byName.set(f.name, { ...f });
      else byName.set(f.name, { ...seen, type: union([seen.type, f.type]), optional: seen.optional || f.optional });
    }
  }
  for (const [name, f] of byName) if (!objects.every((o) => o.fields.some((x) => x.name === name))) f.optional = true;
  return { fields: [...byName.values()] };
}
