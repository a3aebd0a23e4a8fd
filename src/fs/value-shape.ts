/**
 * What a config value is, for the "got …" of a type error, without its content. A config's strings
 * are where tokens live (`headers`, `env`, `args`, a URL's query), and an error message ends up in
 * CI logs and bug reports, so a value is only quoted where its key cannot hold a secret.
 */

const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The kind of one value, as a noun: `string`, `number`, `object`, … */
function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** `a string`, `an array of 2 strings`, `an object with 3 keys`, `true`, `a number`: never a string's text. */
export function shapeOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? 'a number' : 'a number out of range';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty array';
    const kinds = new Map<string, number>();
    for (const item of value) kinds.set(kind(item), (kinds.get(kind(item)) ?? 0) + 1);
    const parts = [...kinds].map(([k, n]) => plural(n, k));
    return `an array of ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]}`;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value).length;
    return keys === 0 ? 'an empty object' : `an object with ${plural(keys, 'key')}`;
  }
  return `a ${typeof value}`;
}

/**
 * The value itself, for keys that take numbers, fixed words or tool patterns (no secret belongs
 * there, and the value is what the reader must find): numbers and short strings are quoted,
 * anything else by its shape.
 */
export function showValue(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '' && value.length <= 60) return JSON.stringify(value);
  return shapeOf(value);
}

/**
 * A URL that was refused, by its scheme and host only: a path or query can hold a key (some
 * services put it in the path), userinfo a password. `"ws://host/…"`, or `a string that is not a URL`.
 */
export function urlShape(url: string): string {
  if (!URL.canParse(url)) return 'a string that is not a URL';
  const parsed = new URL(url);
  if (parsed.host === '') return `a "${parsed.protocol}" URL`;
  const more = (parsed.pathname !== '' && parsed.pathname !== '/') || parsed.search !== '' || parsed.hash !== '';
  return JSON.stringify(`${parsed.protocol}//${parsed.host}${more ? '/…' : ''}`);
}
