/**
 * Lint and guard sentences: guard-past-cut (a warning Claude Code's 4,096-character cut hides from the
 * model), and description-how-content no longer telling authors to move warnings to a manual.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newCatalog } from '../src/catalog/catalog-file.js';
import type { RawTool } from '../src/catalog/types.js';
import { CLAUDE_CODE_DESCRIPTION_LIMIT } from '../src/cost/measure.js';
import { lintCatalog } from '../src/lint/lint-catalog.js';
import type { LintOptions } from '../src/lint/types.js';

const findings = (tool: RawTool, options: LintOptions = {}, rule = 'guard-past-cut') =>
  lintCatalog(newCatalog([{ name: 'srv', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools: [tool] }]), options).filter((f) => f.rule === rule);

/** Filler sentences of how-to, `chars` long in all. */
const how = (chars: number) => `${'Options are read left to right and later ones win over earlier ones. '.repeat(Math.ceil(chars / 68)).slice(0, chars - 1).trimEnd()}.`;
const tool = (description: string, properties: Record<string, RawTool[string]> = {}): RawTool => ({ name: 'purge', description, inputSchema: { type: 'object', properties } });

test('a warning past the cut is an error that says to move it to the front', () => {
  for (const warning of ['This cannot be undone.', 'Each call is billed to your account.', 'Do not use this for production data; use purge_staging instead.', 'Sends an email to every member.']) {
    const [f, ...rest] = findings(tool(`Purge a cache. ${how(CLAUDE_CODE_DESCRIPTION_LIMIT)} ${warning}`));
    assert.ok(f, warning);
    assert.equal(rest.length, 0, 'one finding per tool');
    assert.equal(f.severity, 'error');
    assert.equal(f.path, 'description');
    assert.match(f.message, new RegExp(`the warning "${warning.slice(0, 20)}`));
    assert.match(f.message, /starts at character 4,\d{3}, past the 4,096 characters Claude Code keeps/);
    assert.match(f.message, /move the warning to the front of the description/);
  }
});

test('a warning the cut falls in is reported as cut; later ones are counted', () => {
  const lead = how(CLAUDE_CODE_DESCRIPTION_LIMIT - 30);
  const [f] = findings(tool(`${lead} Files on the remote that are missing here are deleted permanently. Never call this twice. This is irreversible.`));
  assert.match(f!.message, /is cut at character 4,096 \(and 2 more\)/);
});

test('no finding: the warning comes first, the description fits, the sentence is no warning, or it documents a parameter', () => {
  assert.deepEqual(findings(tool(`Purge a cache. This cannot be undone. ${how(CLAUDE_CODE_DESCRIPTION_LIMIT)}`)), []);
  assert.deepEqual(findings(tool(`Purge a cache. ${how(3000)} This cannot be undone.`)), []);
  assert.deepEqual(findings(tool(`Purge a cache. ${how(CLAUDE_CODE_DESCRIPTION_LIMIT)} Returns an error if the cache does not exist.`)), []);
  assert.deepEqual(findings(tool(`Purge a cache. ${how(CLAUDE_CODE_DESCRIPTION_LIMIT)}\n\n- mode: use "soft" instead to keep the files.`, { mode: { type: 'string' } })), []);
});

test('the limit is description-over-limit\'s option, and the rule can be turned off', () => {
  const t = tool(`Purge a cache. ${how(200)} This cannot be undone.`);
  assert.equal(findings(t).length, 0);
  assert.equal(findings(t, { descriptionLimit: 100 }).length, 1);
  assert.equal(findings(tool(`Purge a cache. ${how(CLAUDE_CODE_DESCRIPTION_LIMIT)} This cannot be undone.`), { rules: { 'guard-past-cut': 'off' } }).length, 0);
});

test('description-how-content: a warning that is a guard sentence is not how-to to move out; other rules and warnings are', () => {
  for (const guard of ['WARNING: this deletes the branch permanently.', 'DO NOT use this for large files; use upload_large instead.', 'IMPORTANT: never paste API keys into the query.'])
    assert.deepEqual(findings(tool(`Purge a cache. ${guard}`), {}, 'description-how-content'), [], guard);
  for (const how of ['IMPORTANT: call list_caches first.', 'ALWAYS quote the name.', 'You MUST pass the region.']) {
    const [f] = findings(tool(`Purge a cache. ${how}`), {}, 'description-how-content');
    assert.match(f!.message, /rules and warnings.*keep its warnings and when-not-to-use sentences/, how);
  }
});
