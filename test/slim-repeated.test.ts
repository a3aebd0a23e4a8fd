/**
 * What the default preset cuts beyond what and when (issue 17, second part): parameter text a
 * server's tools repeat word for word, and parameter text that only restates the parameter's and
 * the tool's names. Then the target it serves: at least half the model view of unseen catalogs.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadCatalogs } from '../bench/search/load.js';
import { newCatalog } from '../src/catalog/catalog-file.js';
import type { JsonObject, RawTool } from '../src/catalog/types.js';
import { PRESETS, type PresetName } from '../src/slim/policy.js';
import { slimCatalog } from '../src/slim/slim-catalog.js';
import { FIXTURES } from './_cli.js';

const catalogOf = (tools: RawTool[]) => newCatalog([{ name: 'crm', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools }]);
const withParams = (name: string, properties: JsonObject): RawTool => ({ name, description: `${name} a record.`, inputSchema: { type: 'object', properties } });
const REGION = { type: 'string', description: 'The region URL for the organization, if known.' };
const descriptionOf = (tool: RawTool, param: string) => ((tool.inputSchema as { properties: Record<string, { description?: string }> }).properties[param] ?? {}).description;

describe('a parameter description that three or more tools of a server repeat', () => {
  const notes = { get: 'Fields to return.', update: 'New values, by field name.', archive: 'Why it is archived; shown in the audit log.' };
  const tools = Object.entries(notes).map(([n, note]) => withParams(n, { region: REGION, note: { type: 'string', description: note } }));
  test('balanced keeps it on the first tool only; the others move it to their manual section', () => {
    const result = slimCatalog(catalogOf(tools), PRESETS.balanced);
    assert.deepEqual(
      result.tools.map((t) => descriptionOf(t.after, 'region')),
      [REGION.description, undefined, undefined],
    );
    assert.deepEqual(result.tools.map((t) => descriptionOf(t.after, 'note')), Object.values(notes), 'text that differs stays');
    assert.match(result.manuals.get('crm')!, /## update\n\nParameters:\n\n- `region`: The region URL for the organization, if known\./);
    assert.deepEqual(result.missing, []);
    assert.deepEqual(result.violations, []);
  });
  test('safe keeps every copy; two tools alike are not boilerplate; nor is another type or wording', () => {
    assert.ok(slimCatalog(catalogOf(tools), PRESETS.safe).tools.every((t) => descriptionOf(t.after, 'region') === REGION.description));
    const two = slimCatalog(catalogOf(tools.slice(0, 2)), PRESETS.balanced);
    assert.ok(two.tools.every((t) => descriptionOf(t.after, 'region') === REGION.description));
    const mixed = [withParams('a', { region: REGION }), withParams('b', { region: REGION }), withParams('c', { region: { ...REGION, type: 'array' } }), withParams('d', { region: { ...REGION, description: 'The region URL of the team.' } })];
    assert.deepEqual(
      slimCatalog(catalogOf(mixed), PRESETS.balanced).tools.map((t) => descriptionOf(t.after, 'region')),
      [REGION.description, REGION.description, REGION.description, 'The region URL of the team.'],
    );
  });
  test('a wording that unification gave to texts the authors wrote differently is not a repeat', () => {
    const ids = ['The ID of the record.', 'The ID of the record.', 'ID of the record'];
    const result = slimCatalog(catalogOf(ids.map((d, i) => withParams(['get', 'update', 'archive'][i]!, { id: { type: 'string', description: d } }))), PRESETS.balanced);
    assert.deepEqual(
      result.tools.map((t) => descriptionOf(t.after, 'id')),
      ['The ID of the record.', 'The ID of the record.', 'The ID of the record.'],
    );
  });
  test('a guard sentence in it stays on every tool', () => {
    const bucket = { type: 'string', description: 'The target bucket. Existing objects are overwritten.' };
    const result = slimCatalog(catalogOf(['put', 'copy', 'move'].map((n) => withParams(n, { bucket }))), PRESETS.balanced);
    assert.deepEqual(
      result.tools.map((t) => descriptionOf(t.after, 'bucket')),
      ['The target bucket. Existing objects are overwritten.', 'Existing objects are overwritten.', 'Existing objects are overwritten.'],
    );
    assert.deepEqual(result.violations, []);
  });
  test('text inside a parameter (an anyOf branch) is matched by where it stands', () => {
    const nullable = { anyOf: [REGION, { type: 'null' }], default: null };
    const result = slimCatalog(catalogOf(['get', 'update', 'archive'].map((n) => withParams(n, { region: nullable }))), PRESETS.balanced);
    const branch = (t: RawTool) => ((t.inputSchema as { properties: { region: { anyOf: { description?: string }[] } } }).properties.region.anyOf[0]!.description);
    assert.deepEqual(result.tools.map((t) => branch(t.after)), [REGION.description, undefined, undefined]);
    assert.deepEqual(result.missing, []);
  });
});

test("a parameter description that only restates the parameter's and the tool's names goes (safe and balanced)", () => {
  const tool = withParams('delete_records', {
    recordIds: { type: 'array', items: { type: 'string' }, description: 'Array of record IDs to delete' },
    reason: { type: 'string', description: 'Why the records are removed, shown in the audit log.' },
  });
  for (const name of ['safe', 'balanced'] as PresetName[]) {
    const after = slimCatalog(catalogOf([tool]), PRESETS[name]).tools[0]!.after;
    assert.equal(descriptionOf(after, 'recordIds'), undefined, name);
    assert.equal(descriptionOf(after, 'reason'), 'Why the records are removed, shown in the audit log.', name);
  }
  const other = withParams('archive_records', { recordIds: { type: 'array', description: 'Array of record IDs to delete' } });
  assert.equal(descriptionOf(slimCatalog(catalogOf([other]), PRESETS.balanced).tools[0]!.after, 'recordIds'), 'Array of record IDs to delete', 'a word the names do not say stays');
});

test('the default preset saves at least half the model view of the catalogs outside ../shared (extra + dev), verified', () => {
  const catalog = loadCatalogs(['extra', 'dev'].map((d) => join(FIXTURES, 'catalogs', d)));
  const result = slimCatalog(catalog, PRESETS.balanced);
  assert.deepEqual(result.violations, []);
  assert.deepEqual(result.missing, []);
  const before = result.tools.reduce((n, t) => n + t.cost.before.modelView.tokens.o200k_base, 0);
  const after = result.tools.reduce((n, t) => n + t.cost.after.modelView.tokens.o200k_base, 0);
  console.log(`balanced on extra + dev: ${before} → ${after} o200k (${(100 * (1 - after / before)).toFixed(1)}% fewer)`);
  assert.ok(1 - after / before >= 0.5, `${before} → ${after}`);
});
