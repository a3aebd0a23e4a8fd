/**
 * The report as one self-contained HTML file: inline CSS, charts as inline SVG strings, no
 * network. It must open from a mail attachment or a CI artifact, so nothing may be fetched,
 * and the charts must draw without JavaScript (the one inline script only sorts the table).
 */
import { createHash } from 'node:crypto';
import type { ServerCost, ToolCost } from '../cost/types.js';
import {
  ESTIMATE_LABEL,
  failureOf,
  formatInt,
  formatPercent,
  heaviestTools,
  sortByWeight,
  sortServersByWeight,
  SPLIT_PARTS,
  splitShares,
  tailLines,
  truncate,
  windowShare,
  type SplitKey,
} from './_format.js';
import type { MeasureView } from './types.js';
import { CHART_WIDTH, esc, escapeHtml, legend, num, visibleWidth } from './_html-parts.js';
import { clientChart, clientLegend, clientTable } from './html-clients.js';

export { escapeHtml };

/** Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. */
const SPLIT_COLORS: Record<SplitKey, string> = {
  description: '#0072B2',
  parameterDescriptions: '#E69F00',
  schemaStructure: '#009E73',
  outputSchema: '#CC79A7',
  other: '#8C8C8C',
};
const TOOL_TOKENS_COLOR = '#0072B2';
const INSTRUCTIONS_COLOR = '#56B4E9';
const FAILED_COLOR = '#C0392B';

/** The heaviest-tools chart shows at least this many tools, more when `view.top` asks for more. */
const CHART_MIN_TOOLS = 30;

