import { homedir } from 'node:os';
import { existsSync } from 'node:fs';
import { newCatalog, parseCatalog } from '../catalog/catalog-file.js';
import type { Catalog, ClientKind, ServerEntry, ServerSpec } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import { readUserFile } from '../fs/read-text.js';
import { allCatalogPaths } from './catalog-paths.js';
import { discoverConfigFiles, loadClientConfigs } from './client-configs.js';
import { demoSpecs } from './demo.js';
import { fetchServers, type FetchProgress } from './fetch-servers.js';
import { uniqueNames } from './server-name.js';

/** What the user asked to measure. Several kinds can be combined in one run. */
export interface SourceRequest {
  /** Servers given directly (a command after `--`, `--url`). */
  specs: ServerSpec[];
  configFiles: { file: string; client?: ClientKind }[];
  catalogFiles: string[];
  demo: boolean;
  /** Look for the client configs of the project and user when nothing else is given. */
  discover: boolean;
  /** Discover only this client's configs. */
  discoverClient?: ClientKind;
  timeoutMs: number;
}

export interface CollectEnv {
  env: Record<string, string | undefined>;
  cwd: string;
  home?: string;
  platform?: NodeJS.Platform;
}

export interface Collected {
  catalog: Catalog;
  /** Config files that were read, in order. */
  configFiles: string[];
  warnings: string[];
  skipped: { name: string; reason: string }[];
}

const readCatalogFile = (file: string, cwd: string): Catalog => parseCatalog(readUserFile(cwd, file, 'catalog'), file);

/**
 * The one place a catalog is assembled: saved catalogs, client configs, direct servers and the
 * demo set, servers started in parallel. Configuration mistakes throw a SlimError before any
 * server starts; a server that fails is an entry with `failure`, never an exception.
 */
export async function collectCatalog(request: SourceRequest, where: CollectEnv, progress: FetchProgress = {}): Promise<Collected> {
  const home = where.home ?? where.env.HOME ?? homedir();
  const saved = allCatalogPaths(request.catalogFiles, where.cwd).map((f) => readCatalogFile(f, where.cwd));
  let configFiles = request.configFiles;
  if (request.discover) {
    configFiles = discoverConfigFiles({ cwd: where.cwd, home, env: where.env, platform: where.platform ?? process.platform, exists: existsSync })
      .filter(({ client }) => request.discoverClient === undefined || client === request.discoverClient)
      .map(({ file, client }) => ({ file, client }));
    if (configFiles.length === 0) {
      const whose = request.discoverClient ? `${request.discoverClient} config` : 'MCP client config';
      throw new SlimError(
        'usage',
        `no ${whose} found for ${where.cwd} or in ${home}; pass a server (mcp-slim measure -- <command>), --url, --config FILE, --catalog FILE, or --demo`,
      );
    }
  }
  const configs = configFiles.length ? loadClientConfigs(configFiles, { env: where.env, cwd: where.cwd, home }) : undefined;
  const specs = [...(request.demo ? demoSpecs() : []), ...(configs?.specs ?? []), ...request.specs];
  const live = await fetchServers(uniqueNames(specs), { timeoutMs: request.timeoutMs, env: where.env, cwd: where.cwd, inherit: 'all', ...progress });
  const servers: ServerEntry[] = uniqueNames([...saved.flatMap((c) => c.servers), ...live]);
  return {
    catalog: newCatalog(servers),
    configFiles: configs?.files ?? [],
    warnings: configs?.warnings ?? [],
    skipped: configs?.skipped ?? [],
  };
}
