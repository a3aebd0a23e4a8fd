import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { budgetSourceRequest } from '../budget/budget-sources.js';
import { parseBudget } from '../budget/budget-file.js';
import { checkBudget } from '../budget/check.js';
import { severityOf } from '../budget/findings.js';
import { findBudgetFile } from '../budget/locate.js';
import { initialBudget, tightenEdits } from '../budget/ratchet.js';
import type { Budget, BudgetSources } from '../budget/types.js';
import type { EncodingName } from '../cost/types.js';
import { measureCatalog } from '../cost/measure.js';
import { SlimError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readUserFile } from '../fs/read-text.js';
import { editJsonText } from '../fs/edit-json.js';
import { checkJson, githubAnnotations, renderCheckText, type CheckView } from '../report/check-report.js';
import type { SourceRequest } from '../sources/collect.js';
import { collectionNotes, collectWithProgress } from './_collect.js';
import { EXIT, exitCodeForCheck, type ExitCode } from './exit-code.js';
import { installPrePushHook } from './install-hook.js';
import { useColor, type CliIO } from './io.js';
import { positiveInt } from './parse-args.js';
import { defineCommand } from './command.js';
import { SOURCE_FLAGS, sourceRequest, sourceSection, type SourceValues } from './source-args.js';

export const CHECK = defineCommand({
  name: 'check',
  summary: 'a tool-definition budget the build enforces, with a ratchet',
  usage: [
    'check                      check against mcp-slim.budget.json (this folder or a parent)',
    'check --init -- <command>  write a budget from today\'s measurement',
    'check --update             lower ceilings to today\'s sizes (never raises one)',
    'check --install-hook       run the check before every git push',
  ],
  intro: 'The budget\'s "measure" section says what to measure; these flags override it.',
  sections: { source: sourceSection('What to measure (combine freely):') },
  flags: {
    ...SOURCE_FLAGS,
    budget: { type: 'string', value: 'FILE', help: 'the budget file (default: mcp-slim.budget.json, searched upwards)' },
    init: { type: 'boolean', help: 'write a budget from today\'s measurement' },
    update: { type: 'boolean', help: 'lower ceilings to today\'s sizes (never raises one)' },
    'per-tool': { type: 'string', value: 'BYTES', help: 'with --init: the per-tool limit (default 4000)' },
    tokens: { type: 'boolean', help: 'with --init: also a total in o200k_base tokens' },
    'install-hook': { type: 'boolean', help: 'run the check before every git push (a git pre-push hook)' },
    json: { type: 'boolean', help: 'machine-readable result' },
  },
  footer: `GitHub Actions annotations are printed when GITHUB_ACTIONS=true.
Exit codes: 0 within budget, 1 over budget or a server failed, 2 usage or budget-file mistake
(including a budget that names a tool that no longer exists), 3 crash.`,
});

function readBudget(file: string): { text: string; budget: Budget } {
  const text = readUserFile('/', file, 'budget', 'create one with mcp-slim check --init');
  return { text, budget: parseBudget(text, file) };
}

/** What `--init` records so that a plain `mcp-slim check` measures the same thing later. */
function sourcesToRecord(values: SourceValues, rest: string[], budgetDir: string, cwd: string): BudgetSources | undefined {
  const rel = (p: string) => relative(budgetDir, resolve(cwd, p)) || '.';
  const sources: BudgetSources = {
    ...(rest.length ? { command: rest } : {}),
    ...(values.name ? { name: values.name } : {}),
    ...(values.url?.length === 1 ? { url: values.url[0]! } : {}),
    ...(values.config?.length ? { config: values.config.map(rel) } : {}),
    ...(values.catalog?.length ? { catalog: values.catalog.map(rel) } : {}),
    ...(values.timeout ? { timeout: positiveInt('timeout', values.timeout, 30) } : {}),
  };
  return Object.keys(sources).length ? sources : undefined;
}

function resolveRequest(cli: SourceRequest, budget: Budget | undefined, budgetFile: string): SourceRequest {
  if (!cli.discover) return cli;
  if (budget?.measure) return budgetSourceRequest(budget.measure, dirname(budgetFile));
  throw new SlimError('usage', `nothing to measure: add "measure" to ${budgetFile} (e.g. "measure": {"command": ["node", "server.js"]}) or pass -- <command>, --url, --config or --catalog`);
}

