/**
 * Cutting a tool's `structuredContent` so that a client which checks it against the tool's
 * `outputSchema` still accepts it. The SDK's client rejects a result of a tool with an output
 * schema that has no structuredContent (unless isError), and one that does not match the schema,
 * so dropping it is not an option: long strings keep their start and long arrays their first
 * items, and the shrunk copy is kept only when it still validates.
 */
import { measureTokens, tokensOf } from './text-cut.js';

/** Strings at most this long are never shortened: ids, names and enum values live there. */
const KEEP_STRING = 64;

function shrink(value: unknown, ratio: number): unknown {
  if (typeof value === 'string') {
    if (value.length <= KEEP_STRING) return value;
    let end = Math.max(KEEP_STRING, Math.floor(value.length * ratio));
    // Never split a surrogate pair.
    const c = value.charCodeAt(end - 1);
    if (c >= 0xd800 && c <= 0xdbff) end--;
    return value.slice(0, end);
  }
  if (Array.isArray(value)) {
    const keep = value.length <= 1 ? value.length : Math.max(1, Math.ceil(value.length * ratio));
    return value.slice(0, keep).map((v) => shrink(v, ratio));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shrink(v, ratio)]));
  }
  return value;
}

/**
 * A copy of `value` within `maxTokens` o200k tokens of JSON, or undefined when shrinking cannot
 * get it there (its size is in short strings and keys) or `accept` refuses every try.
 */
export function cutStructured(value: unknown, maxTokens: number, accept: (candidate: unknown) => boolean): unknown {
  let candidate = value;
  // The first size may be estimated (a huge value); every smaller try is counted exactly.
  let tokens = measureTokens(JSON.stringify(candidate)).tokens;
  for (let attempt = 0; attempt < 8 && tokens > maxTokens; attempt++) {
    const next = shrink(candidate, Math.max(0.01, (maxTokens / tokens) * 0.9));
    const nextTokens = tokensOf(JSON.stringify(next));
    if (nextTokens >= tokens) return undefined; // nothing left to shrink
    candidate = next;
    tokens = nextTokens;
  }
  return tokens <= maxTokens && accept(candidate) ? candidate : undefined;
}
