import type { JsonObject } from '../catalog/types.js';

const STOP = new Set(['the', 'a', 'an', 'of', 'to', 'for', 'in', 'on', 'is', 'be', 'this', 'that', 'value', 'parameter', 'param', 'field', 'optional', 'required', 'string', 'number', 'integer', 'boolean', 'array', 'object', 'list', 'one', 'either', 'or', 'and', 'name', 'given']);

/** Words of an identifier: `filePath`, `file_path`, `file-path` → file, path. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const stem = (w: string) => w.replace(/(ies|es|s)$/, (m) => (m === 'ies' ? 'y' : '')).replace(/(ing|ed)$/, '');

/**
 * True when a parameter description says nothing its name, type and allowed values do not
 * already say ("The path", "Maximum number of results" for `maxResults`, "One of: a, b" for an
 * enum of a and b). Such a description can go without the model losing anything.
 */
export function descriptionRestates(name: string, schema: JsonObject, description: string): boolean {
  const known = new Set([...identifierWords(name).map(stem)]);
  if (typeof schema.type === 'string') known.add(schema.type);
  if (Array.isArray(schema.enum)) for (const v of schema.enum) if (typeof v === 'string') for (const w of identifierWords(v)) known.add(stem(w));
  const synonyms: Record<string, string> = { max: 'maximum', min: 'minimum', num: 'number', id: 'identifier', dir: 'directory', repo: 'repository', msg: 'message', desc: 'description' };
  for (const w of [...known]) if (synonyms[w]) known.add(synonyms[w]);
  const words = description
    .toLowerCase()
    .replace(/`[^`]*`/g, (code) => code.replace(/[^a-z0-9]+/g, ' '))
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > 8) return false;
  return words.every((w) => STOP.has(w) || known.has(stem(w)) || known.has(w));
}
