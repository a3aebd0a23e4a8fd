import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import { SlimError } from '../errors.js';
import { lineColumn, parseJsonText, stripBom } from '../fs/config-text.js';
import { shapeOf, showValue } from '../fs/value-shape.js';
import { isJsonObject as isObject } from '../schema/walk.js';
import { closest } from '../util/closest.js';
import { BUDGET_KEYS, MEASURE_KEYS, type Budget } from './types.js';

export const BUDGET_FILE_NAMES = ['mcp-slim.budget.json', '.mcp-slim.budget.json'] as const;

const EXAMPLE = '{"perToolBytes": 4000, "totalBytes": 120000, "oversized": {"read_file": 5400}}';

type Json = unknown;

/** Validates a parsed budget, naming the file, line and field of the first problem. */
class BudgetReader {
  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  fail(path: JSONPath, problem: string, atKey = false): never {
    const value = findNodeAtLocation(parseTree(this.text)!, path);
    // For a misspelt key, point at the key itself rather than at its value.
    const node = atKey && value?.parent?.type === 'property' ? value.parent.children?.[0] : value;
    const where = node ? lineColumn(this.text, node.offset) : undefined;
    const at = where ? `${this.file}:${where.line}:${where.column}` : this.file;
    throw new SlimError('config', `${at}: "${path.join('.')}" ${problem}`);
  }

  limit(path: JSONPath, value: Json, unit: string): void {
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
      this.fail(path, `must be a positive whole number of ${unit}, got ${showValue(value)}; fix it or remove the entry`);
    }
  }

  /** Only under `measure` (command, config, catalog): a command line can hold a token, so it is described by its shape. */
  stringList(path: JSONPath, value: Json): void {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) this.fail(path, `must be an array of strings, got ${shapeOf(value)}`);
  }

  stringMap(path: JSONPath, value: Json): void {
    if (!isObject(value) || !Object.values(value).every((v) => typeof v === 'string')) this.fail(path, 'must be an object of string values');
  }

  unknownKey(path: JSONPath, key: string, known: readonly string[]): never {
    const guess = closest(key, known);
    this.fail([...path, key], `is not a budget key${guess ? `; did you mean "${[...path, guess].join('.')}"?` : `; known keys: ${known.join(', ')}`}`, true);
  }

  measure(value: Json): void {
    if (!isObject(value)) this.fail(['measure'], 'must be an object such as {"command": ["node", "server.js"]}');
    for (const [key, v] of Object.entries(value)) {
      const path = ['measure', key];
      if (!(MEASURE_KEYS as readonly string[]).includes(key)) this.unknownKey(['measure'], key, MEASURE_KEYS);
      if (key === 'command' || key === 'config' || key === 'catalog') {
        // A single string is accepted for files, as a one-element list.
        if (key !== 'command' && typeof v === 'string') continue;
        this.stringList(path, v);
        if (key === 'command' && (v as string[]).length === 0) this.fail(path, 'must name the command to start');
      } else if (key === 'env' || key === 'headers') this.stringMap(path, v);
      else if (key === 'timeout') this.limit(path, v, 'seconds');
      else if (typeof v !== 'string') this.fail(path, 'must be a string');
    }
  }

  budget(data: Json): Budget {
    if (!isObject(data)) throw new SlimError('config', `${this.file}: a budget must be a JSON object, e.g. ${EXAMPLE}`);
    const known = Object.keys(BUDGET_KEYS);
    for (const [key, value] of Object.entries(data)) {
      if (!known.includes(key)) this.unknownKey([], key, known);
      switch (key) {
        case 'totalBytes':
        case 'perToolBytes':
          this.limit([key], value, 'bytes');
          break;
        case 'totalTokens':
        case 'perToolTokens':
          this.limit([key], value, 'tokens');
          break;
        case 'maxDescriptionChars':
          this.limit([key], value, 'characters');
          break;
        case 'oversized':
          if (!isObject(value)) this.fail([key], `must be an object of tool → byte ceiling, e.g. {"read_file": 5400}`);
          for (const [tool, limit] of Object.entries(value)) this.limit([key, tool], limit, 'bytes');
          break;
        case 'servers':
          if (!isObject(value)) this.fail([key], 'must be an object of server name → {"totalBytes": …, "totalTokens": …}');
          for (const [server, limits] of Object.entries(value)) {
            if (!isObject(limits)) this.fail([key, server], 'must be an object such as {"totalBytes": 40000}');
            for (const [k, v] of Object.entries(limits)) {
              if (k !== 'totalBytes' && k !== 'totalTokens') this.unknownKey([key, server], k, ['totalBytes', 'totalTokens']);
              this.limit([key, server, k], v, k === 'totalBytes' ? 'bytes' : 'tokens');
            }
          }
          break;
        case 'encoding':
          if (value !== 'o200k_base' && value !== 'cl100k_base') this.fail([key], `must be "o200k_base" or "cl100k_base", got ${showValue(value)}`);
          break;
        case 'view':
          if (value !== 'wire' && value !== 'model') this.fail([key], `must be "wire" or "model", got ${showValue(value)}`);
          break;
        case 'measure':
          this.measure(value);
          break;
        case '$schema':
          if (typeof value !== 'string') this.fail([key], 'must be a string');
          break;
        // notes: free text in any shape a person finds readable.
      }
    }
    return data as Budget;
  }
}

/** Read a budget file's text. Every mistake is one line naming the file, line and key. */
export function parseBudget(raw: string, file: string): Budget {
  // Positions in messages count from after a byte order mark, as editors count them.
  const text = stripBom(raw);
  return new BudgetReader(text, file).budget(parseJsonText(text, file, false));
}
