import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { SlimError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { renderSplitText, splitJson } from '../report/split-report.js';
import { collectCatalog } from '../sources/collect.js';
import { slug } from '../split/families.js';
import { assembleSplit, catalogTools, MANIFEST_FILE, parseManifest, planSplit, verifySplit, type SplitFiles, type ToolRef } from '../split/index.js';
import { sha256 } from '../util/hash.js';
import { defineCommand, type FlagValues } from './command.js';
import { EXIT, type ExitCode } from './exit-code.js';
import { useColor, type CliIO } from './io.js';
import { joinCommand, readText, shown } from './_split-join.js';
import { SOURCE_FLAGS } from './source-args.js';

const MAX_SHARE = 0.3;
/** Agent files clients load by name wherever they find them (Claude Code, Codex, Gemini CLI). */
const AUTO_LOADED = ['agents', 'claude', 'gemini'];

export const SPLIT = defineCommand({
  name: 'split',
  summary: 'a long agent instruction file as a small index and files read when needed, verified lossless',
  usage: [
    'split FILE [--catalog FILE] [--out DIR] [--index FILE] [--force] [--dry-run] [--json]',
    'split --server NAME --catalog FILE [--out DIR] [--force] [--dry-run] [--json]',
    'split --join DIR [--force] [--dry-run] [--json]',
  ],
  intro: `FILE is an agent file loaded at every start: AGENTS.md, CLAUDE.md, GEMINI.md, .cursorrules, .cursor/rules/*.mdc.
The index (the general sections and one line per family saying when to read it) replaces FILE,
so writing needs --force; the families and split.json go to DIR. --join DIR gives FILE back.`,
  sections: { input: 'Input:', '': 'Output:' },
  flags: {
    catalog: { ...SOURCE_FLAGS.catalog, section: 'input', help: 'families from this catalog\'s tool families: each section goes to the family whose tools it mentions (a catalog as measure reads it; repeatable)' },
    server: { type: 'string', value: 'NAME', section: 'input', help: "split this server's instructions from --catalog instead of a file" },
    join: { type: 'string', value: 'DIR', section: 'input', help: 'undo: the original back from DIR/split.json, byte for byte' },
    out: { type: 'string', value: 'DIR', help: "where the families and split.json go (default: beside FILE, <name>.split/)" },
    index: { type: 'string', value: 'FILE', help: 'write the index here instead of over FILE' },
    force: { type: 'boolean', help: 'replace files that exist (FILE itself, by its index)' },
    'dry-run': { type: 'boolean', help: 'show the plan (families, line ranges, tokens, the index) and write nothing' },
    json: { type: 'boolean', help: 'machine-readable summary' },
  },
  footer: `Nothing is written unless the verifier proves every line of the original is in exactly one file, in order,
and that joining the files gives it back byte for byte (docs/split.md).
Exit codes: 0 written (or planned with --dry-run), 1 a file could not be written or verification failed, 2 usage or a bad file, 3 crash.`,
});

type Values = FlagValues<typeof SPLIT.flags>;

const posixPath = (path: string): string => path.split(sep).join('/');

interface Input {
  text: string;
  /** How the report names what was split. */
  source: string;
  original: string;
  index: string;
  out: string;
  tools: ToolRef[];
}

/** `AGENTS.md` → `AGENTS`, `.cursorrules` → `cursorrules`: the folder name of its split. */
const stemOf = (file: string): string => basename(file, extname(file)).replace(/^\./, '') || 'instructions';

async function readInput(io: CliIO, values: Values, positionals: string[]): Promise<Input> {
  const [file, extra] = positionals;
  if (extra !== undefined) throw new SlimError('usage', `split takes one FILE, got ${JSON.stringify(extra)} too; split them one at a time`);
  if (file !== undefined && values.server !== undefined) throw new SlimError('usage', `give FILE or --server NAME, not both`);
  if (file === undefined && values.server === undefined) {
    throw new SlimError('usage', 'nothing to split: give a FILE (AGENTS.md, CLAUDE.md, .cursorrules…) or --server NAME --catalog FILE; run mcp-slim split --help');
  }
  if (values.server !== undefined && !values.catalog?.length) throw new SlimError('usage', `--server ${values.server} needs --catalog FILE: the catalog that holds its instructions`);
  const catalog = values.catalog?.length
    ? (await collectCatalog({ specs: [], configFiles: [], catalogFiles: values.catalog, demo: false, discover: false, timeoutMs: 30_000 }, { env: io.env, cwd: io.cwd })).catalog
    : undefined;
  if (values.server !== undefined) {
    const server = catalog!.servers.find((s) => s.name === values.server);
    const names = catalog!.servers.map((s) => s.name);
    if (!server) throw new SlimError('config', `no server ${JSON.stringify(values.server)} in ${values.catalog!.join(', ')}; it has ${names.join(', ') || 'none'}`);
    if (!server.instructions?.trim()) throw new SlimError('config', `server ${values.server} in ${values.catalog!.join(', ')} has no instructions to split`);
    const out = resolve(io.cwd, values.out ?? `${slug(values.server)}.split`);
    const original = join(out, 'instructions.md');
    return { text: server.instructions, source: `server ${values.server}`, original, index: resolve(io.cwd, values.index ?? original), out, tools: catalogTools(catalog!, values.server) };
  }
  const original = resolve(io.cwd, file!);
  const text = readText(original, file!, 'the file to split', 'check the path');
  if (text.trim() === '') throw new SlimError('config', `${file} is empty: there is nothing to split`);
  return {
    text, source: file!, original,
    index: resolve(io.cwd, values.index ?? file!),
    out: resolve(io.cwd, values.out ?? join(dirname(file!), `${stemOf(file!)}.split`)),
    tools: catalog ? catalogTools(catalog) : [],
  };
}

/** Refuse to replace what the user has, unless told to; and never split a split's own index. */
function checkTargets(io: CliIO, input: Input, targets: readonly string[], force: boolean): void {
  const manifestPath = join(input.out, MANIFEST_FILE);
  if (existsSync(manifestPath)) {
    const previous = parseManifest(readText(manifestPath, shown(io.cwd, manifestPath), 'split manifest', 'check the path'), shown(io.cwd, manifestPath));
    if (previous.index.sha256 === sha256(input.text)) {
      throw new SlimError('usage', `${input.source} is already the index of the split in ${shown(io.cwd, input.out)}; join it first (mcp-slim split --join ${shown(io.cwd, input.out)})`);
    }
  }
  if (force) return;
  for (const target of targets) {
    if (!existsSync(target)) continue;
    if (statSync(target).isDirectory()) throw new SlimError('usage', `${shown(io.cwd, target)} is a folder; choose another --out or --index`);
    const what = target === input.original ? ' with its index (undo: mcp-slim split --join ' + shown(io.cwd, input.out) + ')' : '';
    throw new SlimError('usage', `${shown(io.cwd, target)} exists; pass --force to replace it${what}, or --dry-run to see the plan`);
  }
}

function makeFolder(io: CliIO, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new SlimError(code === 'EEXIST' || code === 'ENOTDIR' ? 'usage' : 'io', `cannot make the folder ${shown(io.cwd, dir)} (${code === 'EEXIST' || code === 'ENOTDIR' ? 'a file is in the way' : code}); choose another --out`);
  }
}

