/**
 * Issue 17: slimming never moves a warning out of the model's view. The recogniser on invented
 * sentences (each family in several phrasings, and the sentences just across the line), then every
 * preset on invented tools, the fact check's report, and the overlay check.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadCatalogs } from '../bench/search/load.js';
import { newCatalog } from '../src/catalog/catalog-file.js';
import type { RawTool } from '../src/catalog/types.js';
import { guardCheck, guardsGone } from '../src/slim/fact-check.js';
import { guardFamily, toolGuards, type GuardFamilyId } from '../src/slim/guard-sentences.js';
import { applyOverlay, overlayFromSlim } from '../src/slim/overlay.js';
import { PRESETS, type PresetName } from '../src/slim/policy.js';
import { slimCatalog } from '../src/slim/slim-catalog.js';
import { FIXTURES } from './_cli.js';

const GUARDS: Record<GuardFamilyId, string[]> = {
  destructive: [
    'Removes the bucket permanently, together with every object in it.',
    'This action is irreversible.',
    "Once archived, a board can't be restored.",
    'Existing rows with the same key are overwritten.',
    'Saving will overwrite any local edits.',
    'Never drop the production schema from here.',
    'Deletes the workspace along with all of its pages.',
    'Unsaved changes will be lost.',
  ],
  caution: ['Handle with care: the command runs as root.', '⚠️ Warning: this resets the device.', '**Caution:** the cache is shared.', 'Be extremely careful, it restarts the cluster.', 'This is a dangerous operation on shared state.'],
  cost: ['Each call is billed to your account.', 'Uses 3 credits per page.', 'Calls are rate-limited to 10 per minute.', 'This endpoint is expensive; batch your requests.', "Charges the customer's card immediately.", 'Counts against your monthly quota.'],
  people: ['Sends an email to every attendee.', 'Notifies all members of the channel.', 'Once posted, the comment is visible to everyone in the workspace.', 'Publishes the draft publicly.'],
  secrets: ['Never paste API keys into the query.', 'The response includes the password in plain text.', 'Logs the access token to stdout.', 'Do not share credentials with this tool.', 'Turning this on poses a security risk.'],
  code: ['Runs arbitrary shell commands on the host.', 'Executes any SQL statement you pass.', 'Evaluates untrusted code.', 'Gives the agent full filesystem access.'],
  routing: [
    "Don't use this for binary files.",
    'Do not call this tool unless the user asks for a refund.',
    'Never invoke it twice for the same order.',
    'Use fetch_page instead when you already have the URL.',
    'Prefer search_code over this tool for large repositories.',
    'Only for read-only queries.',
    'Only call this after create_session succeeds.',
    'Not intended for production data.',
    'Deprecated: use `list_items_v2`.',
    "You can't edit the page here, use update_page for that.",
    'When not to use: for a single known file.',
  ],
};

/** Sentences just across the line: plain actions, limits the server enforces, advice on arguments, text the tool prints. */
const NOT_GUARDS = [
  'Use this to list files.',
  'Returns an error if the file does not exist.',
  'Fails if the path is outside allowed directories.',
  'Only works within allowed directories.',
  'Delete a label from an issue.',
  'Lists deleted items in the trash.',
  'Set overwrite to true to replace the target.',
  'Prints "WARNING: disk almost full" when space is low.',
  'Returns warnings and errors from the build.',
  'Lists the charges on an invoice.',
  'Returns the remaining credit balance.',
  'The email address of the user.',
  'Lists messages in a channel.',
  'The API key of the project.',
  'Tag keys are case-sensitive.',
  "If you don't have an API key, call get_key first.",
  'Run the test suite.',
  'Execute a saved query by id.',
  'Do not pass your own artifact ID.',
  'Unless the user asks for relative paths, use absolute paths.',
  'Prefer paths within mounted directories.',
  "Call list_projects first if you don't know the id.",
  'Examples: `{"topic": "API rate limits"}`.',
  'Use this for large logs to avoid truncation.',
];

describe('the recogniser', () => {
  for (const [family, phrasings] of Object.entries(GUARDS)) {
    test(`${family}: every phrasing is a guard of that family`, () => {
      for (const s of phrasings) assert.equal(guardFamily(s), family, s);
    });
  }
  test('plain actions, enforced limits and argument advice are not guards', () => {
    for (const s of NOT_GUARDS) assert.equal(guardFamily(s), undefined, s);
  });
  test("in a parameter's text, choosing between arguments is no guard; effects still are", () => {
    assert.equal(guardFamily("Use 'manifest' instead to pass the file's contents.", 'parameter'), undefined);
    assert.equal(guardFamily("Use 'manifest' instead to pass the file's contents.", 'tool'), 'routing');
    assert.equal(guardFamily('Existing keys are overwritten.', 'parameter'), 'destructive');
  });
  test('a guard is found where it stands: the description, a parameter, a bullet documenting a parameter', () => {
    const tool: RawTool = {
      name: 'put',
      description: 'Store a value.\n\n- key: use another key instead to keep both.\n- Existing values are overwritten.',
      inputSchema: { type: 'object', properties: { key: { type: 'string', description: 'The key. Never paste secrets here.' } } },
    };
    assert.deepEqual(
      toolGuards(tool).map((g) => [g.path, g.text]),
      [
        ['description', '- Existing values are overwritten.'],
        ['inputSchema.properties.key.description', 'Never paste secrets here.'],
      ],
    );
  });
});

