import { SlimError } from '../../errors.js';

export type Entry = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/**
 * Reads one server entry's fields and checks their types, so each client parser stays a list of
 * field names. Every failure is one line naming the file, the server and the field, plus an example
 * of a correct entry in that client's syntax. `null` counts as absent, as most clients treat it.
 */
export class EntryReader {
  constructor(
    readonly file: string,
    readonly name: string,
    readonly entry: Entry,
    private readonly example: string,
  ) {}

  has(field: string): boolean {
    return this.entry[field] !== undefined && this.entry[field] !== null;
  }

  fail(problem: string): never {
    throw new SlimError('config', `${this.file}: server "${this.name}": ${problem}; a correct entry looks like ${this.example}`);
  }

  string(field: string): string | undefined {
    const value = this.present(field);
    if (value === undefined || typeof value === 'string') return value;
    return this.fail(`"${field}" must be a string, not ${describe(value)}`);
  }

  requiredString(field: string): string {
    const value = this.string(field);
    if (value === undefined || value === '') return this.fail(`"${field}" is missing or empty`);
    return value;
  }

  stringArray(field: string): string[] | undefined {
    const value = this.present(field);
    if (value === undefined) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
    return this.fail(`"${field}" must be an array of strings`);
  }

  stringMap(field: string): Record<string, string> | undefined {
    const value = this.present(field);
    if (value === undefined) return undefined;
    if (isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string')) {
      return value as Record<string, string>;
    }
    return this.fail(`"${field}" must be an object whose values are strings`);
  }

  /** A duration or count: finite and not negative. */
  number(field: string): number | undefined {
    const value = this.present(field);
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
    // TOML's inf and a literal like 1e400 both read as Infinity; JSON's 1e400 is stopped when parsing.
    if (typeof value === 'number' && !Number.isFinite(value)) return this.fail(`"${field}" is a number out of range (infinite); write a finite number`);
    return this.fail(`"${field}" must be a non-negative number`);
  }

  boolean(field: string): boolean | undefined {
    const value = this.present(field);
    if (value === undefined || typeof value === 'boolean') return value;
    return this.fail(`"${field}" must be true or false`);
  }

  private present(field: string): unknown {
    const value = this.entry[field];
    return value === null ? undefined : value;
  }
}

/** The top level of a parsed config; anything but an object cannot hold servers. */
export function configRoot(data: unknown, file: string): Entry {
  if (isPlainObject(data)) return data;
  throw new SlimError('config', `${file}: the top level is ${describe(data)}; expected an object holding the server table`);
}

/**
 * The servers under one table key (`mcpServers`, `servers`, `mcp`, ...), each with a reader.
 * A missing table means no servers; a table or entry of the wrong type is an error.
 */
export function serverEntries(table: unknown, key: string, file: string, example: string): EntryReader[] {
  if (table === undefined || table === null) return [];
  if (!isPlainObject(table)) {
    throw new SlimError('config', `${file}: "${key}" must be an object mapping server names to entries, not ${describe(table)}; e.g. { ${example} }`);
  }
  return Object.entries(table).map(([name, entry]) => {
    if (!isPlainObject(entry)) {
      throw new SlimError('config', `${file}: server "${name}": the entry must be an object, not ${describe(entry)}; a correct entry looks like ${example}`);
    }
    return new EntryReader(file, name, entry, example);
  });
}

export const mapValues = (record: Record<string, string>, fn: (value: string) => string): Record<string, string> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));

/** Applies `fn` to every string inside a JSON-like value (object keys stay as they are). */
export function mapStringsDeep(value: unknown, fn: (value: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapStringsDeep(item, fn));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStringsDeep(v, fn)]));
  return value;
}
