import { findNodeAtLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { SlimError } from '../../errors.js';
import { keyName, lineColumn } from '../../fs/json-guards.js';
import { shapeOf, showValue } from '../../fs/value-shape.js';
import { isJsonObject as isObject } from '../../schema/walk.js';
import { closest } from '../../util/closest.js';
import { expandVars } from './expand.js';
import { VALUE_SHOWN } from './keys.js';

export { isObject, keyName };
export type Json = unknown;

/** Validation helpers over one file's text: every failure is one line, `file:line:col: "key" problem; for example …`. */
export class Reader {
  private tree: Node | undefined;

  constructor(
    readonly text: string,
    readonly file: string,
    readonly env: Record<string, string | undefined>,
  ) {}

  /** `file:line:col` of a key's value (or of the key itself, for a misspelt key). */
  at(path: JSONPath, atKey = false): string {
    this.tree ??= parseTree(this.text);
    const value = this.tree ? findNodeAtLocation(this.tree, path) : undefined;
    const node = atKey && value?.parent?.type === 'property' ? value.parent.children?.[0] : value;
    if (!node) return this.file;
    const { line, column } = lineColumn(this.text, node.offset);
    return `${this.file}:${line}:${column}`;
  }

  fail(path: JSONPath, problem: string, example?: string, atKey = false): never {
    throw new SlimError('config', `${this.at(path, atKey)}: "${keyName(path)}" ${problem}${example ? `; for example ${example}` : ''}`);
  }

  /** Rejects keys not in `examples`, suggesting the closest one. */
  keys(path: JSONPath, value: Record<string, Json>, examples: Record<string, string>, what: string): void {
    const known = Object.keys(examples);
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      const guess = closest(key, known);
      const hint = guess ? `did you mean "${guess}"?` : `known keys: ${known.join(', ')}`;
      this.fail([...path, key], `is not ${what}; ${hint}`, guess ? examples[guess] : undefined, true);
    }
  }

  object(path: JSONPath, value: Json, example: string): Record<string, Json> {
    if (!isObject(value)) this.fail(path, `must be an object, got ${show(value, path)}`, example);
    return value;
  }

  string(path: JSONPath, value: Json, example: string): string {
    if (typeof value !== 'string' || value === '') this.fail(path, `must be a non-empty string, got ${show(value, path)}`, example);
    return value;
  }

  /** An array of strings; `allowEmpty` for command-line arguments, where `""` is a real value. */
  strings(path: JSONPath, value: Json, example: string, allowEmpty = false): string[] {
    if (!Array.isArray(value)) this.fail(path, `must be an array of strings, got ${show(value, path)}`, example);
    value.forEach((item, i) => {
      if (!(allowEmpty && item === '')) this.string([...path, i], item, example);
    });
    return value as string[];
  }

  stringMap(path: JSONPath, value: Json, example: string): Record<string, string> {
    const map = this.object(path, value, example);
    for (const [key, item] of Object.entries(map)) {
      if (typeof item !== 'string') this.fail([...path, key], `must be a string, got ${show(item, [...path, key])}`, example);
    }
    return map as Record<string, string>;
  }

  positiveNumber(path: JSONPath, value: Json, unit: string, example: string, whole = false): number {
    const ok = typeof value === 'number' && Number.isFinite(value) && value > 0 && (!whole || Number.isInteger(value));
    if (!ok) this.fail(path, `must be a positive ${whole ? 'whole ' : ''}number of ${unit}, got ${show(value, path)}`, example);
    return value as number;
  }

  /** `${VAR}` / `${VAR:-default}`; an unset variable without a default is an error naming the key. */
  expand(path: JSONPath, value: string): string {
    return expandVars(value, this.env, (name) =>
      this.fail(path, `uses \${${name}}, which is not set; set ${name} in the environment or give a default`, `"\${${name}:-value}"`),
    );
  }

  /** One of `choices`, with the closest suggested for a typo. */
  choice<T extends string>(path: JSONPath, value: Json, choices: readonly T[], example: string): T {
    if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
    const guess = typeof value === 'string' ? closest(value, choices) : undefined;
    const list = choices.map((c) => `"${c}"`).join(', ');
    this.fail(path, `must be one of ${list}, got ${show(value, path)}${guess ? `; did you mean "${guess}"?` : ''}`, example);
  }
}

/**
 * How a type error shows the wrong value at `path`: quoted only under the keys of `VALUE_SHOWN`
 * (numbers, fixed words, tool patterns), else by its shape alone (`got an array of 1 string`), so a
 * token in `headers`, `env` or `args` never reaches a message (`got ["Bearer sk-…"]` once did).
 */
export function show(value: Json, path: JSONPath): string {
  const shown = VALUE_SHOWN.some((rule) => {
    const parts = rule.split('.');
    return parts.length <= path.length && parts.every((part, i) => part === '*' || part === String(path[i]));
  });
  return shown ? showValue(value) : shapeOf(value);
}
