/**
 * The gateway's enable/disable rules follow its config files while it serves: a file edited by
 * hand or from the page is read again and its rules put in force, and every session is told.
 * Servers, modes and the rest are read at start only.
 */
import { pollFiles } from '../fs/poll-files.js';
import { isDeepStrictEqual } from 'node:util';
import { existsSync } from 'node:fs';
import { loadGatewayConfig, possibleGatewayConfigLocations, type LoadGatewayConfigOptions } from './config/index.js';
import { rulesOf, type Gateway } from './gateway.js';

/** Read the config files again; true when their rules changed (and are now in force). Throws what loading throws. */
export function reloadRules(gateway: Gateway, load: LoadGatewayConfigOptions): boolean {
  const next = rulesOf(loadGatewayConfig(load));
  if (isDeepStrictEqual(next, gateway.rules)) return false;
  gateway.setFilters(next);
  return true;
}

/** How often the config files are looked at: a hand edit is in force within about this. */
const POLL_MS = 1000;

/**
 * Watch every file that is or could be a scope of this configuration (a file created later
 * counts too) and reload the rules when one changes. A file that no longer reads keeps the
 * rules in force and is said once.
 */
export function followConfigFiles(gateway: Gateway, load: LoadGatewayConfigOptions, notice: (line: string) => void): () => void {
  const files = possibleGatewayConfigLocations(load).map((loc) => loc.file);
  let said: string | undefined;
  const changed = () => {
    try {
      if (reloadRules(gateway, load)) notice(`config changed: the enable/disable rules of ${files.filter((f) => existsSync(f)).join(', ') || 'no file'} are in force`);
      said = undefined;
    } catch (error) {
      const message = (error as Error).message;
      if (message !== said) notice(`config changed, but ${message}; the rules in force stay until it is fixed`);
      said = message;
    }
  };
  return pollFiles(files, POLL_MS, changed);
}
