import { SlimError } from '../errors.js';
import { isJsonObject } from '../schema/walk.js';

export const SPLIT_FORMAT = 'mcp-slim/split';
export const SPLIT_VERSION = 1;
export const MANIFEST_FILE = 'split.json';

export interface ManifestFamily {
  name: string;
  /** Relative to the manifest's folder, with `/`. */
  path: string;
  when: string;
  sha256: string;
  tokens: number;
  /** The original's lines it holds, 1-based and inclusive, for people. */
  lines: [number, number][];
}

/**
 * What `split --join` needs to give the original back, byte for byte. Paths are relative to the
 * manifest's folder. `order` walks the original from its first line: `[part, n]` says the next
 * n lines are the next n lines of part `part` (0 the index, k the k-th family).
 */
export interface SplitManifest {
  format: typeof SPLIT_FORMAT;
  version: typeof SPLIT_VERSION;
  original: { path: string; sha256: string; bytes: number; lines: number; tokens: number };
  index: { path: string; sha256: string; tokens: number; share: number; pointerBlock: string };
  families: ManifestFamily[];
  order: [number, number][];
  /** Link targets rewritten so they resolve from the file's new folder; `line` is the original's, 1-based. */
  rewrites: { line: number; at: number; from: string; to: string }[];
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isPair = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every(isCount);

/** A manifest read back; anything off is a one-line config error naming the file and the field. */
export function parseManifest(text: string, file: string): SplitManifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SlimError('config', `${file}: not valid JSON (${(error as Error).message}); it should be the split.json mcp-slim split wrote`);
  }
  const bad = (field: string) => new SlimError('config', `${file}: "${field}" is missing or malformed; it should be the split.json mcp-slim split wrote (split again to get a new one)`);
  if (!isJsonObject(data) || data.format !== SPLIT_FORMAT) throw new SlimError('config', `${file}: not a split manifest ("format" is not "${SPLIT_FORMAT}"); pass the folder mcp-slim split wrote`);
  if (data.version !== SPLIT_VERSION) throw new SlimError('config', `${file}: split manifest version ${JSON.stringify(data.version)} is not supported (this mcp-slim reads version ${SPLIT_VERSION})`);
  const { original, index, families, order, rewrites } = data;
  if (!isJsonObject(original) || !isString(original.path) || !isString(original.sha256) || !isCount(original.lines)) throw bad('original');
  if (!isJsonObject(index) || !isString(index.path) || !isString(index.pointerBlock)) throw bad('index');
  if (!Array.isArray(families) || !families.every((f) => isJsonObject(f) && isString(f.path) && isString(f.name))) throw bad('families');
  if (!Array.isArray(order) || !order.every(isPair) || order.some(([p]) => p > families.length)) throw bad('order');
  const isEdit = (r: unknown) => isJsonObject(r) && isCount(r.line) && isCount(r.at) && isString(r.from) && isString(r.to);
  if (!Array.isArray(rewrites) || !rewrites.every(isEdit)) throw bad('rewrites');
  return data as unknown as SplitManifest;
}
