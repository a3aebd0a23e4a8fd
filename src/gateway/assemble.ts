import { dirname, resolve } from 'node:path';
import type { JsonObject } from '../catalog/types.js';
import { readUserFile } from '../fs/read-text.js';
import { parseOverlay, type Overlay } from '../slim/overlay.js';
import { createAccountingLog, type AccountingEntry, type AccountingLog } from './accounting.js';
import { Gateway } from './gateway.js';
import type { ResultGuard } from './gateway-session.js';
import { guardResult, readResultCall, ResultStore, type ToolResultLike } from './result-guard.js';
import type { GatewayConfig } from './types.js';

/** The overlay and the manuals it points at (`manual/<family>.md`, beside the overlay). */
export function loadOverlay(file: string, cwd: string): { overlay: Overlay; manuals: Map<string, string> } {
  const overlay = parseOverlay(readUserFile(cwd, file, 'overlay', 'write one with mcp-slim slim --out DIR'), file);
  const manuals = new Map<string, string>();
  for (const server of Object.values(overlay.servers)) {
    for (const tool of Object.values(server.tools)) {
      const ref = tool.manual?.split('#')[0];
      if (ref && !manuals.has(ref)) manuals.set(ref, readUserFile(dirname(resolve(cwd, file)), ref, 'manual', 'keep the manual/ folder beside overlay.json'));
    }
  }
  return { overlay, manuals };
}

/** The result guard of seeds/000 over one store of cut results. */
export function resultGuard(config: GatewayConfig): ResultGuard {
  const store = new ResultStore();
  const { warnTokens, maxTokens } = config.resultGuard;
  return {
    guard: (result, { owner, validateStructured }) => {
      const out = guardResult(result as ToolResultLike, { warnTokens, maxTokens, store, owner, ...(validateStructured ? { validateStructured } : {}) });
      return { result: out.result as JsonObject, tokens: out.tokens, ...(out.estimated ? { estimated: true } : {}), sentTokens: out.sentTokens, ...(out.structuredTokens !== undefined ? { structuredTokens: out.structuredTokens } : {}), warned: out.warned, ...(out.cut ? { cut: out.cut.id ? { id: out.cut.id } : {} } : {}) };
    },
    read: (id, offset, owner) => readResultCall(store, { id, offset }, maxTokens, owner) as JsonObject,
  };
}

export interface Assembled {
  gateway: Gateway;
  guard: ResultGuard;
  log: AccountingLog;
}

/** A gateway from its configuration: overlay, filters, result guard and accounting wired in. */
export function assembleGateway(
  config: GatewayConfig,
  where: { env: Record<string, string | undefined>; cwd: string },
  notice: (line: string) => void,
  /** Where entries go besides the log file (the page's live trace): they are then counted even with no log. */
  feed?: { record(entry: AccountingEntry): void },
): Assembled {
  const slim = config.overlay ? loadOverlay(config.overlay, where.cwd) : undefined;
  const log = createAccountingLog(config.log, notice);
  const record = (entry: AccountingEntry) => {
    log.record(entry);
    feed?.record(entry);
  };
  const gateway = new Gateway(config, {
    ...(slim ? { overlay: slim.overlay, manuals: slim.manuals } : {}),
    // No log, no accounting: the token counts it needs are then not computed at all.
    ...(config.log || feed ? { log: { record: (entry) => record(entry as unknown as AccountingEntry) } } : {}),
    env: where.env,
    cwd: where.cwd,
    notice,
  });
  return { gateway, guard: resultGuard(config), log };
}
