import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { escapeHtml } from '../report/_html-parts.js';
import { SlimError } from '../errors.js';
import { loadRuleBook } from '../client-cost/rules-file.js';
import type { RuleBook } from '../client-cost/rules.js';
import { followConfigFiles } from '../gateway/rules-reload.js';
import { ScopeWriter } from '../ui/scope-writer.js';
import { followLogFile, TraceFeed } from '../ui/trace-feed.js';
import { createUiHandler, startUiServer, type UiHandler } from '../ui/ui-http.js';
import { defineCommand } from './command.js';
import { EXIT, type ExitCode } from './exit-code.js';
import type { CliIO } from './io.js';
import { bindError, GATEWAY_FLAGS, GATEWAY_SECTIONS, loadGatewayFromCli, portNumber } from './_gateway-config.js';
import { prepareGateway, untilSignal, type PreparedGateway } from './_gateway-setup.js';

export const UI = defineCommand({
  name: 'ui',
  summary: "a page to see and steer the gateway's servers, without serving MCP",
  usage: [
    'ui                            the servers of mcp-slim.config.json; prints the page address',
    'ui --config .mcp.json --open  the servers of a client config, in the system browser',
  ],
  intro: `The page shows each upstream's state, its families and tools with their tokens, what a client
sees up front against the full cost, and each client's limits. Its switches enable or disable a
server, family or tool in the user, project, folder or agent scope file; a running "mcp-slim
serve" follows the change within a second. The live trace follows the gateway's log file.
"mcp-slim serve --http" serves the same page at /ui beside its MCP endpoint.`,
  sections: GATEWAY_SECTIONS,
  flags: {
    ...GATEWAY_FLAGS,
    port: { type: 'string', value: 'N', help: 'the port of the page (default 7801; 0 picks a free one)' },
    open: { type: 'boolean', help: 'open the page in the system browser' },
  },
  footer: `The address printed carries a token that lets a browser in (a cookie, HttpOnly and SameSite=Strict);
without it, or from another origin, the page is refused. Docs: docs/ui.md.

Exit codes: 0 stopped cleanly, 2 usage or configuration mistake (a port in use included), 3 crash.`,
});

const DEFAULT_PORT = 7801;

function ruleBook(): RuleBook | undefined {
  try {
    return loadRuleBook();
  } catch {
    // The client limits are a part of the page, not a reason to refuse it.
    return undefined;
  }
}

/** The page for a gateway, in `serve --http` or `ui`: its trace feed first (the gateway records into it), then its handler. */
export function pageFor(): { feed: TraceFeed; handler(prepared: PreparedGateway, serving: boolean): UiHandler } {
  const feed = new TraceFeed();
  return {
    feed,
    handler(prepared, serving) {
      const rules = ruleBook();
      return createUiHandler({ gateway: prepared.gateway, guard: prepared.guard, writer: new ScopeWriter(prepared.gateway, prepared.load), feed, serving, ...(rules ? { rules } : {}) });
    },
  };
}

/**
 * A file only this user can read that sends a browser to `url`: the browser is started with the
 * file's path, so the token is never on a command line that `ps` shows to other users.
 */
export function redirectFile(url: string): { file: string; dispose: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-slim-ui-'));
  const file = path.join(dir, 'open.html');
  const href = escapeHtml(url);
  writeFileSync(file, `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>mcp-slim</title><p><a href="${href}">Open the mcp-slim page</a></p>\n`, { mode: 0o600 });
  return { file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

function openBrowser(file: string, notice: (line: string) => void): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [file], { detached: true, stdio: 'ignore' });
  child.once('error', () => notice(`cannot open a browser (${command} is not there): open the address above by hand`));
  child.unref();
}

export async function uiCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = UI.parse(argv);
  if (values.help) {
    io.stdout.write(`${UI.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length) throw new SlimError('usage', `unexpected argument ${JSON.stringify(positionals[0])}; put a server's command after --`);
  const page = pageFor();
  const prepared = prepareGateway(io, loadGatewayFromCli(io, values, rest), values, 'ui');
  const { config, gateway, notice } = prepared;
  const host = values.host ?? config.http.host;
  const port = values.port === undefined ? DEFAULT_PORT : portNumber(values.port);
  const handler = page.handler(prepared, false);
  const signals = untilSignal();
  let served: Awaited<ReturnType<typeof startUiServer>>;
  try {
    served = await startUiServer(handler, { host, port, ...(config.http.allowedHosts ? { allowedHosts: config.http.allowedHosts } : {}) });
  } catch (error) {
    signals.dispose();
    throw bindError(error, host, port);
  }
  const url = handler.url(served.origin);
  notice(`page: ${url}`);
  const opener = values.open ? redirectFile(url) : undefined;
  if (opener) openBrowser(opener.file, notice);
  const unfollowLog = config.log ? followLogFile(config.log, page.feed) : () => undefined;
  const unfollowConfig = followConfigFiles(gateway, prepared.load, notice);
  try {
    void gateway.start();
    await signals.signalled;
  } finally {
    signals.stopping();
    unfollowLog();
    unfollowConfig();
    opener?.dispose();
    try {
      await served.close();
      await gateway.stop();
    } finally {
      signals.dispose();
    }
  }
  return EXIT.ok;
}
