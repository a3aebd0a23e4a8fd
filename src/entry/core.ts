/**
 * `mcp-slim/core`: pure functions over data. Nothing reachable from here starts a process, opens
 * a socket or touches a file (test/library-layers.test.ts walks the imports to keep it so; the
 * only Node built-ins it loads are node:path and node:crypto, which compute).
 * Text in, results out: reading the files is the caller's job (`collectCatalog` in
 * `mcp-slim/sources` reads saved catalogs as well as live servers).
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
} from '../catalog/types.js';
export { CATALOG_FORMAT, CATALOG_VERSION } from '../catalog/types.js';
export { newCatalog, parseCatalog, serializeCatalog } from '../catalog/catalog-file.js';
export { applyToolFilter } from '../catalog/tool-filter.js';
export { selectTools, toolMatcher } from '../catalog/select.js';

export { SlimError, isSlimError, type SlimErrorCode } from '../errors.js';

// Counting. The tokenizers' ranks are JavaScript modules of gpt-tokenizer, not files read at run time.
export type { ByteSplit, CostReport, EncodingName, ServerCost, Size, ToolCost } from '../cost/types.js';
export { ENCODINGS } from '../cost/types.js';
export { CLAUDE_CODE_DESCRIPTION_LIMIT, measureCatalog, measureTool, type MeasureOptions } from '../cost/measure.js';
export { modelView } from '../cost/model-view.js';
export { splitBytes } from '../cost/byte-split.js';
export { countTokens, estimateTokens, sizeOf } from '../cost/tokenizer.js';

// Reports: strings from a measurement.
export type { MeasureView, TerminalStyle } from '../report/types.js';
export { renderTerminal } from '../report/terminal.js';
export { renderMarkdown } from '../report/markdown.js';
export { renderHtml } from '../report/html.js';
export { measureJson, MEASURE_JSON_VERSION } from '../report/json.js';

// What each client pays. The rule book itself comes from `loadRuleBook`/`parseRuleBook` in
// `mcp-slim/sources`: their module reads data/client-rules.json (only the types are here).
export { clientCost, sessionCost, gatewayFind, type ClientCost, type Load, type Session, type SessionOptions } from '../client-cost/model.js';
export { parseRuleBook, type ClientRules, type Prices, type RuleBook } from '../client-cost/rules.js';

// Install and uninstall as text edits: a client's file in, the new text out.
export { planInstall, type InstallInput, type InstallPlan } from '../install/plan-install.js';
export { planUninstall, type InstallRecord, type UninstallPlan } from '../install/plan-uninstall.js';
export { installTarget, movedServersTable, CLIENT_SCOPES, type InstallScope, type InstallTarget } from '../install/targets.js';

// Budgets: check a measurement against mcp-slim.budget.json, and the ratchet.
export type { Budget, BudgetSources, BudgetView } from '../budget/types.js';
export type { CheckFinding, Severity } from '../budget/findings.js';
export { parseBudget } from '../budget/budget-file.js';
export { checkBudget, type CheckResult } from '../budget/check.js';
export { initialBudget, tightenEdits } from '../budget/ratchet.js';
export { describeFinding } from '../budget/describe.js';

// Slimming: shorter tool text, verified lossless.
export { slimCatalog, type SlimResult } from '../slim/slim-catalog.js';
export { slimDocuments } from '../slim/documents.js';
export { verifySlim, verifyTool, type Violation } from '../slim/verify.js';
export { factCheck, type MissingSentence } from '../slim/fact-check.js';
export { PRESETS, DEFAULT_PRESET, type PresetName, type SlimPolicy } from '../slim/policy.js';
export { applyOverlay, buildOverlay, overlayFromSlim, parseOverlay, type Overlay } from '../slim/overlay.js';

// Lint: one rule per file, findings with paths, safe fixes.
export { lintCatalog, lintExitCode, fixTool, countFindings } from '../lint/lint-catalog.js';
export { RULES, RULES_BY_ID } from '../lint/rules/index.js';
export type { LintFinding, LintOptions, Rule, RuleId, Severity as LintSeverity } from '../lint/types.js';

// TTC, the TERSE Tool Catalog (docs/ttc.md).
export { toTTC, serverToTTC, renderTTC, renderCatalogTTC, parseTTC, parseTTCEntry, TTCParseError, ttcInToJsonSchema, validateWhen, parseSidecar } from '../ttc/index.js';
export type { TTCEntry, Sidecar, SidecarEntry } from '../ttc/index.js';
export { compareTTC, type TTCComparison } from '../ttc/compare.js';
export { catalogToTTC, renderServersTTC, parseServersTTC } from '../ttc/catalog-text.js';

// Tool search: the index behind `mcp-slim search` and the gateway's tool_search.
export { indexCatalog, ToolSearchIndex, type IndexOptions } from '../search/tool-index.js';
export { rankTools } from '../search/rank-tools.js';
export type { DocumentKind, SearchHit } from '../search/types.js';
export { phaseCatalog, type PhaseSets } from '../search/phases.js';

// Split: a long agent file or server instructions as an index and families read when needed (docs/split.md).
export { splitInstructions, planSplit, assembleSplit, joinSplit, verifySplit, parseManifest, catalogTools, SPLIT_FORMAT, SPLIT_VERSION } from '../split/index.js';
export type { InstructionFamily, SplitInstructions, SplitOptions, SplitPlan, PlanFamily, SplitLayout, SplitFiles, SplitManifest, ManifestFamily, ToolRef } from '../split/index.js';
