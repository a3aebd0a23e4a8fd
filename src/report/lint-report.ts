/** `mcp-slim lint` output: eslint's layout for people, a stable JSON document for machines. */
import { createColors } from 'picocolors';
import type { LintCounts } from '../lint/lint-catalog.js';
import { RULES_BY_ID } from '../lint/rules/index.js';
import type { LintFinding, ResolvedOptions, Rule, Severity } from '../lint/types.js';
import { redactText } from '../util/redact.js';
import { formatInt, sanitizeText, textWidth } from './_format.js';

export interface LintView {
  findings: readonly LintFinding[];
  counts: LintCounts;
  /** Servers that could not be started or listed: nothing of theirs was linted. */
  failures: readonly { server: string; message: string }[];
  serverCount: number;
  toolCount: number;
  options: ResolvedOptions;
  exitCode: 0 | 1;
}

/** A failure message may quote a URL or a server's stderr: never print a secret from it. */
const redactedFailures = (view: LintView) => view.failures.map((f) => ({ ...f, message: redactText(f.message) }));

const plural = (n: number, word: string, many = `${word}s`) => `${formatInt(n)} ${n === 1 ? word : many}`;
const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - textWidth(text)));

/** `✖ 12 problems (2 errors, 10 warnings), 5 fixable`, or a tick when there is nothing to say. */
export function lintSummary(view: LintView): string {
  const { counts } = view;
  const failed = view.failures.length ? `; ${plural(view.failures.length, 'server')} could not be linted` : '';
  if (!counts.problems) return `${view.failures.length ? '✖' : '✔'} no problems in ${plural(view.toolCount, 'tool')} on ${plural(view.serverCount, 'server')}${failed}`;
  const parts = [plural(counts.errors, 'error'), plural(counts.warnings, 'warning'), ...(counts.infos ? [`${formatInt(counts.infos)} info`] : [])];
  const fixable = counts.fixable ? `, ${formatInt(counts.fixable)} fixable` : '';
  return `✖ ${plural(counts.problems, 'problem')} (${parts.join(', ')})${fixable}${failed}`;
}

/**
 * Grouped by server and tool like eslint groups by file:
 *   server › tool
 *     inputSchema.properties.path.description  warning  message  rule-id
 */
export function renderLintText(view: LintView, color: boolean): string {
  const c = createColors(color);
  const paint: Record<Severity, (s: string) => string> = { error: c.red, warning: c.yellow, info: c.cyan };
  const lines: string[] = [];
  for (const failure of redactedFailures(view)) {
    lines.push(c.underline(sanitizeText(failure.server)), `  ${paint.error('error')}  could not be linted: ${sanitizeText(failure.message)}`, '');
  }
  const groups = new Map<string, LintFinding[]>();
  for (const f of view.findings) {
    const key = `${f.server}\u0000${f.tool}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const group of groups.values()) {
    const first = group[0]!;
    lines.push(c.underline(`${sanitizeText(first.server)} › ${sanitizeText(first.tool)}`));
    const width = Math.max(...group.map((f) => textWidth(f.path || '(tool)')));
    for (const f of group) {
      const fix = f.fixable ? c.dim(' (fixable)') : '';
      lines.push(`  ${c.dim(pad(f.path || '(tool)', width))}  ${paint[f.severity](pad(f.severity, 7))}  ${sanitizeText(f.message)}${fix}  ${c.dim(f.rule)}`);
      if (f.suggestion !== undefined) lines.push(`  ${' '.repeat(width)}  ${' '.repeat(7)}  ${c.green('→')} ${sanitizeText(JSON.stringify(f.suggestion))}`);
    }
    lines.push('');
  }
  const summary = lintSummary(view);
  lines.push(view.counts.errors || view.failures.length ? c.red(c.bold(summary)) : view.counts.problems ? c.yellow(c.bold(summary)) : c.green(summary));
  return `${lines.join('\n')}\n`;
}

/** `--list-rules`: every rule with its severity after `--rule` overrides. */
export function renderRuleTable(severityOf: (rule: Rule) => Severity | undefined): string {
  const rules = Object.values(RULES_BY_ID) as Rule[];
  const width = Math.max(...rules.map((r) => r.id.length));
  const rows = rules.map((r) => `${pad(r.id, width)}  ${pad(severityOf(r) ?? 'off', 8)}  ${r.fixable ? 'fix' : '   '}  ${r.title}`);
  return `${[`${pad('rule', width)}  ${pad('severity', 8)}  fix  what it catches (docs/rules/<rule>.md)`, ...rows].join('\n')}\n`;
}

export const LINT_JSON_VERSION = 1;

/** The stable JSON document of `mcp-slim lint --json`. Fields are only ever added. */
export function lintJson(view: LintView) {
  return {
    schemaVersion: LINT_JSON_VERSION,
    command: 'lint',
    exitCode: view.exitCode,
    options: { maxSentences: view.options.maxSentences, maxDescriptionChars: view.options.maxDescriptionChars, descriptionLimit: view.options.descriptionLimit },
    findings: view.findings.map((f) => ({
      rule: f.rule,
      severity: f.severity,
      server: f.server,
      tool: f.tool,
      path: f.path,
      message: f.message,
      ...(f.suggestion !== undefined ? { suggestion: f.suggestion } : {}),
      fixable: f.fixable,
      docs: RULES_BY_ID[f.rule].docs,
    })),
    counts: { ...view.counts, servers: view.serverCount, tools: view.toolCount, failedServers: view.failures.length },
    failures: redactedFailures(view),
  };
}
