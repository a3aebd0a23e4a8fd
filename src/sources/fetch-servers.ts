import type { ServerEntry, ServerSpec } from '../catalog/types.js';
import { fetchServer, type FetchOptions } from './live/fetch-server.js';

export interface FetchProgress {
  /** Called once, before any server starts, with how many will. */
  onStart?: (total: number) => void;
  /** Called once per server when it is done (measured or failed). */
  onServerDone?: (entry: ServerEntry, done: number, total: number) => void;
}

/**
 * Start every server at once (each with its own timeout) and return their entries in the
 * order of `specs`. A slow or broken server holds up nothing but its own entry.
 */
export async function fetchServers(specs: readonly ServerSpec[], options: FetchOptions & FetchProgress): Promise<ServerEntry[]> {
  let done = 0;
  if (specs.length) options.onStart?.(specs.length);
  return Promise.all(
    specs.map(async (spec) => {
      const entry = await fetchServer(spec, options);
      options.onServerDone?.(entry, ++done, specs.length);
      return entry;
    }),
  );
}
