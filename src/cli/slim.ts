import { mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { SlimError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { renderSlimMarkdown, renderSlimText, slimJson } from '../report/slim-report.js';
import { manualFile, overlayFromSlim } from '../slim/overlay.js';
import { DEFAULT_PRESET, PRESETS, type PresetName, type SlimPolicy } from '../slim/policy.js';
import { slimCatalog } from '../slim/slim-catalog.js';
import { collectForCommand } from './_collect.js';
import { EXIT, type ExitCode } from './exit-code.js';
import { useColor, type CliIO } from './io.js';
import { defineCommand, type FlagValues } from './command.js';
import { SOURCE_FLAGS, SOURCE_SECTION, sourceRequest } from './source-args.js';

export const SLIM = defineCommand({
  name: 'slim',
  summary: 'shorter tool text, verified lossless',
  usage: ['slim [sources] [--preset safe|balanced|max] [--out DIR]'],
  sections: { source: SOURCE_SECTION, policy: 'Policy:', '': 'Output:' },
  flags: {
    ...SOURCE_FLAGS,
    preset: { type: 'string', value: 'NAME', section: 'policy', help: 'safe, balanced (default) or max (docs/slim.md)' },
    description: { type: 'string', value: 'MODE', section: 'policy', help: 'keep | what-when | first-sentence' },
    params: { type: 'string', value: 'MODE', section: 'policy', help: 'keep | drop-redundant | first-sentence | drop' },
    'no-unify': { type: 'boolean', section: 'policy', help: 'keep each tool\'s own wording of shared parameter names' },
    'no-dedupe-params': { type: 'boolean', section: 'policy', help: 'keep on each tool a parameter description that 3+ tools repeat' },
    'open-objects': { type: 'boolean', section: 'policy', help: 'also drop "additionalProperties": false (the server still enforces it)' },
    family: { type: 'string', value: 'server|prefix', section: 'policy', help: 'one manual per server, or per tool-name prefix' },
    out: { type: 'string', value: 'DIR', help: 'write DIR/overlay.json, DIR/manual/<family>.md, DIR/report.md (default mcp-slim-out)' },
    'dry-run': { type: 'boolean', help: 'compute, verify and report; write nothing' },
    json: { type: 'boolean', help: 'machine-readable summary' },
  },
  footer: `Nothing is written unless the verifier finds no violation and every removed sentence is in the manual.
Exit codes: 0 written (or verified with --dry-run), 1 a server failed or verification failed, 2 usage, 3 crash.`,
});

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new SlimError('usage', `--${flag} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  return value as T;
}

/** A preset, with the knobs given on the command line laid over it. */
export function policyFromFlags(values: FlagValues<typeof SLIM.flags>): SlimPolicy {
  const preset = oneOf<PresetName>('preset', values.preset, Object.keys(PRESETS) as PresetName[]) ?? DEFAULT_PRESET;
  const policy: SlimPolicy = { ...PRESETS[preset] };
  const description = oneOf('description', values.description, ['keep', 'what-when', 'first-sentence'] as const);
  const params = oneOf('params', values.params, ['keep', 'drop-redundant', 'first-sentence', 'drop'] as const);
  const family = oneOf('family', values.family, ['server', 'prefix'] as const);
  if (description) policy.description = description;
  if (params) policy.parameterDescriptions = params;
  if (family) policy.family = family;
  if (values['no-unify']) policy.unifyParameters = false;
  if (values['no-dedupe-params']) policy.dedupeParameters = false;
  if (values['open-objects']) policy.openObjects = true;
  return policy;
}

export async function slimCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = SLIM.parse(argv);
  if (values.help) {
    io.stdout.write(`${SLIM.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length) throw new SlimError('usage', `unexpected argument ${JSON.stringify(positionals[0])}; put a server's command after --`);
  const policy = policyFromFlags(values);
  const collected = await collectForCommand(io, sourceRequest(values, rest), values.json === true);
  const result = slimCatalog(collected.catalog, policy);
  const sound = result.violations.length === 0 && result.missing.length === 0;
  const written: string[] = [];
  if (sound && !values['dry-run']) {
    const out = resolve(io.cwd, values.out ?? 'mcp-slim-out');
    mkdirSync(join(out, 'manual'), { recursive: true });
    const write = (file: string, text: string) => {
      writeFileAtomic(join(out, file), text);
      written.push(relative(io.cwd, join(out, file)) || file);
    };
    write('overlay.json', `${JSON.stringify(overlayFromSlim(result), null, 2)}\n`);
    for (const [family, text] of result.manuals) write(manualFile(family), text);
    write('report.md', renderSlimMarkdown(result));
  }
  if (values.json) io.stdout.write(`${JSON.stringify(slimJson(result, written), null, 2)}\n`);
  else {
    io.stdout.write(renderSlimText(result, { color: useColor(io.stdout, io.env) }));
    for (const v of result.violations.slice(0, 20)) io.stdout.write(`  ✗ ${v.server}/${v.tool} ${v.path}: ${v.message}\n`);
    for (const m of result.missing.slice(0, 20)) io.stdout.write(`  ✗ ${m.server}/${m.tool}: not in the manual: ${JSON.stringify(m.sentence.slice(0, 100))}\n`);
    if (!sound) io.stdout.write('nothing written: the slim result failed verification\n');
    else if (written.length) io.stdout.write(`wrote ${written.length} files to ${relative(io.cwd, resolve(io.cwd, values.out ?? 'mcp-slim-out')) || '.'}\n`);
  }
  return !sound || collected.failed ? EXIT.failed : EXIT.ok;
}
