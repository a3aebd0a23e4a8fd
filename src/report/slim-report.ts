import pc from 'picocolors';
import type { Size } from '../cost/types.js';
import { addSizes } from '../cost/tokenizer.js';
import type { ToolGuard } from '../slim/fact-check.js';
import type { SlimResult } from '../slim/slim-catalog.js';
import type { SlimTool } from '../slim/types.js';
import { escapeMarkdown } from './markdown.js';
import { formatInt, formatPercent } from './_format.js';
import { table, type Row } from './_table.js';
import type { TerminalStyle } from './types.js';

export interface SlimRow {
  server: string;
  tools: number;
  changed: number;
  /** The model's view ({name, description, input_schema}) before and after. */
  before: Size;
  after: Size;
}

const saving = (before: number, after: number) => (before ? 1 - after / before : 0);

function rowOf(server: string, tools: readonly SlimTool[]): SlimRow {
  return {
    server,
    tools: tools.length,
    changed: tools.filter((t) => JSON.stringify(t.before) !== JSON.stringify(t.after)).length,
    before: addSizes(tools.map((t) => t.cost.before.modelView)),
    after: addSizes(tools.map((t) => t.cost.after.modelView)),
  };
}

/** Per server and in total: bytes and tokens of the model's view before and after. */
export function slimSummary(result: SlimResult): { servers: SlimRow[]; total: SlimRow } {
  const byServer = new Map<string, SlimTool[]>();
  for (const t of result.tools) byServer.set(t.server, [...(byServer.get(t.server) ?? []), t]);
  return { servers: [...byServer].map(([s, tools]) => rowOf(s, tools)), total: rowOf('total', result.tools) };
}

export function renderSlimText(result: SlimResult, style: TerminalStyle): string {
  const c = pc.createColors(style.color);
  const { servers, total } = slimSummary(result);
  const cells = (r: SlimRow, bold = false): Row => {
    const p = bold ? c.bold : undefined;
    const cell = (text: string) => (p ? { text, paint: p } : { text });
    return [
      cell(r.server),
      cell(`${r.changed}/${r.tools}`),
      cell(formatInt(r.before.bytes)),
      cell(formatInt(r.after.bytes)),
      cell(formatInt(r.before.tokens.o200k_base)),
      cell(formatInt(r.after.tokens.o200k_base)),
      { text: formatPercent(saving(r.before.tokens.o200k_base, r.after.tokens.o200k_base)), paint: c.green },
    ];
  };
  const columns = [
    { header: 'server', align: 'left' as const, shrinkOrder: 0, minWidth: 8 },
    { header: 'changed', align: 'right' as const },
    { header: 'bytes', align: 'right' as const },
    { header: '→ bytes', align: 'right' as const },
    { header: 'o200k', align: 'right' as const },
    { header: '→ o200k', align: 'right' as const },
    { header: 'saved', align: 'right' as const },
  ];
  const lines = [c.bold('mcp-slim slim') + c.dim(' · the model\'s view ({name, description, input_schema}), before → after'), ...table(columns, [...servers.map((r) => cells(r)), cells(total, true)], style, c)];
  lines.push(`verifier: ${result.violations.length ? c.red(`${result.violations.length} violations`) : c.green('0 violations')} · fact check: ${result.missing.length ? c.red(`${result.missing.length} removed sentences missing from the manual`) : c.green('every removed sentence is in the manual')}`);
  lines.push(guardLine(result, c));
  return `${lines.join('\n')}\n`;
}

/** How many guard sentences (warnings, when not to use) stay in the model's view, and how many do not. */
function guardLine(result: SlimResult, c: ReturnType<typeof pc.createColors>): string {
  const { kept, missing } = result.guards;
  const found = kept.length + missing.length;
  if (!found) return `guard sentences: ${c.dim('none in these tools')}`;
  const gone = missing.length ? ` · ${c.red(`${missing.length} moved out of view`)}` : '';
  return `guard sentences: ${c.green(`${kept.length} of ${found} kept in the model's view`)}${gone}`;
}

