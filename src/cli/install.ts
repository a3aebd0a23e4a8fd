import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { SlimError } from '../errors.js';
import { fileMode, writeFileAtomic } from '../fs/atomic-write.js';
import { editJsonText } from '../fs/edit-json.js';
import { GATEWAY_MODES } from '../gateway/config/index.js';
import type { GatewayMode } from '../gateway/types.js';
import { ENTRY_NAME, type Launch } from '../install/gateway-entry.js';
import { planInstall, type InstallPlan } from '../install/plan-install.js';
import { sha256, type InstallRecord } from '../install/plan-uninstall.js';
import { GITIGNORE, readIfExists, readRecord, stateFiles, type StateFiles } from '../install/state.js';
import { movedServersTable, type InstallTarget } from '../install/targets.js';
import { parseClientConfig } from '../sources/client-configs.js';
import { packageRoot } from '../sources/demo.js';
import { chooseTarget, CLIENT_FLAG, clientOf, printDiff, SCOPE_FLAG, targetContext } from './_client-target.js';
import { defineCommand } from './command.js';
import { EXIT, type ExitCode } from './exit-code.js';
import type { CliIO } from './io.js';
import { collectWithProgress } from './_collect.js';
import { clientCost, DEFAULT_SESSION } from '../client-cost/model.js';
import { loadRuleBook } from '../client-cost/rules-file.js';
import { formatInt } from '../util/format.js';
import { formatPercent } from '../report/_format.js';

export const INSTALL = defineCommand({
  name: 'install',
  summary: "put the gateway in front of a client's MCP servers (undo: mcp-slim uninstall)",
  usage: ['install --client cursor', 'install --client claude-code --scope user --mode slim', 'install --client gemini --dry-run'],
  intro: `The client's servers move to a file of their own, in the client's own syntax, behind one entry that
starts this very mcp-slim as a gateway (deferred by default: tool names first, definitions on demand).
The client's file keeps everything else as written (comments, order, permissions) and is backed up.
Running install again moves servers added since, and otherwise changes nothing.`,
  flags: {
    client: CLIENT_FLAG,
    scope: SCOPE_FLAG,
    mode: { type: 'string', value: 'MODE', help: `how the gateway lists tools: ${GATEWAY_MODES.join(', ')} (default deferred)` },
    'dry-run': { type: 'boolean', help: 'show what would change, as a diff, and write nothing' },
    'no-measure': { type: 'boolean', help: "do not start the servers to show the client's cost before and after" },
  },
  footer: 'Exit codes: 0 installed (or nothing to change), 2 usage or configuration mistake, 1 a file could not be written, 3 crash.',
});

/** How the client will start the gateway: this node, this package's bin, this gateway config. */
export function gatewayLaunch(layer: string): Launch {
  return { command: process.execPath, args: [path.join(packageRoot(), 'bin', 'mcp-slim.js'), 'serve', '--gateway-config', layer] };
}

