/** Sizes and key-order-free equality of JSON values, shared by lint, slim and the verifier. */
import type { JsonValue } from '../catalog/types.js';
import { isJsonObject } from './walk.js';

/** Bytes of a value as it goes over the wire (compact JSON, UTF-8). */
export const jsonBytes = (value: JsonValue | undefined): number => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));

/** JSON with object keys sorted, so two schemas that differ only in key order compare equal. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

