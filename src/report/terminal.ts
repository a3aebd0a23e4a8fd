/**
 * The human report `mcp-slim measure` prints: compact tables aligned by hand, so the
 * output stays stable in CI logs and never depends on a table library's idea of width.
 */
import pc from 'picocolors';
import type { ServerCost, ToolCost } from '../cost/types.js';
import {
  ESTIMATE_LABEL,
  failureOf,
  formatInt,
  formatPercent,
  heaviestTools,
  sanitizeText,
  sortServersByWeight,
  splitShares,
  tailLines,
  windowShare,
} from './_format.js';
import type { MeasureView, TerminalStyle } from './types.js';
import { INDENT, table, type Column, type Row } from './_table.js';

type Colors = ReturnType<typeof pc.createColors>;


export function renderTerminal(view: MeasureView, style: TerminalStyle): string {
  const c = pc.createColors(style.color);
  const { report } = view;
  const sections = [
    headline(view, c),
    heaviestSection(view, style, c),
    serverSection(view, style, c),
    totalSection(view, c),
    splitLine(view, c),
  ];
  if (report.overLimit.length > 0) sections.push(overLimitLine(view, c));
  return sections.join('\n\n') + '\n';
}

function headline(view: MeasureView, c: Colors): string {
  const { total } = view.report;
  const failed = total.failedServerCount > 0 ? c.red(` (${total.failedServerCount} failed)`) : '';
  return `${c.bold('mcp-slim')}: ${plural(total.serverCount, 'server')}${failed}, ${plural(total.toolCount, 'tool')}`;
}

function heaviestSection(view: MeasureView, style: TerminalStyle, c: Colors): string {
  const tools = heaviestTools(view.report.tools, view.top);
  const title = c.bold(`Heaviest ${tools.length} of ${plural(view.report.tools.length, 'tool')}`) +
    c.dim(' (by o200k tokens of the model view)');
  if (tools.length === 0) return `${title}\n${INDENT}${c.dim('no tools')}`;

  const columns: Column[] = [
    { header: 'server', align: 'left', shrinkOrder: 2, minWidth: 6 },
    { header: 'tool', align: 'left', shrinkOrder: 1, minWidth: 8 },
    { header: 'wire bytes', align: 'right' },
    { header: 'o200k', align: 'right' },
    { header: 'cl100k', align: 'right' },
    { header: 'desc chars', align: 'right' },
    { header: '', align: 'left' },
  ];
  const rows = tools.map((tool) => toolRow(tool, c));
  const lines = [title, ...table(columns, rows, style, c)];
  if (tools.some((t) => t.descriptionOverLimit)) {
    lines.push(`${INDENT}${c.yellow('!')} ${c.dim(`description over the ${formatInt(view.report.descriptionLimit)}-char limit`)}`);
  }
  return lines.join('\n');
}

function toolRow(tool: ToolCost, c: Colors): Row {
  const over = tool.descriptionOverLimit;
  return [
    { text: sanitizeText(tool.server), paint: c.dim },
    { text: sanitizeText(tool.name) },
    { text: formatInt(tool.wire.bytes) },
    { text: formatInt(tool.modelView.tokens.o200k_base), paint: c.bold },
    { text: formatInt(tool.modelView.tokens.cl100k_base) },
    { text: formatInt(tool.descriptionChars), ...(over ? { paint: c.yellow } : {}) },
    { text: over ? '!' : '', paint: c.yellow },
  ];
}

