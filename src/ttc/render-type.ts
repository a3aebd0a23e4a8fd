/** TTC types and parameter lists as text (grammar in docs/ttc.md). */
import type { JsonValue } from '../catalog/types.js';
import { renderLiteral, renderName } from './lexical.js';
import type { TTCField, TTCParams, TTCRange, TTCType } from './types.js';

/** Separates parameters, in `IN`/`OUT` and inside `{…}`. */
export const FIELD_SEP = ', ';

export function renderRange(range: TTCRange): string {
  const { min, max, exclusiveMin, exclusiveMax } = range;
  if (min === undefined && max === undefined) return '';
  // `>0` and `<9` read better than `>0..` and `..<9`; both forms parse.
  if (max === undefined && exclusiveMin) return `(>${num(min!)})`;
  if (min === undefined && exclusiveMax) return `(<${num(max!)})`;
  const lo = min === undefined ? '' : `${exclusiveMin ? '>' : ''}${num(min)}`;
  const hi = max === undefined ? '' : `${exclusiveMax ? '<' : ''}${num(max)}`;
  return `(${lo}..${hi})`;
}

const num = (n: number): string => JSON.stringify(n);

export function renderType(type: TTCType): string {
  switch (type.kind) {
    case 'prim': {
      const format = type.format === undefined ? '' : `<${renderLiteral(type.format)}>`;
      return type.prim + format + (type.range ? renderRange(type.range) : '');
    }
    case 'literal':
      return renderLiteral(type.value);
    case 'object':
      return `{${renderFields(type.fields, type.rest)}}`;
    case 'array': {
      const items = type.items.kind === 'union' ? `(${renderType(type.items)})` : renderType(type.items);
      return `${items}[]${type.range ? renderRange(type.range) : ''}`;
    }
    case 'union':
      // A union nested directly in a union only comes from a hand-written `(…)`: keep it.
      return type.alts.map((alt) => (alt.kind === 'union' ? `(${renderType(alt)})` : renderType(alt))).join('|');
  }
}

export function renderDefault(value: JsonValue): string {
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value === null ? 'null' : renderLiteral(value);
}

export function renderField(field: TTCField): string {
  const head = `${renderName(field.name)}${field.optional ? '?' : ''}:${renderType(field.type)}`;
  return field.default === undefined ? head : `${head}=${renderDefault(field.default)}`;
}

export function renderFields(fields: readonly TTCField[], rest?: TTCType): string {
  const parts = fields.map(renderField);
  if (rest) parts.push(`*:${renderType(rest)}`);
  return parts.join(FIELD_SEP);
}

/** An `IN`/`OUT` payload; `-` when there is nothing to pass. */
export function renderParams(params: TTCParams): string {
  const text = renderFields(params.fields, params.rest);
  return text === '' ? '-' : text;
}
