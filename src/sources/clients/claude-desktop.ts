import { configRoot, serverEntries } from './fields.js';
import { configSource, emptyResult, stdioSpec } from './specs.js';
import type { ClientParser } from './types.js';

const EXAMPLE = '"fs": { "command": "npx", "args": ["-y", "some-mcp-server"], "env": {} }';

/**
 * `claude_desktop_config.json`: stdio servers only, taken literally (Desktop documents no variable
 * expansion). Remote servers live in Desktop's Connectors UI, so a `url` entry is skipped, not read.
 */
export const parseClaudeDesktop: ClientParser = (data, ctx) => {
  const root = configRoot(data, ctx.file);
  const out = emptyResult();
  for (const r of serverEntries(root.mcpServers, 'mcpServers', ctx.file, EXAMPLE)) {
    if (!r.has('command') && r.has('url')) {
      out.skipped.push({ name: r.name, reason: `${ctx.file}: Claude Desktop does not read "url" servers from this file (it adds remote servers in Settings → Connectors)` });
      continue;
    }
    if (!r.has('command')) r.fail('needs "command" (Claude Desktop runs stdio servers only)');
    out.specs.push(
      stdioSpec(
        { name: r.name, source: configSource('claude-desktop', ctx) },
        { command: r.requiredString('command'), args: r.stringArray('args'), env: r.stringMap('env') },
      ),
    );
  }
  return out;
};