export function renderHtml(view: MeasureView): string {
  const { report } = view;
  const title = 'mcp-slim: MCP tool definition cost';
  const body = [
    header(view, title),
    summaryCards(view),
    section('Share of the context window', windowChart(view)),
    section('o200k tokens by server', serverLegend() + serverChart(view)),
    heaviestToolsSection(view),
    section('Where the bytes go', splitChart(view) + splitTable(view)),
    view.clients ? section('What each client pays for a session', clientLegend() + clientChart(view.clients) + clientTable(view.clients), 'clients') : '',
    failuresSection(view),
    overLimitSection(view),
    section(`All ${formatInt(report.tools.length)} tools`, toolsTable(report.tools), 'all-tools'),
  ].join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src '${scriptHash()}'">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
<script>${SORT_SCRIPT}</script>
</body>
</html>
`;
}


function header(view: MeasureView, title: string): string {
  const { total } = view.report;
  const failed = total.failedServerCount > 0 ? `, <span class="bad">${formatInt(total.failedServerCount)} failed</span>` : '';
  return `<header><h1>${esc(title)}</h1>
<p class="meta">${formatInt(total.serverCount)} servers${failed} · ${formatInt(total.toolCount)} tools · catalog created ${esc(view.catalog.createdAt)}</p></header>`;
}

function section(title: string, content: string, id?: string): string {
  const idAttr = id ? ` id="${esc(id)}"` : '';
  return `<section${idAttr}><h2>${esc(title)}</h2>\n${content}\n</section>`;
}

function summaryCards(view: MeasureView): string {
  const share = windowShare(view);
  const { total } = view.report;
  const card = (label: string, value: string, note: string, cls = '') =>
    `<div class="card${cls}"><div class="label">${esc(label)}</div><div class="value">${value}</div><div class="note">${note}</div></div>`;
  return `<section class="cards">
${card('Total o200k tokens', formatInt(share.totalTokens), `tools ${formatInt(share.toolTokens)} + instructions ${formatInt(share.instructionTokens)}`, ' primary')}
${card('Share of the window', formatPercent(share.fraction), `of ${formatInt(share.window)} tokens`, share.fraction >= 0.2 ? ' warn' : '')}
${card('Total cl100k tokens', formatInt(total.modelView.tokens.cl100k_base + total.instructions.tokens.cl100k_base), 'tools + instructions')}
${card('Wire bytes', formatInt(total.wire.bytes), `${formatInt(total.toolCount)} tool definitions as sent`)}
${card(ESTIMATE_LABEL, formatInt(total.wire.estimatedTokens), 'an estimate from wire bytes, not a count', ' estimate')}
${card('Instructions', formatInt(share.instructionTokens), 'o200k tokens, loaded even when tools are deferred')}
</section>`;
}

function windowChart(view: MeasureView): string {
  const share = windowShare(view);
  const height = 36;
  const filled = Number.isFinite(share.fraction) ? Math.min(1, share.fraction) : 0;
  const color = share.fraction >= 0.5 ? FAILED_COLOR : share.fraction >= 0.2 ? '#E69F00' : '#009E73';
  const text = `${formatInt(share.totalTokens)} of ${formatInt(share.window)} tokens (${formatPercent(share.fraction)})`;
  const fillWidth = filled > 0 ? Math.max(2, filled * CHART_WIDTH) : 0;
  return `<svg class="chart" id="chart-window" viewBox="0 0 ${CHART_WIDTH} ${height}" width="100%" role="img" aria-label="${esc(text)}">
<title>${esc(text)}</title>
<rect x="0" y="4" width="${CHART_WIDTH}" height="28" rx="4" fill="#EEF1F4"><title>${esc(`context window: ${formatInt(share.window)} tokens`)}</title></rect>
<rect x="0" y="4" width="${num(fillWidth)}" height="28" rx="4" fill="${color}"><title>${esc(text)}</title></rect>
<text x="${filled > 0.6 ? 12 : num(fillWidth + 10)}" y="22" class="${filled > 0.6 ? 'on-bar' : ''}" dominant-baseline="middle">${esc(text)}</text>
</svg>`;
}

function serverLegend(): string {
  return legend([
    ['tool definitions (model view)', TOOL_TOKENS_COLOR],
    ['server instructions', INSTRUCTIONS_COLOR],
    ['failed server', FAILED_COLOR],
  ]);
}

function serverChart(view: MeasureView): string {
  const servers = sortServersByWeight(view.report.servers);
  const labelWidth = 220;
  const valueWidth = 200;
  const rowHeight = 30;
  const barHeight = 20;
  const barArea = CHART_WIDTH - labelWidth - valueWidth;
  const max = Math.max(0, ...servers.map(serverTokens));
  const scale = max > 0 ? barArea / max : 0;
  const height = Math.max(1, servers.length) * rowHeight + 8;

  const rows = servers.map((server, i) => {
    const y = 4 + i * rowHeight;
    const mid = y + barHeight / 2;
    const label = `<text x="${labelWidth - 10}" y="${mid}" text-anchor="end" dominant-baseline="middle"${server.failed ? ' class="bad"' : ''}>${esc(truncate(server.name, 28))}</text>`;
    if (server.failed) {
      const failure = failureOf(view, server.name);
      const why = failure ? `${failure.kind}: ${failure.message}` : 'no failure details';
      return `<g class="server-row failed"><title>${esc(`${server.name}: FAILED (${why})`)}</title>
${label}<rect x="${labelWidth}" y="${y}" width="4" height="${barHeight}" fill="${FAILED_COLOR}"/>
<text x="${labelWidth + 12}" y="${mid}" dominant-baseline="middle" class="bad">${esc(truncate(`FAILED · ${why}`, 90))}</text></g>`;
    }
    const tools = server.modelView.tokens.o200k_base;
    const instructions = server.instructions.tokens.o200k_base;
    const toolWidth = visibleWidth(tools * scale, tools);
    const instrWidth = visibleWidth(instructions * scale, instructions);
    const value = `${formatInt(tools + instructions)} tok` + (instructions > 0 ? ` (${formatInt(instructions)} instr.)` : '');
    const tip = `${server.name}: ${formatInt(tools)} o200k tokens in ${formatInt(server.toolCount)} tools` +
      `, ${formatInt(instructions)} in instructions`;
    return `<g class="server-row"><title>${esc(tip)}</title>
${label}<rect x="${labelWidth}" y="${y}" width="${num(toolWidth)}" height="${barHeight}" fill="${TOOL_TOKENS_COLOR}"/>
<rect x="${num(labelWidth + toolWidth)}" y="${y}" width="${num(instrWidth)}" height="${barHeight}" fill="${INSTRUCTIONS_COLOR}"/>
<text x="${num(labelWidth + toolWidth + instrWidth + 8)}" y="${mid}" dominant-baseline="middle" class="value">${esc(value)}</text></g>`;
  });

  return `<svg class="chart" id="chart-servers" viewBox="0 0 ${CHART_WIDTH} ${height}" width="100%" role="img" aria-label="o200k tokens by server">
<title>o200k tokens by server (tool definitions and instructions)</title>
<line x1="${labelWidth}" y1="0" x2="${labelWidth}" y2="${height}" class="axis"/>
${rows.join('\n')}
</svg>`;
}

function serverTokens(server: ServerCost): number {
  return server.failed ? 0 : server.modelView.tokens.o200k_base + server.instructions.tokens.o200k_base;
}

function heaviestToolsSection(view: MeasureView): string {
  const count = Math.max(CHART_MIN_TOOLS, view.top);
  const tools = heaviestTools(view.report.tools, count);
  const title = `Heaviest ${tools.length} tools: wire bytes by part`;
  if (tools.length === 0) return section(title, '<p class="muted">No tools.</p>');
  const intro = `<p class="muted">Ranked by o200k tokens of the model view; bar length is wire bytes, split by where they go. ` +
    `<span class="bad">!</span> marks a description over the ${formatInt(view.report.descriptionLimit)}-character limit.</p>`;
  return section(title, intro + splitLegend() + toolsChart(tools));
}

function splitLegend(): string {
  return legend(SPLIT_PARTS.map((part) => [part.label, SPLIT_COLORS[part.key]]));
}

function toolsChart(tools: ToolCost[]): string {
  const labelWidth = 320;
  const valueWidth = 180;
  const rowHeight = 24;
  const barHeight = 16;
  const barArea = CHART_WIDTH - labelWidth - valueWidth;
  const max = Math.max(0, ...tools.map((t) => t.wire.bytes));
  const scale = max > 0 ? barArea / max : 0;
  const height = tools.length * rowHeight + 8;

  const rows = tools.map((tool, i) => {
    const y = 4 + i * rowHeight;
    const mid = y + barHeight / 2;
    let x = labelWidth;
    const segments = splitShares(tool.split)
      .filter((s) => s.bytes > 0)
      .map((s) => {
        const width = s.bytes * scale;
        const rect = `<rect x="${num(x)}" y="${y}" width="${num(width)}" height="${barHeight}" fill="${SPLIT_COLORS[s.key]}">` +
          `<title>${esc(`${tool.server}/${tool.name} · ${s.label}: ${formatInt(s.bytes)} bytes (${formatPercent(s.fraction)})`)}</title></rect>`;
        x += width;
        return rect;
      });
    const marker = tool.descriptionOverLimit ? '<tspan class="bad"> !</tspan>' : '';
    const tip = `${tool.server}/${tool.name}: ${formatInt(tool.modelView.tokens.o200k_base)} o200k tokens, ` +
      `${formatInt(tool.wire.bytes)} wire bytes, description ${formatInt(tool.descriptionChars)} chars`;
    return `<g class="tool-row"><title>${esc(tip)}</title>
<text x="${labelWidth - 10}" y="${mid}" text-anchor="end" dominant-baseline="middle">${toolLabel(tool)}${marker}</text>
${segments.join('')}
<text x="${num(x + 8)}" y="${mid}" dominant-baseline="middle" class="value">${formatInt(tool.modelView.tokens.o200k_base)} tok · ${formatInt(tool.wire.bytes)} B</text></g>`;
  });

  return `<svg class="chart" id="chart-tools" viewBox="0 0 ${CHART_WIDTH} ${height}" width="100%" role="img" aria-label="Heaviest tools by wire bytes, split by part">
<title>Heaviest tools: wire bytes split by part</title>
<line x1="${labelWidth}" y1="0" x2="${labelWidth}" y2="${height}" class="axis"/>
${rows.join('\n')}
</svg>`;
}

/** Server and tool name within a fixed character budget, so the label never runs off the left edge. */
function toolLabel(tool: ToolCost): string {
  const budget = 40;
  const server = truncate(tool.server, 14);
  const name = truncate(tool.name, budget - Array.from(server).length - 3);
  return `<tspan class="muted">${esc(server)} /</tspan> ${esc(name)}`;
}

function splitChart(view: MeasureView): string {
  const shares = splitShares(view.report.total.split);
  const height = 40;
  let x = 0;
  const segments = shares
    .filter((s) => s.bytes > 0)
    .map((s) => {
      const width = s.fraction * CHART_WIDTH;
      const label = width > 70 ? `<text x="${num(x + width / 2)}" y="20" text-anchor="middle" dominant-baseline="middle" class="on-bar">${formatPercent(s.fraction)}</text>` : '';
      const g = `<g><title>${esc(`${s.label}: ${formatInt(s.bytes)} bytes (${formatPercent(s.fraction)})`)}</title>` +
        `<rect x="${num(x)}" y="4" width="${num(width)}" height="32" fill="${SPLIT_COLORS[s.key]}"/>${label}</g>`;
      x += width;
      return g;
    });
  return `${splitLegend()}<svg class="chart" id="chart-split" viewBox="0 0 ${CHART_WIDTH} ${height}" width="100%" role="img" aria-label="Wire bytes by part">
<title>All wire bytes by part</title>
${segments.join('\n')}
</svg>`;
}

function splitTable(view: MeasureView): string {
  const rows = splitShares(view.report.total.split).map(
    (s) => `<tr><td><span class="swatch" style="background:${SPLIT_COLORS[s.key]}"></span>${esc(s.label)}</td>` +
      `<td class="num">${formatInt(s.bytes)}</td><td class="num">${formatPercent(s.fraction)}</td></tr>`,
  );
  return `<table class="compact"><thead><tr><th>Part</th><th class="num">Wire bytes</th><th class="num">Share</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}

