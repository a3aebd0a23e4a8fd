/**
 * The ranks file `--save-ranks` writes and `bench:search:compare` reads: per set and document
 * kind, the ranks of each query's gold tools, keyed by query id, so two runs can be compared
 * query by query. A blind set keeps only its averages.
 *
 *   {"format", "commit", "date", "sets": {"dev-250": {"kinds": {"full": {"depth": 209, "ranks": {"d001": [1, 4], …}}}}},
 *                                          "secret": {"blind": true, "kinds": {"full": {"queries": 120, "recall1": …}}}}}
 */
import { readFileSync } from 'node:fs';
import { SlimError } from '../../src/errors.js';
import { isJsonObject as isObject } from '../../src/schema/walk.js';
import type { GoldRanks, KindResult } from './evaluate.js';
import { shown, type Query } from './load.js';
import { mean } from './metrics.js';

export const RANKS_FORMAT = 'mcp-slim search ranks 1';

/** The averages compare reports; a blind set's whole record. */
export interface Aggregate {
  queries: number;
  recall1: number;
  recall5: number;
  mrr: number;
}
export const METRICS = ['recall1', 'recall5', 'mrr'] as const satisfies readonly (keyof Aggregate)[];
export type Metric = (typeof METRICS)[number];

export interface RankedKind {
  /** How many tools each ranking went to: a null rank is a gold tool not in them. */
  depth: number;
  ranks: Record<string, GoldRanks>;
}
export type SavedSet = { blind?: false; kinds: Record<string, RankedKind> } | { blind: true; kinds: Record<string, Aggregate> };

export interface RanksFile {
  format: typeof RANKS_FORMAT;
  commit: string;
  date: string;
  sets: Record<string, SavedSet>;
}

/** One query's scores from its gold ranks (best first): hit at 1, hit in the top 5, reciprocal rank. */
export function queryScores(ranks: GoldRanks): Record<Metric, number> {
  const best = ranks[0] ?? null;
  return { recall1: best !== null && best <= 1 ? 1 : 0, recall5: best !== null && best <= 5 ? 1 : 0, mrr: best === null ? 0 : 1 / best };
}

/** Averages of per-query ranks, rounded so a saved file does not carry float noise. */
export function aggregate(ranks: readonly GoldRanks[]): Aggregate {
  const rows = ranks.map(queryScores);
  const avg = (m: Metric) => Math.round(mean(rows.map((r) => r[m])) * 1e6) / 1e6;
  return { queries: ranks.length, recall1: avg('recall1'), recall5: avg('recall5'), mrr: avg('mrr') };
}

/** A set's record: its queries' ranks per kind, or for a blind set only the averages. */
export function savedSet(blind: boolean, queries: readonly Query[], results: readonly KindResult[]): SavedSet {
  if (blind) return { blind: true, kinds: Object.fromEntries(results.map((r) => [r.kind, aggregate(r.goldRanks)])) };
  const kind = (r: KindResult): RankedKind => ({ depth: r.depth, ranks: Object.fromEntries(queries.map((q, i) => [q.id, r.goldRanks[i]!])) });
  return { kinds: Object.fromEntries(results.map((r) => [r.kind, kind(r)])) };
}

/**
 * The file's text: keys in the order built (sets as run, kinds as KINDS, queries as in the set
 * file), one query a line with its ranks on it, so two files of the same sets line up.
 */
export function ranksJson(file: RanksFile): string {
  const text = JSON.stringify(file, null, 2);
  // JSON.stringify writes no raw newline inside a string, so this only meets arrays of ranks.
  return `${text.replace(/\[\n\s*((?:\d+|null)(?:,\n\s*(?:\d+|null))*)\n\s*\]/g, (_, items: string) => `[${items.replace(/,\n\s*/g, ', ')}]`)}\n`;
}

const isRank = (v: unknown) => v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 1);
const isShare = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;

/** Read and check a ranks file; anything wrong is one SlimError naming the file and the field. */
export function readRanksFile(path: string): RanksFile {
  const where = shown(path);
  // A declaration (not an arrow) so that TypeScript narrows the checked values after each call.
  function fail(what: string): never {
    throw new SlimError('config', `${where}: ${what}; write one with npm run bench:search -- --save-ranks FILE.json`);
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(code ? `cannot read (${code})` : `not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(data) || data.format !== RANKS_FORMAT) fail(`not a ranks file (its "format" must be "${RANKS_FORMAT}")`);
  const { commit, date, sets } = data;
  if (typeof commit !== 'string' || typeof date !== 'string') fail('"commit" and "date" must be strings');
  if (!isObject(sets)) fail('"sets" must be an object of sets');
  for (const [name, set] of Object.entries(sets)) {
    const at = `sets[${JSON.stringify(name)}]`;
    if (!isObject(set) || !isObject(set.kinds) || (set.blind !== undefined && set.blind !== true)) fail(`${at} must be {"kinds": {…}} or {"blind": true, "kinds": {…}}`);
    for (const [kind, v] of Object.entries(set.kinds)) {
      const here = `${at}.kinds.${kind}`;
      if (!isObject(v)) fail(`${here} must be an object`);
      if (set.blind) {
        if (!(typeof v.queries === 'number' && v.queries > 0) || !METRICS.every((m) => isShare(v[m]))) fail(`${here} must be {"queries", ${METRICS.map((m) => `"${m}"`).join(', ')}} with shares from 0 to 1`);
        continue;
      }
      if (!(typeof v.depth === 'number' && v.depth >= 0) || !isObject(v.ranks)) fail(`${here} must be {"depth", "ranks": {query id: [rank, …]}}`);
      for (const [id, ranks] of Object.entries(v.ranks)) {
        if (!Array.isArray(ranks) || ranks.length === 0 || !ranks.every(isRank)) fail(`${here}.ranks[${JSON.stringify(id)}] must be a non-empty array of ranks (1, 2, … or null)`);
      }
    }
  }
  return data as unknown as RanksFile;
}
