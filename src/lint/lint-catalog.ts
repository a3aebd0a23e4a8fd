/** Lint a catalog: run every enabled rule, with severities and thresholds from the options. Pure. */
import type { Catalog, RawTool } from '../catalog/types.js';
import { CLAUDE_CODE_DESCRIPTION_LIMIT } from '../cost/measure.js';
import { canonicalJson } from './_schema.js';
import { RULES } from './rules/index.js';
import { RULE_IDS, type LintFinding, type LintOptions, type ResolvedOptions, type Rule, type RuleId, type Severity } from './types.js';

export const LINT_DEFAULTS = {
  maxSentences: 3,
  /** About three long sentences; a description past this is a manual. */
  maxDescriptionChars: 1000,
  descriptionLimit: CLAUDE_CODE_DESCRIPTION_LIMIT,
} as const satisfies Required<Omit<LintOptions, 'rules' | 'sidecar'>>;

export function resolveOptions(options: LintOptions = {}): ResolvedOptions {
  return {
    maxSentences: options.maxSentences ?? LINT_DEFAULTS.maxSentences,
    maxDescriptionChars: options.maxDescriptionChars ?? LINT_DEFAULTS.maxDescriptionChars,
    descriptionLimit: options.descriptionLimit ?? LINT_DEFAULTS.descriptionLimit,
    ...(options.rules ? { rules: options.rules } : {}),
    ...(options.sidecar ? { sidecar: options.sidecar } : {}),
  };
}

/** The rule's severity after overrides, or undefined when the rule is off. */
export function severityFor(rule: Rule, options: LintOptions): Severity | undefined {
  const setting = options.rules?.[rule.id] ?? rule.severity;
  return setting === 'off' ? undefined : setting;
}

const RULE_ORDER = new Map<RuleId, number>(RULE_IDS.map((id, i) => [id, i]));

/**
 * Every finding of every enabled rule, in catalog order (server, then tool), then by path and rule.
 * Servers that failed have no tools and so no findings: the caller reports the failure.
 */
export function lintCatalog(catalog: Catalog, options: LintOptions = {}): LintFinding[] {
  const resolved = resolveOptions(options);
  const findings: LintFinding[] = [];
  for (const rule of RULES) {
    const severity = severityFor(rule, resolved);
    if (!severity) continue;
    const base = { rule: rule.id, severity };
    if (rule.scope === 'catalog') {
      for (const hit of rule.check({ catalog, options: resolved })) findings.push({ ...base, ...hit, fixable: hit.fixable ?? rule.fixable });
      continue;
    }
    for (const server of catalog.servers) {
      for (const tool of server.tools) {
        for (const hit of rule.check({ server: server.name, tool, options: resolved })) {
          findings.push({ ...base, server: server.name, tool: tool.name, ...hit, fixable: hit.fixable ?? rule.fixable });
        }
      }
    }
  }
  const serverIndex = new Map(catalog.servers.map((s, i) => [s.name, i]));
  const toolIndex = new Map(catalog.servers.flatMap((s) => s.tools.map((t, i) => [`${s.name}\u0000${t.name}`, i] as const)));
  const at = (f: LintFinding) => [serverIndex.get(f.server) ?? 0, toolIndex.get(`${f.server}\u0000${f.tool}`) ?? 0] as const;
  return findings.sort((a, b) => {
    const [sa, ta] = at(a);
    const [sb, tb] = at(b);
    return sa - sb || ta - tb || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || RULE_ORDER.get(a.rule)! - RULE_ORDER.get(b.rule)!;
  });
}

export interface LintCounts {
  problems: number;
  errors: number;
  warnings: number;
  infos: number;
  fixable: number;
  /** Findings per rule; every rule is present, 0 when it found nothing or was off. */
  byRule: Record<RuleId, number>;
}

export function countFindings(findings: readonly LintFinding[]): LintCounts {
  const byRule = Object.fromEntries(RULE_IDS.map((id) => [id, 0])) as Record<RuleId, number>;
  const counts = { problems: findings.length, errors: 0, warnings: 0, infos: 0, fixable: 0, byRule };
  for (const f of findings) {
    byRule[f.rule]++;
    if (f.severity === 'error') counts.errors++;
    else if (f.severity === 'warning') counts.warnings++;
    else counts.infos++;
    if (f.fixable) counts.fixable++;
  }
  return counts;
}

/** 1 when any finding is an error or any server could not be linted, else 0 (warnings never fail). */
export function lintExitCode(findings: readonly LintFinding[], failedServers = 0): 0 | 1 {
  return failedServers > 0 || findings.some((f) => f.severity === 'error') ? 1 : 0;
}

/**
 * Apply the safe fix of every enabled fixable rule, in rule order. Returns a new tool (the input
 * is never changed) and the rules whose fix changed something.
 */
export function fixTool(tool: RawTool, options: LintOptions = {}): { tool: RawTool; applied: RuleId[] } {
  let current = tool;
  const applied: RuleId[] = [];
  for (const rule of RULES) {
    if (!rule.fix || !severityFor(rule, options)) continue;
    const next = rule.fix(current);
    if (canonicalJson(next) !== canonicalJson(current)) applied.push(rule.id);
    current = next;
  }
  return { tool: current === tool ? structuredClone(tool) : current, applied };
}