function failuresSection(view: MeasureView): string {
  const failed = view.report.servers.filter((s) => s.failed);
  if (failed.length === 0) return '';
  const items = failed.map((server) => {
    const failure = failureOf(view, server.name);
    if (!failure) return `<li><strong>${esc(server.name)}</strong>: no failure details in the catalog</li>`;
    const tail = tailLines(failure.stderrTail);
    const pre = tail.length > 0 ? `<pre>${tail.map(esc).join('\n')}</pre>` : '';
    return `<li><strong>${esc(server.name)}</strong> <span class="tag bad">${esc(failure.kind)}</span> ${esc(failure.message)}${pre}</li>`;
  });
  return section('Failed servers', `<ul class="failures">${items.join('\n')}</ul>`, 'failed');
}

function overLimitSection(view: MeasureView): string {
  const { report } = view;
  if (report.overLimit.length === 0) return '';
  const chars = new Map(report.tools.map((t) => [`${t.server}/${t.name}`, t.descriptionChars]));
  const items = report.overLimit.map((id) => {
    const n = chars.get(id);
    return `<li>${esc(id)}${n === undefined ? '' : ` <span class="muted">(${formatInt(n)} chars)</span>`}</li>`;
  });
  return section(
    `Descriptions over the ${formatInt(report.descriptionLimit)}-character limit`,
    `<p class="muted">Clients may cut these descriptions.</p><ul>${items.join('')}</ul>`,
  );
}

