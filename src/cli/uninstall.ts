import { SlimError } from '../errors.js';
import { planUninstall } from '../install/plan-uninstall.js';
import { fileMode, writeFileAtomic } from '../fs/atomic-write.js';
import { readIfExists, readRecord, removeState, stateFiles } from '../install/state.js';
import { movedServersTable } from '../install/targets.js';
import { chooseTarget, CLIENT_FLAG, clientOf, printDiff, SCOPE_FLAG, targetContext } from './_client-target.js';
import { defineCommand } from './command.js';
import { EXIT, type ExitCode } from './exit-code.js';
import type { CliIO } from './io.js';

export const UNINSTALL = defineCommand({
  name: 'uninstall',
  summary: "undo mcp-slim install: the client's servers back in its own file",
  usage: ['uninstall --client cursor', 'uninstall --client claude-code --scope user --dry-run'],
  intro: `Untouched since install, the client's file is put back byte for byte. Edited since, the servers
go back into the file as it is now (your edits stay) and the gateway's entry leaves; a server now
in both places with different settings stops it, with the reason, and nothing is written.`,
  flags: {
    client: CLIENT_FLAG,
    scope: SCOPE_FLAG,
    'dry-run': { type: 'boolean', help: 'show what would change, as a diff, and write nothing' },
  },
  footer: 'Exit codes: 0 undone, 2 nothing to undo or a conflict to settle first, 1 a file could not be written, 3 crash.',
});

export async function uninstallCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals } = UNINSTALL.parse(argv);
  if (values.help) {
    io.stdout.write(`${UNINSTALL.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length) throw new SlimError('usage', `unexpected argument ${JSON.stringify(positionals[0])}; run mcp-slim uninstall --help`);
  const client = clientOf('uninstall', values.client);
  const target = chooseTarget('uninstall', client, values.scope, targetContext(io));
  const files = stateFiles(target);
  const record = readRecord(files);
  if (!record) throw new SlimError('usage', `no install of ${client} in the ${target.scope} scope to undo (no ${files.record})`);
  const servers = readIfExists(files.servers);
  if (servers === undefined) {
    throw new SlimError('config', `${files.servers} is missing, so the moved servers cannot be put back; restore ${target.file} from ${files.backup} by hand`);
  }
  const backupText = readIfExists(files.backup) ?? '';
  const current = readIfExists(target.file);
  const plan = planUninstall({ target, current, record, backupText, servers: { file: files.servers, text: servers } }, movedServersTable(target, files.servers));
  if (values['dry-run']) {
    printDiff(io, target.file, current, plan.text);
    io.stdout.write(`dry run: nothing was written (${plan.kind === 'restore' ? 'the file would be put back as it was before install' : 'the servers would go back into the file as it is now'})\n`);
    return EXIT.ok;
  }
  writeFileAtomic(target.file, plan.text, current === undefined ? { mode: fileMode(files.backup) ?? 0o600 } : {});
  removeState(target, files);
  const say = (line: string) => io.stdout.write(`${line}\n`);
  if (plan.kind === 'restore') say(`${client} (${target.scope} scope): ${target.file} is back as it was before install, byte for byte`);
  else {
    say(`${client} (${target.scope} scope): the servers are back in ${target.file}, with your edits since install kept`);
    if (plan.restored.length) say(`  put back: ${plan.restored.join(', ')}`);
    if (plan.alreadyThere.length) say(`  already there: ${plan.alreadyThere.join(', ')}`);
  }
  return EXIT.ok;
}
