import { escapeRegExp } from '../util/regexp.js';
import type { Catalog } from './types.js';

/**
 * Tool patterns, used by phases and by the gateway's filters: `server/tool`, `server/*`,
 * `*\/tool`, a bare `tool` (any server) or a name prefix such as `browser_*`. `*` matches any run
 * of characters; matching is exact otherwise.
 */
export function toolMatcher(patterns: readonly string[]): (server: string, tool: string) => boolean {
  const compiled = patterns.map((p) => {
    const [serverPart, toolPart] = p.includes('/') ? [p.slice(0, p.indexOf('/')), p.slice(p.indexOf('/') + 1)] : ['*', p];
    const re = (glob: string) => new RegExp(`^${glob.split('*').map(escapeRegExp).join('.*')}$`);
    return { server: re(serverPart), tool: re(toolPart) };
  });
  return (server, tool) => compiled.some((c) => c.server.test(server) && c.tool.test(tool));
}

/** The catalog with only the tools the patterns name (servers keep their other fields). */
export function selectTools(catalog: Catalog, patterns: readonly string[]): Catalog {
  const matches = toolMatcher(patterns);
  return { ...catalog, servers: catalog.servers.map((s) => ({ ...s, tools: s.tools.filter((t) => matches(s.name, t.name)) })) };
}
