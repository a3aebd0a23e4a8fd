/**
 * What `serve` and `ui` share once they run: the gateway assembled from its configuration, and
 * the signals that stop it.
 */
import { assembleGateway, type Assembled } from '../gateway/assemble.js';
import type { LoadGatewayConfigOptions } from '../gateway/config/index.js';
import { unknownAgent, unmatchedPatterns, unmatchedServerPatterns } from '../gateway/config/unmatched.js';
import type { AccountingEntry } from '../gateway/accounting.js';
import type { GatewayConfig } from '../gateway/types.js';
import { killLiveServers } from '../sources/live/attempt.js';
import type { FlagValues } from './command.js';
import type { CliIO } from './io.js';
import type { GATEWAY_FLAGS } from './_gateway-config.js';

export interface PreparedGateway extends Assembled {
  config: GatewayConfig;
  /** How the config files were read: read again when they change. */
  load: LoadGatewayConfigOptions;
  agent?: string;
  notice: (line: string) => void;
}

/** The gateway assembled from its configuration (not started), with what to say at startup said. */
export function prepareGateway(
  io: CliIO,
  loaded: { config: GatewayConfig; load: LoadGatewayConfigOptions },
  values: FlagValues<typeof GATEWAY_FLAGS>,
  command: string,
  feed?: { record(entry: AccountingEntry): void },
): PreparedGateway {
  const { config, load } = loaded;
  const notice = (line: string) => io.stderr.write(`mcp-slim ${command}: ${line}\n`);
  if (config.files.length) notice(`config: ${config.files.join(', ')}`);
  for (const warning of config.warnings ?? []) notice(`warning: ${warning}`);
  const agent = values.agent ?? io.env.MCP_SLIM_AGENT;
  // Patterns and agent names that match nothing: the server part now, the tool part once every
  // upstream has answered once (each said once).
  const said = new Set<string>();
  const warnOnce = (warnings: readonly (string | undefined)[]) => {
    for (const w of warnings) if (w && !said.has(w) && said.add(w)) notice(`warning: ${w}`);
  };
  warnOnce([...unmatchedServerPatterns(config), unknownAgent(config, agent)]);
  const assembled = assembleGateway(config, { env: io.env, cwd: io.cwd }, notice, feed);
  assembled.gateway.onFirstListing(() => {
    const live = [...assembled.gateway.upstreams.values()].filter((u) => u.status === 'ready').map((u) => ({ name: u.name, tools: u.tools.map((t) => t.name) }));
    warnOnce(unmatchedPatterns(config, live));
  });
  return { ...assembled, config, load, ...(agent ? { agent } : {}), notice };
}

const SIGNALS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Resolves on SIGINT, SIGTERM or SIGHUP. The handlers stay until dispose(), so a signal that
 * comes while the upstreams are being stopped (a client that closed our input, then sent SIGTERM
 * after its own grace) does not kill us with them still running: a signal once shutdown has
 * begun, or a second one, SIGKILLs every upstream and exits at once, and so does any exit
 * before dispose().
 */
export function untilSignal(): { signalled: Promise<void>; stopping: () => void; dispose: () => void } {
  let done!: () => void;
  const signalled = new Promise<void>((resolve) => (done = resolve));
  let urgent = false;
  const onSignal = (signal: keyof typeof SIGNALS) => {
    if (!urgent) {
      urgent = true;
      return done();
    }
    killLiveServers();
    // The one place besides the bin that exits: a second signal means now.
    process.exit(SIGNALS[signal]);
  };
  const names = Object.keys(SIGNALS) as (keyof typeof SIGNALS)[];
  for (const s of names) process.on(s, onSignal);
  process.once('exit', killLiveServers);
  return {
    signalled,
    stopping: () => void (urgent = true),
    dispose: () => {
      for (const s of names) process.off(s, onSignal);
      process.off('exit', killLiveServers);
    },
  };
}


