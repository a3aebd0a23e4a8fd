/**
 * Reading a query set: its catalogs pooled into one, and its JSONL checked line by line against
 * them. Anything wrong with a user's file is a SlimError naming the file and line, never a stack.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { newCatalog, parseCatalog } from '../../src/catalog/catalog-file.js';
import type { Catalog } from '../../src/catalog/types.js';
import { SlimError } from '../../src/errors.js';
import { isJsonObject as isObject } from '../../src/schema/walk.js';
import { allCatalogPaths } from '../../src/sources/catalog-paths.js';
import { closest } from '../../src/util/closest.js';
import { queryRecords, readQueryFields } from './query-records.js';

export interface Query {
  id: string;
  query: string;
  gold: ReadonlySet<string>;
  /** Graded relevance; gold ids without a grade count 2 (the README's "right tool"). */
  grades: ReadonlyMap<string, number>;
  /** The optional `kind` label (pooled-240 has five), for a per-kind breakdown. */
  kind?: string;
}

/** Paths from the command line are relative to the working directory, built-in ones to the repo. */
export const resolvePath = (file: string, base = process.cwd()) => (isAbsolute(file) ? file : join(base, file));
/** For messages: short, relative to where the command was typed (npm's INIT_CWD); absolute when outside it. */
export function shown(file: string): string {
  const rel = relative(process.env.INIT_CWD ?? process.cwd(), file);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new SlimError('config', `${shown(file)}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** One catalog of every server in the files (directories read as by allCatalogPaths, each file once); server names must be distinct, since ids are `server/tool`. */
export function loadCatalogs(paths: readonly string[]): Catalog {
  const servers = allCatalogPaths(paths).flatMap((file) => parseCatalog(readText(file), shown(file)).servers);
  const seen = new Set<string>();
  for (const s of servers) {
    if (seen.has(s.name)) throw new SlimError('config', `server "${s.name}" appears in more than one catalog file; tool ids are server/tool, so rename one`);
    seen.add(s.name);
  }
  return newCatalog(servers);
}

/** Every `server/tool` id the catalog holds. */
export const toolIds = (catalog: Catalog) => new Set(catalog.servers.flatMap((s) => s.tools.map((t) => `${s.name}/${t.name}`)));

const isGrade = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;

const FORMAT = '; each query must be {"id"?, "query", "gold": ["server/tool"], "grades"?: {"server/tool": 2|1}} (or graded "labels": [{"tool_id", "relevance"}])';

/**
 * The tools a gold id may name, as other sets write it: `server/tool` as it is; otherwise every
 * reading of `server:tool`, `server__tool` or Claude's `mcp__server__tool` (split at any of its
 * separators) that names a tool, and a bare tool name's servers. One candidate resolves it; none
 * or several are the caller's error.
 */
export function toolIdCandidates(written: string, ids: ReadonlySet<string>, byName: ReadonlyMap<string, readonly string[]>): string[] {
  if (ids.has(written)) return [written];
  const found = new Set<string>();
  for (const text of new Set([written, written.replace(/^mcp__/, '')])) {
    for (const sep of [':', '__']) {
      for (let at = text.indexOf(sep); at > 0; at = text.indexOf(sep, at + 1)) {
        const id = `${text.slice(0, at)}/${text.slice(at + sep.length)}`;
        if (ids.has(id)) found.add(id);
      }
    }
  }
  for (const id of byName.get(written) ?? []) found.add(id);
  return [...found];
}

/**
 * Parse and check a query file (JSONL, a JSON document or CSV: query-records.ts): every record a
 * query with gold ids the catalogs hold.
 */
export function parseQueries(text: string, file: string, ids: ReadonlySet<string>): Query[] {
  const queries: Query[] = [];
  const seenIds = new Set<string>();
  const exact = idLookup(ids);
  // Sets spell names in their own case (MetaTool's "WolframAlpha" for "wolframalpha"): the same lookups over lower-case ids.
  const lower = (id: string) => id.toLowerCase();
  const idsByLower = new Map<string, string[]>();
  for (const id of ids) idsByLower.set(lower(id), [...(idsByLower.get(lower(id)) ?? []), id]);
  const folded = idLookup(new Set(idsByLower.keys()));
  queryRecords(text, file).forEach(({ at, place, data, invalid }) => {
    // A declaration (not an arrow) so that TypeScript narrows the checked values after each call.
    function fail(what: string, showFormat = true): never {
      throw new SlimError('config', `${at}: ${what}${showFormat ? FORMAT : ''}`);
    }
    if (invalid !== undefined) fail(invalid);
    if (!isObject(data)) fail('not a JSON object');
    const { query, gold, grades, negatives = [], error } = readQueryFields(data);
    const { kind } = data;
    // Sets without ids are common; the record's place is one.
    const id = data.id === undefined ? place : typeof data.id === 'number' ? String(data.id) : data.id;
    if (typeof id !== 'string' || id === '') fail('"id", when given, must be a non-empty string');
    if (seenIds.has(id)) fail(`"id" ${JSON.stringify(id)} is used twice`);
    if (typeof query !== 'string' || query.trim() === '') fail('"query" must be a non-empty string');
    if (error !== undefined) fail(error);
    if (![...grades.values()].every(isGrade)) fail('"grades" must map "server/tool" to a number ≥ 0');
    if (gold.length === 0) fail('"gold" must be a "server/tool" string or a non-empty array of them');
    const resolve = (tool: string): string => {
      let found = toolIdCandidates(tool, ids, exact);
      if (found.length === 0) found = toolIdCandidates(lower(tool), folded.ids, folded).flatMap((id) => idsByLower.get(id)!);
      if (found.length === 1) return found[0]!;
      if (found.length > 1) fail(`tool ${JSON.stringify(tool)} could be ${found.join(' or ')}; write it as server/tool`, false);
      const near = closest(tool, ids);
      fail(`tool ${JSON.stringify(tool)} is not in the catalogs${near ? ` (did you mean ${JSON.stringify(near)}?)` : ''}; ids are <server>/<tool name>, the server being the one the catalog names (a raw {"tools": [...]} file's is its file name without .json)`, false);
    };
    const graded = new Map<string, number>();
    const written = new Map<string, string>();
    for (const [tool, g] of grades) {
      const id = resolve(tool);
      if (graded.has(id)) fail(`"grades" names ${id} twice (as ${JSON.stringify(written.get(id))} and ${JSON.stringify(tool)})`, false);
      graded.set(id, g as number);
      written.set(id, tool);
    }
    negatives.forEach(resolve);
    const goldIds = gold.map(resolve);
    for (const g of goldIds) if (!graded.has(g)) graded.set(g, 2);
    seenIds.add(id);
    queries.push({ id, query, gold: new Set(goldIds), grades: graded, ...(typeof kind === 'string' ? { kind } : {}) });
  });
  if (queries.length === 0) throw new SlimError('config', `${file}: no queries in it`);
  return queries;
}

/** Tool ids, and the ids each bare tool name belongs to (a server's name may hold a "/", an npm scope; a tool's seldom does). */
function idLookup(ids: ReadonlySet<string>): Map<string, string[]> & { ids: ReadonlySet<string> } {
  const byName = new Map<string, string[]>();
  for (const id of ids) {
    const name = id.slice(id.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), id]);
  }
  return Object.assign(byName, { ids });
}

export interface LoadedSet {
  name: string;
  queriesFile: string;
  catalogFiles: string[];
  catalog: Catalog;
  tools: number;
  queries: Query[];
}

export function loadSet(name: string, queriesFile: string, catalogArgs: string[]): LoadedSet {
  const catalogFiles = allCatalogPaths(catalogArgs);
  const catalog = loadCatalogs(catalogFiles);
  const ids = toolIds(catalog);
  const queries = parseQueries(readText(queriesFile), shown(queriesFile), ids);
  return { name, queriesFile, catalogFiles, catalog, tools: ids.size, queries };
}
