/**
 * The report as GitHub-flavoured Markdown, for a PR comment or `$GITHUB_STEP_SUMMARY`.
 * Same figures as the terminal report; names are escaped because GitHub renders inline HTML
 * and a `|` in a tool name would otherwise split a table cell.
 */
import type { ServerCost, ToolCost } from '../cost/types.js';
import {
  ESTIMATE_LABEL,
  failureOf,
  formatInt,
  formatPercent,
  heaviestTools,
  splitShares,
  sanitizeText,
  sortServersByWeight,
  tailLines,
  windowShare,
} from './_format.js';
import type { MeasureView } from './types.js';

export function renderMarkdown(view: MeasureView): string {
  const blocks = [
    '## mcp-slim: MCP tool definition cost',
    summary(view),
    heaviestBlock(view),
    serversBlock(view),
    splitBlock(view),
  ];
  const failures = failuresBlock(view);
  if (failures) blocks.push(failures);
  const overLimit = overLimitBlock(view);
  if (overLimit) blocks.push(overLimit);
  return blocks.join('\n\n') + '\n';
}

/** Escape text for a table cell or inline text: Markdown syntax, inline HTML, and line breaks. */
export function escapeMarkdown(text: string): string {
  const oneLine = sanitizeText(text.replace(/\r\n|\r|\n/g, ' '));
  return oneLine
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#~!])/g, '\\$1');
}

function summary(view: MeasureView): string {
  const share = windowShare(view);
  const { total } = view.report;
  const failed = total.failedServerCount > 0 ? ` (**${formatInt(total.failedServerCount)} failed**)` : '';
  return [
    `**${formatInt(share.totalTokens)} o200k tokens** (tool definitions ${formatInt(share.toolTokens)} + ` +
      `instructions ${formatInt(share.instructionTokens)}) = **${formatPercent(share.fraction)}** of a ` +
      `${formatInt(share.window)}-token context window.`,
    '',
    `${formatInt(total.serverCount)} servers${failed}, ${formatInt(total.toolCount)} tools · ` +
      `cl100k ${formatInt(total.modelView.tokens.cl100k_base + total.instructions.tokens.cl100k_base)} tokens · ` +
      `${formatInt(total.wire.bytes)} wire bytes · ${ESTIMATE_LABEL}: ${formatInt(total.wire.estimatedTokens)} ` +
      `_(an estimate, not a count)_`,
  ].join('\n');
}

function heaviestBlock(view: MeasureView): string {
  const tools = heaviestTools(view.report.tools, view.top);
  const title = `### Heaviest ${tools.length} of ${formatInt(view.report.tools.length)} tools (o200k tokens, model view)`;
  if (tools.length === 0) return `${title}\n\n_No tools._`;
  const limit = formatInt(view.report.descriptionLimit);
  return [
    title,
    '',
    table(
      ['#', 'Server', 'Tool', 'Wire bytes', 'o200k', 'cl100k', 'Description chars', `Over ${limit}`],
      ['---:', '---', '---', '---:', '---:', '---:', '---:', ':---:'],
      tools.map((tool, i) => toolCells(tool, i + 1)),
    ),
  ].join('\n');
}

function toolCells(tool: ToolCost, rank: number): string[] {
  return [
    String(rank),
    escapeMarkdown(tool.server),
    escapeMarkdown(tool.name),
    formatInt(tool.wire.bytes),
    formatInt(tool.modelView.tokens.o200k_base),
    formatInt(tool.modelView.tokens.cl100k_base),
    formatInt(tool.descriptionChars),
    tool.descriptionOverLimit ? '⚠️ yes' : '',
  ];
}

function serversBlock(view: MeasureView): string {
  const { total } = view.report;
  const rows = sortServersByWeight(view.report.servers).map(serverCells);
  rows.push([
    '**total**',
    `**${formatInt(total.toolCount)}**`,
    `**${formatInt(total.wire.bytes)}**`,
    `**${formatInt(total.modelView.tokens.o200k_base)}**`,
    `**${formatInt(total.modelView.tokens.cl100k_base)}**`,
    formatInt(total.wire.estimatedTokens),
    `**${formatInt(total.instructions.tokens.o200k_base)}**`,
    '',
  ]);
  return [
    '### Servers',
    '',
    table(
      ['Server', 'Tools', 'Wire bytes', 'o200k', 'cl100k', ESTIMATE_LABEL, 'Instructions (o200k)', 'Status'],
      ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---'],
      rows,
    ),
  ].join('\n');
}

function serverCells(server: ServerCost): string[] {
  if (server.failed) return [escapeMarkdown(server.name), '–', '–', '–', '–', '–', '–', '**FAILED**'];
  return [
    escapeMarkdown(server.name),
    formatInt(server.toolCount),
    formatInt(server.wire.bytes),
    formatInt(server.modelView.tokens.o200k_base),
    formatInt(server.modelView.tokens.cl100k_base),
    formatInt(server.wire.estimatedTokens),
    formatInt(server.instructions.tokens.o200k_base),
    'ok',
  ];
}

function splitBlock(view: MeasureView): string {
  const rows = splitShares(view.report.total.split).map((s) => [s.label, formatInt(s.bytes), formatPercent(s.fraction)]);
  return ['### Where the bytes go', '', table(['Part', 'Wire bytes', 'Share'], ['---', '---:', '---:'], rows)].join('\n');
}

function failuresBlock(view: MeasureView): string | undefined {
  const failed = view.report.servers.filter((s) => s.failed);
  if (failed.length === 0) return undefined;
  const items = failed.map((server) => {
    const failure = failureOf(view, server.name);
    if (!failure) return `- **${escapeMarkdown(server.name)}**: no failure details in the catalog`;
    const head = `- **${escapeMarkdown(server.name)}** (${failure.kind}): ${escapeMarkdown(failure.message)}`;
    const tail = tailLines(failure.stderrTail);
    if (tail.length === 0) return head;
    const lines = tail.map(sanitizeText);
    const fence = fenceFor(lines.join('\n'));
    return [head, '', `  ${fence}text`, ...lines.map((line) => `  ${line}`), `  ${fence}`].join('\n');
  });
  return ['### Failed servers', '', ...items].join('\n');
}

function overLimitBlock(view: MeasureView): string | undefined {
  const { report } = view;
  if (report.overLimit.length === 0) return undefined;
  const chars = new Map(report.tools.map((t) => [`${t.server}/${t.name}`, t.descriptionChars]));
  const items = report.overLimit.map((id) => {
    const n = chars.get(id);
    return `- ${escapeMarkdown(id)}${n === undefined ? '' : ` (${formatInt(n)} chars)`}`;
  });
  return [
    `### Descriptions over the ${formatInt(report.descriptionLimit)}-character limit`,
    '',
    'Clients may cut these descriptions.',
    '',
    ...items,
  ].join('\n');
}

function table(headers: string[], align: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(align), ...rows.map(line)].join('\n');
}

/** A code fence longer than any backtick run in the content, so stderr cannot close it early. */
function fenceFor(content: string): string {
  const longest = Math.max(0, ...Array.from(content.matchAll(/`+/g), (m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}
