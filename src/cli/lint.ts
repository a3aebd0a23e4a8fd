import { existsSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Catalog } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readUserFile } from '../fs/read-text.js';
import { parseSidecar } from '../ttc/sidecar.js';
import { buildOverlay, type OverlayInput } from '../slim/overlay.js';
import { verifyTool } from '../slim/verify.js';
import { countFindings, fixTool, LINT_DEFAULTS, lintCatalog, lintExitCode, resolveOptions, severityFor } from '../lint/lint-catalog.js';
import { RULE_IDS, type LintOptions, type RuleId, type RuleSetting } from '../lint/types.js';
import { lintJson, renderLintText, renderRuleTable, type LintView } from '../report/lint-report.js';
import { closest } from '../util/closest.js';
import { collectionNotes, collectWithProgress } from './_collect.js';
import { EXIT, type ExitCode } from './exit-code.js';
import { useColor, type CliIO } from './io.js';
import { positiveInt } from './parse-args.js';
import { defineCommand } from './command.js';
import { SOURCE_FLAGS, SOURCE_SECTION, sourceRequest } from './source-args.js';

export const LINT = defineCommand({
  name: 'lint',
  summary: 'problems in MCP tool definitions, one rule per file (docs/rules/<rule>.md)',
  usage: ['lint [options] -- <command> [args…]', 'lint [options] --catalog saved.json', 'lint --list-rules'],
  sections: { source: SOURCE_SECTION, rules: 'Rules:', fixes: 'Fixes:', '': 'Output:' },
  flags: {
    ...SOURCE_FLAGS,
    rule: { type: 'string', multiple: true, value: 'ID=LEVEL', section: 'rules', help: 'set a rule to off, info, warning or error (repeatable),\ne.g. --rule description-how-content=off' },
    'max-sentences': { type: 'string', value: 'N', section: 'rules', help: `description-too-long: sentences allowed (default ${LINT_DEFAULTS.maxSentences})` },
    'max-description-chars': {
      type: 'string', value: 'N', section: 'rules',
      help: `description-too-long: characters allowed (default ${LINT_DEFAULTS.maxDescriptionChars.toLocaleString('en-US')})`,
    },
    'list-rules': { type: 'boolean', section: 'rules', help: 'every rule, its severity and whether it has a safe fix' },
    sidecar: { type: 'string', value: 'FILE', section: 'rules', help: 'the TTC sidecar for the ttc-* rules (default: ./ttc.json when present)' },
    fix: {
      type: 'boolean', section: 'fixes',
      help: 'apply every safe fix, verify each fixed tool, and write them as an overlay the gateway can serve (a live server cannot be edited in place)',
    },
    out: { type: 'string', value: 'DIR', section: 'fixes', help: 'where --fix writes overlay.json (default mcp-slim-out)' },
    json: { type: 'boolean', help: 'stable machine-readable output ({schemaVersion, command, findings, counts})' },
  },
  footer: `Exit codes: 0 no errors (warnings and info never fail), 1 an error-level problem or a server that
could not be linted, 2 usage mistake, 3 crash.`,
});

const SETTINGS: readonly RuleSetting[] = ['off', 'info', 'warning', 'error'];

/** `--rule id=level` flags as per-rule overrides; a mistake names the flag and the closest rule. */
export function parseRuleFlags(flags: readonly string[]): Partial<Record<RuleId, RuleSetting>> {
  const rules: Partial<Record<RuleId, RuleSetting>> = {};
  for (const flag of flags) {
    const [id = '', level, ...extra] = flag.split('=').map((s) => s.trim());
    if (!RULE_IDS.includes(id as RuleId)) {
      const guess = closest(id, RULE_IDS);
      throw new SlimError('usage', `--rule ${flag}: no rule ${JSON.stringify(id)}${guess ? `; did you mean ${guess}?` : ''} (mcp-slim lint --list-rules lists them)`);
    }
    if (level === undefined || extra.length || !SETTINGS.includes(level as RuleSetting)) {
      throw new SlimError('usage', `--rule ${flag}: write ${id}=LEVEL with LEVEL one of ${SETTINGS.join(', ')}, e.g. --rule ${id}=off`);
    }
    rules[id as RuleId] = level as RuleSetting;
  }
  return rules;
}

