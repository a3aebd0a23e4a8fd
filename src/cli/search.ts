import pc from 'picocolors';
import { truncate } from '../util/format.js';
import { SlimError } from '../errors.js';
import { indexCatalog } from '../search/tool-index.js';
import { weakMatch } from '../search/confidence.js';
import { slimDocuments } from '../slim/documents.js';
import type { DocumentKind } from '../search/types.js';
import { collectForCommand } from './_collect.js';
import { EXIT, type ExitCode } from './exit-code.js';
import { useColor, type CliIO } from './io.js';
import { positiveInt } from './parse-args.js';
import { defineCommand } from './command.js';
import { SOURCE_FLAGS, SOURCE_SECTION, sourceRequest } from './source-args.js';

export const SEARCH = defineCommand({
  name: 'search',
  summary: 'which tools fit a task',
  usage: ['search "<task>" [--k 5] [sources]'],
  sections: { source: SOURCE_SECTION },
  flags: {
    ...SOURCE_FLAGS,
    k: { type: 'string', value: 'N', help: 'how many tools (default 5)' },
    document: { type: 'string', value: 'KIND', help: 'what is indexed: full (default), slim or ttc' },
    json: { type: 'boolean', help: 'machine-readable' },
  },
  footer: `Ranking: BM25F over the tool's name, first sentence, description and parameters, with a
synonym vocabulary kept in the project (docs/search.md). Exit codes: 0 ok, 1 a server failed, 2 usage.`,
});

export async function searchCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = SEARCH.parse(argv);
  if (values.help) {
    io.stdout.write(`${SEARCH.help}\n`);
    return EXIT.ok;
  }
  const task = positionals.join(' ').trim();
  if (!task) throw new SlimError('usage', 'say what the task is: mcp-slim search "read a file" --catalog catalog.json');
  const k = positiveInt('k', values.k, 5);
  const document = (values.document ?? 'full') as DocumentKind;
  if (!['full', 'slim', 'ttc'].includes(document)) throw new SlimError('usage', `--document must be full, slim or ttc, got ${JSON.stringify(values.document)}`);
  const collected = await collectForCommand(io, sourceRequest(values, rest), values.json === true);
  const hits = indexCatalog(collected.catalog, { document, ...(document === 'slim' ? { documents: slimDocuments() } : {}) }).search(task, k);
  const weak = weakMatch(hits);
  if (values.json) io.stdout.write(`${JSON.stringify({ schemaVersion: 1, command: 'search', task, document, hits, ...(weak ? { weak } : {}) }, null, 2)}\n`);
  else {
    const c = pc.createColors(useColor(io.stdout, io.env));
    const descriptions = new Map<string, string>(collected.catalog.servers.flatMap((s) => s.tools.map((t): [string, string] => [`${s.name}/${t.name}`, typeof t.description === 'string' ? t.description : ''])));
    if (!hits.length) io.stdout.write('no tool matches that task\n');
    // Descriptions often open with a blank line and indentation: show their first words on one line.
    const gist = (id: string) => truncate((descriptions.get(id) ?? '').replace(/\s+/g, ' ').trim(), 110);
    if (weak) io.stdout.write(`${c.yellow(weak)}\n`);
    // The fit, not the raw score: it means the same from one task to the next.
    hits.forEach((h, i) => io.stdout.write(`${String(i + 1).padStart(2)}. ${c.bold(h.id)} ${c.dim(`fits ${Math.round(h.fit * 100)}%`)}\n    ${gist(h.id)}\n`));
  }
  return collected.failed ? EXIT.failed : EXIT.ok;
}