const catalogOf = (tools: RawTool[]) => newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools }]);
const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/** A tool whose guards sit where every preset cuts: late sentences, a list, a parameter's second sentence. */
const RISKY: RawTool = {
  name: 'sync_folder',
  description: [
    'Copy a local folder to the remote bucket.',
    'It walks the tree and uploads changed files in parallel batches of 16. Progress is printed every second.',
    'Files on the remote that are missing locally are deleted permanently.',
    'Notes:\n- Symlinks are followed.\n- Do not use this for folders over 10 GB; use upload_archive instead.',
    'Each run is billed per gigabyte.',
  ].join('\n\n'),
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'The local folder to copy. Relative paths start at the working directory.' },
      force: { type: 'boolean', description: 'Skip the checksum comparison. Remote files are overwritten without confirmation.' },
    },
    required: ['path'],
  },
};

describe('every preset keeps every guard sentence where the model reads it', () => {
  for (const name of PRESET_NAMES) {
    test(name, () => {
      const result = slimCatalog(catalogOf([RISKY]), PRESETS[name]);
      const after = result.tools[0]!.after;
      for (const s of ['Files on the remote that are missing locally are deleted permanently.', '- Do not use this for folders over 10 GB; use upload_archive instead.', 'Each run is billed per gigabyte.'])
        assert.ok((after.description as string).includes(s), `${name} keeps "${s}"`);
      const force = (after.inputSchema as { properties: { force: { description?: string } } }).properties.force;
      assert.match(force.description ?? '', /Remote files are overwritten without confirmation\./);
      assert.equal(result.guards.kept.length, 4);
      assert.deepEqual(result.guards.missing, []);
      assert.deepEqual(result.violations, []);
      assert.deepEqual(result.missing, [], 'what was cut is in the manual');
      assert.ok(JSON.stringify(after).length < JSON.stringify(RISKY).length, 'and it still got smaller');
    });
  }
});

describe('the fact check reports guards', () => {
  test('kept ones with their count and text, under every preset', () => {
    for (const name of PRESET_NAMES) {
      const { guards } = slimCatalog(catalogOf([RISKY]), PRESETS[name]);
      assert.deepEqual(
        guards.kept.map((g) => [g.tool, g.family, g.text]),
        [
          ['sync_folder', 'destructive', 'Files on the remote that are missing locally are deleted permanently.'],
          ['sync_folder', 'routing', '- Do not use this for folders over 10 GB; use upload_archive instead.'],
          ['sync_folder', 'cost', 'Each run is billed per gigabyte.'],
          ['sync_folder', 'destructive', 'Remote files are overwritten without confirmation.'],
        ],
      );
    }
  });
  test('a slim tool that lost a guard is a violation: from the description, or from a parameter', () => {
    const cut: RawTool = { ...RISKY, description: 'Copy a local folder to the remote bucket.' };
    const slim = slimCatalog(catalogOf([RISKY]), PRESETS.max);
    const tools = [{ ...slim.tools[0]!, after: cut }];
    const report = guardCheck(tools);
    assert.equal(report.missing.length, 3);
    assert.equal(report.kept.length, 1);
    const bare = structuredClone(RISKY);
    delete (bare.inputSchema as { properties: { force: { description?: string } } }).properties.force.description;
    assert.deepEqual(
      guardsGone(RISKY, bare).map((g) => g.path),
      ['inputSchema.properties.force.description'],
    );
  });
  test('an overlay that drops a guard is refused when it is applied, like a changed schema', () => {
    const result = slimCatalog(catalogOf([RISKY]), PRESETS.balanced);
    const overlay = overlayFromSlim(result, '2026-01-01T00:00:00.000Z');
    overlay.servers.s!.tools.sync_folder!.description = 'Copy a local folder to the remote bucket.';
    const { violations, replaced } = applyOverlay(catalogOf([RISKY]), overlay);
    assert.equal(replaced, 0);
    assert.equal(violations.length, 3);
    assert.ok(violations.every((v) => v.path === 'description' && /guard sentence moved out of the model's view/.test(v.message)));
  });
});

describe('the real catalogs (test/fixtures/catalogs/{shared,extra,dev}): every preset keeps every guard sentence', () => {
  const dirs = ['shared', 'extra', 'dev'].map((d) => join(FIXTURES, 'catalogs', d));
  const catalog = loadCatalogs(dirs);
  const found = catalog.servers.reduce((n, s) => n + s.tools.reduce((m, t) => m + toolGuards(t).length, 0), 0);
  for (const name of PRESET_NAMES) {
    test(name, () => {
      const result = slimCatalog(catalog, PRESETS[name]);
      assert.deepEqual(result.violations, [], 'no schema change and no guard out of view');
      assert.deepEqual(result.guards.missing, []);
      assert.equal(result.guards.kept.length, found);
      assert.deepEqual(result.missing, []);
      // Checked again from the outside: each guard sentence is still a sentence of the text the model reads.
      for (const t of result.tools) assert.deepEqual(guardsGone(t.before, t.after), [], `${t.server}/${t.before.name}`);
    });
  }
  test('they hold guard sentences of every family', () => {
    const families = new Set(catalog.servers.flatMap((s) => s.tools.flatMap((t) => toolGuards(t).map((g) => g.family))));
    assert.deepEqual([...families].sort(), ['caution', 'code', 'cost', 'destructive', 'people', 'routing', 'secrets']);
    console.log(`${found} guard sentences in ${catalog.servers.length} real catalogs`);
  });
});