/**
 * Every safe fix, each fixed tool checked by the slim verifier (a fix that changed meaning would
 * be a bug: it is refused), written as an overlay.
 */
function writeFixes(io: CliIO, catalog: Catalog, options: LintOptions, outDir: string): { file: string; tools: number; rules: RuleId[] } {
  const inputs: OverlayInput[] = [];
  const rules = new Set<RuleId>();
  for (const server of catalog.servers) {
    for (const tool of server.tools) {
      const { tool: after, applied } = fixTool(tool, options);
      if (!applied.length) continue;
      const violations = verifyTool(tool, after, server.name);
      if (violations.length) throw new Error(`lint fix changed the meaning of ${server.name}/${tool.name}: ${violations[0]!.path} ${violations[0]!.message}`);
      applied.forEach((r) => rules.add(r));
      inputs.push({ server: server.name, before: tool, after });
    }
  }
  const dir = resolve(io.cwd, outDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'overlay.json');
  writeFileAtomic(file, `${JSON.stringify(buildOverlay(inputs, { producer: 'lint --fix', openObjects: false }), null, 2)}\n`);
  return { file: relative(io.cwd, file) || file, tools: inputs.length, rules: [...rules] };
}

export async function lintCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = LINT.parse(argv);
  if (values.help) {
    io.stdout.write(`${LINT.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length) {
    throw new SlimError('usage', `unexpected argument ${JSON.stringify(positionals[0])}; put a server's command after --, e.g. mcp-slim lint -- npx -y @modelcontextprotocol/server-memory`);
  }
  const options: LintOptions = {
    maxSentences: positiveInt('max-sentences', values['max-sentences'], LINT_DEFAULTS.maxSentences),
    maxDescriptionChars: positiveInt('max-description-chars', values['max-description-chars'], LINT_DEFAULTS.maxDescriptionChars),
    rules: parseRuleFlags(values.rule ?? []),
  };
  const sidecarFile = values.sidecar ?? (existsSync(resolve(io.cwd, 'ttc.json')) ? 'ttc.json' : undefined);
  if (sidecarFile) options.sidecar = parseSidecar(readUserFile(io.cwd, sidecarFile, 'sidecar'), sidecarFile);
  if (values['list-rules']) {
    io.stdout.write(renderRuleTable((rule) => severityFor(rule, options)));
    return EXIT.ok;
  }
  const request = sourceRequest(values, rest, values.demo ? 90 : 30);
  const collected = await collectWithProgress(io, request, values.json === true);
  const { catalog } = collected;
  const findings = lintCatalog(catalog, options);
  const failures = catalog.servers.filter((s) => s.failure).map((s) => ({ server: s.name, message: s.failure!.message }));
  const view: LintView = {
    findings,
    counts: countFindings(findings),
    failures,
    serverCount: catalog.servers.length,
    toolCount: catalog.servers.reduce((n, s) => n + s.tools.length, 0),
    options: resolveOptions(options),
    exitCode: lintExitCode(findings, failures.length),
  };
  const fixed = values.fix ? writeFixes(io, catalog, options, values.out ?? 'mcp-slim-out') : undefined;
  if (values.json) {
    io.stdout.write(`${JSON.stringify({ ...lintJson(view), ...(fixed ? { fixed } : {}) }, null, 2)}\n`);
  } else {
    const notes = collectionNotes(collected);
    if (notes.length) io.stderr.write(`${notes.join('\n')}\n`);
    io.stdout.write(renderLintText(view, useColor(io.stdout, io.env)));
    if (fixed) io.stdout.write(`fixed ${fixed.tools} tool${fixed.tools === 1 ? '' : 's'} (${fixed.rules.join(', ') || 'nothing to fix'}), verified; wrote ${fixed.file}\n`);
  }
  return view.exitCode;
}
