/**
 * The query records of a set file, in the shapes selection benchmarks publish them, each with
 * where it is for messages:
 *
 * - JSONL, one query object per line (ours);
 * - a JSON document: an array of query objects, or an object whose `queries` holds them
 *   (mcpproxy-go's golden set), or one query object written over several lines;
 * - CSV with a header naming a query column and a tool column (MetaTool's `Query,Tool`).
 *
 * Field names vary across sets; `readQueryFields` reads the common ones.
 */
import { firstString, NAME_KEYS, SERVER_KEYS } from '../../src/catalog/tool-shapes.js';
import type { JsonObject, JsonValue } from '../../src/catalog/types.js';
import { isJsonObject as isObject } from '../../src/schema/walk.js';
import { parseCsvLines } from '../../src/util/csv.js';

export interface QueryRecord {
  /** `file:line`, or `file: queries[i]` for a JSON document: where, for messages. */
  at: string;
  /** `line 3`, `queries[2]`: the record's place, an id for sets without ids. */
  place: string;
  /** The parsed value. */
  data?: JsonValue;
  /** Why the record could not be read, when it could not. */
  invalid?: string;
}

/** Names a set gives its query text and its gold tools, in JSON and as CSV columns alike. */
const QUERY_KEYS = ['query', 'task', 'question', 'prompt', 'instruction', 'text', 'input'];
const GOLD_KEYS = ['gold', 'tools', 'tool', 'expected_tools', 'expected_tool', 'expected', 'relevant', 'relevant_apis', 'relevant APIs', 'answer', 'apis', 'api', 'label'];

/** A field under its name or capitalised (`Query`, `Tool`: MetaTool's CSV header, some JSON exports). */
function field(data: JsonObject, keys: readonly string[]): { key: string; value: JsonValue } | undefined {
  for (const key of keys) {
    for (const k of [key, key[0]!.toUpperCase() + key.slice(1)]) if (data[k] !== undefined) return { key: k, value: data[k]! };
  }
  return undefined;
}

export function queryRecords(text: string, file: string): QueryRecord[] {
  if (/\.csv$/i.test(file)) return csvRecords(text, file);
  const trimmed = text.trimStart();
  // A document that starts with "[" is one JSON array: report its own parse error, not line 1's.
  if (trimmed.startsWith('[')) {
    const value = parseJson(text);
    if ('error' in value) return [{ at: file, place: 'file', invalid: `not valid JSON (${value.error})` }];
    if (!Array.isArray(value.ok)) return [{ at: file, place: 'file', invalid: 'not a JSON array' }];
    return value.ok.map((data, i) => ({ at: `${file}: [${i}]`, place: `[${i}]`, data }));
  }
  // {"queries": […]}; over several lines, one query written out (on one line, that is JSONL).
  const value = trimmed.startsWith('{') ? parseJson(text) : undefined;
  if (value && 'ok' in value && isObject(value.ok)) {
    if (Array.isArray(value.ok.queries)) return value.ok.queries.map((data, i) => ({ at: `${file}: queries[${i}]`, place: `queries[${i}]`, data }));
    if (/\n\s*\S/.test(trimmed.trimEnd())) {
      if (field(value.ok, QUERY_KEYS)) return [{ at: file, place: 'file', data: value.ok }];
      return [{ at: file, place: 'file', invalid: `a JSON object of queries needs a "queries" array (its keys: ${Object.keys(value.ok).join(', ') || 'none'})` }];
    }
  }
  const records: QueryRecord[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return; // blank lines (a trailing newline) are not queries
    const where = { at: `${file}:${i + 1}`, place: `line ${i + 1}` };
    const value = parseJson(line);
    records.push('ok' in value ? { ...where, data: value.ok } : { ...where, invalid: `not valid JSON (${value.error})` });
  });
  return records;
}

