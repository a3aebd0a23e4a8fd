import { resolve } from 'node:path';
import { serializeCatalog } from '../catalog/catalog-file.js';
import { redactCatalog } from '../catalog/redact.js';
import { measureCatalog } from '../cost/measure.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { renderHtml } from '../report/html.js';
import { measureJson } from '../report/json.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderTerminal } from '../report/terminal.js';
import { renderSavings, savings as savingsOf } from '../report/savings.js';
import type { MeasureView } from '../report/types.js';
import { collectionNotes, collectWithProgress } from './_collect.js';
import { exitCodeForMeasure, type ExitCode } from './exit-code.js';
import { useColor, type CliIO } from './io.js';
import { positiveInt } from './parse-args.js';
import { defineCommand } from './command.js';
import { SOURCE_FLAGS, SOURCE_SECTION, sourceRequest } from './source-args.js';
import { SlimError } from '../errors.js';
import { redactArgs, redactText } from '../util/redact.js';

export const MEASURE = defineCommand({
  name: 'measure',
  summary: 'the real token cost of MCP tool definitions',
  usage: [
    'measure [options] -- <command> [args…]',
    'measure [options] --url http://host/mcp',
    'measure [options] --config .mcp.json',
    'measure [options]            (reads this project\'s and user\'s MCP configs)',
    'measure --demo               (real servers from npm, no setup)',
  ],
  sections: { source: SOURCE_SECTION, '': 'Output:' },
  flags: {
    ...SOURCE_FLAGS,
    top: { type: 'string', value: 'N', help: 'heaviest tools to list (default 10)' },
    window: { type: 'string', value: 'TOKENS', help: 'context window to compare the total with (default 200000)' },
    json: { type: 'boolean', help: 'stable machine-readable output (docs/json-output.md)' },
    md: { type: 'boolean', help: 'Markdown tables (for a PR comment or $GITHUB_STEP_SUMMARY)' },
    html: { type: 'string', value: 'FILE', help: 'write a self-contained HTML report with charts' },
    save: { type: 'string', value: 'FILE', help: 'save the catalog (every raw tool) to measure again without the servers' },
    savings: { type: 'boolean', help: 'also show what slimming would save (on with --demo)' },
  },
  footer: 'Exit codes: 0 measured, 1 a server failed, 2 usage or configuration mistake, 3 crash.',
});


export async function measureCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = MEASURE.parse(argv);
  if (values.help) {
    io.stdout.write(`${MEASURE.help}\n`);
    return 0;
  }
  if (positionals.length) {
    throw new SlimError(
      'usage',
      `unexpected argument ${JSON.stringify(redactArgs(positionals)[0])}; put a server's command after --, e.g. mcp-slim measure -- npx -y @modelcontextprotocol/server-memory`,
    );
  }
  const request = sourceRequest(values, rest, values.demo ? 90 : 30);
  const top = positiveInt('top', values.top, 10);
  const window = positiveInt('window', values.window, 200_000);
  const machine = values.json === true || values.md === true;
  const raw = await collectWithProgress(io, request, machine);
  // Everything below prints or saves: from here on, origins, failures and notes carry no secret.
  const collected = {
    ...raw,
    catalog: redactCatalog(raw.catalog),
    warnings: raw.warnings.map(redactText),
    skipped: raw.skipped.map((s) => ({ ...s, reason: redactText(s.reason) })),
  };
  const { catalog } = collected;
  const report = measureCatalog(catalog);
  const view: MeasureView = { catalog, report, window, top };

  if (values.save) {
    writeFileAtomic(resolve(io.cwd, values.save), serializeCatalog(catalog));
  }
  if (values.html) {
    writeFileAtomic(resolve(io.cwd, values.html), renderHtml(view));
  }
  const savings = values.savings || values.demo ? savingsOf(catalog, report) : undefined;
  if (values.json) {
    io.stdout.write(`${JSON.stringify({ ...measureJson(view, collected), ...(savings ? { savings } : {}) }, null, 2)}\n`);
  } else if (values.md) {
    io.stdout.write(renderMarkdown(view));
  } else {
    const notes = collectionNotes(collected);
    if (notes.length) io.stderr.write(`${notes.join('\n')}\n`);
    const color = useColor(io.stdout, io.env);
    io.stdout.write(renderTerminal(view, { color, ...(io.stdout.isTTY && io.stdout.columns ? { width: io.stdout.columns } : {}) }));
    if (savings) io.stdout.write(`\n${renderSavings(savings, color)}`);
  }
  const written = [values.save && `catalog: ${values.save}`, values.html && `report: ${values.html}`].filter(Boolean);
  if (written.length && !values.json) io.stderr.write(`wrote ${written.join(', ')}\n`);
  return exitCodeForMeasure(report.total.failedServerCount);
}
