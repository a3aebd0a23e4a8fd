import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml, renderHtml } from '../src/report/html.js';
import { renderMarkdown } from '../src/report/markdown.js';
import { renderTerminal } from '../src/report/terminal.js';
import {
  FAILED_SERVER,
  FAILURE_MESSAGE,
  HOSTILE_TOOL_NAME,
  REPORT,
  sampleView,
} from './fixtures/reports/sample-view.js';

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[/;

/** The percentage as the reports print it, computed here from the fixture's raw numbers. */
function expectedShare(window: number): string {
  const tokens = REPORT.total.modelView.tokens.o200k_base + REPORT.total.instructions.tokens.o200k_base;
  return `${((tokens / window) * 100).toFixed(1)}%`;
}

const withCommas = (n: number) => n.toLocaleString('en-US');

/** Tool names of a table's body rows, read from the column headed `tool`. */
function terminalToolRows(out: string): string[] {
  const lines = out.split('\n');
  const header = lines.findIndex((l) => /^\s+server\s+tool\s+wire bytes/.test(l));
  assert.ok(header >= 0, 'heaviest-tools header present');
  const rows: string[] = [];
  for (const line of lines.slice(header + 1)) {
    if (!/^\s{2}\S/.test(line) || line.trimStart().startsWith('!')) break;
    rows.push(line);
  }
  return rows;
}

describe('renderTerminal', () => {
  it('has no ANSI escapes without colour and has them with colour', () => {
    assert.doesNotMatch(renderTerminal(sampleView(), { color: false }), ANSI);
    assert.match(renderTerminal(sampleView(), { color: true }), ANSI);
  });

  it('lists the heaviest tools by o200k tokens, limited to top', () => {
    const out = renderTerminal(sampleView({ top: 3 }), { color: false });
    const rows = terminalToolRows(out);
    assert.equal(rows.length, 3);
    const expected = [...REPORT.tools]
      .sort((a, b) => b.modelView.tokens.o200k_base - a.modelView.tokens.o200k_base)
      .slice(0, 3);
    expected.forEach((tool, i) => {
      assert.ok(rows[i]?.includes(tool.name), `row ${i} is ${tool.name}: ${rows[i]}`);
      assert.ok(rows[i]?.includes(withCommas(tool.modelView.tokens.o200k_base)));
    });
    assert.ok(!out.includes('read_file'), 'the lightest tool is left out');
  });

  it('shows every tool when top exceeds the tool count', () => {
    const rows = terminalToolRows(renderTerminal(sampleView({ top: 50 }), { color: false }));
    assert.equal(rows.length, REPORT.tools.length);
  });

  it('labels the bytes/4 figure as an estimate wherever it appears', () => {
    const out = renderTerminal(sampleView(), { color: false });
    const estimate = withCommas(REPORT.total.wire.estimatedTokens);
    const linesWithEstimate = out.split('\n').filter((l) => l.includes(estimate));
    assert.ok(linesWithEstimate.length >= 2, 'total row and total line');
    assert.match(out, /est\. tok \(bytes\/4\)/);
    assert.match(out, /an estimate, not a count/);
  });

  it('shows the failed server with its message and stderr tail', () => {
    const out = renderTerminal(sampleView(), { color: false });
    assert.match(out, new RegExp(`${FAILED_SERVER}\\s+FAILED`));
    assert.ok(out.includes(FAILURE_MESSAGE));
    assert.match(out, /│ Error: ENOENT: no such file/);
    assert.match(out, /│ {5}at main \(index\.js:3:9\)/, 'indentation of the stderr line is kept');
  });

  it('prints the share of the context window computed from the totals', () => {
    for (const window of [200_000, 32_000]) {
      const out = renderTerminal(sampleView({ window }), { color: false });
      assert.ok(out.includes(`${expectedShare(window)} of a ${withCommas(window)}-token context window`), out);
    }
  });

  it('prints the byte split as percentages that add up to about 100', () => {
    const out = renderTerminal(sampleView(), { color: false });
    const line = out.split('\n').find((l) => l.startsWith('Bytes by part'));
    assert.ok(line);
    const percents = [...line.matchAll(/(\d+\.\d)%/g)].map((m) => Number(m[1]));
    assert.equal(percents.length, 5);
    const sum = percents.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 100) < 0.5, `sum ${sum}`);
  });

  it('marks and lists descriptions over the limit', () => {
    const out = renderTerminal(sampleView(), { color: false });
    const over = REPORT.overLimit[0];
    assert.ok(over);
    assert.match(out, /Descriptions over the 4,096-char limit/);
    assert.ok(out.includes(over));
    const overRow = terminalToolRows(out).find((r) => r.includes('write_file'));
    assert.match(overRow ?? '', /!$/);
  });

  it('truncates long names to fit the width', () => {
    const wide = renderTerminal(sampleView(), { color: false });
    const narrow = renderTerminal(sampleView(), { color: false, width: 70 });
    const longName = 'write_file_with_a_very_long_descriptive_tool_name';
    assert.ok(terminalToolRows(wide).some((r) => r.includes(longName)));
    assert.ok(!terminalToolRows(narrow).some((r) => r.includes(longName)));
    for (const row of terminalToolRows(narrow)) assert.ok(row.length <= 70, `${row.length}: ${row}`);
    assert.ok(terminalToolRows(narrow).some((r) => r.includes('…')));
  });

  it('neutralises control characters in names so they cannot repaint the terminal', () => {
    const view = sampleView();
    const tools = view.report.tools.map((t, i) => (i === 0 ? { ...t, name: 'evil\u001b[31mred' } : t));
    const out = renderTerminal({ ...view, report: { ...view.report, tools } }, { color: false });
    assert.doesNotMatch(out, ANSI);
  });
});

