import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parseTomlText, stripBom } from '../fs/config-text.js';
import { SlimError } from '../errors.js';
import type { ServerTable } from './server-table.js';

/** A config's data, read the way its client reads it (comments allowed: we only compare data). */
export function documentData(table: ServerTable, text: string, file: string): Record<string, unknown> {
  if (table.format === 'toml') return parseTomlText(text, file) as Record<string, unknown>;
  const json = stripBom(text);
  const errors: ParseError[] = [];
  const data: unknown = json.trim() === '' ? {} : parseJsonc(json, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !data || typeof data !== 'object' || Array.isArray(data)) {
    throw new SlimError('config', `${file}: not a JSON object; fix it before mcp-slim edits it`);
  }
  return data as Record<string, unknown>;
}

export function valueAt(data: unknown, path: readonly string[]): unknown {
  let node = data;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

/** The server table of a document as a record (empty when absent). */
export function serversIn(data: unknown, path: readonly string[]): Record<string, unknown> {
  const node = valueAt(data, path);
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>) : {};
}

/** JSON text with keys sorted: equal data, equal text (TOML dates compare by their ISO form). */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export const sameData = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** A copy of the data with the server table at `path` replaced. */
export function withServers(data: Record<string, unknown>, path: readonly string[], servers: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(data);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = servers;
  return copy;
}