export async function checkCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals, rest } = CHECK.parse(argv);
  if (values.help) {
    io.stdout.write(`${CHECK.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length) throw new SlimError('usage', `unexpected argument ${JSON.stringify(positionals[0])}; put a server's command after --`);
  if (values.init && values.update) throw new SlimError('usage', '--init and --update do different things; pass one of them');
  if (values['install-hook']) {
    const { file, action } = installPrePushHook(io.cwd);
    io.stdout.write(action === 'present' ? `${file} already runs mcp-slim check\n` : `${action === 'created' ? 'created' : 'added mcp-slim check to'} ${file}\n`);
    return EXIT.ok;
  }
  const budgetFile = values.budget ? resolve(io.cwd, values.budget) : values.init ? resolve(io.cwd, 'mcp-slim.budget.json') : findBudgetFile(io.cwd);
  if (!budgetFile) throw new SlimError('usage', `no mcp-slim.budget.json in ${io.cwd} or its parents; create one with mcp-slim check --init -- <server command>`);
  if (values.init && existsSync(budgetFile)) throw new SlimError('usage', `${budgetFile} already exists; run mcp-slim check --update to tighten it, or delete it to start over`);
  const loaded = values.init ? undefined : readBudget(budgetFile);
  const request = resolveRequest(sourceRequest(values, rest), loaded?.budget, budgetFile);
  const shown = relative(io.cwd, budgetFile) || budgetFile;

  const collected = await collectWithProgress(io, request, values.json === true);
  if (!values.json) {
    const notes = collectionNotes(collected);
    if (notes.length) io.stderr.write(`${notes.join('\n')}\n`);
  }
  const { catalog } = collected;
  const report = measureCatalog(catalog);
  const failed = catalog.servers.filter((s) => s.failure);
  if ((values.init || values.update) && failed.length) {
    const list = failed.map((s) => `${s.name} (${s.failure!.message})`).join('; ');
    io.stderr.write(`mcp-slim: not writing ${shown}: a budget from a partial measurement would be wrong; ${list}\n`);
    return EXIT.failed;
  }

  let budget: Budget;
  let updates: string[] | undefined;
  if (values.init) {
    const tokens: EncodingName | undefined = values.tokens ? 'o200k_base' : undefined;
    const measure = sourcesToRecord(values, rest, dirname(budgetFile), io.cwd);
    budget = initialBudget(catalog, report, { perToolBytes: positiveInt('per-tool', values['per-tool'], 4000), ...(tokens ? { tokens } : {}), ...(measure ? { measure } : {}) });
    writeFileAtomic(budgetFile, `${JSON.stringify(budget, null, 2)}\n`);
    updates = [`wrote ${shown}: totalBytes ${budget.totalBytes}, perToolBytes ${budget.perToolBytes}, ${Object.keys(budget.oversized ?? {}).length} oversized`];
  } else {
    budget = loaded!.budget;
    if (values.update) {
      const edits = tightenEdits(budget, report);
      if (edits.length) {
        const text = editJsonText(loaded!.text, edits);
        budget = parseBudget(text, budgetFile);
        writeFileAtomic(budgetFile, text);
      }
      updates = edits.length ? edits.map((e) => e.reason) : ['nothing to tighten'];
    }
  }

  const result = checkBudget(budget, catalog, report);
  const exitCode = exitCodeForCheck(result.findings.map(severityOf));
  const view: CheckView = { budgetFile: shown, budget, result, exitCode, ...(updates ? { updates } : {}) };
  // GitHub reads workflow commands from either stream; keep stdout pure JSON under --json.
  if (io.env.GITHUB_ACTIONS === 'true') (values.json ? io.stderr : io.stdout).write(githubAnnotations(view));
  io.stdout.write(values.json ? `${JSON.stringify(checkJson(view), null, 2)}\n` : renderCheckText(view, useColor(io.stdout, io.env)));
  return exitCode;
}
