import type { Catalog, RawTool } from '../catalog/types.js';
import { PRESETS } from '../slim/policy.js';
import { slimCatalog } from '../slim/slim-catalog.js';
import type { Sidecar } from '../ttc/types.js';
import { Bm25fIndex, type FieldParams } from './bm25f.js';
import { toolFields } from './documents.js';
import { queryTerms, type QueryOptions } from './query.js';
import { terms } from './tokenize.js';
import type { DocumentKind, FieldName, SearchHit } from './types.js';

/** Field weights: a tool's name says most about it, then what it does (its first sentence), then the rest. */
export const FIELD_PARAMS: Readonly<Record<FieldName, FieldParams>> = {
  name: { weight: 3, b: 0.3 },
  server: { weight: 0.6, b: 0 },
  purpose: { weight: 1.6, b: 0.5 },
  description: { weight: 0.5, b: 0.75 },
  params: { weight: 0.4, b: 0.75 },
  when: { weight: 1.2, b: 0.5 },
  tags: { weight: 1, b: 0.3 },
};

export interface IndexOptions extends QueryOptions {
  document?: DocumentKind;
  /** Field weights and length normalisation, over FIELD_PARAMS (for tuning and experiments). */
  fields?: Partial<Record<FieldName, FieldParams>>;
  k1?: number;
  /** The author's TTC sidecar: its WHEN and TAGS are indexed for `ttc` documents. */
  sidecar?: Sidecar;
}

const keyOf = (server: string, tool: string) => `${server}/${tool}`;

/** How much a tool of a server the task names is lifted. */
export const SERVER_MENTION_BOOST = 1.6;
const GENERIC_SERVER_WORDS = new Set(['server', 'mcp', 'modelcontextprotocol', 'model', 'context', 'protocol', 'tool', 'tools', 'api', 'all', 'cap', 'caps', 'allcap', 'allcaps']);
const serverWordCache = new Map<string, string[]>();
function serverWords(server: string): string[] {
  let words = serverWordCache.get(server);
  if (!words) serverWordCache.set(server, (words = terms(server).filter((w) => !GENERIC_SERVER_WORDS.has(w) && w.length > 2)));
  return words;
}

/** A search index over tools that can change as servers' lists change. */
export class ToolSearchIndex {
  private readonly index: Bm25fIndex;
  private readonly tools = new Map<string, { server: string; tool: string }>();

  constructor(private readonly options: IndexOptions = {}) {
    this.index = new Bm25fIndex({ ...FIELD_PARAMS, ...options.fields }, options.k1);
  }

  get size(): number {
    return this.index.size;
  }

  /** Index (or re-index) a server's tools. For `slim` documents, pass the slim tools. */
  add(server: string, tools: readonly RawTool[]): void {
    for (const tool of tools) {
      const key = keyOf(server, tool.name);
      this.index.add(key, toolFields(server, tool, this.options.document ?? 'full', this.options.sidecar?.tools[tool.name]));
      this.tools.set(key, { server, tool: tool.name });
    }
  }

  /** Servers whose distinctive name words the user wrote (not a synonym of them). */
  private namedServers(query: ReadonlyMap<string, number>): Set<string> {
    const out = new Set<string>();
    for (const { server } of this.tools.values()) {
      if (out.has(server)) continue;
      const words = serverWords(server);
      if (words.length && words.some((w) => (query.get(w) ?? 0) >= 1)) out.add(server);
    }
    return out;
  }

  /** Forget a server's tools: all of them, or the named ones. */
  remove(server: string, toolNames?: readonly string[]): void {
    for (const [key, t] of this.tools) {
      if (t.server !== server || (toolNames && !toolNames.includes(t.tool))) continue;
      this.index.remove(key);
      this.tools.delete(key);
    }
  }

  /** The best `k` tools for a task, best first. Ties break by id, so results are stable. */
  search(task: string, k = 5, filter?: (server: string, tool: string) => boolean): SearchHit[] {
    const query = queryTerms(task, this.options);
    const scores = this.index.score(query);
    // "with playwright", "in my n8n": a server named in the task is a strong hint, stronger than BM25 gives a short field.
    const named = this.namedServers(query);
    if (named.size) for (const [id, score] of scores) if (named.has(this.tools.get(id)!.server)) scores.set(id, score * SERVER_MENTION_BOOST);
    const ranked = [...scores].filter(([id]) => !filter || filter(this.tools.get(id)!.server, this.tools.get(id)!.tool)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return ranked.slice(0, k).map(([id, score]) => ({ id, ...this.tools.get(id)!, score }));
  }
}

/** An index over a whole catalog, with the documents of the chosen kind. */
export function indexCatalog(catalog: Catalog, options: IndexOptions = {}): ToolSearchIndex {
  const index = new ToolSearchIndex(options);
  const source = options.document === 'slim' ? slimCatalog(catalog, PRESETS.balanced).after : catalog;
  for (const server of source.servers) index.add(server.name, server.tools);
  return index;
}

/** seeds/003 fix 1: the `k` tools most relevant to this turn's task, for per-turn pruning. */
export function rankTools(catalog: Catalog, task: string, k = 5, options: IndexOptions = {}): SearchHit[] {
  return indexCatalog(catalog, options).search(task, k);
}
