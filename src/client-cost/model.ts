import type { Catalog, RawTool } from '../catalog/types.js';
import { modelView } from '../cost/model-view.js';
import { countTokens } from '../cost/tokenizer.js';
import { deferredListing } from '../defer/meta-tools.js';
import type { ClientRules, Prices } from './rules.js';

/**
 * What a client's MCP tools cost the model, by that client's own rules (data/client-rules.json),
 * with and without the gateway in front. Every figure is o200k_base tokens of what the model reads.
 */

/** Tokens in the context on the first turn, on each later turn before any lookup, and per find-and-call. */
export interface Load {
  firstTurn: number;
  perTurn: number;
  /** What one find-and-call adds and keeps in the context (0 where everything is already loaded). */
  findAndCall: number;
  /** What only the first find adds (a deferring client loading the gateway's own tool_search). */
  firstFind?: number;
  /** How the figures were reached, in a few words each. */
  how: string[];
}

export interface Session {
  turns: number;
  finds: number;
  /** Tokens in the context on an average later turn, with what the finds added. */
  laterTurn: number;
  /** Tokens written to the prompt cache, and read from it, over the session. */
  cacheWrite: number;
  cacheRead: number;
  dollars: number;
}

export interface ClientCost {
  client: string;
  label: string;
  version: string;
  tools: number;
  direct: Load & { session: Session };
  gateway: Load & { session: Session };
  /** Warnings for this client (a tool cap passed). */
  notes: string[];
  /** The rules that are assumed rather than verified, or estimated. */
  assumed: string[];
}

/** The session priced when nobody says otherwise: a 200k window, 20 turns, 2 find-and-calls. */
export const DEFAULT_SESSION = { window: 200_000, turns: 20, finds: 2 } as const;

export interface SessionOptions {
  /** The context window, for a client that defers past a share of it. */
  window: number;
  turns: number;
  /** Find-and-calls per session, where tools are looked up. */
  finds: number;
  prices: Pick<Prices, 'cacheWritePerMTok' | 'cacheReadPerMTok'>;
}

const tokens = (text: string): number => countTokens(text, 'o200k_base');

function cut(tool: RawTool, maxChars: number | null): RawTool {
  if (maxChars === null || typeof tool.description !== 'string' || tool.description.length <= maxChars) return tool;
  return { ...tool, description: tool.description.slice(0, maxChars) };
}

/** A tool's definition tokens under a client's cut, each tool counted once however often it is asked for. */
type TokensOf = (tool: RawTool) => number;
/** Per tool, its count under each description cut: the same tool objects are priced again for every client and every page view. */
const counted = new WeakMap<RawTool, Map<number | null, number>>();

/** o200k tokens of a tool's definition as the model reads it, its description cut at `maxChars` (null: whole); counted once per tool and cut. */
export function definitionTokens(tool: RawTool, maxChars: number | null = null): number {
  let byCut = counted.get(tool);
  if (!byCut) counted.set(tool, (byCut = new Map()));
  let n = byCut.get(maxChars);
  if (n === undefined) byCut.set(maxChars, (n = tokens(JSON.stringify(modelView(cut(tool, maxChars))))));
  return n;
}

const definitionCounter = (rules: ClientRules): TokensOf => (tool) => definitionTokens(tool, rules.descriptionMaxChars);

const publicName = (rules: ClientRules, server: string, tool: string): string => rules.nameFormat.replace('{server}', server).replace('{tool}', tool);

function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

interface Listed {
  server: string;
  tools: RawTool[];
  instructions?: string;
  alwaysLoad?: boolean;
}

function instructionTokens(servers: readonly Listed[], rules: ClientRules): number {
  if (rules.instructions.included !== true) return 0;
  const max = rules.instructions.maxChars;
  return servers.reduce((sum, s) => sum + (s.instructions ? tokens(max === null ? s.instructions : s.instructions.slice(0, max)) : 0), 0);
}

