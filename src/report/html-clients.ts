import { sessionLine, type ClientCostView } from './client-cost-report.js';
import { formatInt, truncate } from './_format.js';
import { CHART_WIDTH, esc, legend, num, visibleWidth } from './_html-parts.js';

/** The HTML report's "What each client pays" section: a chart of session cost and the table behind it. */

const DIRECT_COLOR = '#0072B2';
const GATEWAY_COLOR = '#009E73';

export function clientLegend(): string {
  return legend([
    ['as configured', DIRECT_COLOR],
    ['behind mcp-slim (deferred)', GATEWAY_COLOR],
  ]);
}

/** Session dollars per client, as configured and behind the gateway: two bars a client. */
export function clientChart(view: ClientCostView): string {
  const labelWidth = 240;
  const valueWidth = 120;
  const barHeight = 14;
  const rowHeight = 2 * barHeight + 12;
  const barArea = CHART_WIDTH - labelWidth - valueWidth;
  const max = Math.max(0, ...view.costs.flatMap((c) => [c.direct.session.dollars, c.gateway.session.dollars]));
  const scale = max > 0 ? barArea / max : 0;
  const height = view.costs.length * rowHeight + 8;
  const rows = view.costs.map((cost, i) => {
    const y = 4 + i * rowHeight;
    const bar = (dy: number, dollars: number, color: string, what: string) => {
      const width = visibleWidth(dollars * scale, dollars);
      const tip = `${cost.label}, ${what}: $${dollars.toFixed(4)} for the session`;
      return `<g><title>${esc(tip)}</title><rect x="${labelWidth}" y="${y + dy}" width="${num(width)}" height="${barHeight}" fill="${color}"/>
<text x="${num(labelWidth + width + 8)}" y="${y + dy + barHeight / 2}" dominant-baseline="middle" class="value">$${esc(dollars.toFixed(4))}</text></g>`;
    };
    return `<g class="client-row"><text x="${labelWidth - 10}" y="${y + barHeight}" text-anchor="end" dominant-baseline="middle">${esc(truncate(cost.label, 32))}</text>
${bar(0, cost.direct.session.dollars, DIRECT_COLOR, 'as configured')}
${bar(barHeight + 2, cost.gateway.session.dollars, GATEWAY_COLOR, 'behind mcp-slim')}</g>`;
  });
  return `<svg class="chart" id="chart-clients" viewBox="0 0 ${CHART_WIDTH} ${height}" width="100%" role="img" aria-label="session cost per client">
<title>${esc(sessionLine(view))}</title>
<line x1="${labelWidth}" y1="0" x2="${labelWidth}" y2="${height}" class="axis"/>
${rows.join('\n')}
</svg>`;
}

export function clientTable(view: ClientCostView): string {
  const rows = view.costs.flatMap((cost) =>
    (
      [
        [`${cost.label} (${cost.version})`, cost.direct],
        ['behind mcp-slim (deferred)', cost.gateway],
      ] as const
    ).map(
      ([label, load]) =>
        `<tr><td>${esc(label)}</td><td class="num">${formatInt(load.firstTurn)}</td><td class="num">${formatInt(load.session.laterTurn)}</td>` +
        `<td class="num">${load.findAndCall ? formatInt(load.findAndCall) : '–'}</td><td class="num">$${esc(load.session.dollars.toFixed(4))}</td><td class="muted">${esc(load.how.join('; '))}</td></tr>`,
    ),
  );
  const assumed = [...new Set(view.costs.flatMap((c) => [...c.notes, ...c.assumed]))];
  return `<p class="muted">${esc(sessionLine(view))}. o200k tokens of what the model reads, by each client's rules in ${esc(view.rulesFile)}.</p>
<div class="scroll"><table><thead><tr><th>Client</th><th class="num">First turn</th><th class="num">Later turn (avg)</th><th class="num">One find+call</th><th class="num">Session</th><th>How</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>
${assumed.length ? `<ul class="muted">${assumed.map((a) => `<li>${esc(a)}</li>`).join('')}</ul>` : ''}`;
}

