/**
 * Reads MCP client config files (Claude Code, Claude Desktop, Cursor, VS Code, Codex, Gemini CLI,
 * OpenCode) into server specs. Parsing works on text and is pure; `loadClientConfigs` is the one
 * place that touches the file system.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientKind } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import { parseClaudeCode } from './clients/claude-code.js';
import { parseClaudeDesktop } from './clients/claude-desktop.js';
import { parseCodex } from './clients/codex.js';
import { parseCursor } from './clients/cursor.js';
import { clientFromContent, clientFromPath } from './clients/detect.js';
import { parseGemini } from './clients/gemini.js';
import { isUserConfigFile, projectConfigLocations, userConfigLocations } from './clients/locations.js';
import type { ConfigLocation } from './clients/locations.js';
import { mergeParsedConfigs } from './clients/merge.js';
import type { MergedConfigs } from './clients/merge.js';
import { parseOpenCode } from './clients/opencode.js';
import { parseJsonText, parseTomlText } from '../fs/config-text.js';
import type { ClientParser, ConfigContext, ParsedConfig } from './clients/types.js';
import { parseVsCode } from './clients/vscode.js';

export type { ConfigContext, ParsedConfig, SkippedServer } from './clients/types.js';
export type { ConfigLocation } from './clients/locations.js';
export type { MergedConfigs } from './clients/merge.js';

const PARSERS: Record<ClientKind, ClientParser> = {
  'claude-code': parseClaudeCode,
  'claude-desktop': parseClaudeDesktop,
  cursor: parseCursor,
  vscode: parseVsCode,
  codex: parseCodex,
  gemini: parseGemini,
  opencode: parseOpenCode,
};

/** Only these two clients read JSON with comments and trailing commas. */
const LENIENT_JSON: ReadonlySet<ClientKind> = new Set(['vscode', 'opencode']);

const UNRECOGNISED =
  'not an MCP client config: expected a top-level "mcpServers" (Claude Code, Claude Desktop, Cursor, Gemini CLI), "servers" (VS Code) or "mcp" (OpenCode) object, or [mcp_servers.<name>] tables in a .toml file (Codex)';

/**
 * Parses one config file's text. Without `client`, the client is told from the path
 * (e.g. `.cursor/`, `.vscode/mcp.json`, `.toml`) and then from the top-level keys.
 */
export function parseClientConfig(text: string, ctx: ConfigContext, client?: ClientKind): ParsedConfig {
  const file = path.resolve(ctx.cwd, ctx.file);
  let kind = client ?? clientFromPath(file);
  let data: unknown;
  if (kind === undefined) {
    // Read leniently first: we cannot yet know whether comments are allowed.
    const peek = parseJsonText(text, file, true);
    kind = clientFromContent(peek);
    if (kind === undefined) throw new SlimError('config', `${file}: ${UNRECOGNISED}`);
    data = LENIENT_JSON.has(kind) ? peek : parseJsonText(text, file, false);
  } else {
    data = kind === 'codex' ? parseTomlText(text, file) : parseJsonText(text, file, LENIENT_JSON.has(kind));
  }
  const scope = kind === 'claude-desktop' || isUserConfigFile(file, ctx.home, ctx.env, ctx.cwd) ? 'user' : 'project';
  const parsed = PARSERS[kind](data, { ...ctx, file, scope });
  return { client: kind, file, ...parsed };
}

export interface DiscoveryContext {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists: (p: string) => boolean;
}

/** The config files of every client that exist for this project (cwd) and user (home), project first. */
export function discoverConfigFiles(ctx: DiscoveryContext): ConfigLocation[] {
  const user = userConfigLocations(ctx.home, ctx.env, ctx.platform, ctx.cwd);
  const userFiles = new Set(user.map((loc) => loc.file));
  // When cwd is home, a file is both; it is the user's (e.g. ~/.cursor/mcp.json is Cursor's global file).
  const project = projectConfigLocations(ctx.cwd, ctx.platform, ctx.exists).filter((loc) => !userFiles.has(loc.file));
  const seen = new Set<string>();
  return [...project, ...user].filter((loc) => {
    if (seen.has(loc.file) || !ctx.exists(loc.file)) return false;
    seen.add(loc.file);
    return true;
  });
}

/** The file system side of loading: a file's text, or undefined when it cannot be read. */
function readTextFile(file: string): { text: string } | { error: string } {
  try {
    return { text: readFileSync(file, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (code ?? String(error)) };
  }
}

/**
 * Reads, parses and merges config files, in order. Names come out unique: see `mergeParsedConfigs`.
 * Side files (envFile, `{file:...}`) are read with `ctx.readFile`, or from disk when it is not given.
 */
export function loadClientConfigs(
  files: readonly { file: string; client?: ClientKind; origin?: string; project?: string }[],
  ctx: Omit<ConfigContext, 'file'>,
): MergedConfigs {
  const readFile =
    ctx.readFile ??
    ((p: string): string | undefined => {
      const read = readTextFile(p);
      return 'text' in read ? read.text : undefined;
    });
  const parsed = files.map(({ file, client, origin, project }) => {
    const absolute = path.resolve(ctx.cwd, file);
    const read = readTextFile(absolute);
    if ('error' in read) {
      throw new SlimError('config', `${absolute}: cannot read this config file (${read.error}); check the path and its permissions`);
    }
    if (origin === undefined) return parseClientConfig(read.text, { ...ctx, readFile, file: absolute, ...(project ? { project } : {}) }, client);
    // Servers moved out of `origin` are read as if still there (relative paths, scope), and
    // named by the file they are in now.
    const where = path.resolve(ctx.cwd, origin);
    try {
      const config = parseClientConfig(read.text, { ...ctx, readFile, file: where, ...(project ? { project } : {}) }, client);
      const here = (text: string) => text.split(where).join(absolute);
      return {
        ...config,
        file: absolute,
        specs: config.specs.map((s) => ({ ...s, source: { ...s.source, file: absolute } })),
        warnings: config.warnings.map(here),
        skipped: config.skipped.map((s) => ({ ...s, reason: here(s.reason) })),
      };
    } catch (error) {
      if (error instanceof SlimError) throw new SlimError(error.code, error.message.split(where).join(absolute));
      throw error;
    }
  });
  return mergeParsedConfigs(parsed);
}
