/**
 * `mcp-slim lint`: rules are data. Each rule is one file in `rules/`, registered by id in
 * `rules/index.ts`, where a `satisfies` check makes a missing or misnamed rule a compile error.
 */
import type { Catalog, RawTool } from '../catalog/types.js';
import type { Sidecar } from '../ttc/types.js';

export type Severity = 'error' | 'warning' | 'info';
/** What `--rule id=…` may set: a severity, or `off` to skip the rule. */
export type RuleSetting = Severity | 'off';

export const RULE_IDS = [
  'missing-description',
  'invalid-input-schema',
  'description-over-limit',
  'guard-past-cut',
  'description-too-long',
  'description-how-content',
  'param-description-restates',
  'param-description-inconsistent',
  'schema-dollar-schema',
  'title-repeats-name',
  'ref-inlining-smaller',
  'repeated-branches',
  'output-schema-heavier',
  'ttc-sidecar-missing',
  'ttc-when-vocabulary',
] as const;

export type RuleId = (typeof RULE_IDS)[number];

/** Thresholds and per-rule severities. Every field is optional; `resolveOptions` fills the defaults. */
export interface LintOptions {
  /** description-too-long: more sentences than this is too long (default 3). */
  maxSentences?: number;
  /** description-too-long: more characters than this is too long (default 1,000). */
  maxDescriptionChars?: number;
  /** description-over-limit: where the client cuts a description (default 4,096, Claude Code). */
  descriptionLimit?: number;
  /** The author's TTC sidecar (ttc.json), when there is one: the ttc-* rules read it. */
  sidecar?: Sidecar;
  /** Per-rule severity overrides; `off` disables a rule. */
  rules?: Partial<Record<RuleId, RuleSetting>>;
}

export type ResolvedOptions = Required<Omit<LintOptions, 'rules' | 'sidecar'>> & Pick<LintOptions, 'rules' | 'sidecar'>;

/** One problem a rule found in one tool; `lintCatalog` adds the rule id, severity, server and tool. */
export interface Hit {
  /** JSON path inside the tool, e.g. `inputSchema.properties.path.description`; `` for the tool itself. */
  path: string;
  /** One line: what is wrong. */
  message: string;
  /** What to write instead, when the rule knows (e.g. the standard sentence). */
  suggestion?: string;
  /** Whether the rule's `fix` removes this problem. Defaults to the rule's `fixable`. */
  fixable?: boolean;
}

/** A hit from a rule that sees the whole catalog: it names its own server and tool. */
export interface CatalogHit extends Hit {
  server: string;
  tool: string;
}

export interface LintFinding {
  rule: RuleId;
  severity: Severity;
  server: string;
  tool: string;
  path: string;
  message: string;
  suggestion?: string;
  fixable: boolean;
}

export interface ToolContext {
  server: string;
  tool: RawTool;
  options: ResolvedOptions;
}

export interface CatalogContext {
  catalog: Catalog;
  options: ResolvedOptions;
}

interface RuleBase<Id extends RuleId> {
  id: Id;
  /** The default severity; `--rule id=…` overrides it. */
  severity: Severity;
  /** A few words, for the rule table and `--list-rules`. */
  title: string;
  /** The rule's page: what, why, before/after, how to fix, options. A test checks it exists. */
  docs: `docs/rules/${Id}.md`;
  fixable: boolean;
  /**
   * A pure, safe fix: returns a new tool (never mutates) without this rule's problems and with
   * the same meaning: names, properties, types, enums, required, formats, bounds and defaults stay.
   */
  fix?: (tool: RawTool) => RawTool;
}

/** A rule that looks at one tool at a time. */
export interface ToolRule<Id extends RuleId = RuleId> extends RuleBase<Id> {
  scope: 'tool';
  check: (ctx: ToolContext) => Hit[];
}

/** A rule that compares tools, so it sees the whole catalog. */
export interface CatalogRule<Id extends RuleId = RuleId> extends RuleBase<Id> {
  scope: 'catalog';
  check: (ctx: CatalogContext) => CatalogHit[];
}

export type Rule<Id extends RuleId = RuleId> = ToolRule<Id> | CatalogRule<Id>;
