/**
 * A switch on the page, as an edit of one scope's config file: which patterns stand for a server,
 * a family or a tool, and the smallest change to that file's `enable`/`disable` lists that gives
 * the wanted state. Pure: the caller reads and writes the file and says how a text would decide.
 */
import type { RawTool } from '../catalog/types.js';
import type { ToolDecision } from '../gateway/config/index.js';
import { toolMatcher } from '../catalog/select.js';
import { toolRefs } from '../split/tools.js';
import { addPattern, patternsAt, removePattern, type ListPath } from './pattern-list-edit.js';

export const TOGGLE_SCOPES = ['user', 'project', 'folder', 'agent'] as const;
export type ToggleScope = (typeof TOGGLE_SCOPES)[number];

/** The whole server, one family of it, or one tool. */
export interface ToggleTarget {
  server: string;
  family?: string;
  tool?: string;
}

/** The name a family has on the page: its shared prefix, or this for the tools that share none. */
export const OTHER_FAMILY = '(other)';

export interface Family {
  name: string;
  tools: RawTool[];
  /** The patterns that name exactly these tools (and later tools of the same prefix). */
  patterns: string[];
}

/** A server's tools in families, as slim's prefix manuals group them (`browser_click` → `browser`). */
export function familiesOf(server: string, tools: readonly RawTool[]): Family[] {
  const refs = toolRefs(server, tools);
  const groups = new Map<string, RawTool[]>();
  refs.forEach((ref, i) => {
    const name = ref.family === server ? OTHER_FAMILY : ref.family.slice(server.length + 2);
    groups.set(name, [...(groups.get(name) ?? []), tools[i]!]);
  });
  return [...groups].map(([name, members]) => ({ name, tools: members, patterns: familyPatterns(server, name, members, tools.length) }));
}

function familyPatterns(server: string, name: string, members: readonly RawTool[], all: number): string[] {
  if (name !== OTHER_FAMILY) {
    // The separator each tool uses after the prefix (`browser_`, `browser-`, `browser.`).
    const separators = [...new Set(members.map((t) => t.name.charAt(name.length)))];
    return separators.map((sep) => `${server}/${name}${sep}*`);
  }
  return members.length === all ? [`${server}/*`] : members.map((t) => `${server}/${t.name}`);
}

/** The patterns a target stands for, and the tools whose state it sets. */
export function targetPatterns(target: ToggleTarget, tools: readonly RawTool[]): { patterns: string[]; tools: RawTool[] } | { error: string } {
  const { server } = target;
  if (target.tool !== undefined) {
    const tool = tools.find((t) => t.name === target.tool);
    return tool ? { patterns: [`${server}/${tool.name}`], tools: [tool] } : { error: `${server} has no tool "${target.tool}" now; reload the page` };
  }
  if (target.family !== undefined) {
    const family = familiesOf(server, tools).find((f) => f.name === target.family);
    return family ? { patterns: family.patterns, tools: family.tools } : { error: `${server} has no family "${target.family}" now; reload the page` };
  }
  return { patterns: [`${server}/*`], tools: [...tools] };
}

/** The list a scope's rules live in: the file's own, or its section for one agent. */
export function listPath(scope: ToggleScope, agent: string | undefined, list: 'enable' | 'disable'): ListPath {
  return scope === 'agent' ? ['agents', agent ?? '', list] : [list];
}

export interface ToggleRequest {
  target: ToggleTarget;
  scope: ToggleScope;
  agent?: string;
  enabled: boolean;
}

export type TogglePlan = { text: string; changed: boolean } | { error: string };

/** A tool of some upstream, as the rules name it. */
export interface ToolRef {
  server: string;
  tool: string;
}

/** Whether two requests switch the same thing in the same place, one on and one off. */
export function reverses(a: ToggleRequest, b: ToggleRequest): boolean {
  return a.enabled !== b.enabled && a.scope === b.scope && a.agent === b.agent && a.target.server === b.target.server && a.target.family === b.target.family && a.target.tool === b.target.tool;
}

/**
 * The edit that gives the target's tools the wanted state, the smallest that does:
 * 1. the opposite rule for the same patterns goes (that undoes an earlier switch);
 * 2. then, if needed, narrower opposite rules of this file that name only the target's tools
 *    (a tool switched on inside a family now switched off);
 * 3. then, if needed, the patterns join the wanted list.
 * `decide` says how the config would decide with the file's text replaced; `everyTool` is every
 * tool the gateway knows. When a later scope, or this file's own broader rule, still decides
 * otherwise, or the edit would switch a tool outside the target too (a server named with a `*`),
 * nothing is written and the error says why.
 */
export function planToggle(
  text: string,
  request: ToggleRequest,
  patterns: readonly string[],
  tools: readonly RawTool[],
  everyTool: readonly ToolRef[],
  decideText: (text: string) => (server: string, tool: string) => ToolDecision,
): TogglePlan {
  // Each candidate text is read as a whole configuration once, however often it is asked about.
  const decided = new Map<string, (server: string, tool: string) => ToolDecision>();
  const decide = (candidate: string) => {
    let decision = decided.get(candidate);
    if (!decision) decided.set(candidate, (decision = decideText(candidate)));
    return decision;
  };
  const { server } = request.target;
  const want = request.enabled ? 'enable' : 'disable';
  const other = request.enabled ? 'disable' : 'enable';
  const wantPath = listPath(request.scope, request.agent, want);
  const otherPath = listPath(request.scope, request.agent, other);
  const inTarget = new Set(tools.map((t) => `${server}/${t.name}`));
  const missed = (candidate: string) => {
    const decision = decide(candidate);
    return tools.map((t) => ({ tool: t.name, ...decision(server, t.name) })).find((d) => (d.state === 'disabled') === request.enabled);
  };
  let out = text;
  for (const p of patterns) out = removePattern(out, otherPath, p);
  if (missed(out)) {
    for (const p of patternsAt(out, otherPath)) {
      if (p.startsWith('@')) continue;
      const matches = toolMatcher([p]);
      const named = everyTool.filter((t) => matches(t.server, t.tool));
      if (named.length && named.every((t) => inTarget.has(`${t.server}/${t.tool}`))) out = removePattern(out, otherPath, p);
    }
  }
  if (missed(out)) {
    const present = new Set(patternsAt(out, wantPath));
    for (const p of patterns) if (!present.has(p)) out = addPattern(out, wantPath, p);
  }
  const still = missed(out);
  if (still) {
    const rule = still.by ? `the rule in ${still.by}` : 'no rule';
    return { error: `${server}/${still.tool} would stay ${request.enabled ? 'disabled' : 'enabled'}: ${rule} decides after this one (within one file, enable wins over disable); change it there or choose that scope` };
  }
  const before = decide(text);
  const after = decide(out);
  const collateral = everyTool.find((t) => !inTarget.has(`${t.server}/${t.tool}`) && before(t.server, t.tool).state !== after(t.server, t.tool).state);
  if (collateral) return { error: `this would switch ${collateral.server}/${collateral.tool} too (a pattern of ${patterns.join(', ')} names it); edit the file by hand` };
  return { text: out, changed: out !== text };
}
