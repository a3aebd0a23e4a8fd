#!/usr/bin/env node
import { run } from './run.js';

// `mcp-slim lint --json | head`: a reader that stopped reading is not an error. Output is over;
// end with the exit code so far rather than an EPIPE stack trace. (serve handles its own stdout.)
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  if (process.stdout.listenerCount('error') > 1) return;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await run({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
