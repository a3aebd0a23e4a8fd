import { createColors } from 'picocolors';
import { describeFinding } from '../budget/describe.js';
import { FINDING_META, severityOf, type CheckFinding, type Severity } from '../budget/findings.js';
import type { CheckResult } from '../budget/check.js';
import type { Budget } from '../budget/types.js';
import { redactText } from '../util/redact.js';
import { formatInt } from './_format.js';

export interface CheckView {
  budgetFile: string;
  budget: Budget;
  result: CheckResult;
  exitCode: number;
  /** Changes `--update` wrote, one line each. */
  updates?: string[];
}

const ORDER: Record<Severity, number> = { fail: 0, stale: 1, ratchet: 2 };
/** A failed server's message may quote a URL or its stderr: redacted before any output reads it. */
const redacted = (f: CheckFinding): CheckFinding => (f.kind === 'server-failed' ? { ...f, message: redactText(f.message) } : f);
const sorted = (findings: readonly CheckFinding[]) => findings.map(redacted).sort((a, b) => ORDER[severityOf(a)] - ORDER[severityOf(b)]);

function headline(view: CheckView): string {
  const counts = { fail: 0, stale: 0, ratchet: 0 };
  for (const f of view.result.findings) counts[severityOf(f)]++;
  if (counts.fail) return `FAIL: ${counts.fail} limit${counts.fail === 1 ? '' : 's'} broken (exit ${view.exitCode})`;
  if (counts.stale) return `FAIL: the budget names ${counts.stale} thing${counts.stale === 1 ? '' : 's'} that no longer exist (exit ${view.exitCode})`;
  return counts.ratchet ? `PASS, and ${counts.ratchet} number${counts.ratchet === 1 ? '' : 's'} can be tightened` : 'PASS: within budget';
}

/** The human report: what broke, by how much, and what to do. */
export function renderCheckText(view: CheckView, color: boolean): string {
  const c = createColors(color);
  const { budget, result } = view;
  const encoding = budget.encoding ?? 'o200k_base';
  const mark: Record<Severity, string> = { fail: c.red('✗'), stale: c.yellow('!'), ratchet: c.cyan('↓') };
  const lines = [c.bold(`mcp-slim check · ${view.budgetFile}`) + c.dim(` · ${budget.view ?? 'wire'} bytes, ${encoding} tokens`)];
  for (const u of view.updates ?? []) lines.push(`  ${c.green('✎')} ${u}`);
  for (const f of sorted(result.findings)) {
    const { message, fix } = describeFinding(f, view.budgetFile);
    lines.push(`  ${mark[severityOf(f)]} ${message}`, c.dim(`      → ${fix}`));
  }
  const t = result.totals;
  const limit = budget.totalBytes ? ` of ${formatInt(budget.totalBytes)}` : '';
  lines.push(`total: ${formatInt(t.bytes)} bytes${limit} · ${formatInt(t.tokens)} ${encoding} tokens · ${t.tools} tools on ${t.servers} server${t.servers === 1 ? '' : 's'}`);
  const head = headline(view);
  lines.push(result.pass ? c.green(head) : c.red(head));
  return `${lines.join('\n')}\n`;
}

export const CHECK_JSON_VERSION = 1;

export function checkJson(view: CheckView) {
  return {
    schemaVersion: CHECK_JSON_VERSION,
    command: 'check',
    budgetFile: view.budgetFile,
    pass: view.result.pass,
    exitCode: view.exitCode,
    view: view.budget.view ?? 'wire',
    encoding: view.budget.encoding ?? 'o200k_base',
    totals: view.result.totals,
    findings: sorted(view.result.findings).map((f) => ({ ...f, severity: severityOf(f), ...describeFinding(f, view.budgetFile) })),
    ...(view.updates ? { updates: view.updates } : {}),
  };
}

// GitHub workflow commands: data escapes %, CR, LF; properties also escape ':' and ','.
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error` / `::warning` / `::notice` lines that GitHub Actions shows on the budget file. */
export function githubAnnotations(view: CheckView): string {
  const level: Record<Severity, string> = { fail: 'error', stale: 'warning', ratchet: 'notice' };
  return sorted(view.result.findings)
    .map((f) => {
      const { message, fix } = describeFinding(f, view.budgetFile);
      const props = `file=${escapeProperty(view.budgetFile)},title=${escapeProperty(`mcp-slim: ${FINDING_META[f.kind].title}`)}`;
      return `::${level[severityOf(f)]} ${props}::${escapeData(`${message}. ${fix}`)}\n`;
    })
    .join('');
}