function parseJson(text: string): { ok: JsonValue } | { error: string } {
  try {
    return { ok: JSON.parse(text) as JsonValue };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** CSV rows as query objects: the query column's text, the tool column's names (several split at `;`, `|` or `,`). */
function csvRecords(text: string, file: string): QueryRecord[] {
  const { rows, open } = parseCsvLines(text.replace(/^\uFEFF/, ''));
  if (open !== undefined) return [{ at: `${file}:${open}`, place: `line ${open}`, invalid: 'a quoted field opens here and is never closed' }];
  const [header, ...body] = rows;
  const columns = (header?.cells ?? []).map((h) => h.trim().toLowerCase());
  const q = columns.findIndex((c) => QUERY_KEYS.includes(c));
  const t = columns.findIndex((c) => GOLD_KEYS.some((k) => k.toLowerCase() === c));
  if (q < 0 || t < 0) {
    return [{ at: `${file}:1`, place: 'line 1', invalid: `a CSV header needs a query column (${QUERY_KEYS.join('|')}) and a tool column (${GOLD_KEYS.join('|')}); found "${header?.cells.join(',') ?? ''}"` }];
  }
  return body.flatMap(({ cells, line }) => {
    if (cells.every((cell) => cell.trim() === '')) return [];
    const gold = (cells[t] ?? '').split(/[;|,]/).map((s) => s.trim()).filter(Boolean);
    return [{ at: `${file}:${line}`, place: `line ${line}`, data: { query: (cells[q] ?? '').trim(), gold } }];
  });
}

/**
 * A gold item as a tool id: a string as written, an object's `tool_id`/`id`, or its server and
 * tool name, or a `[server, tool]` pair (ToolBench's "relevant APIs": `[tool_name, api_name]`).
 */
function toolIdOf(item: JsonValue): string | undefined {
  if (typeof item === 'string') return item;
  if (Array.isArray(item)) return item.length === 2 && item.every((x) => typeof x === 'string' && x.trim() !== '') ? `${item[0]}/${item[1]}` : undefined;
  if (!isObject(item)) return undefined;
  const id = firstString(item, ['tool_id', 'toolId', 'id']);
  if (id !== undefined) return id;
  const tool = firstString(item, NAME_KEYS);
  const server = firstString(item, SERVER_KEYS);
  return tool === undefined ? undefined : server === undefined ? tool : `${server}/${tool}`;
}

export interface QueryFields {
  query: JsonValue | undefined;
  /** Gold tool ids as written. */
  gold: string[];
  /** Graded ids as written. */
  grades: Map<string, JsonValue>;
  /** Tools judged not relevant (grade 0): unlabelled, but their ids must still name tools. */
  negatives?: string[];
  /** What is wrong with the gold or grades, when something is. */
  error?: string;
}

/**
 * The query text, gold ids and grades of a record, under the names sets use for them. Graded
 * labels (`labels`/`judgments`: `[{tool_id, relevance}]`, mcpproxy's) give both: the grades, and
 * as gold the tools of the highest grade; grade 0 is a judged negative and counts as unlabelled.
 * Gold given two ways (labels and a gold list, or two gold fields) is an error, not a choice.
 */
export function readQueryFields(data: JsonObject): QueryFields {
  const query = field(data, QUERY_KEYS)?.value;
  const fail = (error: string): QueryFields => ({ query, gold: [], grades: new Map(), error });
  const labelled = field(data, ['labels', 'judgments']);
  const golds = GOLD_KEYS.flatMap((k) => field(data, [k]) ?? []);
  if (labelled) {
    if (golds.length || data.grades !== undefined) return fail(`"${labelled.key}" and "${golds[0]?.key ?? 'grades'}" both give gold; keep one`);
    return readLabels(labelled.key, labelled.value, fail, query);
  }
  if (golds.length > 1) return fail(`"${golds[0]!.key}" and "${golds[1]!.key}" both give gold; keep one`);
  const raw = golds[0]?.value;
  const items = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const gold: string[] = [];
  for (const [i, item] of items.entries()) {
    const id = toolIdOf(item);
    if (id === undefined) return fail(`${golds[0]!.key}[${i}] names no tool: write "server/tool", {"tool_id": "server/tool"} or ["server", "tool"]`);
    gold.push(id);
  }
  if (data.grades !== undefined && !isObject(data.grades)) return fail('"grades" must map "server/tool" to a number ≥ 0');
  return { query, gold, grades: new Map(Object.entries(data.grades ?? {})) };
}

function readLabels(key: string, value: JsonValue, fail: (error: string) => QueryFields, query: JsonValue | undefined): QueryFields {
  if (!Array.isArray(value) || value.length === 0) return fail(`"${key}" must be a non-empty array of {"tool_id", "relevance"}`);
  const grades = new Map<string, number>();
  for (const [i, label] of value.entries()) {
    const id = toolIdOf(label);
    if (id === undefined) return fail(`${key}[${i}] has no "tool_id"`);
    const gradeKey = isObject(label) ? ['relevance', 'grade', 'score'].find((k) => k in label) : undefined;
    const grade = gradeKey === undefined ? 1 : (label as JsonObject)[gradeKey];
    if (typeof grade !== 'number' || !Number.isFinite(grade) || grade < 0) return fail(`${key}[${i}].relevance must be a number ≥ 0`);
    if (grades.has(id)) return fail(`${key} names ${JSON.stringify(id)} twice`);
    grades.set(id, grade);
  }
  // Judged negatives are unlabelled tools; their ids are still checked against the catalogs by the caller.
  const positive = [...grades].filter(([, g]) => g > 0);
  if (positive.length === 0) return fail(`no entry of "${key}" has a relevance above 0`);
  const top = Math.max(...positive.map(([, g]) => g));
  return { query, gold: positive.filter(([, g]) => g === top).map(([id]) => id), grades: new Map(positive), negatives: [...grades].filter(([, g]) => g === 0).map(([id]) => id) };
}
