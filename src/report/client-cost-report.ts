import pc from 'picocolors';
import type { ClientCost, SessionOptions } from '../client-cost/model.js';
import { formatInt } from './_format.js';
import { table, type Row } from './_table.js';
import type { TerminalStyle } from './types.js';

/** The per-client figures of one measurement and what they assume. */
export interface ClientCostView {
  costs: ClientCost[];
  session: SessionOptions & { model: string };
  rulesFile: string;
}

const dollars = (d: number): string => (d >= 10 ? `$${d.toFixed(2)}` : d >= 0.01 ? `$${d.toFixed(3)}` : `$${d.toFixed(4)}`);

/** One line naming the session the dollars assume, with the flags that change it. */
export function sessionLine(view: ClientCostView): string {
  const { session } = view;
  return `session: ${session.turns} turns with ${session.finds} find-and-calls, prompt caching at ${view.session.model} prices: cache write $${session.prices.cacheWritePerMTok}/MTok, cache read $${session.prices.cacheReadPerMTok}/MTok (--turns, --finds, --cache-write, --cache-read)`;
}

export function renderClientCosts(view: ClientCostView, style: TerminalStyle): string {
  const c = pc.createColors(style.color);
  const lines = [c.bold('What each client pays') + c.dim(` (o200k tokens the model reads, by each client's own rules: ${view.rulesFile})`)];
  const rows: Row[] = view.costs.flatMap((cost) => {
    const row = (label: string, load: ClientCost['direct'], paint?: (s: string) => string): Row => [
      { text: label, ...(paint ? { paint } : {}) },
      { text: formatInt(load.firstTurn) },
      { text: formatInt(load.session.laterTurn) },
      { text: load.findAndCall ? formatInt(load.findAndCall) : '–' },
      { text: dollars(load.session.dollars) },
    ];
    const better = cost.gateway.session.dollars < cost.direct.session.dollars;
    return [
      row(`${cost.label} · ${formatInt(cost.tools)} tools`, cost.direct),
      row('  behind mcp-slim (deferred)', cost.gateway, better ? c.green : c.yellow),
    ];
  });
  lines.push(
    ...table(
      [
        { header: 'client', align: 'left', shrinkOrder: 1, minWidth: 20 },
        { header: 'first turn', align: 'right' },
        { header: 'later turn (avg)', align: 'right' },
        { header: 'one find+call', align: 'right' },
        { header: 'session', align: 'right' },
      ],
      rows,
      style,
      c,
    ),
  );
  lines.push(c.dim(`  ${sessionLine(view)}`));
  lines.push(c.dim(`  rules read from: ${view.costs.map((cost) => `${cost.label} ${cost.version.replace(/\s*\(.*$/, '')}`).join('; ')}`));
  const notes = view.costs.flatMap((cost) => cost.notes);
  for (const note of notes) lines.push(c.yellow(`  ${note}`));
  if (view.costs.length === 1) {
    const [cost] = view.costs;
    lines.push(c.dim(`  as configured: ${cost!.direct.how.join('; ')}`), c.dim(`  behind mcp-slim: ${cost!.gateway.how.join('; ')}`));
  }
  const assumed = [...new Set(view.costs.flatMap((cost) => cost.assumed))];
  if (assumed.length) lines.push(c.dim('  assumed:'), ...assumed.map((a) => c.dim(`    - ${a}`)));
  return `${lines.join('\n')}\n`;
}

/** The per-client figures for --json: the costs, with the session and rules they assume. */
export function clientCostsJson(view: ClientCostView): object {
  return { rules: view.rulesFile, session: view.session, costs: view.costs };
}