/** The load of some servers under a client's rules, before any session-specific use. */
function loadOf(servers: readonly Listed[], rules: ClientRules, window: number, tokensOf: TokensOf): Load {
  const all = servers.flatMap((s) => s.tools.map((t) => ({ server: s.server, tool: t, tokens: tokensOf(t), pinned: s.alwaysLoad === true })));
  const full = all.reduce((sum, t) => sum + t.tokens, 0);
  const instructions = instructionTokens(servers, rules);
  const withInstructions = instructions ? [`${instructions} of server instructions`] : [];
  const underThreshold =
    rules.threshold !== null &&
    ((rules.threshold.shareOfWindow !== undefined && full <= rules.threshold.shareOfWindow * window) || (rules.threshold.tools !== undefined && all.length < rules.threshold.tools));
  if (rules.loading === 'full' || underThreshold || !all.length) {
    const why = rules.loading === 'full' ? 'every definition, every turn' : underThreshold ? 'under the deferral threshold: every definition' : 'no tools';
    return { firstTurn: full + instructions, perTurn: full + instructions, findAndCall: 0, how: [`${full} for ${all.length} definitions (${why})`, ...withInstructions] };
  }
  const pinned = all.filter((t) => t.pinned);
  const deferred = all.filter((t) => !t.pinned);
  const names =
    rules.upFront === 'server'
      ? tokens(servers.filter((s) => !s.alwaysLoad && s.tools.length).map((s) => `- ${s.server}`).join('\n'))
      : tokens(deferred.map((t) => publicName(rules, t.server, t.tool.name)).join('\n'));
  const search = rules.loading === 'deferred' ? (rules.searchTool?.tokens ?? 0) : 0;
  const pinnedTokens = pinned.reduce((sum, t) => sum + t.tokens, 0);
  const upFront = search + names + pinnedTokens + instructions;
  // A search cannot load more tools than there are to find.
  const k = Math.min(rules.loadedPerSearch ?? 1, deferred.length);
  return {
    firstTurn: upFront,
    perTurn: upFront,
    findAndCall: k * median(deferred.map((t) => t.tokens)),
    how: [
      ...(search ? [`${search} for the client's search tool${rules.searchTool?.estimated ? ' (estimated)' : ''}`] : []),
      `${names} for ${rules.upFront === 'server' ? 'server' : 'tool'} names`,
      ...(pinned.length ? [`${pinnedTokens} for ${pinned.length} always-loaded definitions`] : []),
      ...withInstructions,
      `a find-and-call loads ${k} definition${k === 1 ? '' : 's'} of median size`,
    ],
  };
}

/** What tool_search returns at most: the close matches come with their schemas. */
export const GATEWAY_RESULTS = 5;

/**
 * One find-and-call through the gateway, in tokens: tool_search's result (up to 5 matches of
 * median size) and the found tools joining the gateway's listing, in full where the client loads
 * definitions, as names where it defers them (an estimate from the median tool). `upstream`:
 * the definition tokens of every tool behind the gateway.
 */
export function gatewayFind(upstream: readonly number[], rules?: ClientRules): { result: number; listing: number } {
  const k = Math.min(GATEWAY_RESULTS, upstream.length);
  const result = k * median(upstream);
  const deferring = rules !== undefined && rules.loading !== 'full';
  return { result, listing: deferring ? k * tokens(publicName(rules, 'mcp-slim', 'server__tool_name')) : result };
}

/**
 * The gateway's deferred listing as one server (with the tools it pins: a server the client
 * config marked alwaysLoad), and what one of its searches adds.
 */
function gatewayLoad(upstream: readonly number[], rules: ClientRules, window: number, pinned: readonly RawTool[], tokensOf: TokensOf): Load {
  const listing = deferredListing();
  const gateway = loadOf([{ server: 'mcp-slim', tools: [...listing.tools, ...pinned], instructions: listing.instructions }], rules, window, tokensOf);
  const find = gatewayFind(upstream, rules);
  return {
    ...gateway,
    findAndCall: find.result + find.listing,
    // Where the client defers the gateway's own tools, its first find looks up tool_search itself.
    ...(gateway.findAndCall ? { firstFind: gateway.findAndCall } : {}),
    how: [
      ...gateway.how.filter((h) => !h.startsWith('a find-and-call')),
      `a find-and-call: tool_search's result (up to ${GATEWAY_RESULTS} of median size) plus ${rules.loading === 'full' ? 'their definitions in the listing' : 'their names in the listing'}${gateway.findAndCall ? `; the first also loads tool_search (${gateway.findAndCall})` : ''}`,
    ],
  };
}