export async function splitCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = SPLIT.parse(argv);
  if (values.help) {
    io.stdout.write(`${SPLIT.help}\n`);
    return EXIT.ok;
  }
  if (rest.length) throw new SlimError('usage', 'split reads files and catalogs, not servers: save the server with mcp-slim measure --save FILE -- <command>, then pass --catalog FILE');
  if (values.join !== undefined) {
    if (positionals.length || values.server !== undefined) throw new SlimError('usage', '--join DIR takes no FILE or --server: it reads DIR/split.json');
    return joinCommand(io, values.join, { force: values.force === true, dryRun: values['dry-run'] === true, json: values.json === true });
  }
  const input = await readInput(io, values, positionals);
  const fromOut = (path: string) => posixPath(relative(input.out, path));
  const familyPath = (name: string) => join(input.out, `${name}.md`);
  const plan = planSplit(input.text, {
    tools: input.tools,
    maxShare: MAX_SHARE,
    pointer: (name) => posixPath(relative(dirname(input.index), familyPath(name))),
    // A family file must not land on the index or the original when they sit in the same folder,
    // nor take a name a client loads by itself (on a case-insensitive disk `claude.md` is CLAUDE.md).
    reserved: [
      ...AUTO_LOADED,
      ...[input.index, input.original].filter((p) => dirname(p) === input.out && extname(p) === '.md').map((p) => basename(p, '.md').toLowerCase()),
    ],
  });
  const split: SplitFiles = assembleSplit(plan, { original: fromOut(input.original), index: fromOut(input.index), family: (name) => fromOut(familyPath(name)) });
  const problems = verifySplit(input.text, split.manifest, split.files.map((f) => f.text));
  if (problems.length) {
    io.stderr.write(`mcp-slim: the split of ${input.source} failed verification; nothing written:\n${problems.slice(0, 20).map((p) => `  ✗ ${p}`).join('\n')}\n`);
    return EXIT.failed;
  }
  const manifestPath = join(input.out, MANIFEST_FILE);
  const absolute = split.files.map((f) => resolve(input.out, f.path));
  const written: string[] = [];
  if (!values['dry-run']) {
    checkTargets(io, input, [...absolute.slice(1), manifestPath, absolute[0]!], values.force === true);
    makeFolder(io, input.out);
    makeFolder(io, dirname(absolute[0]!));
    // The index goes last: until then the original is untouched, whatever fails on the way.
    const order = [...split.files.keys()].slice(1);
    for (const k of order) writeFileAtomic(absolute[k]!, split.files[k]!.text);
    writeFileAtomic(manifestPath, `${JSON.stringify(split.manifest, null, 2)}\n`);
    writeFileAtomic(absolute[0]!, split.files[0]!.text);
    written.push(...[...order.map((k) => absolute[k]!), manifestPath, absolute[0]!].map((p) => shown(io.cwd, p)));
  }
  const view = {
    source: input.source,
    manifest: split.manifest,
    paths: { index: shown(io.cwd, absolute[0]!), families: absolute.slice(1).map((p) => shown(io.cwd, p)), manifest: shown(io.cwd, manifestPath) },
    ...(values['dry-run'] ? { indexText: split.files[0]!.text } : {}),
    written,
    dryRun: values['dry-run'] === true,
    maxShare: MAX_SHARE,
  };
  if (values.json) io.stdout.write(`${JSON.stringify(splitJson(view), null, 2)}\n`);
  else io.stdout.write(renderSplitText(view, { color: useColor(io.stdout, io.env), ...(io.stdout.isTTY && io.stdout.columns ? { width: io.stdout.columns } : {}) }));
  return EXIT.ok;
}