function layerText(target: InstallTarget, files: StateFiles, mode: GatewayMode, pinned: readonly string[]): string {
  const config = {
    $schema: path.join(packageRoot(), 'schemas', 'gateway-config.schema.json'),
    upstreams: {
      config: [{ file: path.basename(files.servers), client: target.client, origin: target.file, ...(target.project ? { project: target.project } : {}) }],
    },
    mode,
    ...(pinned.length ? { pinned } : {}),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The gateway config after this run: new, or the user's with only what this run asks changed. */
function nextLayer(existing: string | undefined, target: InstallTarget, files: StateFiles, mode: GatewayMode | undefined, plan: InstallPlan): string {
  if (existing === undefined) return layerText(target, files, mode ?? 'deferred', plan.pinned);
  let data: { mode?: unknown; pinned?: unknown };
  try {
    data = JSON.parse(existing) as typeof data;
  } catch {
    throw new SlimError('config', `${files.layer}: not valid JSON; fix it (it is the gateway config install wrote), then run install again`);
  }
  const edits = [];
  if (mode !== undefined && data.mode !== mode) edits.push({ path: ['mode'], value: mode });
  const pinned = Array.isArray(data.pinned) ? (data.pinned as unknown[]) : [];
  const newPins = plan.pinned.filter((p) => !pinned.includes(p));
  if (newPins.length) edits.push({ path: ['pinned'], value: [...pinned, ...newPins] });
  return edits.length ? editJsonText(existing, edits) : existing;
}

/**
 * Project servers the user turned down in Claude Code (`disabledMcpjsonServers` in its settings):
 * Claude Code would not start them, so the gateway must not either; they stay where they are.
 */
function claudeCodeRejected(target: InstallTarget, home: string): [string, string][] {
  if (target.client !== 'claude-code' || target.scope !== 'project' || !target.project) return [];
  const files = [path.join(home, '.claude', 'settings.json'), path.join(target.project, '.claude', 'settings.json'), path.join(target.project, '.claude', 'settings.local.json')];
  const names = new Set<string>();
  for (const file of files) {
    const text = readIfExists(file);
    if (text === undefined) continue;
    try {
      const list = (JSON.parse(text) as { disabledMcpjsonServers?: unknown }).disabledMcpjsonServers;
      if (Array.isArray(list)) for (const name of list) if (typeof name === 'string') names.add(name);
    } catch {
      // Claude Code's own file, unreadable to us: it decides what it means, not install.
    }
  }
  return [...names].map((name) => [name, "is turned down in Claude Code's settings (disabledMcpjsonServers)"]);
}

/**
 * What the client pays for the servers behind the gateway, by its own rules, as configured and
 * behind the gateway: the servers are started once to list their tools.
 */
async function costBeforeAfter(io: CliIO, target: InstallTarget, serversText: string): Promise<string> {
  const ctx = targetContext(io);
  const parsed = parseClientConfig(serversText, { file: target.file, env: io.env, cwd: io.cwd, home: ctx.home, ...(target.project ? { project: target.project } : {}) }, target.client);
  const request = { specs: parsed.specs, configFiles: [], catalogFiles: [], demo: false, discover: false, timeoutMs: 20_000 };
  const { catalog } = await collectWithProgress(io, request, false);
  const book = loadRuleBook();
  const rules = book.clients[target.client];
  const cost = clientCost(catalog, rules, { ...DEFAULT_SESSION, prices: book.prices });
  const line = (what: string, load: typeof cost.direct) =>
    `    ${what} first turn ${formatInt(load.firstTurn)} · later turn ${formatInt(load.session.laterTurn)} · one find+call ${load.findAndCall ? formatInt(load.findAndCall) : '–'} · session $${load.session.dollars.toFixed(4)}`;
  const failed = catalog.servers.filter((s) => s.failure).map((s) => `    not counted: ${s.name} did not start (${s.failure!.message})`);
  return [
    `  what ${rules.label} pays for these ${formatInt(cost.tools)} tools (o200k tokens the model reads; its rules: ${rules.version}):`,
    line('before:', cost.direct),
    line('after: ', cost.gateway),
    ...failed,
    cost.gateway.session.dollars < cost.direct.session.dollars
      ? `    behind the gateway a session costs ${formatPercent(1 - cost.gateway.session.dollars / cost.direct.session.dollars)} less`
      : `    behind the gateway a session costs more: ${rules.label} already loads these tools cheaply (the gateway still caps results and logs costs)`,
    `    (session: ${DEFAULT_SESSION.turns} turns, ${DEFAULT_SESSION.finds} find-and-calls, ${book.prices.model} cache prices; mcp-slim measure --client ${target.client} for more)`,
  ].join('\n');
}

export async function installCommand(io: CliIO, argv: string[]): Promise<ExitCode> {
  const { values, positionals } = INSTALL.parse(argv);
  if (values.help) {
    io.stdout.write(`${INSTALL.help}\n`);
    return EXIT.ok;
  }
  if (positionals.length) throw new SlimError('usage', `unexpected argument ${JSON.stringify(positionals[0])}; run mcp-slim install --help`);
  const client = clientOf('install', values.client);
  const mode = values.mode as GatewayMode | undefined;
  if (mode !== undefined && !GATEWAY_MODES.includes(mode)) throw new SlimError('usage', `--mode must be one of ${GATEWAY_MODES.join(', ')}, got ${JSON.stringify(values.mode)}`);
  const ctx = targetContext(io);
  const target = chooseTarget('install', client, values.scope, ctx);
  const files = stateFiles(target);
  const text = readIfExists(target.file);
  if (text === undefined) throw new SlimError('usage', `${target.file} does not exist: ${client} has no servers in the ${target.scope} scope to put behind the gateway`);
  const record = readRecord(files);
  const serversText = record ? readIfExists(files.servers) : undefined;
  if (record && serversText === undefined) {
    throw new SlimError('config', `${files.servers} is missing, though ${files.record} says servers were moved there; restore it from ${files.backup}, or run mcp-slim uninstall --client ${client} --scope ${target.scope}`);
  }
  const parsed = parseClientConfig(text, { file: target.file, env: io.env, cwd: io.cwd, home: ctx.home, ...(target.project ? { project: target.project } : {}) }, client);
  const plan = planInstall(
    {
      target,
      text,
      launch: gatewayLaunch(files.layer),
      skipped: new Map([...parsed.skipped.map((s): [string, string] => [s.name, s.reason]), ...claudeCodeRejected(target, ctx.home)]),
      ...(serversText !== undefined ? { servers: { file: files.servers, text: serversText } } : {}),
    },
    movedServersTable(target, files.servers),
  );
  const layerBefore = readIfExists(files.layer);
  const layer = nextLayer(layerBefore, target, files, mode, plan);
  const changes = [
    { file: target.file, before: text, after: plan.clientText },
    { file: files.servers, before: serversText, after: plan.serversText },
    { file: files.layer, before: layerBefore, after: layer },
  ].filter((c) => c.before !== c.after);
  const say = (line: string) => io.stdout.write(`${line}\n`);
  if (!changes.length) {
    say(`${client} (${target.scope}): already installed; nothing changed. ${target.file} starts the gateway with ${Object.keys(plan.behind).length} servers behind it (${files.servers}).`);
    return EXIT.ok;
  }
  const cost = values['no-measure'] ? undefined : await costBeforeAfter(io, target, plan.serversText);
  if (values['dry-run']) {
    for (const c of changes) printDiff(io, c.file, c.before, c.after);
    if (cost) say(cost);
    say(`dry run: nothing was written (${changes.length} file${changes.length === 1 ? '' : 's'} would change)`);
    return EXIT.ok;
  }
  mkdirSync(target.stateDir, { recursive: true, mode: 0o700 });
  if (target.scope === 'project') {
    const ignore = path.join(path.dirname(target.stateDir), '.gitignore');
    if (!existsSync(ignore)) writeFileAtomic(ignore, GITIGNORE);
  }
  // The backup, the servers and the record are written before the client's file: if that last
  // write fails, a second run or uninstall finds everything it needs.
  const clientMode = fileMode(target.file);
  const privateMode = 0o600;
  if (!record) writeFileAtomic(files.backup, text, { mode: clientMode ?? privateMode });
  writeFileAtomic(files.servers, plan.serversText, { mode: privateMode });
  writeFileAtomic(files.layer, layer);
  const next: InstallRecord = {
    version: 1,
    client,
    scope: target.scope,
    file: target.file,
    backup: files.backup,
    original: record?.original ?? sha256(text),
    written: sha256(plan.clientText),
    servers: sha256(plan.serversText),
    // The backup can come back whole only while the file holds nothing but what it held then:
    // not once a later run moved more servers, nor after edits of the user that a run kept.
    restorable: record === undefined || (record.restorable && plan.moved.length === 0 && sha256(text) === record.written),
  };
  writeFileAtomic(files.record, `${JSON.stringify(next, null, 2)}\n`, { mode: privateMode });
  writeFileAtomic(target.file, plan.clientText);

  say(`${client} (${target.scope} scope): ${target.file} now starts the mcp-slim gateway as "${ENTRY_NAME}"`);
  if (plan.moved.length) say(`  moved behind it: ${plan.moved.join(', ')}`);
  const earlier = Object.keys(plan.behind).filter((n) => !plan.moved.includes(n));
  if (earlier.length) say(`  already behind it: ${earlier.join(', ')}`);
  for (const s of plan.stayed) say(`  left in place: ${s.name} (${s.reason})`);
  if (plan.variables.length) say(`  passed on to the gateway: ${plan.variables.map((v) => `$${v}`).join(', ')}`);
  say(`  servers: ${files.servers}`);
  say(`  gateway config: ${files.layer}`);
  say(`  backup: ${files.backup}`);
  say(`  undo: mcp-slim uninstall --client ${client} --scope ${target.scope}`);
  if (cost) say(cost);
  if (client === 'claude-code' && target.scope === 'project') say(`  note: Claude Code asks you to approve the project server "${ENTRY_NAME}" when it next starts (or set "enableAllProjectMcpServers")`);
  if (target.scope === 'project') say(`  note: the entry names this machine's node and mcp-slim; if ${path.basename(target.file)} is shared in git, others need their own install`);
  return EXIT.ok;
}
