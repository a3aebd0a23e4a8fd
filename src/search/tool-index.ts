import type { Catalog, RawTool } from '../catalog/types.js';
import { serverBoilerplate } from '../ttc/to-ttc.js';
import { Bm25fIndex } from './bm25f.js';
import { toolFields } from './documents.js';
import { taskMode, toolMode } from './intent.js';
import { holdsPath, identifiedObjects, parameterValueKinds } from './arguments.js';
import { opposedVerbs } from './opposites.js';
import { flattenConcepts, mentionsUrl, normalizeTask, readTask } from './query.js';
import { SEQUENCE, taskSteps } from './task-steps.js';
import { afterReplacements, isDeprecated, replacementOf } from './deprecated.js';
import { top } from './ranked.js';
import { serverWords } from './server-words.js';
import type { SearchHit } from './types.js';
import { FIELD_PARAMS, type IndexOptions } from './index-options.js';
import { lift, WEIGHTS, weightVector } from './features.js';
import { overlaps, toolFeatures, type Candidate, type FeatureContext, type IndexedTool } from './tool-features.js';

export type { Candidate };
export { FIELD_PARAMS, type IndexOptions };

/** A server name word that more than this share of other servers' tools use is an everyday word, not the server's name. */
const COMMON_WORD_SHARE = 0.05;

/** Within this share of a step's best score, the whole task's best tool is as good a first step. */
const FIRST_STEP_TIE = 0.95;

const keyOf = (server: string, tool: string) => `${server}/${tool}`;

/** A name word in at least this share of a server's tools is its namespace, not part of what one tool does. */
const NAMESPACE_SHARE = 0.5;

const REACH_URL_STEP = 'navigate to the url of the web page';
/** A tool that goes to a web address, by its name ("browser_navigate", "goto"). */
const NAVIGATES = /navigat|goto|go_to/i;

/** A search index over tools that can change as servers' lists change. */
export class ToolSearchIndex {
  private readonly index: Bm25fIndex;
  private readonly tools = new Map<string, IndexedTool>();
  /**
   * Per server that has tools, the name words most of its tools share ("browser_", "maps_"): they
   * say nothing about one tool. Kept up to date by add and remove.
   */
  private readonly prefixWords = new Map<string, Set<string>>();
  /** Per server and name word, whether other servers' tools use the word too (commonWord); cleared when tools change. */
  private readonly commonWords = new Map<string, boolean>();
  /** Per server, its tool that goes to a web address (browser_navigate): null until asked after a change. */
  private navigators: Map<string, string> | null = null;
  /** The best tool for reaching a web address: the same for every task until the tools change. */
  private reachUrl: [string, number] | undefined | null = null;

  private readonly weights: Float64Array;

  constructor(private readonly options: IndexOptions = {}) {
    this.index = new Bm25fIndex({ ...FIELD_PARAMS, ...options.fields }, options.k1);
    this.weights = weightVector(options.weights ?? WEIGHTS);
  }

  get size(): number {
    return this.index.size;
  }

  /** Index (or re-index) a server's tools. For `slim` documents, pass the slim tools. */
  add(server: string, tools: readonly RawTool[]): void {
    const kind = this.options.document ?? 'full';
    const boilerplate = kind === 'ttc' ? serverBoilerplate(tools) : undefined;
    for (const tool of tools) {
      const key = keyOf(server, tool.name);
      const fields = toolFields(server, tool, kind, this.options.sidecar?.tools[tool.name], boilerplate);
      this.index.add(key, fields);
      const name = new Set(fields.name);
      const ids = identifiedObjects(tool);
      const deprecated = isDeprecated(tool);
      this.tools.set(key, {
        id: key,
        server,
        tool: tool.name,
        name: [...name],
        mode: toolMode(tool),
        takes: parameterValueKinds(tool),
        navigates: NAVIGATES.test(tool.name) && parameterValueKinds(tool, 'all').has('url'),
        ids,
        needsOwnId: overlaps(ids, name),
        cannotHoldPath: holdsPath(tool) === false,
        deprecated,
        replacedBy: deprecated ? replacementOf(tool, tools) : undefined,
      });
    }
    this.changed(server);
  }

