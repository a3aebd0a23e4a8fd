#!/usr/bin/env node
import { run } from './run.js';

process.exitCode = await run({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