function serverSection(view: MeasureView, style: TerminalStyle, c: Colors): string {
  const columns: Column[] = [
    { header: 'server', align: 'left', shrinkOrder: 1, minWidth: 8 },
    { header: 'tools', align: 'right' },
    { header: 'wire bytes', align: 'right' },
    { header: 'o200k', align: 'right' },
    { header: 'cl100k', align: 'right' },
    { header: ESTIMATE_LABEL, align: 'right' },
    { header: 'instr. o200k', align: 'right' },
  ];
  const servers = sortServersByWeight(view.report.servers);
  const rows = servers.map((server) => serverRow(server, c));
  const { total } = view.report;
  const totalRow: Row = [
    { text: 'total', paint: c.bold },
    { text: formatInt(total.toolCount), paint: c.bold },
    { text: formatInt(total.wire.bytes), paint: c.bold },
    { text: formatInt(total.modelView.tokens.o200k_base), paint: c.bold },
    { text: formatInt(total.modelView.tokens.cl100k_base), paint: c.bold },
    { text: formatInt(total.wire.estimatedTokens), paint: c.dim },
    { text: formatInt(total.instructions.tokens.o200k_base), paint: c.bold },
  ];
  const lines = table(columns, [...rows, totalRow], style, c);
  // Failure details go right under the failed server's row, outside the column grid.
  const withFailures: string[] = [];
  const [header, ...body] = lines;
  if (header !== undefined) withFailures.push(header);
  body.forEach((line, i) => {
    withFailures.push(line);
    const server = servers[i];
    if (server?.failed) withFailures.push(...failureLines(view, server.name, c));
  });
  return [c.bold('Servers') + c.dim(' (o200k/cl100k: model view tokens)'), ...withFailures].join('\n');
}

function serverRow(server: ServerCost, c: Colors): Row {
  if (server.failed) {
    const dash = { text: '-', paint: c.dim };
    return [{ text: sanitizeText(server.name), paint: c.red }, { text: 'FAILED', paint: c.red }, dash, dash, dash, dash, dash];
  }
  return [
    { text: sanitizeText(server.name) },
    { text: formatInt(server.toolCount) },
    { text: formatInt(server.wire.bytes) },
    { text: formatInt(server.modelView.tokens.o200k_base), paint: c.bold },
    { text: formatInt(server.modelView.tokens.cl100k_base) },
    { text: formatInt(server.wire.estimatedTokens), paint: c.dim },
    { text: formatInt(server.instructions.tokens.o200k_base) },
  ];
}

function failureLines(view: MeasureView, serverName: string, c: Colors): string[] {
  const failure = failureOf(view, serverName);
  const pad = INDENT.repeat(3);
  if (!failure) return [`${pad}${c.red('no failure details in the catalog')}`];
  const lines = [`${pad}${c.red(`${failure.kind}:`)} ${sanitizeText(failure.message)}`];
  for (const line of tailLines(failure.stderrTail)) {
    lines.push(`${pad}${c.dim('│')} ${c.dim(sanitizeText(line))}`);
  }
  return lines;
}

function totalSection(view: MeasureView, c: Colors): string {
  const share = windowShare(view);
  const { total } = view.report;
  const paintShare = share.fraction >= 0.5 ? c.red : share.fraction >= 0.2 ? c.yellow : c.green;
  const first =
    `${c.bold('Total')}: ${c.bold(formatInt(share.totalTokens))} o200k tokens = ` +
    `${c.bold(paintShare(formatPercent(share.fraction)))} of a ${formatInt(share.window)}-token context window`;
  const second =
    `${INDENT}tool definitions ${formatInt(share.toolTokens)} + instructions ${formatInt(share.instructionTokens)}` +
    ` · cl100k ${formatInt(total.modelView.tokens.cl100k_base + total.instructions.tokens.cl100k_base)}` +
    ` · ${formatInt(total.wire.bytes)} wire bytes` +
    c.dim(` · ${ESTIMATE_LABEL} ${formatInt(total.wire.estimatedTokens)} (an estimate, not a count)`);
  return `${first}\n${second}`;
}

function splitLine(view: MeasureView, c: Colors): string {
  const parts = splitShares(view.report.total.split).map((s) => `${s.label} ${c.bold(formatPercent(s.fraction))}`);
  return `${c.bold('Bytes by part')}: ${parts.join(c.dim(' · '))}`;
}

function overLimitLine(view: MeasureView, c: Colors): string {
  const { report } = view;
  const chars = new Map(report.tools.map((t) => [`${t.server}/${t.name}`, t.descriptionChars]));
  const names = report.overLimit.map((id) => {
    const n = chars.get(id);
    return sanitizeText(id) + (n === undefined ? '' : c.dim(` (${formatInt(n)} chars)`));
  });
  return `${c.yellow(`Descriptions over the ${formatInt(report.descriptionLimit)}-char limit`)} ` +
    `${c.dim('(clients may cut them)')}: ${names.join(', ')}`;
}

function plural(n: number, noun: string): string {
  return `${formatInt(n)} ${noun}${n === 1 ? '' : 's'}`;
}
