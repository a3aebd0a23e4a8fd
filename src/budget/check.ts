import type { Catalog } from '../catalog/types.js';
import type { CostReport, Size, ToolCost } from '../cost/types.js';
import { CLAUDE_CODE_DESCRIPTION_LIMIT } from '../cost/measure.js';
import type { CheckFinding, Metric } from './findings.js';
import { severityOf } from './findings.js';
import type { Budget } from './types.js';

/** Headroom --init leaves on totals, and the ratchet's target: 5% above what is measured. */
export const TOTAL_HEADROOM = 0.05;
/** A total limit is "well above" the measurement when it exceeds the ratchet target by more than 1%. */
const LOOSE_MARGIN = 0.01;

export const withHeadroom = (actual: number): number => Math.ceil(actual * (1 + TOTAL_HEADROOM));

/** How a tool is named in a budget: `tool` when the catalog has one server, else `server/tool`. */
export function toolKey(cost: Pick<ToolCost, 'server' | 'name'>, singleServer: boolean): string {
  return singleServer ? cost.name : `${cost.server}/${cost.name}`;
}

/** The measured numbers a budget is compared with, in the budget's view and encoding. */
export interface Measured {
  bytes: (size: { wire: Size; modelView: Size }) => number;
  tokens: (size: { wire: Size; modelView: Size }) => number;
}

export function measuredBy(budget: Budget): Measured {
  const pick = (s: { wire: Size; modelView: Size }) => (budget.view === 'model' ? s.modelView : s.wire);
  const encoding = budget.encoding ?? 'o200k_base';
  return { bytes: (s) => pick(s).bytes, tokens: (s) => pick(s).tokens[encoding] };
}

/** The oversized ceiling that applies to a tool: `server/tool` first, then the bare name. */
export function oversizedCeiling(budget: Budget, cost: ToolCost): { key: string; limit: number } | undefined {
  for (const key of [`${cost.server}/${cost.name}`, cost.name]) {
    const limit = budget.oversized?.[key];
    if (limit !== undefined) return { key, limit };
  }
  return undefined;
}

function totalFindings(metric: Metric, limit: number | undefined, actual: number, server?: string): CheckFinding[] {
  if (limit === undefined) return [];
  if (actual > limit) return [server ? { kind: 'server-over', server, metric, limit, actual } : { kind: 'total-over', metric, limit, actual }];
  const suggested = withHeadroom(actual);
  if (limit - suggested > limit * LOOSE_MARGIN) {
    return [server ? { kind: 'server-loose', server, metric, limit, actual, suggested } : { kind: 'total-loose', metric, limit, actual, suggested }];
  }
  return [];
}

function toolFindings(budget: Budget, cost: ToolCost, single: boolean, m: Measured): CheckFinding[] {
  const tool = toolKey(cost, single);
  const out: CheckFinding[] = [];
  const bytes = m.bytes(cost);
  const ceiling = oversizedCeiling(budget, cost);
  if (ceiling) {
    if (bytes > ceiling.limit) out.push({ kind: 'oversized-grew', tool: ceiling.key, limit: ceiling.limit, actual: bytes });
    else if (budget.perToolBytes !== undefined && bytes <= budget.perToolBytes && ceiling.limit >= budget.perToolBytes) out.push({ kind: 'oversized-fits', tool: ceiling.key, limit: budget.perToolBytes, actual: bytes });
    else if (bytes < ceiling.limit) out.push({ kind: 'oversized-shrank', tool: ceiling.key, limit: ceiling.limit, actual: bytes });
  } else {
    if (budget.perToolBytes !== undefined && bytes > budget.perToolBytes) out.push({ kind: 'tool-over', tool, metric: 'bytes', limit: budget.perToolBytes, actual: bytes });
    const tokens = m.tokens(cost);
    if (budget.perToolTokens !== undefined && tokens > budget.perToolTokens) out.push({ kind: 'tool-over', tool, metric: 'tokens', limit: budget.perToolTokens, actual: tokens });
  }
  const maxChars = budget.maxDescriptionChars ?? CLAUDE_CODE_DESCRIPTION_LIMIT;
  if (cost.descriptionChars > maxChars) out.push({ kind: 'description-too-long', tool, limit: maxChars, actual: cost.descriptionChars });
  return out;
}

/** Names in the budget that match nothing measured, unless a failed server might own them. */
function staleFindings(budget: Budget, catalog: Catalog, report: CostReport): CheckFinding[] {
  const failed = new Set(catalog.servers.filter((s) => s.failure).map((s) => s.name));
  const known = new Set(report.tools.flatMap((t) => [`${t.server}/${t.name}`, t.name]));
  const out: CheckFinding[] = [];
  for (const key of Object.keys(budget.oversized ?? {})) {
    if (known.has(key)) continue;
    const server = key.includes('/') ? key.slice(0, key.indexOf('/')) : undefined;
    if (server ? failed.has(server) : failed.size > 0) continue;
    out.push({ kind: 'unknown-tool', tool: key });
  }
  const servers = new Set(catalog.servers.map((s) => s.name));
  for (const server of Object.keys(budget.servers ?? {})) if (!servers.has(server)) out.push({ kind: 'unknown-server', server });
  return out;
}

export interface CheckResult {
  findings: CheckFinding[];
  /** Totals in the budget's view and encoding. */
  totals: { bytes: number; tokens: number; tools: number; servers: number };
  pass: boolean;
}

/** Compare a measurement with a budget. Pure: the I/O is the caller's. */
export function checkBudget(budget: Budget, catalog: Catalog, report: CostReport): CheckResult {
  const m = measuredBy(budget);
  const single = catalog.servers.length === 1;
  const findings: CheckFinding[] = [];
  for (const s of catalog.servers) if (s.failure) findings.push({ kind: 'server-failed', server: s.name, message: s.failure.message });
  const total = { wire: report.total.wire, modelView: report.total.modelView };
  findings.push(...totalFindings('bytes', budget.totalBytes, m.bytes(total)), ...totalFindings('tokens', budget.totalTokens, m.tokens(total)));
  for (const [server, limits] of Object.entries(budget.servers ?? {})) {
    const cost = report.servers.find((s) => s.name === server);
    if (!cost || cost.failed) continue;
    findings.push(...totalFindings('bytes', limits.totalBytes, m.bytes(cost), server), ...totalFindings('tokens', limits.totalTokens, m.tokens(cost), server));
  }
  for (const cost of report.tools) findings.push(...toolFindings(budget, cost, single, m));
  findings.push(...staleFindings(budget, catalog, report));
  return {
    findings,
    totals: { bytes: m.bytes(total), tokens: m.tokens(total), tools: report.tools.length, servers: catalog.servers.length },
    pass: !findings.some((f) => severityOf(f) !== 'ratchet'),
  };
}