function toolsTable(tools: readonly ToolCost[]): string {
  const headers: [string, 'text' | 'number'][] = [
    ['Server', 'text'], ['Tool', 'text'], ['Wire bytes', 'number'], ['o200k', 'number'], ['cl100k', 'number'],
    [ESTIMATE_LABEL, 'number'], ['Description chars', 'number'], ['Over limit', 'text'],
  ];
  const head = headers
    .map(([label, type]) => `<th data-type="${type}" tabindex="0"${type === 'number' ? ' class="num"' : ''}${label === 'o200k' ? ' aria-sort="descending"' : ''}>${esc(label)}</th>`)
    .join('');
  const numCell = (n: number) => `<td class="num" data-value="${n}">${formatInt(n)}</td>`;
  const rows = sortByWeight(tools).map((t) =>
    `<tr><td class="server">${esc(t.server)}</td><td class="tool">${esc(t.name)}</td>${numCell(t.wire.bytes)}${numCell(t.modelView.tokens.o200k_base)}` +
    `${numCell(t.modelView.tokens.cl100k_base)}${numCell(t.wire.estimatedTokens)}${numCell(t.descriptionChars)}` +
    `<td>${t.descriptionOverLimit ? '<span class="bad">yes</span>' : ''}</td></tr>`,
  );
  return `<p class="muted">Click a column header to sort (needs JavaScript; the table starts sorted by o200k tokens).</p>
<div class="scroll"><table class="sortable"><thead><tr>${head}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

/** The CSP allows exactly this script, so an injected one would not run even if escaping failed. */
function scriptHash(): string {
  return `sha256-${createHash('sha256').update(SORT_SCRIPT).digest('base64')}`;
}

const SORT_SCRIPT = `
(function () {
  document.querySelectorAll('table.sortable').forEach(function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, col) {
      function sort() {
        var numeric = th.getAttribute('data-type') === 'number';
        var descending = th.getAttribute('aria-sort') !== 'descending';
        if (!numeric && th.getAttribute('aria-sort') === null) descending = false;
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[col], y = b.cells[col];
          var d = numeric
            ? Number(x.getAttribute('data-value')) - Number(y.getAttribute('data-value'))
            : x.textContent.localeCompare(y.textContent);
          return descending ? -d : d;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      }
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); } });
    });
  });
})();
`;

const STYLE = `
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --bad: ${FAILED_COLOR}; }
* { box-sizing: border-box; }
body { margin: 0; background: #fff; color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: 32px 24px 64px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 36px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
.meta, .muted { color: var(--muted); }
.muted { font-size: 13px; }
.bad { color: var(--bad); fill: var(--bad); font-weight: 600; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px; margin-top: 24px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; background: #fff; }
.card.primary { border-color: #0072B2; box-shadow: inset 4px 0 0 #0072B2; }
.card.warn .value { color: #B35900; }
.card.estimate { background: var(--soft); border-style: dashed; }
.card .label { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.card .value { font-size: 24px; font-weight: 650; font-variant-numeric: tabular-nums; }
.card .note { font-size: 12px; color: var(--muted); }
svg.chart { display: block; max-width: 100%; height: auto; margin: 8px 0; }
svg.chart text { font: 12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: var(--fg); }
svg.chart text.value { fill: var(--muted); font-variant-numeric: tabular-nums; }
svg.chart text.on-bar { fill: #fff; font-weight: 600; }
svg.chart .muted { fill: var(--muted); font-size: 12px; }
svg.chart .bad { fill: var(--bad); }
svg.chart .axis { stroke: var(--line); }
svg.chart g:hover rect { opacity: .85; }
.legend { display: flex; flex-wrap: wrap; gap: 6px 18px; font-size: 13px; color: var(--muted); margin: 4px 0; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 6px; vertical-align: -1px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; font-variant-numeric: tabular-nums; }
table.compact { width: auto; min-width: 360px; margin-top: 12px; }
th, td { padding: 6px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { background: var(--soft); font-weight: 600; white-space: nowrap; }
td.server { white-space: nowrap; }
td.tool { overflow-wrap: anywhere; }
.num { text-align: right; white-space: nowrap; }
table.sortable th { cursor: pointer; user-select: none; }
table.sortable th[aria-sort="descending"]::after { content: " \\25BE"; }
table.sortable th[aria-sort="ascending"]::after { content: " \\25B4"; }
tbody tr:nth-child(even) { background: #fbfcfd; }
.scroll { overflow-x: auto; }
.failures li { margin-bottom: 12px; }
.tag { display: inline-block; font-size: 12px; border: 1px solid currentColor; border-radius: 10px; padding: 0 8px; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; font-size: 12px; overflow-x: auto; white-space: pre-wrap; }
`;
