/**
 * The built-in query sets, as data: a new set is one entry here (or, without touching code,
 * `npm run bench:search -- --queries FILE.jsonl --catalog A.json …`). Paths are relative to the
 * repository root.
 */
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface QuerySetSpec {
  name: string;
  /** JSONL: `{"id"?,"query","gold":["server/tool"],"grades"?:{"server/tool":2|1}}` per line (see load.ts for the variants read). */
  queries: string;
  /** Pooled into one catalog: every query competes against every tool of every file. */
  catalogs: string[];
  /** Published reference metrics on this set (a file in mcpproxy's baseline format), printed beside ours. */
  baseline?: { file: string; about: string };
  about: string;
  /**
   * A set kept for the final, honest estimate: scored only in aggregate. Its queries are never
   * listed (`--misses` refuses) and `--save-ranks` keeps only its averages, so nobody tunes on it
   * query by query, on purpose or by glancing at a diff.
   */
  blind?: true;
}

/** What `--misses`, or any other listing of a blind set's queries, says instead. */
export const aggregateOnly = (name: string) => `${name} is a blind set: scored only in aggregate`;

/** The 19 raw tools/list files, read as a directory (its *.meta.json handshakes are skipped). */
const SHARED = 'test/fixtures/catalogs/shared';

/** The servers of `measure --demo`, as their shared catalog files. */
const DEMO_SERVERS = ['server-filesystem', 'server-memory', 'server-everything', 'server-sequential-thinking', 'server-github', 'server-postgres', 'playwright-mcp', 'chrome-devtools-mcp', 'context7', 'figma-developer-mcp', 'n8n-mcp'];

export function builtInSets(): QuerySetSpec[] {
  return [
    {
      name: 'pooled-240',
      queries: 'test/fixtures/queries/pooled-240.jsonl',
      catalogs: [SHARED],
      about: 'ours: 470 task queries over the 240 tools of 19 real MCP servers',
    },
    {
      name: 'holdout-240',
      queries: 'test/fixtures/queries/holdout-240.jsonl',
      catalogs: [SHARED],
      about: 'held out: 200 queries over the same 240 tools, written blind to the ranker and never tuned on',
    },
    {
      name: 'extra-200',
      queries: 'test/fixtures/queries/extra-200.jsonl',
      catalogs: ['test/fixtures/catalogs/extra'],
      about: 'unseen catalogs: 200 queries over 200 tools of 10 more real servers, written blind to the ranker and never tuned on',
    },
    {
      name: 'dev-250',
      queries: 'test/fixtures/queries/dev-250.jsonl',
      catalogs: ['test/fixtures/catalogs/dev'],
      about: 'development: 250 queries over 209 tools of 10 more real servers (Linear, Jira, Todoist, Supabase, …), written blind to the ranker; tuned on',
    },
    {
      name: 'mcpproxy-golden',
      queries: 'test/fixtures/queries/mcpproxy-golden.jsonl',
      catalogs: ['test/fixtures/catalogs/datasets/mcpproxy-corpus-v2.json'],
      baseline: { file: 'test/fixtures/catalogs/datasets/mcpproxy-baseline-v1.json', about: 'their BM25 over corpus v1: names and descriptions, no schemas' },
      about: 'mcpproxy-go retrieval golden v1 over their corpus v2 (7 reference servers, with schemas)',
    },
    {
      name: 'metatool-single',
      queries: 'test/fixtures/queries/metatool-single.jsonl',
      catalogs: ['test/fixtures/catalogs/datasets/metatool.json'],
      about: 'MetaTool ToolE single-tool queries (ChatGPT plugins, descriptions only)',
    },
    {
      name: 'metatool-multi',
      queries: 'test/fixtures/queries/metatool-multi.jsonl',
      catalogs: ['test/fixtures/catalogs/datasets/metatool.json'],
      about: 'MetaTool ToolE queries that need two tools (gold = both)',
    },
    {
      name: 'everyday-dev',
      queries: 'test/fixtures/queries/everyday-dev.jsonl',
      catalogs: DEMO_SERVERS.map((f) => `${SHARED}/${f}.json`),
      about: "development: 200 everyday phrasings (casual, indirect, not the tools' words) over the 11 demo servers' 132 tools, written 2026-12-01 by a helper who saw only the catalogs; tuned on",
    },
    {
      name: 'blind-pool-650',
      queries: 'test/fixtures/queries/blind/pool-650.jsonl',
      catalogs: [SHARED, 'test/fixtures/catalogs/extra', 'test/fixtures/catalogs/dev'],
      blind: true,
      about: 'blind: 220 queries (single, paraphrase, multi-tool, product named) over the pool of 649 tools of 39 servers, written 2026-12-01 by a helper who saw only the catalogs; scored in aggregate only, never read or tuned on',
    },
    {
      name: 'blind-everyday-demo',
      queries: 'test/fixtures/queries/blind/everyday-demo.jsonl',
      catalogs: DEMO_SERVERS.map((f) => `${SHARED}/${f}.json`),
      blind: true,
      about: "blind: 120 everyday phrasings (casual, indirect, not the tools' words) over the 11 demo servers' 132 tools, written with the set above; scored in aggregate only",
    },
  ];
}
