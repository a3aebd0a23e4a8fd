import pc from 'picocolors';
import { truncate } from '../util/format.js';
import { SlimError } from '../errors.js';
import { indexCatalog } from '../search/tool-index.js';
import type { DocumentKind } from '../search/types.js';
import { collectForCommand } from './_collect.js';
import { EXIT, type ExitCode } from './exit-code.js';
import { useColor, type CliIO } from './io.js';
import { parseCommandArgs, positiveInt } from './parse-args.js';
import { SOURCE_HELP, SOURCE_OPTIONS, sourceRequest, type SourceValues } from './source-args.js';

export const SEARCH_HELP = `mcp-slim search: which tools fit a task

Usage:
  mcp-slim search "<task>" [--k 5] [sources]

${SOURCE_HELP}

Options:
  --k N              how many tools (default 5)
  --document KIND    what is indexed: full (default), slim or ttc
  --json             machine-readable
  -h, --help         this help

Ranking: BM25F over the tool's name, first sentence, description and parameters, with a
synonym vocabulary kept in the project (docs/search.md). Exit codes: 0 ok, 1 a server failed, 2 usage.`;

const OPTIONS = {
  ...SOURCE_OPTIONS,
  k: { type: 'string' },
  document: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface SearchValues extends SourceValues {
  k?: string;
  document?: string;
  json?: boolean;
  help?: boolean;
}

export async function searchCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = parseCommandArgs<SearchValues>('search', argv, OPTIONS);
  if (values.help) {
    io.stdout.write(`${SEARCH_HELP}\n`);
    return EXIT.ok;
  }
  const task = positionals.join(' ').trim();
  if (!task) throw new SlimError('usage', 'say what the task is: mcp-slim search "read a file" --catalog catalog.json');
  const k = positiveInt('k', values.k, 5);
  const document = (values.document ?? 'full') as DocumentKind;
  if (!['full', 'slim', 'ttc'].includes(document)) throw new SlimError('usage', `--document must be full, slim or ttc, got ${JSON.stringify(values.document)}`);
  const collected = await collectForCommand(io, sourceRequest(values, rest), values.json === true);
  const hits = indexCatalog(collected.catalog, { document }).search(task, k);
  if (values.json) io.stdout.write(`${JSON.stringify({ schemaVersion: 1, command: 'search', task, document, hits }, null, 2)}\n`);
  else {
    const c = pc.createColors(useColor(io.stdout, io.env));
    const descriptions = new Map<string, string>(collected.catalog.servers.flatMap((s) => s.tools.map((t): [string, string] => [`${s.name}/${t.name}`, typeof t.description === 'string' ? t.description : ''])));
    if (!hits.length) io.stdout.write('no tool matches that task\n');
    // Descriptions often open with a blank line and indentation: show their first words on one line.
    const gist = (id: string) => truncate((descriptions.get(id) ?? '').replace(/\s+/g, ' ').trim(), 110);
    hits.forEach((h, i) => io.stdout.write(`${String(i + 1).padStart(2)}. ${c.bold(h.id)} ${c.dim(h.score.toFixed(2))}\n    ${gist(h.id)}\n`));
  }
  return collected.failed ? EXIT.failed : EXIT.ok;
}
