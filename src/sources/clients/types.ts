import type { ClientKind, ServerSpec } from '../../catalog/types.js';

/** What a config parser needs from the outside world; everything else comes from the text. */
export interface ConfigContext {
  file: string;
  env: Record<string, string | undefined>;
  cwd: string;
  home: string;
  /** The project whose per-project servers to read (Claude Code's `projects[...]`); defaults to cwd. */
  project?: string;
  /** Reads a side file (envFile, `{file:...}`); undefined when it does not exist. Absent: side files are skipped. */
  readFile?: (path: string) => string | undefined;
}

export interface SkippedServer {
  name: string;
  reason: string;
}

/** What one client parser returns for one file. */
export interface ParsedServers {
  specs: ServerSpec[];
  warnings: string[];
  skipped: SkippedServer[];
}

export interface ParsedConfig extends ParsedServers {
  client: ClientKind;
  file: string;
}

/** The context a client parser gets: `file` is absolute and the file's scope is already known. */
export interface ClientContext extends ConfigContext {
  scope: 'project' | 'user';
}

export type ClientParser = (data: unknown, ctx: ClientContext) => ParsedServers;
