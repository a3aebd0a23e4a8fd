import type { Catalog } from '../catalog/types.js';
import { CLAUDE_CODE_DESCRIPTION_LIMIT } from '../cost/measure.js';
import type { CostReport, EncodingName, ToolCost } from '../cost/types.js';
import type { JsonEdit } from '../fs/edit-json.js';
import { measuredBy, toolKey, withHeadroom } from './check.js';
import type { Budget, BudgetSources } from './types.js';

export const DEFAULT_PER_TOOL_BYTES = 4000;
export const BUDGET_SCHEMA_REF = './node_modules/mcp-slim/schemas/budget.schema.json';

export interface InitOptions {
  perToolBytes?: number;
  /** Also write a token total in this encoding. */
  tokens?: EncodingName;
  measure?: BudgetSources;
}

/** A budget that today's measurement passes: ceilings at today's sizes, a 5% headroom on totals. */
export function initialBudget(catalog: Catalog, report: CostReport, options: InitOptions = {}): Budget {
  const perToolBytes = options.perToolBytes ?? DEFAULT_PER_TOOL_BYTES;
  const single = catalog.servers.length === 1;
  const oversized: Record<string, number> = {};
  for (const t of [...report.tools].sort((a, b) => toolKey(a, single).localeCompare(toolKey(b, single)))) {
    if (t.wire.bytes > perToolBytes) oversized[toolKey(t, single)] = t.wire.bytes;
  }
  const longest = Math.max(0, ...report.tools.map((t) => t.descriptionChars));
  return {
    $schema: BUDGET_SCHEMA_REF,
    notes: 'Raising a number here is a written decision: say which, by whom and why. `mcp-slim check --update` only ever lowers them.',
    ...(options.measure ? { measure: options.measure } : {}),
    view: 'wire',
    totalBytes: withHeadroom(report.total.wire.bytes),
    perToolBytes,
    ...(longest > CLAUDE_CODE_DESCRIPTION_LIMIT ? { maxDescriptionChars: longest } : {}),
    ...(options.tokens ? { encoding: options.tokens, totalTokens: withHeadroom(report.total.wire.tokens[options.tokens]) } : {}),
    oversized,
  };
}

function toolsFor(key: string, tools: readonly ToolCost[]): ToolCost[] {
  return tools.filter((t) => `${t.server}/${t.name}` === key || t.name === key);
}

/**
 * The edits that tighten a budget to today's measurement: lower ceilings, drop oversized
 * entries that now fit or no longer exist. Never an edit that raises a number: raising stays a
 * hand edit with a written reason. Callers must not use this after a server failed.
 */
export function tightenEdits(budget: Budget, report: CostReport): (JsonEdit & { reason: string })[] {
  const m = measuredBy(budget);
  const edits: (JsonEdit & { reason: string })[] = [];
  const lower = (path: (string | number)[], current: number | undefined, target: number, what: string) => {
    if (current !== undefined && target < current) edits.push({ path, value: target, reason: `${what}: ${current} → ${target}` });
  };
  const total = { wire: report.total.wire, modelView: report.total.modelView };
  lower(['totalBytes'], budget.totalBytes, withHeadroom(m.bytes(total)), 'totalBytes');
  lower(['totalTokens'], budget.totalTokens, withHeadroom(m.tokens(total)), 'totalTokens');
  for (const [server, limits] of Object.entries(budget.servers ?? {})) {
    const cost = report.servers.find((s) => s.name === server);
    if (!cost) continue;
    lower(['servers', server, 'totalBytes'], limits.totalBytes, withHeadroom(m.bytes(cost)), `servers.${server}.totalBytes`);
    lower(['servers', server, 'totalTokens'], limits.totalTokens, withHeadroom(m.tokens(cost)), `servers.${server}.totalTokens`);
  }
  for (const [key, ceiling] of Object.entries(budget.oversized ?? {})) {
    const matched = toolsFor(key, report.tools);
    if (matched.length === 0) {
      edits.push({ path: ['oversized', key], value: undefined, reason: `oversized.${key}: removed, no such tool any more` });
      continue;
    }
    const size = Math.max(...matched.map((t) => m.bytes(t)));
    // Dropping the entry hands the tool perToolBytes: only a tightening if its ceiling was above that.
    if (budget.perToolBytes !== undefined && size <= budget.perToolBytes && ceiling >= budget.perToolBytes) {
      edits.push({ path: ['oversized', key], value: undefined, reason: `oversized.${key}: removed, ${size} bytes now fits perToolBytes ${budget.perToolBytes}` });
    } else lower(['oversized', key], ceiling, size, `oversized.${key}`);
  }
  if (budget.maxDescriptionChars !== undefined) {
    const longest = Math.max(0, ...report.tools.map((t) => t.descriptionChars));
    lower(['maxDescriptionChars'], budget.maxDescriptionChars, Math.max(longest, CLAUDE_CODE_DESCRIPTION_LIMIT), 'maxDescriptionChars');
  }
  return edits;
}
