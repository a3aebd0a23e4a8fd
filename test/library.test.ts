import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as lib from '../src/index.js';

const SRC = new URL('../src/', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

test('the library measures a catalog with plain functions', () => {
  const catalog = lib.newCatalog([
    { name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools: [{ name: 'echo', description: 'Echo the input.', inputSchema: { type: 'object' } }] },
  ]);
  const report = lib.measureCatalog(lib.parseCatalog(lib.serializeCatalog(catalog), 'mem.json'));
  assert.equal(report.total.toolCount, 1);
  assert.equal(report.total.wire.bytes, Buffer.byteLength(JSON.stringify(catalog.servers[0]!.tools[0])));
});

test('nothing outside cli/ imports the CLI: the core stays free of terminal and process exits', () => {
  for (const file of sourceFiles(SRC)) {
    if (file.includes('/cli/')) continue;
    const text = readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /from '\.\.?\/(\.\.\/)*cli\//, `${file} imports cli/`);
    assert.doesNotMatch(text, /process\.exit\(/, `${file} exits the process`);
  }
});