describe('renderMarkdown', () => {
  const md = renderMarkdown(sampleView({ top: 3 }));
  const tableAfter = (heading: string): string[] => {
    const lines = md.split('\n');
    const start = lines.findIndex((l) => l.startsWith(heading));
    assert.ok(start >= 0, `${heading} present`);
    const rows: string[] = [];
    for (const line of lines.slice(start + 1)) {
      if (line.startsWith('|')) rows.push(line);
      else if (rows.length > 0) break;
    }
    return rows;
  };
  /** Cells of a row, splitting only on pipes that are not escaped. */
  const cells = (row: string) => row.slice(1, -1).split(/(?<!\\)\|/);

  it('has a heaviest-tools table with top rows and a consistent column count', () => {
    const rows = tableAfter('### Heaviest');
    assert.equal(rows.length, 2 + 3);
    const widths = new Set(rows.map((r) => cells(r).length));
    assert.equal(widths.size, 1, 'every row has the same number of cells');
  });

  it('escapes | and HTML in names', () => {
    const row = tableAfter('### Heaviest').find((r) => r.includes('search'));
    assert.ok(row);
    assert.ok(row.includes('search&lt;script&gt;alert(1)&lt;/script&gt;\\|pipe'));
    assert.ok(!md.includes('<script>'));
    assert.equal(cells(row).length, cells(tableAfter('### Heaviest')[0] ?? '').length);
  });

  it('has one server row per server plus the total, and the failure details', () => {
    const rows = tableAfter('### Servers');
    assert.equal(rows.length, 2 + REPORT.servers.length + 1);
    assert.ok(rows.some((r) => r.startsWith(`| ${FAILED_SERVER} |`) && r.includes('FAILED')));
    assert.ok(md.includes('est. tok (bytes/4)'));
    assert.ok(md.includes('could not start \\`broken-mcp\\`'));
    assert.match(md, /```text\n {2}booting broken-mcp/);
  });

  it('has the byte split table and the window share', () => {
    assert.equal(tableAfter('### Where the bytes go').length, 2 + 5);
    assert.ok(md.includes(`**${expectedShare(200_000)}** of a 200,000-token context window`));
  });
});

describe('renderHtml', () => {
  const html = renderHtml(sampleView());

  it('is one HTML document', () => {
    assert.ok(html.startsWith('<!doctype html>'));
    assert.equal(html.match(/<html[\s>]/g)?.length, 1);
    assert.equal(html.match(/<\/html>/g)?.length, 1);
    assert.equal(html.match(/<body[\s>]/g)?.length, 1);
  });

  it('draws one bar per server, with the failed server marked', () => {
    const chart = html.match(/<svg[^>]*id="chart-servers"[\s\S]*?<\/svg>/)?.[0];
    assert.ok(chart, 'server chart present');
    assert.equal(chart.match(/<g class="server-row/g)?.length, REPORT.servers.length);
    assert.equal(chart.match(/<g class="server-row failed"/g)?.length, 1);
    assert.ok(chart.includes('FAILED'));
    assert.ok(chart.includes('<title>'), 'bars have tooltips');
  });

  it('stacks the heaviest tools by byte split with a legend', () => {
    const chart = html.match(/<svg[^>]*id="chart-tools"[\s\S]*?<\/svg>/)?.[0];
    assert.ok(chart);
    // The fixture has fewer than 30 tools, so all of them are drawn.
    assert.equal(chart.match(/<g class="tool-row"/g)?.length, REPORT.tools.length);
    for (const label of ['parameter descriptions', 'schema structure', 'outputSchema']) assert.ok(html.includes(label));
  });

  it('loads nothing from the network', () => {
    assert.doesNotMatch(html, /\b(?:src|href)\s*=\s*["']?\s*https?:/i);
    assert.doesNotMatch(html, /https?:\/\//);
    assert.doesNotMatch(html, /<link\b/i);
  });

  it('escapes untrusted names so injected markup is inert', () => {
    assert.ok(!html.includes('<script>alert'));
    assert.ok(html.includes(escapeHtml(HOSTILE_TOOL_NAME)));
    // Only our own sorting script remains.
    assert.equal(html.match(/<script\b/g)?.length, 1);
  });

  it('shows the summary numbers and the failure with its stderr', () => {
    assert.ok(html.includes(expectedShare(200_000)));
    assert.ok(html.includes(withCommas(REPORT.total.modelView.tokens.cl100k_base + REPORT.total.instructions.tokens.cl100k_base)));
    assert.ok(html.includes(escapeHtml(FAILURE_MESSAGE)));
    assert.match(html, /<pre>[^<]*Error: ENOENT/);
    assert.ok(html.includes('est. tok (bytes/4)'));
  });

  it('lists every tool in the sortable table', () => {
    const table = html.match(/<table class="sortable">[\s\S]*?<\/table>/)?.[0];
    assert.ok(table);
    assert.equal(table.match(/<tr><td class="server">/g)?.length, REPORT.tools.length);
  });
});

describe('renderHtml: what each client pays', () => {
  it('draws two bars a client (as configured, behind the gateway) and a table with the assumptions', async () => {
    const { clientCost } = await import('../src/client-cost/model.js');
    const { loadRuleBook } = await import('../src/client-cost/rules-file.js');
    const view = sampleView();
    const book = loadRuleBook();
    const session = { window: 200_000, turns: 20, finds: 2, prices: book.prices };
    const costs = (['claude-code', 'gemini'] as const).map((c) => clientCost(view.catalog, book.clients[c], session));
    const html = renderHtml({ ...view, clients: { costs, session: { ...session, model: book.prices.model }, rulesFile: 'data/client-rules.json' } });
    const chart = html.match(/<svg[^>]*id="chart-clients"[\s\S]*?<\/svg>/)?.[0];
    assert.ok(chart, 'client chart present');
    assert.equal(chart.match(/<g class="client-row"/g)?.length, 2);
    assert.match(html, /<section id="clients"><h2>What each client pays for a session<\/h2>/);
    assert.match(html, /Claude Code \(2\.1\.332\)/);
    assert.match(html, /search tool: 350 tokens, estimated/);
    assert.doesNotMatch(renderHtml(view), /id="chart-clients"/, 'no client section unless measured for clients');
  });
});