  /** After a server's tools changed: its namespace words again, and the cached reach-the-page step forgotten. */
  private changed(server: string): void {
    const shared = this.sharedNameWords(server);
    if (shared) this.prefixWords.set(server, shared);
    else this.prefixWords.delete(server);
    this.reachUrl = null;
    this.commonWords.clear();
    this.navigators = null;
  }

  /** The server's namespace words; undefined when it has no tools left. */
  private sharedNameWords(server: string): Set<string> | undefined {
    const counts = new Map<string, number>();
    let tools = 0;
    for (const t of this.tools.values()) {
      if (t.server !== server) continue;
      tools++;
      for (const w of t.name) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    if (tools === 0) return undefined;
    const shared = new Set(tools >= 3 ? [...counts].filter(([, c]) => c / tools >= NAMESPACE_SHARE).map(([w]) => w) : []);
    for (const w of serverWords(server)) shared.add(w);
    return shared;
  }

  /** The share of a tool's own name words the task asks for: "get PR" covers get_pull_request fully, get_file_info by a third. */
  private nameCoverage(key: string, query: ReadonlyMap<string, number>): number {
    const t = this.tools.get(key)!;
    const shared = this.prefixWords.get(t.server)!;
    let own = 0;
    let covered = 0;
    for (const w of t.name) {
      if (shared.has(w)) continue;
      own++;
      covered += Math.min(1, query.get(w) ?? 0);
    }
    return own ? covered / own : 0;
  }

  /**
   * Whether a server's name word is an everyday word of other servers' tools too ("search" in
   * server-brave-search): alone, it does not name the server. A server of one name word is named by
   * it all the same (namedServers: all its words), or "memory" and "contentful" (stemmed "content")
   * could never name theirs.
   */
  private commonWord(server: string, word: string): boolean {
    const key = `${server}\u0000${word}`;
    let common = this.commonWords.get(key);
    if (common === undefined) {
      // Servers whose own name has the word too (playwright-mcp beside playwright-mcp-allcaps) are not "other".
      const other = (s: string) => !serverWords(s).includes(word);
      const others = [...this.tools.values()].filter((t) => other(t.server)).length;
      const elsewhere = this.index.holders(word).filter((k) => other(this.tools.get(k)!.server)).length;
      this.commonWords.set(key, (common = others > 0 && elsewhere / others > COMMON_WORD_SHARE));
    }
    return common;
  }

  /** Servers whose distinctive name words the user wrote (not a synonym of them): all of them, or one other servers' tools do not use. */
  private namedServers(own: ReadonlySet<string>): Set<string> {
    const out = new Set<string>();
    for (const server of this.prefixWords.keys()) {
      const words = serverWords(server);
      if (words.length && (words.every((w) => own.has(w)) || words.some((w) => own.has(w) && !this.commonWord(server, w)))) out.add(server);
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
    this.changed(server);
  }

  /** Every matching tool's BM25F score for one piece of a task, and what its features read from the task. */
  private matched(task: string, coverage: Map<string, number>): { scores: Map<string, number>; context: FeatureContext } {
    const reading = readTask(task, this.options);
    const { written, values, identified } = reading;
    // "with playwright", "in my n8n": a server named in the task is a strong hint, stronger than BM25 gives a short field.
    const named = this.namedServers(written);
    // A server the task names is lifted as a whole below; what its name implies ("supabase" → storage,
    // auth) would only pull the tools that say those words (list_storage_buckets for "which Supabase projects").
    // Only a server named in full: "search" alone does not name Brave Search, nor "google" Google Maps.
    const own = new Set([...named].map(serverWords).filter((words) => words.every((w) => written.has(w))).flat());
    const concepts = own.size ? reading.concepts.map((c) => ([...c.keys()].some((t) => own.has(t)) ? new Map([...c].filter(([t]) => written.has(t))) : c)) : reading.concepts;
    const query = flattenConcepts(concepts);
    const scores = this.index.scoreConcepts(concepts, coverage);
    return { scores, context: { query, mode: taskMode(task), opposed: opposedVerbs(query), named, values, identified, coverage } };
  }

  /** Every matching tool's score for one piece of a task: its BM25F score lifted or lowered by its features. */
  private scores(task: string, filter?: (server: string, tool: string) => boolean, coverage: Map<string, number> = new Map()): Map<string, number> {
    const { scores, context } = this.matched(task, coverage);
    const features = new Float64Array(this.weights.length);
    for (const [id, score] of scores) {
      const tool = this.tools.get(id)!;
      if (filter && !filter(tool.server, tool.tool)) scores.delete(id);
      else scores.set(id, score * lift(toolFeatures(tool, this.nameCoverage(id, context.query), context, features), this.weights));
    }
    return scores;
  }

  /**
   * The `limit` tools with the best BM25F scores for a whole task, with their features: what the
   * weights are fitted on (bench/search/fit), and what a score is made of.
   */
  candidates(task: string, limit: number): Candidate[] {
    const { scores, context } = this.matched(normalizeTask(task), new Map());
    return top(scores, limit).map(([id, bm25f]) => ({ id, bm25f, features: toolFeatures(this.tools.get(id)!, this.nameCoverage(id, context.query), context) }));
  }

  /** The best `limit` tools by score: a tool that answers every part of a task is lifted by its concept coverage, in the score. */
  private rank(task: string, filter: ((server: string, tool: string) => boolean) | undefined, limit: number, coverage: Map<string, number>): [string, number][] {
    return top(this.scores(task, filter, coverage), limit);
  }

  /** The first k of a ranking as hits, each retired tool after its replacement. */
  private hits(ranking: readonly [string, number][], k: number, coverage: ReadonlyMap<string, number>): SearchHit[] {
    const scores = new Map(ranking);
    const replacement = (id: string) => {
      const t = this.tools.get(id)!;
      return t.replacedBy === undefined ? undefined : keyOf(t.server, t.replacedBy);
    };
    return afterReplacements([...scores.keys()], replacement)
      .slice(0, k)
      .map((id) => {
        const { server, tool } = this.tools.get(id)!;
        return { id, server, tool, score: scores.get(id)!, fit: Math.round((coverage.get(id) ?? 0) * 100) / 100 };
      });
  }

  /** A browser server's tool that goes to a web address (its name says navigate or goto and it takes a URL), with its score for the task. */
  private navigatorOf(server: string, scores: ReadonlyMap<string, number>, filter?: (server: string, tool: string) => boolean): [string, number] | undefined {
    if (!this.navigators) {
      this.navigators = new Map();
      for (const [id, t] of [...this.tools].sort(([a], [b]) => (a < b ? -1 : 1))) if (t.navigates && !this.navigators.has(t.server)) this.navigators.set(t.server, id);
    }
    const id = this.navigators.get(server);
    if (id === undefined || (filter && !filter(server, this.tools.get(id)!.tool))) return undefined;
    return [id, scores.get(id) ?? 0];
  }

  private reachUrlBest(): [string, number] | undefined {
    if (this.reachUrl === null) this.reachUrl = this.best(REACH_URL_STEP);
    return this.reachUrl;
  }

  /** Only the best tool for a step: no need to sort every match. */
  private best(task: string, filter?: (server: string, tool: string) => boolean): [string, number] | undefined {
    return top(this.scores(task, filter), 1)[0];
  }

  /**
   * The best `k` tools for a task, best first. Ties break by id, so results are stable. A task of
   * several steps ("read the log and open an issue") also has each step ranked on its own, and each
   * step's best tool is placed right after the whole task's best (after the first step's, when
   * the task says the order), so no step is crowded out by another step's many near-matches.
   * Each hit keeps its own score, so a hit placed for a step or for coverage can score lower than
   * one after it.
   */
  search(task: string, k = 5, filter?: (server: string, tool: string) => boolean): SearchHit[] {
    task = normalizeTask(task);
    k = Number.isFinite(k) ? Math.max(0, Math.floor(k)) : 0;
    // What share of the whole task each tool's text covers: a hit's fit, whatever step placed it.
    const coverage = new Map<string, number>();
    const ranked = this.rank(task, filter, k + 8, coverage);
    const steps = taskSteps(task);
    // A web address in a task is a step of its own: the page has to be reached before anything is done on it.
    const url = mentionsUrl(task);
    if (url) steps.push(...(steps.length ? [] : [task]), REACH_URL_STEP);
    if (steps.length > 1 && ranked.length) {
      const byId = new Map(ranked);
      const order: [string, number][] = [];
      const seen = new Set<string>();
      // A placed tool keeps its own score for the whole task, so callers can compare it with the best.
      const put = (entry: [string, number] | undefined) => {
        if (!entry || seen.has(entry[0])) return;
        order.push([entry[0], byId.get(entry[0]) ?? entry[1]]);
        seen.add(entry[0]);
      };
      // The first step of a sequence is usually also the first step found: rank each text once.
      const bests = new Map<string, [string, number] | undefined>();
      const best = (step: string) => {
        if (!bests.has(step)) bests.set(step, this.best(step, filter));
        return bests.get(step);
      };
      const firstText = SEQUENCE.test(task) ? task.split(SEQUENCE)[0]!.trim() : undefined;
      let firstStep: [string, number] | undefined;
      if (firstText !== undefined) {
        const scores = this.scores(firstText, filter);
        firstStep = top(scores, 1)[0];
        bests.set(firstText, firstStep);
        // "stop profiling and write the trace": when the whole task's best fits the first step about as well
        // as that step's own best, and the rest of the task too, the near tie goes to the tool that fits
        // the whole task (not to whichever server's twin an unrelated later step happens to name).
        const whole = ranked[0]![0];
        const nearTie = firstStep !== undefined && (scores.get(whole) ?? 0) >= FIRST_STEP_TIE * firstStep[1];
        const rest = task.slice(task.indexOf(firstText) + firstText.length);
        if (nearTie && this.scores(rest, filter).has(whole)) firstStep = undefined;
      }
      // The page at an address is reached with the browser of the tool that opens the task, when it is one.
      const lead = this.tools.get((firstStep ?? ranked[0]!)[0])!;
      const navigator = url ? this.navigatorOf(lead.server, byId, filter) : undefined;
      const bestOf = (step: string) => {
        if (step === REACH_URL_STEP && navigator) return navigator;
        if (step === REACH_URL_STEP && !filter) return this.reachUrlBest();
        return best(step);
      };
      // A task about a page at an address, for a browser's tool that does not take the address (fill its
      // form, read its console), starts by reaching the page.
      if (navigator && !lead.takes.has('url')) put(navigator);
      put(firstStep);
      put(ranked[0]);
      for (const step of steps) put(bestOf(step));
      for (const entry of ranked) put(entry);
      return this.hits(order, k, coverage);
    }
    return this.hits(ranked, k, coverage);
  }
}

/** An index over a whole catalog, with the documents of the chosen kind. */
export function indexCatalog(catalog: Catalog, options: IndexOptions = {}): ToolSearchIndex {
  const index = new ToolSearchIndex(options);
  const source = options.documents ? options.documents(catalog) : catalog;
  for (const server of source.servers) index.add(server.name, server.tools);
  return index;
}
