/**
 * Patterns and agent names that match nothing: a typo in `disable` hides nothing and says nothing,
 * so these are startup warnings (not errors: a server may be down, a tool may come back). Pure:
 * the gateway passes the server names it knows and, once they are up, their tools.
 */
import { closest } from '../../util/closest.js';
import { escapeRegExp } from '../../util/regexp.js';
import type { GatewayConfig } from '../types.js';

/** A server that is up, with the names of its tools. */
export interface LiveServer {
  name: string;
  tools: string[];
}

/** Where a pattern is written: `disable` with the layer's source, `agents.reviewer.enable`, `pinned`, `phases.edit`, `groups.browser`. */
interface Place {
  key: string;
  source?: string;
}

const glob = (part: string): RegExp => new RegExp(`^${part.split('*').map(escapeRegExp).join('.*')}$`);

/** `server/tool` → [server, tool]; a bare `tool` has no server part (any server), as `toolMatcher` reads it. */
const split = (pattern: string): [string | undefined, string] =>
  pattern.includes('/') ? [pattern.slice(0, pattern.indexOf('/')), pattern.slice(pattern.indexOf('/') + 1)] : [undefined, pattern];

/**
 * The part the writer probably meant: the closest name for an exact part; for a family (`brwser_*`,
 * `*_isue`) the closest prefix (or suffix) of a name, of about the same length. Other globs: none.
 */
function suggest(part: string, names: readonly string[]): string | undefined {
  const stars = part.split('*').length - 1;
  if (stars === 0) return closest(part, names);
  if (stars > 1 || part === '*') return undefined;
  const prefix = part.endsWith('*');
  const fixed = prefix ? part.slice(0, -1) : part.slice(1);
  if (!prefix && !part.startsWith('*')) return undefined;
  const pieces = new Set<string>();
  for (const name of names) {
    for (const n of [fixed.length - 1, fixed.length, fixed.length + 1]) {
      if (n > 0 && n <= name.length) pieces.add(prefix ? name.slice(0, n) : name.slice(name.length - n));
    }
  }
  const guess = closest(fixed, pieces);
  return guess === undefined ? undefined : prefix ? `${guess}*` : `*${guess}`;
}

/**
 * Every pattern list of a merged config with where it is written. Groups come first, smallest
 * first, so a pattern a group brings into other lists (the merge expands `@group`) is reported at
 * the group, the innermost one when groups nest; each pattern is reported once.
 */
function placesByPattern(config: GatewayConfig): Map<string, Place[]> {
  const lists: { place: Place; patterns: readonly string[] }[] = [
    ...Object.entries(config.groups)
      .sort(([, a], [, b]) => a.length - b.length)
      .map(([name, patterns]) => ({ place: { key: `groups.${name}` }, patterns })),
    ...config.layers.flatMap((layer) => [
      { place: { key: 'disable', source: layer.source }, patterns: layer.disable ?? [] },
      { place: { key: 'enable', source: layer.source }, patterns: layer.enable ?? [] },
    ]),
    ...Object.entries(config.agents).flatMap(([name, layer]) => [
      { place: { key: `agents.${name}.disable`, source: layer.source }, patterns: layer.disable ?? [] },
      { place: { key: `agents.${name}.enable`, source: layer.source }, patterns: layer.enable ?? [] },
    ]),
    { place: { key: 'pinned' }, patterns: config.pinned },
    ...Object.entries(config.phases).map(([name, patterns]) => ({ place: { key: `phases.${name}` }, patterns })),
  ];
  const out = new Map<string, Place[]>();
  for (const { place, patterns } of lists) for (const p of patterns) out.set(p, [...(out.get(p) ?? []), place]);
  return out;
}

function warning(pattern: string, places: readonly Place[], problem: string, fix: string | undefined): string {
  const [first, ...others] = places;
  const where = first ? `${first.key}: "${pattern}"${first.source ? ` (${first.source})` : ''}` : `"${pattern}"`;
  const also = others.length > 0 ? ` (also in ${[...new Set(others.map((o) => o.key))].join(', ')})` : '';
  return `${where}${also} ${problem}${fix !== undefined ? `; did you mean "${fix}"?` : ''}`;
}

