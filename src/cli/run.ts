import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../sources/demo.js';
import { isSlimError } from '../errors.js';
import { redactText } from '../util/redact.js';
import { EXIT, exitCodeForError, type ExitCode } from './exit-code.js';
import type { CliIO } from './io.js';
import { closest } from '../util/closest.js';

type Handler = (io: CliIO, argv: string[]) => Promise<ExitCode>;

/**
 * Each command's module is loaded when it runs: a command then pays only for what it uses (the
 * gateway does not load the slimmer, help loads nothing), so a port in use is said at once.
 */
const COMMANDS: Record<string, () => Promise<Handler>> = {
  measure: async () => (await import('./measure.js')).measureCommand,
  check: async () => (await import('./check.js')).checkCommand,
  lint: async () => (await import('./lint.js')).lintCommand,
  slim: async () => (await import('./slim.js')).slimCommand,
  split: async () => (await import('./split.js')).splitCommand,
  ttc: async () => (await import('./ttc.js')).ttcCommand,
  search: async () => (await import('./search.js')).searchCommand,
  serve: async () => (await import('./serve.js')).serveCommand,
  trace: async () => (await import('./trace.js')).traceCommand,
  install: async () => (await import('./install.js')).installCommand,
  uninstall: async () => (await import('./uninstall.js')).uninstallCommand,
  ui: async () => (await import('./ui.js')).uiCommand,
};

const HELP = `mcp-slim: measure, budget, slim and defer MCP tool definitions

Usage: mcp-slim <command> [options]

Commands:
  measure   the real token cost of MCP servers or client configs (mcp-slim measure --help)
  check     a budget for tool definitions that fails the build, with a ratchet
  lint      problems in tool definitions, eslint-style, one rule per file (mcp-slim lint --help)
  slim      shorter tool text with the how moved to a manual, verified lossless
  split     a long AGENTS.md or CLAUDE.md as an index and files read when needed (undo: --join)
  ttc       the TERSE Tool Catalog: tools in a few lines (render, --compare)
  search    which tools fit a task (BM25F with a synonym vocabulary)
  serve     the gateway: one MCP server in front of yours (full, slim, deferred, phase)
  ui        a page to see and steer the gateway: costs, switches per scope, the live trace
  trace     what filled the context, from the gateway's accounting log (mcp-slim trace --help)
  install   put the gateway in front of a client's servers: claude-code, cursor, gemini, … (undo: uninstall)

Try: mcp-slim measure --demo
Exit codes: 0 ok, 1 a server failed or a check did not pass, 2 usage or configuration mistake, 3 crash.`;

/**
 * The whole CLI as a function of its inputs: returns the exit code instead of exiting, and
 * prints a user's mistake as one line without a stack trace.
 */
export async function run(io: CliIO): Promise<ExitCode> {
  const [command, ...argv] = io.argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.stdout.write(`${HELP}\n`);
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    if (command === '--version' || command === '-v') {
      const { version } = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
      io.stdout.write(`${version}\n`);
      return EXIT.ok;
    }
    const handler = COMMANDS[command];
    if (!handler) {
      const guess = closest(command, Object.keys(COMMANDS));
      io.stderr.write(`mcp-slim: unknown command ${JSON.stringify(command)}${guess ? `; did you mean ${guess}?` : ''} (run mcp-slim --help)\n`);
      return EXIT.usage;
    }
    return await (await handler())(io, argv);
  } catch (error) {
    if (isSlimError(error)) {
      // A user's mistake can quote what they typed, secrets included: the message is redacted last.
      io.stderr.write(`mcp-slim: ${redactText(error.message)}\n`);
      return exitCodeForError(error.code);
    }
    io.stderr.write(`mcp-slim crashed; please report this with the command you ran:\n${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.crash;
  }
}
