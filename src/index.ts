/**
 * mcp-slim as a library: the same core the CLI uses, as plain functions over data.
 * Everything exported here is public API; anything else is internal and may change.
 */

// The catalog: one data model for every command.
export type {
  Catalog,
  ClientKind,
  FailureKind,
  HttpSpec,
  JsonObject,
  JsonValue,
  RawTool,
  ServerEntry,
  ServerFailure,
  ServerOrigin,
  ServerSpec,
  SpecSource,
  StdioSpec,
  ToolFilter,
} from './catalog/types.js';
export { CATALOG_FORMAT, CATALOG_VERSION } from './catalog/types.js';
export { newCatalog, parseCatalog, serializeCatalog } from './catalog/catalog-file.js';
export { applyToolFilter } from './catalog/tool-filter.js';

// Counting: pure functions over a catalog.
export type { ByteSplit, CostReport, EncodingName, ServerCost, Size, ToolCost } from './cost/types.js';
export { ENCODINGS } from './cost/types.js';
export { CLAUDE_CODE_DESCRIPTION_LIMIT, measureCatalog, measureTool, type MeasureOptions } from './cost/measure.js';
export { modelView } from './cost/model-view.js';
export { splitBytes } from './cost/byte-split.js';
export { countTokens, estimateTokens, sizeOf } from './cost/tokenizer.js';

// Sources: where catalogs come from (these start processes and open sockets).
export { fetchServer, type FetchOptions } from './sources/live/fetch-server.js';
export { fetchServers } from './sources/fetch-servers.js';
export { collectCatalog, type Collected, type SourceRequest } from './sources/collect.js';
export { discoverConfigFiles, loadClientConfigs, parseClientConfig, type ConfigContext, type ParsedConfig } from './sources/client-configs.js';

// Reports: strings from a measurement.
export type { MeasureView, TerminalStyle } from './report/types.js';
export { renderTerminal } from './report/terminal.js';
export { renderMarkdown } from './report/markdown.js';
export { renderHtml } from './report/html.js';
export { measureJson, MEASURE_JSON_VERSION } from './report/json.js';

export { SlimError, isSlimError, type SlimErrorCode } from './errors.js';

// What each client pays (rules as data) and install as text edits: pure functions.
export { clientCost, sessionCost, gatewayFind, type ClientCost, type Load, type Session, type SessionOptions } from './client-cost/model.js';
export { loadRuleBook, parseRuleBook, type ClientRules, type Prices, type RuleBook } from './client-cost/rules.js';
export { planInstall, type InstallInput, type InstallPlan } from './install/plan-install.js';
export { planUninstall, type InstallRecord, type UninstallPlan } from './install/plan-uninstall.js';
export { installTarget, movedServersTable, CLIENT_SCOPES, type InstallScope, type InstallTarget } from './install/targets.js';

// Budgets: check a measurement against mcp-slim.budget.json, and the ratchet.
export type { Budget, BudgetSources, BudgetView } from './budget/types.js';
export type { CheckFinding, Severity } from './budget/findings.js';
export { parseBudget } from './budget/budget-file.js';
export { checkBudget, type CheckResult } from './budget/check.js';
export { initialBudget, tightenEdits } from './budget/ratchet.js';
export { describeFinding } from './budget/describe.js';

// Slimming: shorter tool text, verified lossless.
export { slimCatalog, type SlimResult } from './slim/slim-catalog.js';
export { verifySlim, verifyTool, type Violation } from './slim/verify.js';
export { factCheck, type MissingSentence } from './slim/fact-check.js';
export { PRESETS, DEFAULT_PRESET, type PresetName, type SlimPolicy } from './slim/policy.js';
export { applyOverlay, buildOverlay, overlayFromSlim, parseOverlay, type Overlay } from './slim/overlay.js';

// Lint: one rule per file, findings with paths, safe fixes.
export { lintCatalog, lintExitCode, fixTool, countFindings } from './lint/lint-catalog.js';
export { RULES, RULES_BY_ID } from './lint/rules/index.js';
export type { LintFinding, LintOptions, Rule, RuleId, Severity as LintSeverity } from './lint/types.js';

// TTC, the TERSE Tool Catalog (docs/ttc.md).
export { toTTC, serverToTTC, renderTTC, renderCatalogTTC, parseTTC, parseTTCEntry, TTCParseError, ttcInToJsonSchema, validateWhen, parseSidecar } from './ttc/index.js';
export type { TTCEntry, Sidecar, SidecarEntry } from './ttc/index.js';
export { compareTTC, type TTCComparison } from './ttc/compare.js';
export { catalogToTTC, renderServersTTC, parseServersTTC } from './ttc/catalog-text.js';

// Tool search: the index behind `mcp-slim search` and the gateway's tool_search.
export { indexCatalog, rankTools, ToolSearchIndex, type IndexOptions } from './search/tool-index.js';
export type { DocumentKind, SearchHit } from './search/types.js';
export { phaseCatalog, type PhaseSets } from './search/phases.js';
export { selectTools, toolMatcher } from './catalog/select.js';

// The gateway, for embedding it in another program.
export { assembleGateway } from './gateway/assemble.js';
export { loadGatewayConfig, toolState } from './gateway/config/index.js';
export type { GatewayConfig, GatewayMode, ToolState } from './gateway/types.js';
export { createSessionServer } from './gateway/mcp-server.js';
export { startHttpGateway } from './gateway/http-server.js';
export { guardResult, ResultStore } from './gateway/result-guard.js';