/**
 * What is wrong with one pattern, or undefined when it matches something (or cannot be judged yet:
 * its servers are not up). `live` undefined: only the server part is checked.
 */
function problemOf(pattern: string, config: GatewayConfig, known: readonly string[], live: Map<string, readonly string[]> | undefined): { problem: string; fix?: string } | undefined {
  if (pattern.startsWith('@')) {
    // The merge expands groups; a hand-built config may still hold a reference.
    const group = pattern.slice(1);
    if (Object.hasOwn(config.groups, group)) return undefined;
    const guess = closest(group, Object.keys(config.groups));
    return { problem: 'names no group', ...(guess !== undefined ? { fix: `@${guess}` } : {}) };
  }
  const [serverPart, toolPart] = split(pattern);
  let servers = known;
  if (serverPart !== undefined) {
    const re = glob(serverPart);
    servers = known.filter((s) => re.test(s));
    if (servers.length === 0) {
      const guess = suggest(serverPart, known);
      return { problem: 'matches no server', ...(guess !== undefined ? { fix: `${guess}/${toolPart}` } : {}) };
    }
  }
  if (live === undefined) return undefined;
  const up = servers.filter((s) => live.has(s));
  if (up.length === 0) return undefined;
  const tools = [...new Set(up.flatMap((s) => live.get(s) ?? []))];
  const re = glob(toolPart);
  if (tools.some((t) => re.test(t))) return undefined;
  const of = serverPart === undefined || serverPart === '*' ? 'on any server' : up.length === 1 ? `of "${up[0]}"` : `of the ${up.length} servers "${serverPart}" matches`;
  const tool = suggest(toolPart, tools);
  // A bare server name (`github` for `github/*`) is a likely slip too.
  const fix = serverPart === undefined && known.includes(toolPart) ? `${toolPart}/*` : tool === undefined ? undefined : serverPart === undefined ? tool : `${serverPart}/${tool}`;
  return { problem: `matches no tool ${of}`, ...(fix !== undefined ? { fix } : {}) };
}

function unmatched(config: GatewayConfig, known: readonly string[], live: Map<string, readonly string[]> | undefined): string[] {
  // With no server at all every pattern would be named; serve says "no upstream servers" instead.
  if (known.length === 0) return [];
  const out: string[] = [];
  for (const [pattern, places] of placesByPattern(config)) {
    const found = problemOf(pattern, config, known, live);
    if (found) out.push(warning(pattern, places, found.problem, found.fix));
  }
  return out;
}

/**
 * One warning per pattern (in groups, enable/disable layers, agents, pinned, phases) whose server
 * part matches no server, or whose tool part matches no tool of the servers it names, with where it
 * is written and the closest name:
 * `disable: "filesytem/*" (project:/x/mcp-slim.config.json) matches no server; did you mean "filesystem/*"?`.
 * `servers` are the upstreams that are up, with their tools. A server of the config that is not
 * among them (it failed to start) still counts as a server name, but its tools are not judged.
 */
export function unmatchedPatterns(config: GatewayConfig, servers: readonly LiveServer[]): string[] {
  const live = new Map(servers.map((s) => [s.name, s.tools]));
  const known = [...new Set([...config.upstreams.map((s) => s.name), ...live.keys()])];
  return unmatched(config, known, live);
}

/**
 * The server part only, before any upstream is up: server names come from the config (or pass
 * the final list, when the command line adds servers). Bare patterns (`get_issue`) are not judged.
 */
export function unmatchedServerPatterns(config: GatewayConfig, servers: readonly string[] = config.upstreams.map((s) => s.name)): string[] {
  return unmatched(config, servers, undefined);
}

/** A warning when `--agent NAME` names no agent of a config that has agents (that agent gets the scope layers only). */
export function unknownAgent(config: GatewayConfig, agent: string | undefined): string | undefined {
  const names = Object.keys(config.agents);
  if (agent === undefined || names.length === 0 || Object.hasOwn(config.agents, agent)) return undefined;
  const guess = closest(agent, names);
  const hint = guess !== undefined ? `did you mean "${guess}"?` : `the agents are ${names.map((n) => `"${n}"`).join(', ')}`;
  return `--agent "${agent}" names no agent of the gateway config, so only the scope layers apply; ${hint}`;
}
