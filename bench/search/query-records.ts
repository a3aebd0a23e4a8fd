/**
 * The query records of a set file, in the shapes selection benchmarks publish them, each with
 * where it is for messages:
 *
 * - JSONL, one query object per line (ours);
 * - a JSON document: an array of query objects, or an object whose `queries` holds them
 *   (mcpproxy-go's golden set);
 * - CSV with a header naming a query column and a tool column (MetaTool's `Query,Tool`).
 *
 * Field names vary across sets; `readQueryFields` reads the common ones.
 */
import type { JsonValue } from '../../src/catalog/types.js';
import { isJsonObject as isObject } from '../../src/schema/walk.js';
import { parseCsv } from '../../src/util/csv.js';

export interface QueryRecord {
  /** `file:line`, or `file: queries[i]` for a JSON document: where, for messages. */
  at: string;
  /** `line 3`, `queries[2]`: the record's place, an id for sets without ids. */
  place: string;
  /** The parsed value. */
  data?: JsonValue;
  /** Why the record could not be read (the JSON parser's message), when it could not. */
  invalid?: string;
}

const QUERY_COLUMNS = ['query', 'task', 'question', 'prompt', 'instruction'];
const TOOL_COLUMNS = ['gold', 'tool', 'tools', 'expected_tools', 'expected_tool', 'api', 'apis', 'label'];

export function queryRecords(text: string, file: string): QueryRecord[] {
  const document = wholeJson(text);
  if (document !== undefined) {
    const list = Array.isArray(document) ? document : isObject(document) && Array.isArray(document.queries) ? document.queries : undefined;
    if (list) {
      return list.map((data, i) => {
        const place = `${Array.isArray(document) ? '' : 'queries'}[${i}]`;
        return { at: `${file}: ${place}`, place, data };
      });
    }
  }
  if (/\.csv$/i.test(file)) return csvRecords(text, file);
  const records: QueryRecord[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return; // blank lines (a trailing newline) are not queries
    const where = { at: `${file}:${i + 1}`, place: `line ${i + 1}` };
    try {
      records.push({ ...where, data: JSON.parse(line) as JsonValue });
    } catch (error) {
      records.push({ ...where, invalid: `not valid JSON (${(error as Error).message})` });
    }
  });
  return records;
}

/** The file as one JSON value, when it is one and not a single JSONL line (an object without `queries`). */
function wholeJson(text: string): JsonValue | undefined {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(text) as JsonValue;
    return Array.isArray(value) || (isObject(value) && Array.isArray(value.queries)) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** CSV rows as query objects: the query column's text, the tool column's names (several split at `;`, `|` or `,`). */
function csvRecords(text: string, file: string): QueryRecord[] {
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  const columns = header.map((h) => h.trim().toLowerCase());
  const q = columns.findIndex((c) => QUERY_COLUMNS.includes(c));
  const t = columns.findIndex((c) => TOOL_COLUMNS.includes(c));
  if (q < 0 || t < 0) {
    return [{ at: `${file}:1`, place: 'line 1', invalid: `a CSV header needs a query column (${QUERY_COLUMNS.join('|')}) and a tool column (${TOOL_COLUMNS.join('|')}); found "${header.join(',')}"` }];
  }
  return rows.flatMap((row, i) => {
    if (row.every((cell) => cell.trim() === '')) return [];
    const gold = (row[t] ?? '').split(/[;|,]/).map((s) => s.trim()).filter(Boolean);
    return [{ at: `${file}:${i + 2}`, place: `line ${i + 2}`, data: { query: (row[q] ?? '').trim(), gold } }];
  });
}

/** A gold item as a tool id string: a string as written, or an object's `tool_id`/`id`, or `server` + `tool`/`name`. */
function toolIdOf(item: JsonValue): string | undefined {
  if (typeof item === 'string') return item;
  if (!isObject(item)) return undefined;
  for (const k of ['tool_id', 'toolId', 'id']) if (typeof item[k] === 'string') return item[k] as string;
  const tool = typeof item.tool === 'string' ? item.tool : typeof item.name === 'string' ? item.name : undefined;
  if (tool === undefined) return undefined;
  const server = typeof item.server === 'string' ? item.server : typeof item.server_name === 'string' ? item.server_name : undefined;
  return server === undefined ? tool : `${server}/${tool}`;
}

export interface QueryFields {
  query: JsonValue | undefined;
  /** Gold tool ids as written; undefined when a gold field is there but not readable. */
  gold: string[] | undefined;
  /** Graded ids as written. */
  grades: Map<string, JsonValue> | undefined;
}

const GOLD_KEYS = ['gold', 'tools', 'tool', 'expected_tools', 'expected_tool', 'expected', 'relevant', 'answer', 'apis', 'api'];

/**
 * The query text, gold ids and grades of a record, under the names sets use for them. Graded
 * labels (`labels`/`judgments`: `[{tool_id, relevance}]`, mcpproxy's) give both: the grades, and
 * as gold the tools of the highest grade; grade 0 is a judged negative and counts as unlabelled.
 */
export function readQueryFields(data: Record<string, JsonValue>): QueryFields {
  const query = QUERY_COLUMNS.concat('text', 'input').map((k) => data[k] ?? data[k[0]!.toUpperCase() + k.slice(1)]).find((v) => v !== undefined);
  const labels = data.labels ?? data.judgments;
  if (Array.isArray(labels) && data.gold === undefined) {
    const graded = new Map<string, JsonValue>();
    for (const l of labels) {
      const id = toolIdOf(l);
      const grade = isObject(l) ? (l.relevance ?? l.grade ?? l.score ?? 1) : 1;
      if (id === undefined) return { query, gold: undefined, grades: undefined };
      if (typeof grade !== 'number' || grade > 0) graded.set(id, grade);
    }
    const numbers = [...graded.values()].filter((g): g is number => typeof g === 'number');
    const top = numbers.length ? Math.max(...numbers) : undefined;
    return { query, gold: [...graded].filter(([, g]) => g === top).map(([id]) => id), grades: graded };
  }
  const key = GOLD_KEYS.find((k) => data[k] !== undefined || data[k[0]!.toUpperCase() + k.slice(1)] !== undefined);
  const raw = key === undefined ? undefined : (data[key] ?? data[key[0]!.toUpperCase() + key.slice(1)]);
  const items = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const ids = items.map(toolIdOf);
  const gold = ids.every((id): id is string => id !== undefined) ? ids : undefined;
  const grades = isObject(data.grades) ? new Map(Object.entries(data.grades)) : data.grades === undefined ? new Map<string, JsonValue>() : undefined;
  return { query, gold, grades };
}
