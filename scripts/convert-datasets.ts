/**
 * One-off: convert the public tool-selection datasets in ../shared/datasets (see its README)
 * into our formats, so the search bench reads them like any other set:
 *
 *   test/fixtures/catalogs/datasets/   catalogs (saved-catalog format), LICENSEs, the mcpproxy baseline
 *   test/fixtures/queries/             mcpproxy-golden.jsonl, metatool-single.jsonl, metatool-multi.jsonl
 *
 * Run once with `npx tsx scripts/convert-datasets.ts [DATASETS_DIR]`; its output is committed.
 * The output is deterministic (fixed createdAt, source order kept) so a re-run diffs clean.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newCatalog, serializeCatalog } from '../src/catalog/catalog-file.js';
import type { JsonObject, RawTool, ServerEntry } from '../src/catalog/types.js';
import { parseCsv } from '../src/util/csv.js';

// The datasets sit beside the repository (../shared/datasets); pass another folder as the argument.
const SOURCE = process.argv[2] ?? fileURLToPath(new URL('../../shared/datasets', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CATALOGS = join(ROOT, 'test/fixtures/catalogs/datasets');
const QUERIES = join(ROOT, 'test/fixtures/queries');
/** The day of the conversion; fixed so the files do not change on every run. */
const CONVERTED_AT = '2026-11-29T00:00:00.000Z';

interface QueryLine {
  id: string;
  query: string;
  gold: string[];
  grades?: Record<string, number>;
}

/** Copy by content: the sources are read-only and a copy should not inherit that. */
const copy = (file: string, to: string) => writeFileSync(join(CATALOGS, to), readFileSync(join(SOURCE, file)));
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(SOURCE, file), 'utf8')) as T;
const writeJsonl = (file: string, lines: QueryLine[]) =>
  writeFileSync(join(QUERIES, file), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');

/** A server entry for a dataset: no process behind it, so the origin just names the source. */
function server(name: string, source: string, tools: RawTool[]): ServerEntry {
  return { name, origin: { transport: 'stdio', command: `(dataset ${source})`, args: [], source: { kind: 'cli', file: source } }, tools };
}

// ---- mcpproxy-go golden set ----

interface ProxyTool { tool_id: string; server: string; tool: string; description: string; schema: JsonObject }
interface ProxyQuery { id: string; query: string; labels: { tool_id: string; relevance: number }[] }

function convertMcpproxy(): void {
  const dir = 'mcpproxy-golden';
  const corpus = readJson<{ tools: ProxyTool[] }>(`${dir}/083_corpus_v2.tools.json`);
  const servers = new Map<string, RawTool[]>();
  for (const t of corpus.tools) {
    if (t.tool_id !== `${t.server}:${t.tool}`) throw new Error(`unexpected tool_id ${t.tool_id}`);
    const tools = servers.get(t.server) ?? [];
    tools.push({ name: t.tool, description: t.description, inputSchema: t.schema });
    servers.set(t.server, tools);
  }
  const entries = [...servers].map(([name, tools]) => server(name, 'mcpproxy-go/083_corpus_v2.tools.json', tools));
  writeFileSync(join(CATALOGS, 'mcpproxy-corpus-v2.json'), serializeCatalog(newCatalog(entries, CONVERTED_AT)));

  // "server:tool" → our "server/tool". Relevance 0 labels are their hard negatives: grade 0 is
  // what an unlabelled tool gets anyway, so they are dropped.
  const golden = readJson<{ queries: ProxyQuery[] }>(`${dir}/065_retrieval_golden_v1.json`);
  const lines = golden.queries.map((q): QueryLine => {
    const graded = q.labels.filter((l) => l.relevance > 0).map((l) => [l.tool_id.replace(':', '/'), l.relevance] as const);
    return { id: q.id, query: q.query, gold: graded.filter(([, r]) => r === 2).map(([id]) => id), grades: Object.fromEntries(graded) };
  });
  writeJsonl('mcpproxy-golden.jsonl', lines);
  copy(`${dir}/065_baseline_v1.json`, 'mcpproxy-baseline-v1.json');
  copy(`${dir}/LICENSE`, 'mcpproxy-go.LICENSE');
  console.log(`mcpproxy: ${corpus.tools.length} tools in ${entries.length} servers, ${lines.length} queries`);
}

// ---- MetaTool ToolE ----

function convertMetatool(): void {
  const dir = 'metatool-toole';
  const descriptions = readJson<Record<string, string>>(`${dir}/plugin_des.json`);
  const tools = Object.entries(descriptions).map(([name, description]): RawTool => ({ name, description, inputSchema: { type: 'object' } }));
  writeFileSync(join(CATALOGS, 'metatool.json'), serializeCatalog(newCatalog([server('metatool', 'MetaTool/plugin_des.json', tools)], CONVERTED_AT)));

  // The query files name tools in their own spelling; map case-insensitively to plugin_des keys.
  const byLower = new Map(Object.keys(descriptions).map((k) => [k.toLowerCase(), k]));
  const unmapped = new Map<string, number>();
  const idOf = (tool: string): string | undefined => {
    const name = byLower.get(tool.trim().toLowerCase());
    if (name === undefined) unmapped.set(tool, (unmapped.get(tool) ?? 0) + 1);
    return name === undefined ? undefined : `metatool/${name}`;
  };

  const [header, ...rows] = parseCsv(readFileSync(join(SOURCE, dir, 'all_clean_data.csv'), 'utf8'));
  if (header?.join(',') !== 'Query,Tool') throw new Error(`all_clean_data.csv: unexpected header ${header?.join(',')}`);
  const single: QueryLine[] = [];
  rows.forEach((row, i) => {
    if (row.length !== 2) throw new Error(`all_clean_data.csv: row ${i + 2} has ${row.length} fields, expected 2`);
    const [query, tool] = row as [string, string];
    const id = idOf(tool);
    // Leading/trailing spaces are in 766 rows; they carry no meaning for a search.
    if (id !== undefined) single.push({ id: `mt-s${String(i + 1).padStart(5, '0')}`, query: query.trim(), gold: [id] });
  });
  writeJsonl('metatool-single.jsonl', single);

  const multiSource = readJson<{ query: string; tool: string[] }[]>(`${dir}/multi_tool_query_golden.json`);
  const multi: QueryLine[] = [];
  multiSource.forEach((q, i) => {
    const gold = q.tool.map(idOf);
    if (gold.every((g) => g !== undefined)) multi.push({ id: `mt-m${String(i + 1).padStart(3, '0')}`, query: q.query.trim(), gold: gold as string[] });
  });
  writeJsonl('metatool-multi.jsonl', multi);
  copy(`${dir}/LICENSE`, 'metatool.LICENSE');

  console.log(`metatool: ${tools.length} tools; ${single.length} of ${rows.length} single-tool rows, ${multi.length} of ${multiSource.length} multi-tool queries`);
  console.log(unmapped.size === 0 ? 'metatool: every tool name mapped' : `metatool: UNMAPPED ${JSON.stringify(Object.fromEntries(unmapped))}`);
}

mkdirSync(CATALOGS, { recursive: true });
convertMcpproxy();
convertMetatool();
