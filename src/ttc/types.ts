/**
 * TTC (TERSE Tool Catalog, seeds/002): a line-based, token-lean view of an MCP tool that an
 * agent reads to pick a tool. These types are the parsed form; docs/ttc.md holds the grammar.
 */
import type { JsonValue } from '../catalog/types.js';

/** Type keywords. `any` is a schema with no type; `object` is an object whose keys are open. */
export type TTCPrimitive = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'any';

export const TTC_PRIMITIVES: readonly TTCPrimitive[] = [
  'string',
  'number',
  'integer',
  'boolean',
  'null',
  'object',
  'any',
];

/**
 * Bounds: value for numbers, length for strings, item count for arrays.
 * `exclusiveMin`/`exclusiveMax` say the bound itself is excluded.
 */
export interface TTCRange {
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  exclusiveMax?: boolean;
}

/** A scalar allowed value (an `enum`/`const` member). `null` is the `null` type, not a literal. */
export type TTCLiteral = string | number | boolean;

export type TTCType =
  | { kind: 'prim'; prim: TTCPrimitive; format?: string; range?: TTCRange }
  | { kind: 'literal'; value: TTCLiteral }
  | { kind: 'object'; fields: TTCField[]; rest?: TTCType }
  | { kind: 'array'; items: TTCType; range?: TTCRange }
  | { kind: 'union'; alts: TTCType[] };

export type TTCObjectType = Extract<TTCType, { kind: 'object' }>;

export interface TTCField {
  name: string;
  optional: boolean;
  type: TTCType;
  /** The schema's `default`; absent when undefined (JSON `null` is a real default). */
  default?: JsonValue;
}

/** An `IN`/`OUT` payload: the top-level object's fields, and `*` for its extra keys. */
export interface TTCParams {
  fields: TTCField[];
  rest?: TTCType;
}

export interface TTCEntry {
  name: string;
  purpose: string;
  input: TTCParams;
  /** Only when the tool declares an `outputSchema`. */
  output?: TTCParams;
  /** Failure codes; only an author knows them, so they come from the sidecar. */
  err?: string[];
  when: string;
  tags: string[];
}

/** What an author may set for one tool in `ttc.json`; each field overrides the derived one. */
export interface SidecarEntry {
  purpose?: string;
  when?: string;
  err?: string[];
  tags?: string[];
}

export interface Sidecar {
  $schema?: string;
  tools: Record<string, SidecarEntry>;
}
