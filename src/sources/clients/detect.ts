import type { ClientKind } from '../../catalog/types.js';
import { isPlainObject } from './fields.js';

/** Which client a file belongs to, from its name and folders alone. */
export function clientFromPath(file: string): ClientKind | undefined {
  const parts = file.split(/[\\/]+/);
  const base = (parts.at(-1) ?? '').toLowerCase();
  const dir = (parts.at(-2) ?? '').toLowerCase();
  const inFolder = (name: string): boolean => parts.slice(0, -1).includes(name);
  if (base.endsWith('.toml')) return 'codex';
  if (base === 'claude_desktop_config.json') return 'claude-desktop';
  if (base === '.mcp.json' || base === '.claude.json') return 'claude-code';
  if (base === 'opencode.json' || base === 'opencode.jsonc') return 'opencode';
  if (inFolder('.cursor')) return 'cursor';
  if (inFolder('.gemini')) return 'gemini';
  if (dir === '.vscode' && base === 'mcp.json') return 'vscode';
  // The per-user VS Code folder: Code/User (also "Code - Insiders/User").
  if (dir === 'user' && /^code\b/i.test(parts.at(-3) ?? '') && (base === 'mcp.json' || base === 'settings.json')) return 'vscode';
  return undefined;
}

const GEMINI_MCP_KEYS = new Set(['allowed', 'excluded', 'serverCommand']);

/** Which client a parsed JSON file belongs to, from its top-level keys. */
export function clientFromContent(data: unknown): ClientKind | undefined {
  if (!isPlainObject(data)) return undefined;
  if (isPlainObject(data.servers)) return 'vscode';
  const mcp = data.mcp;
  if (isPlainObject(mcp) && isPlainObject(mcp.servers)) return 'vscode'; // VS Code's old settings.json block
  if (isPlainObject(data.mcpServers)) {
    // Gemini's global `mcp` block sits next to `mcpServers`; other clients have no such block.
    const geminiBlock = isPlainObject(mcp) && Object.keys(mcp).some((key) => GEMINI_MCP_KEYS.has(key));
    return geminiBlock ? 'gemini' : 'claude-code';
  }
  if (isPlainObject(mcp)) return 'opencode';
  return undefined;
}
