import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { FIXTURES } from './_cli.js';
import { cliCommand } from './_serve-process.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

test('regression: `mcp-slim lint --json | head -1` ends quietly when the reader stops reading (no EPIPE stack trace)', async () => {
  const { command, args } = cliCommand(['lint', '--json', '--catalog', `${FIXTURES}catalogs/shared`]);
  // A real shell pipe: head exits after one line, and every later write of ours meets a closed pipe.
  const line = `${[command, ...args].map(quote).join(' ')} | head -1 > /dev/null`;
  const { stderr } = await promisify(execFile)('sh', ['-c', line], { timeout: 60_000 });
  assert.doesNotMatch(stderr, /EPIPE|\n\s+at /, stderr);
});
