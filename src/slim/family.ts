import type { RawTool } from '../catalog/types.js';
import type { SlimPolicy } from './policy.js';

const prefixOf = (name: string): string | undefined => /^([A-Za-z0-9]+)[_\-.]/.exec(name)?.[1];

/**
 * The manual a tool's removed text goes to: its server, or (policy `prefix`) its server and
 * name prefix when at least two of the server's tools share it (`browser_click` → `browser`).
 */
export function familyOf(server: string, tool: RawTool, tools: readonly RawTool[], policy: SlimPolicy): string {
  if (policy.family === 'server') return server;
  const prefix = prefixOf(tool.name);
  if (!prefix) return server;
  const shared = tools.filter((t) => prefixOf(t.name) === prefix).length;
  return shared >= 2 ? `${server}--${prefix}` : server;
}
