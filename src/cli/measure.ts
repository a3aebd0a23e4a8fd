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
import { nonNegativeInt, nonNegativeNumber, positiveInt } from './parse-args.js';
import type { Catalog, ClientKind, ServerEntry } from '../catalog/types.js';
import { clientCost, DEFAULT_SESSION } from '../client-cost/model.js';
import { loadRuleBook } from '../client-cost/rules-file.js';
import { CLIENT_NAMES, isClientKind } from '../sources/clients/names.js';
import { clientCostsJson, renderClientCosts, type ClientCostView } from '../report/client-cost-report.js';
import { defineCommand, type FlagValues } from './command.js';
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
  sections: { source: SOURCE_SECTION, '': 'Output:', clients: 'What each client pays (with --client, configs read, or --demo; rules: data/client-rules.json):' },
  flags: {
    ...SOURCE_FLAGS,
    top: { type: 'string', value: 'N', help: 'heaviest tools to list (default 10)' },
    window: { type: 'string', value: 'TOKENS', help: `context window to compare the total with (default ${DEFAULT_SESSION.window})` },
    json: { type: 'boolean', help: 'stable machine-readable output (docs/json-output.md)' },
    md: { type: 'boolean', help: 'Markdown tables (for a PR comment or $GITHUB_STEP_SUMMARY)' },
    html: { type: 'string', value: 'FILE', help: 'write a self-contained HTML report with charts' },
    save: { type: 'string', value: 'FILE', help: 'save the catalog (every raw tool) to measure again without the servers' },
    savings: { type: 'boolean', help: 'also show what slimming would save (on with --demo)' },
    turns: { type: 'string', value: 'N', section: 'clients', help: `turns in the session the per-client cost assumes (default ${DEFAULT_SESSION.turns})` },
    finds: { type: 'string', value: 'N', section: 'clients', help: `find-and-calls in that session, where a client looks tools up (default ${DEFAULT_SESSION.finds})` },
    'cache-write': { type: 'string', value: 'USD', section: 'clients', help: 'dollars per million tokens written to the prompt cache (default: data/client-rules.json, Claude Sonnet 4.6: 3.75)' },
    'cache-read': { type: 'string', value: 'USD', section: 'clients', help: 'dollars per million tokens read from the prompt cache (default 0.30)' },
  },
  footer: 'Exit codes: 0 measured, 1 a server failed, 2 usage or configuration mistake, 3 crash.',
});


/** Whether a server is one of a client's: from its config, or given directly (then it is anyone's). */
function belongsTo(server: ServerEntry, client: ClientKind): boolean {
  const source = server.origin.source;
  return source.kind !== 'config' || source.client === client || source.alsoIn?.includes(client) === true;
}

/**
 * The clients to price: the one named with --client; else those whose configs were read; else,
 * for the demo, all of them. Each is priced for its own servers only.
 */
function clientCostView(catalog: Catalog, values: FlagValues<typeof MEASURE.flags>, window: number, fromConfigs: boolean): ClientCostView | undefined {
  const named = values.client !== undefined && isClientKind(values.client) ? [values.client] : undefined;
  const fromFiles = fromConfigs ? CLIENT_NAMES.filter((c) => catalog.servers.some((s) => s.origin.source.kind === 'config' && belongsTo(s, c))) : [];
  const clients = named ?? (fromFiles.length ? fromFiles : values.demo ? [...CLIENT_NAMES] : []);
  if (!clients.length) return undefined;
  const book = loadRuleBook();
  const session = {
    window,
    turns: positiveInt('turns', values.turns, DEFAULT_SESSION.turns),
    finds: nonNegativeInt('finds', values.finds, DEFAULT_SESSION.finds),
    prices: {
      cacheWritePerMTok: nonNegativeNumber('cache-write', values['cache-write'], book.prices.cacheWritePerMTok),
      cacheReadPerMTok: nonNegativeNumber('cache-read', values['cache-read'], book.prices.cacheReadPerMTok),
    },
  };
  const priced = values['cache-write'] !== undefined || values['cache-read'] !== undefined;
  return {
    costs: clients.map((c) => clientCost({ ...catalog, servers: catalog.servers.filter((s) => belongsTo(s, c)) }, book.clients[c], session)),
    session: { ...session, model: priced ? 'your' : book.prices.model },
    rulesFile: 'data/client-rules.json',
  };
}

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
  const window = positiveInt('window', values.window, DEFAULT_SESSION.window);
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
  const clients = clientCostView(catalog, values, window, collected.configFiles.length > 0);
  if (clients) view.clients = clients;
  // After the client costs: the report has a section for them.
  if (values.html) {
    writeFileAtomic(resolve(io.cwd, values.html), renderHtml(view));
  }
  const savings = values.savings || values.demo ? savingsOf(catalog, report) : undefined;
  if (values.json) {
    io.stdout.write(`${JSON.stringify({ ...measureJson(view, collected), ...(savings ? { savings } : {}), ...(clients ? { clients: clientCostsJson(clients) } : {}) }, null, 2)}\n`);
  } else if (values.md) {
    io.stdout.write(renderMarkdown(view));
  } else {
    const notes = collectionNotes(collected);
    if (notes.length) io.stderr.write(`${notes.join('\n')}\n`);
    const color = useColor(io.stdout, io.env);
    io.stdout.write(renderTerminal(view, { color, ...(io.stdout.isTTY && io.stdout.columns ? { width: io.stdout.columns } : {}) }));
    if (savings) io.stdout.write(`\n${renderSavings(savings, color)}`);
    if (clients) io.stdout.write(`\n${renderClientCosts(clients, { color, ...(io.stdout.isTTY && io.stdout.columns ? { width: io.stdout.columns } : {}) })}`);
  }
  const written = [values.save && `catalog: ${values.save}`, values.html && `report: ${values.html}`].filter(Boolean);
  if (written.length && !values.json) io.stderr.write(`wrote ${written.join(', ')}\n`);
  return exitCodeForMeasure(report.total.failedServerCount);
}
