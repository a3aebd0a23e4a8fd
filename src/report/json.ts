import { redactFailure, redactOrigin } from '../catalog/redact.js';
import type { ServerCost } from '../cost/types.js';
import { redactText } from '../util/redact.js';
import { windowShare } from './_format.js';
import type { MeasureView } from './types.js';

/** Bumped only when a field changes meaning or disappears; new fields do not bump it. */
export const MEASURE_JSON_VERSION = 1;

export interface MeasureJsonExtras {
  configFiles: string[];
  warnings: string[];
  skipped: { name: string; reason: string }[];
}

/**
 * The stable `--json` output of `mcp-slim measure` (documented in docs/json-output.md):
 * the cost report, with each server's catalog facts (origin, failure, pages, timings) beside
 * its cost, and the share of the context window. Origins, failures and warnings are redacted
 * (util/redact.ts): `--json` output ends up in CI logs.
 */
export function measureJson(view: MeasureView, extras: MeasureJsonExtras) {
  const { catalog, report } = view;
  const share = windowShare(view);
  const servers = report.servers.map((cost: ServerCost, i) => {
    const entry = catalog.servers[i]!;
    return {
      ...cost,
      origin: redactOrigin(entry.origin),
      ...(entry.serverInfo ? { serverInfo: entry.serverInfo } : {}),
      ...(entry.failure ? { failure: redactFailure(entry.failure) } : {}),
      ...(entry.strictParseError ? { strictParseError: entry.strictParseError } : {}),
      ...(entry.filteredOut ? { filteredOut: entry.filteredOut } : {}),
      ...(entry.pages !== undefined ? { pages: entry.pages } : {}),
      ...(entry.timings ? { timings: entry.timings } : {}),
      promptCount: entry.prompts?.length ?? 0,
      resourceTemplateCount: entry.resourceTemplates?.length ?? 0,
    };
  });
  return {
    schemaVersion: MEASURE_JSON_VERSION,
    command: 'measure',
    estimateNote: 'estimatedTokens is ceil(bytes/4), a rule of thumb, not a tokenizer count',
    window: { tokens: view.window, encoding: 'o200k_base', used: share.totalTokens, share: share.fraction },
    descriptionLimit: report.descriptionLimit,
    total: report.total,
    servers,
    tools: report.tools,
    overLimit: report.overLimit,
    configFiles: extras.configFiles,
    warnings: extras.warnings.map(redactText),
    skipped: extras.skipped.map((s) => ({ ...s, reason: redactText(s.reason) })),
  };
}
