import type { ClientKind } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import { CLIENT_NAMES } from '../sources/clients/names.js';
import { isPlainObject } from '../sources/clients/fields.js';

/**
 * How one client puts MCP tools in front of the model, read from `data/client-rules.json`:
 * - `full`: every definition on every turn;
 * - `deferred`: a search tool and (per `upFront`) tool or server names; definitions come with a search;
 * - `names`: tool names only, a definition read when the tool is about to be used.
 */
export type Loading = 'full' | 'deferred' | 'names';

export interface ClientRules {
  client: ClientKind;
  label: string;
  version: string;
  source: string;
  loading: Loading;
  /** What the model sees of a tool before it is looked up: its name, only its server's name, or its whole definition. */
  upFront: 'name' | 'server' | 'schema';
  /** Deferral only past a threshold (share of the context window, or a tool count); null: always as `loading` says. */
  threshold: { shareOfWindow?: number; tools?: number } | null;
  searchTool: { tokens: number; estimated: boolean; source: string } | null;
  /** Definitions one lookup brings into the context. */
  loadedPerSearch: number | null;
  /** The server key that exempts a server from deferral. */
  alwaysLoadKey: string | null;
  descriptionMaxChars: number | null;
  /** Whether server instructions reach the model (null: not known). */
  instructions: { included: boolean | null; maxChars: number | null };
  maxTools: number | null;
  nameFormat: string;
  sources: Record<string, string>;
  verified: boolean;
}

export interface Prices {
  model: string;
  inputPerMTok: number;
  cacheWritePerMTok: number;
  cacheReadPerMTok: number;
  source: string;
}

export interface RuleBook {
  file: string;
  prices: Prices;
  clients: Record<ClientKind, ClientRules>;
}

/** The rules, checked: a wrong entry is one line naming the file, the client and the field. */
export function parseRuleBook(text: string, file: string): RuleBook {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SlimError('config', `${file}: not valid JSON (${(error as Error).message}); restore it from the package`);
  }
  const fail = (where: string, problem: string): never => {
    throw new SlimError('config', `${file}: ${where} ${problem}`);
  };
  if (!isPlainObject(data) || data.schemaVersion !== 1) fail('"schemaVersion"', 'must be 1');
  const root = data as Record<string, unknown>;
  const prices = root.prices;
  if (!isPlainObject(prices)) return fail('"prices"', 'must be an object');
  for (const key of ['inputPerMTok', 'cacheWritePerMTok', 'cacheReadPerMTok'] as const) {
    if (typeof prices[key] !== 'number' || !(prices[key] >= 0)) fail(`"prices.${key}"`, 'must be a number of dollars per million tokens');
  }
  const clients = root.clients;
  if (!isPlainObject(clients)) return fail('"clients"', 'must be an object');
  const out = {} as Record<ClientKind, ClientRules>;
  for (const client of CLIENT_NAMES) {
    const entry = clients[client];
    const at = (field: string) => `"clients.${client}.${field}"`;
    if (!isPlainObject(entry)) return fail(`"clients.${client}"`, 'is missing: every client needs an entry');
    for (const field of ['label', 'version', 'source', 'nameFormat']) if (typeof entry[field] !== 'string' || entry[field] === '') fail(at(field), 'must be a non-empty string');
    if (!['full', 'deferred', 'names'].includes(entry.loading as string)) fail(at('loading'), 'must be "full", "deferred" or "names"');
    if (!['name', 'server', 'schema'].includes(entry.upFront as string)) fail(at('upFront'), 'must be "name", "server" or "schema"');
    const count = (field: string) => {
      const v = entry[field];
      if (v !== null && !(typeof v === 'number' && v > 0)) fail(at(field), 'must be a positive number or null');
      return v as number | null;
    };
    const search = entry.searchTool;
    if (search !== null && !(isPlainObject(search) && typeof search.tokens === 'number')) fail(at('searchTool'), 'must be null or {"tokens", "estimated", "source"}');
    const instructions = entry.instructions;
    if (!isPlainObject(instructions)) return fail(at('instructions'), 'must be {"included", "maxChars"}');
    const threshold = entry.threshold;
    if (threshold !== null && !isPlainObject(threshold)) fail(at('threshold'), 'must be null or {"shareOfWindow"} or {"tools"}');
    out[client] = {
      client,
      label: entry.label as string,
      version: entry.version as string,
      source: entry.source as string,
      loading: entry.loading as Loading,
      upFront: entry.upFront as ClientRules['upFront'],
      threshold: threshold as ClientRules['threshold'],
      searchTool: search as ClientRules['searchTool'],
      loadedPerSearch: count('loadedPerSearch'),
      alwaysLoadKey: typeof entry.alwaysLoadKey === 'string' ? entry.alwaysLoadKey : null,
      descriptionMaxChars: count('descriptionMaxChars'),
      instructions: { included: typeof instructions.included === 'boolean' ? instructions.included : null, maxChars: typeof instructions.maxChars === 'number' ? instructions.maxChars : null },
      maxTools: count('maxTools'),
      nameFormat: entry.nameFormat as string,
      sources: isPlainObject(entry.sources) ? (entry.sources as Record<string, string>) : {},
      verified: entry.verified === true,
    };
  }
  return { file, prices: prices as unknown as Prices, clients: out };
}
