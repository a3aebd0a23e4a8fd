import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pc from 'picocolors';
import { SlimError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readUserFile } from '../fs/read-text.js';
import { formatInt, formatPercent } from '../report/_format.js';
import { table, type Row } from '../report/_table.js';
import { catalogToTTC, renderServersTTC } from '../ttc/catalog-text.js';
import { compareTTC, type TTCComparison } from '../ttc/compare.js';
import { checkSidecarTools, parseSidecar } from '../ttc/sidecar.js';
import type { Sidecar } from '../ttc/types.js';
import { collectForCommand } from './_collect.js';
import { EXIT, type ExitCode } from './exit-code.js';
import { useColor, type CliIO } from './io.js';
import { defineCommand } from './command.js';
import { SOURCE_FLAGS, SOURCE_SECTION, sourceRequest } from './source-args.js';

export const TTC = defineCommand({
  name: 'ttc',
  summary: 'the TERSE Tool Catalog (docs/ttc.md) of any MCP setup',
  usage: [
    'ttc [sources]                 print the TTC of every tool',
    'ttc [sources] --compare       tokens of the MCP JSON against the TTC, per tool and server',
  ],
  sections: { source: SOURCE_SECTION },
  flags: {
    ...SOURCE_FLAGS,
    sidecar: { type: 'string', value: 'FILE', help: 'the author\'s ttc.json (PURPOSE, WHEN, ERR, TAGS by hand; wins over derived)' },
    out: { type: 'string', value: 'FILE', help: 'write the TTC text to FILE instead of printing it' },
    compare: { type: 'boolean', help: 'the token comparison instead of the text' },
    json: { type: 'boolean', help: 'with --compare: machine-readable' },
  },
  footer: 'Exit codes: 0 ok, 1 a server failed, 2 usage or sidecar mistake, 3 crash.',
});

const readSidecar = (file: string, cwd: string): Sidecar => parseSidecar(readUserFile(cwd, file, 'sidecar'), file);

const saved = (before: number, after: number) => (before ? 1 - after / before : 0);

/** Savings against what the model reads first, and against the raw JSON as sent beside it. */
function renderComparison(result: ReturnType<typeof compareTTC>, color: boolean): string {
  const c = pc.createColors(color);
  const row = (r: TTCComparison, bold = false): Row => {
    const cell = (text: string) => (bold ? { text, paint: c.bold } : { text });
    const o200k = (s: TTCComparison['json']) => s.tokens.o200k_base;
    return [
      cell(r.tool ? `${r.server}/${r.tool}` : r.server),
      cell(formatInt(o200k(r.modelView))),
      cell(formatInt(o200k(r.ttc))),
      { text: formatPercent(saved(o200k(r.modelView), o200k(r.ttc))), paint: c.green },
      cell(formatInt(o200k(r.json))),
      { text: formatPercent(saved(o200k(r.json), o200k(r.ttc))), paint: c.dim },
    ];
  };
  const columns = [{ header: 'server / tool', align: 'left' as const, shrinkOrder: 0 }, ...['model view', 'TTC', 'saved', 'wire JSON', 'vs wire'].map((header) => ({ header, align: 'right' as const }))];
  const style = { color };
  return [
    c.bold('TTC against what the model reads of each tool ({name, description, input_schema}), o200k tokens') + c.dim('; beside it, the JSON as sent (cl100k in --json)'),
    ...table(columns, result.tools.map((r) => row(r)), style, c),
    '',
    ...table(columns, [...result.servers.map((r) => row(r)), row(result.total, true)], style, c),
    '',
  ].join('\n');
}

export async function ttcCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = TTC.parse(argv);
  if (values.help) {
    io.stdout.write(`${TTC.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length) throw new SlimError('usage', `unexpected argument ${JSON.stringify(positionals[0])}; put a server's command after --`);
  if (values.json && !values.compare) throw new SlimError('usage', '--json goes with --compare; the TTC text itself is printed as is');
  const sidecar = values.sidecar ? readSidecar(values.sidecar, io.cwd) : undefined;
  const collected = await collectForCommand(io, sourceRequest(values, rest), values.json === true);
  const { catalog } = collected;
  if (sidecar && values.sidecar) checkSidecarTools(sidecar, catalog.servers.flatMap((s) => s.tools.map((t) => t.name)), values.sidecar);
  if (values.compare) {
    const result = compareTTC(catalog, sidecar);
    io.stdout.write(values.json ? `${JSON.stringify({ schemaVersion: 1, command: 'ttc', ...result }, null, 2)}\n` : renderComparison(result, useColor(io.stdout, io.env)));
  } else {
    const text = `${renderServersTTC(catalogToTTC(catalog, sidecar))}\n`;
    if (values.out) {
      const path = resolve(io.cwd, values.out);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileAtomic(path, text);
      io.stderr.write(`wrote ${values.out}\n`);
    } else io.stdout.write(text);
  }
  return collected.failed ? EXIT.failed : EXIT.ok;
}