/** report.md's guard section: each tool's guard sentences the slim tool still shows the model. */
function guardSection(result: SlimResult): string[] {
  const { kept, missing } = result.guards;
  const found = kept.length + missing.length;
  const lines = ['## Guard sentences', ''];
  if (!found) return [...lines, 'The original tools hold no guard sentence (a warning, or when not to use the tool).', ''];
  lines.push(`${kept.length} of ${found} guard sentences (warnings, when not to use the tool) kept where the model reads them${missing.length ? `; ${missing.length} moved out of view (violations)` : ''}.`, '');
  if (!kept.length) return lines;
  lines.push('| server | tool | where | family | sentence |', '|---|---|---|---|---|');
  for (const g of kept) lines.push(`| ${escapeMarkdown(g.server)} | ${escapeMarkdown(g.tool)} | ${escapeMarkdown(g.where)} | ${g.family} | ${escapeMarkdown(g.text.replace(/\s+/g, ' '))} |`);
  return [...lines, ''];
}

/** report.md: the per-server table, every tool before and after, then the guard sentences kept per tool. */
export function renderSlimMarkdown(result: SlimResult): string {
  const { servers, total } = slimSummary(result);
  const row = (r: SlimRow) =>
    `| ${escapeMarkdown(r.server)} | ${r.changed}/${r.tools} | ${formatInt(r.before.bytes)} | ${formatInt(r.after.bytes)} | ${formatInt(r.before.tokens.o200k_base)} | ${formatInt(r.after.tokens.o200k_base)} | ${formatPercent(saving(r.before.tokens.o200k_base, r.after.tokens.o200k_base))} |`;
  const head = '| server | changed | bytes | → bytes | o200k | → o200k | saved |\n|---|---:|---:|---:|---:|---:|---:|';
  const tools = result.tools.map((t) => {
    const b = t.cost.before.modelView;
    const a = t.cost.after.modelView;
    return `| ${escapeMarkdown(t.server)} | ${escapeMarkdown(t.before.name)} | ${formatInt(b.bytes)} | ${formatInt(a.bytes)} | ${formatInt(b.tokens.o200k_base)} | ${formatInt(a.tokens.o200k_base)} | ${formatInt(b.tokens.cl100k_base)} | ${formatInt(a.tokens.cl100k_base)} |`;
  });
  return [
    '# mcp-slim slim report',
    '',
    `Policy: \`${JSON.stringify(result.policy)}\``,
    '',
    "Sizes are of the model's view, `{name, description, input_schema}`.",
    '',
    head,
    ...servers.map(row),
    row(total).replace(/\| total \|/, '| **total** |'),
    '',
    '## Tools',
    '',
    '| server | tool | bytes | → bytes | o200k | → o200k | cl100k | → cl100k |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...tools,
    '',
    ...guardSection(result),
  ].join('\n');
}

/** Spelled out, so the JSON keeps its shape when the internal type grows. */
const guardJson = (g: ToolGuard) => ({ server: g.server, tool: g.tool, family: g.family, where: g.where, path: g.path, at: g.at, text: g.text });

export function slimJson(result: SlimResult, written: string[]) {
  const { servers, total } = slimSummary(result);
  return {
    schemaVersion: 1,
    command: 'slim',
    policy: result.policy,
    servers,
    total,
    violations: result.violations,
    missing: result.missing,
    /** The original tools' guard sentences: `kept` in the model's view, `missing` from it (each also a violation). */
    guards: { kept: result.guards.kept.map(guardJson), missing: result.guards.missing.map(guardJson) },
    tools: result.tools.map((t) => ({ server: t.server, name: t.before.name, family: t.family, before: t.cost.before.modelView, after: t.cost.after.modelView, removed: t.removed.length })),
    written,
  };
}