/** Turn 1 writes the cache; later turns read it; each find writes what it adds, then it is read. */
export function sessionCost(load: Load, options: SessionOptions): Session {
  const { turns } = options;
  const finds = load.findAndCall ? options.finds : 0;
  let cacheWrite = load.firstTurn;
  let cacheRead = (turns - 1) * load.perTurn;
  for (let i = 1; i <= finds; i++) {
    const at = Math.max(1, Math.floor((i * turns) / (finds + 1)));
    const added = load.findAndCall + (i === 1 ? (load.firstFind ?? 0) : 0);
    cacheWrite += added;
    cacheRead += added * (turns - at);
  }
  const dollars = (cacheWrite * options.prices.cacheWritePerMTok + cacheRead * options.prices.cacheReadPerMTok) / 1e6;
  return { turns, finds, laterTurn: turns > 1 ? Math.round(cacheRead / (turns - 1)) : load.perTurn, cacheWrite, cacheRead, dollars };
}

/** Which of a client's rules the figures rest on without a first-hand source. */
function assumedRules(rules: ClientRules): string[] {
  const out: string[] = [];
  if (!rules.verified) out.push(`${rules.label}'s loading rule is not verified: ${rules.sources.loading ?? rules.source}`);
  if (rules.searchTool?.estimated) out.push(`${rules.label}'s search tool: ${rules.searchTool.tokens} tokens, estimated (${rules.searchTool.source})`);
  if (rules.loading === 'deferred' && !rules.searchTool) out.push(`${rules.label}'s own search tool is not counted (its size is not known)`);
  if (rules.instructions.included === null) out.push(`${rules.label}: server instructions not counted (not known whether they reach the model)`);
  if (rules.sources.loadedPerSearch?.startsWith('assumed')) out.push(`${rules.label}: ${rules.sources.loadedPerSearch}`);
  return out;
}

/** What one client pays for a catalog, with and without the gateway (deferred mode). */
export function clientCost(catalog: Catalog, rules: ClientRules, options: SessionOptions): ClientCost {
  const live = catalog.servers.filter((s) => !s.failure);
  const listed: Listed[] = live.map((s) => ({
    server: s.name,
    tools: s.tools,
    ...(s.instructions ? { instructions: s.instructions } : {}),
    ...(rules.alwaysLoadKey && s.origin.source.alwaysLoad ? { alwaysLoad: true } : {}),
  }));
  // Each definition is counted once for both views: tokenizing is the cost of this model.
  const tokensOf = definitionCounter(rules);
  const direct = loadOf(listed, rules, options.window, tokensOf);
  const pinned = live.filter((s) => s.origin.source.alwaysLoad).flatMap((s) => s.tools);
  const upstream = live.flatMap((s) => s.tools.map(tokensOf));
  const gateway = gatewayLoad(upstream, rules, options.window, pinned, tokensOf);
  const toolCount = listed.reduce((n, s) => n + s.tools.length, 0);
  const notes = rules.maxTools !== null && toolCount > rules.maxTools ? [`${toolCount} tools: over ${rules.label}'s limit of ${rules.maxTools}${rules.sources.maxTools?.includes('unverified') ? ' (unverified)' : ''}`] : [];
  return {
    client: rules.client,
    label: rules.label,
    version: rules.version,
    tools: toolCount,
    direct: { ...direct, session: sessionCost(direct, options) },
    gateway: { ...gateway, session: sessionCost(gateway, options) },
    notes,
    assumed: assumedRules(rules),
  };
}
