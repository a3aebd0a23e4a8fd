/**
 * `ttc.json`: what only a tool's author knows (ERR codes, a better PURPOSE/WHEN, TAGS).
 * Shape in schemas/ttc-sidecar.schema.json; errors name the file and the field.
 */
import { SlimError } from '../errors.js';
import type { JsonValue } from '../catalog/types.js';
import { closest } from '../util/closest.js';
import { isJsonObject as isObject } from '../schema/walk.js';
import type { Sidecar, SidecarEntry } from './types.js';

const ROOT_KEYS = ['$schema', 'tools'] as const;
const ENTRY_KEYS = ['purpose', 'when', 'err', 'tags'] as const;

export function parseSidecar(text: string, file: string): Sidecar {
  const fail = (field: string, problem: string): SlimError =>
    new SlimError('config', `${file}: ${field ? `${field}: ` : ''}${problem}`);
  let root: JsonValue;
  try {
    root = JSON.parse(text) as JsonValue;
  } catch (e) {
    throw fail('', `not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  if (!isObject(root)) throw fail('', 'expected a JSON object with a "tools" object');
  rejectUnknown(root, ROOT_KEYS, '', fail);
  const sidecar: Sidecar = { tools: {} };
  if ('$schema' in root) {
    if (typeof root.$schema !== 'string') throw fail('$schema', 'expected a string');
    sidecar.$schema = root.$schema;
  }
  if (!isObject(root.tools)) throw fail('tools', 'expected an object mapping tool names to entries');
  for (const [name, value] of Object.entries(root.tools)) {
    sidecar.tools[name] = parseEntry(value, `tools.${name}`, fail);
  }
  return sidecar;
}

type Fail = (field: string, problem: string) => SlimError;

function parseEntry(value: JsonValue, at: string, fail: Fail): SidecarEntry {
  if (!isObject(value)) throw fail(at, 'expected an object with purpose, when, err or tags');
  rejectUnknown(value, ENTRY_KEYS, `${at}.`, fail);
  const entry: SidecarEntry = {};
  if ('purpose' in value) entry.purpose = text(value.purpose, `${at}.purpose`, fail);
  if ('when' in value) {
    // A WHEN outside the normative vocabulary is the author's call: lint reports it, parsing keeps it.
    const when = text(value.when, `${at}.when`, fail);
    // A copied `WHEN: …` line is accepted; the key is the renderer's to write.
    entry.when = when.replace(/^\s*WHEN:?\s+/, '');
  }
  if ('err' in value) {
    // One string may list codes as "a | b", the way seeds/002 writes ERR.
    const raw = typeof value.err === 'string' ? value.err.split('|').map((s) => s.trim()) : value.err;
    entry.err = strings(raw, `${at}.err`, fail);
  }
  if ('tags' in value) entry.tags = strings(value.tags, `${at}.tags`, fail);
  return entry;
}

function rejectUnknown(obj: Record<string, JsonValue>, allowed: readonly string[], prefix: string, fail: Fail): void {
  for (const key of Object.keys(obj)) {
    if (allowed.includes(key)) continue;
    const guess = closest(key, allowed);
    const hint = guess ? `did you mean "${guess}"?` : `allowed: ${allowed.join(', ')}`;
    throw fail(`${prefix}${key}`, `unknown key (${hint})`);
  }
}

function text(value: JsonValue | undefined, at: string, fail: Fail): string {
  if (typeof value !== 'string' || value.trim() === '') throw fail(at, 'expected a non-empty string');
  return value;
}

function strings(value: JsonValue | undefined, at: string, fail: Fail): string[] {
  if (!Array.isArray(value)) throw fail(at, 'expected an array of strings');
  return value.map((v, i) => text(v, `${at}[${i}]`, fail).trim());
}

/**
 * A sidecar key that names no tool is almost always a typo, and would silently do nothing:
 * fail on it, with the nearest real tool name.
 */
export function checkSidecarTools(sidecar: Sidecar, toolNames: readonly string[], file: string): void {
  for (const name of Object.keys(sidecar.tools)) {
    if (toolNames.includes(name)) continue;
    const guess = closest(name, toolNames);
    const hint = guess ? ` (did you mean "${guess}"?)` : '';
    throw new SlimError('config', `${file}: tools.${name}: no tool of that name${hint}`);
  }
}
