import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { newCatalog, parseCatalog } from '../src/catalog/catalog-file.js';
import type { Catalog, RawTool } from '../src/catalog/types.js';
import { countFindings, fixTool, lintCatalog, lintExitCode } from '../src/lint/lint-catalog.js';
import { RULES, RULES_BY_ID } from '../src/lint/rules/index.js';
import { RULE_IDS, type LintOptions, type RuleId } from '../src/lint/types.js';
import { verifyTool } from '../src/slim/verify.js';
import { FIXTURES, fixtureServer, runCli } from './_cli.js';

const ROOT = new URL('../', import.meta.url).pathname;
const SHARED = join(FIXTURES, 'catalogs/shared');
const SAVED = join(FIXTURES, 'lint/saved-catalog.json');

const catalogOf = (tools: RawTool[], server = 'srv'): Catalog =>
  newCatalog([{ name: server, origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools }], '2026-01-01T00:00:00.000Z');
const findingsOf = (rule: RuleId, tools: RawTool[], options: LintOptions = {}) => lintCatalog(catalogOf(tools), options).filter((f) => f.rule === rule);
const obj = { type: 'object' } as const;
const schema = (properties: Record<string, RawTool[string]>) => ({ type: 'object', properties });
const sentencesOf = (n: number) => Array.from({ length: n }, (_, i) => `Sentence number ${i + 1} says one thing.`).join(' ');

interface Case {
  /** Tools that must trigger the rule (a catalog rule gets them all at once). */
  bad: RawTool[];
  /** The path of the first finding. */
  path: string;
  /** Tools that must not trigger it. */
  good: RawTool[];
  options?: LintOptions;
}

/** One case per rule; the Record type makes a rule without a case a compile error. */
const CASES: Record<RuleId, Case> = {
  'missing-description': {
    bad: [{ name: 'ping', inputSchema: obj }],
    path: 'description',
    good: [{ name: 'ping', description: 'Check the server answers.', inputSchema: obj }],
  },
  'invalid-input-schema': {
    bad: [{ name: 'search', description: 'Search.', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' } }],
    path: 'inputSchema',
    good: [{ name: 'search', description: 'Search.', inputSchema: schema({ q: { type: 'string' } }) }],
  },
  'description-over-limit': {
    bad: [{ name: 'big', description: 'x'.repeat(4097), inputSchema: obj }],
    path: 'description',
    good: [{ name: 'big', description: 'x'.repeat(4096), inputSchema: obj }],
  },
  'guard-past-cut': {
    bad: [{ name: 'wipe', description: `Wipe a folder. ${'x'.repeat(4100)}. This cannot be undone.`, inputSchema: obj }],
    path: 'description',
    good: [{ name: 'wipe', description: `Wipe a folder. This cannot be undone. ${'x'.repeat(4100)}.`, inputSchema: obj }],
  },
  'description-too-long': {
    bad: [{ name: 'chatty', description: sentencesOf(4), inputSchema: obj }],
    path: 'description',
    good: [{ name: 'chatty', description: sentencesOf(3), inputSchema: obj }],
  },
  'description-how-content': {
    bad: [{ name: 'run', description: 'Run a command.\n\nExamples:\n- `ls -la`\n- `git status`', inputSchema: obj }],
    path: 'description',
    good: [{ name: 'run', description: 'Run a shell command in the project folder and return its output (e.g. test results).', inputSchema: obj }],
  },
  'param-description-restates': {
    bad: [{ name: 'read', description: 'Read a file.', inputSchema: schema({ path: { type: 'string', description: 'The path' } }) }],
    path: 'inputSchema.properties.path.description',
    good: [{ name: 'read', description: 'Read a file.', inputSchema: schema({ path: { type: 'string', description: 'Absolute, or relative to the workspace root' } }) }],
  },
  'param-description-inconsistent': {
    bad: [
      { name: 'a', description: 'A.', inputSchema: schema({ channel_id: { type: 'string', description: 'Slack channel to read, as C0123' } }) },
      { name: 'b', description: 'B.', inputSchema: schema({ channel_id: { type: 'string', description: 'Slack channel to read, as C0123' } }) },
      { name: 'c', description: 'C.', inputSchema: schema({ channel_id: { type: 'string', description: 'The Slack channel to read, as C0123.' } }) },
    ],
    path: 'inputSchema.properties.channel_id.description',
    good: [
      { name: 'a', description: 'A.', inputSchema: schema({ channel_id: { type: 'string', description: 'Slack channel to read, as C0123' } }) },
      { name: 'b', description: 'B.', inputSchema: schema({ channel_id: { type: 'string', description: 'slack channel to read, as C0123.' } }) },
      // Same name, different meaning: unlike wordings are left alone.
      { name: 'c', description: 'C.', inputSchema: schema({ channel_id: { type: 'string', description: 'Where the bot posts its daily digest' } }) },
    ],
  },
  'schema-dollar-schema': {
    bad: [{ name: 't', description: 'T.', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } }],
    path: 'inputSchema.$schema',
    good: [{ name: 't', description: 'T.', inputSchema: obj }],
  },
  'title-repeats-name': {
    bad: [{ name: 'read_file', title: 'Read File', description: 'Read a file.', inputSchema: { type: 'object', title: 'read_fileArguments', properties: { file_path: { type: 'string', title: 'File Path' } } } }],
    path: 'inputSchema.properties.file_path.title',
    good: [{ name: 'read_file', title: 'Read File (deprecated)', description: 'Read a file.', inputSchema: schema({ file_path: { type: 'string', title: 'Workspace file' } }) }],
  },
  'ref-inlining-smaller': {
    bad: [{ name: 'move', description: 'Move.', inputSchema: { type: 'object', properties: { to: { $ref: '#/$defs/Point' } }, $defs: { Point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } }, Unused: { type: 'string' } } } }],
    path: 'inputSchema',
    good: [
      // Used three times: the definition is cheaper than three copies.
      { name: 'move', description: 'Move.', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Point' }, b: { $ref: '#/$defs/Point' }, c: { $ref: '#/$defs/Point' } }, $defs: { Point: { type: 'object', properties: { x: { type: 'number', minimum: 0 }, y: { type: 'number', minimum: 0 } }, required: ['x', 'y'] } } } },
      // Recursive: cannot be inlined.
      { name: 'tree', description: 'Tree.', inputSchema: { type: 'object', properties: { root: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } } } },
    ],
  },
  'repeated-branches': {
    bad: [{ name: 'set', description: 'Set.', inputSchema: schema({ value: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'string' }] } }) }],
    path: 'inputSchema.properties.value.anyOf',
    good: [{ name: 'set', description: 'Set.', inputSchema: schema({ value: { anyOf: [{ type: 'string' }, { type: 'number' }] } }) }],
  },
  'output-schema-heavier': {
    bad: [{ name: 'get', description: 'Get.', inputSchema: obj, outputSchema: schema({ items: { type: 'array', items: { type: 'string' } } }) }],
    path: 'outputSchema',
    good: [{ name: 'get', description: 'Get.', inputSchema: schema({ id: { type: 'string', description: 'Record to fetch' } }), outputSchema: schema({ ok: { type: 'boolean' } }) }],
  },  'ttc-sidecar-missing': {
    bad: [{ name: 'pong', description: 'Pong.', inputSchema: obj }],
    path: '',
    good: [{ name: 'ping', description: 'Ping.', inputSchema: obj }],
    options: { sidecar: { tools: { ping: { when: 'user wants to check the server' } } } },
  },
  'ttc-when-vocabulary': {
    bad: [{ name: 'send', description: 'Send.', inputSchema: obj }],
    path: 'ttc.json tools.send.when',
    good: [{ name: 'mail', description: 'Mail.', inputSchema: obj }],
    options: { sidecar: { tools: { send: { when: 'send email' }, mail: { when: 'user wants to send an email' } } } },
  },

};

describe('every rule: a tool that triggers it and one that does not', () => {
  for (const id of RULE_IDS) {
    const c = CASES[id];
    test(id, () => {
      const bad = findingsOf(id, c.bad, c.options);
      assert.ok(bad.length > 0, `${id} should fire`);
      assert.equal(bad[0]!.path, c.path);
      assert.equal(bad[0]!.severity, RULES_BY_ID[id].severity);
      assert.equal(bad[0]!.server, 'srv');
      assert.ok(c.bad.some((t) => t.name === bad[0]!.tool));
      assert.doesNotMatch(bad[0]!.message, /\n/, 'one-line message');
      assert.deepEqual(findingsOf(id, c.good, c.options), [], `${id} should not fire on the good tools`);
    });
  }
});

describe('fixes: pure, remove the problem, keep the meaning', () => {
  for (const rule of RULES.filter((r) => r.fix)) {
    test(rule.id, () => {
      const c = CASES[rule.id];
      for (const tool of c.bad) {
        const before = structuredClone(tool);
        const fixed = rule.fix!(tool);
        assert.deepEqual(tool, before, 'the input tool is not mutated');
        assert.notEqual(fixed, tool, 'a new object is returned');
        assert.deepEqual(verifyTool(tool, fixed), [], 'verifyTool finds no change of meaning');
        assert.ok(JSON.stringify(fixed).length < JSON.stringify(tool).length, 'the fix makes the tool smaller');
        assert.deepEqual(findingsOf(rule.id, [fixed]).filter((f) => f.fixable), [], 'nothing fixable is left');
      }
    });
  }

  test('param-description-inconsistent suggests the most common wording, ties to the shortest', () => {
    const bad = findingsOf('param-description-inconsistent', CASES['param-description-inconsistent'].bad);
    assert.deepEqual(bad.map((f) => [f.tool, f.suggestion]), [['c', 'Slack channel to read, as C0123']]);
    const tie = findingsOf('param-description-inconsistent', [
      { name: 'a', inputSchema: schema({ q: { type: 'string', description: 'Words to search for in titles' } }) },
      { name: 'b', inputSchema: schema({ q: { type: 'string', description: 'Words to search for in the titles' } }) },
    ]);
    assert.deepEqual(tie.map((f) => [f.tool, f.suggestion]), [['b', 'Words to search for in titles']]);
  });

  test('title fix drops annotations it empties, and only those', () => {
    const fixed = RULES_BY_ID['title-repeats-name'].fix!({ name: 'get_sum', annotations: { title: 'Get Sum' }, inputSchema: obj });
    assert.equal('annotations' in fixed, false);
    const kept = RULES_BY_ID['title-repeats-name'].fix!({ name: 'get_sum', annotations: { title: 'Get Sum', readOnlyHint: true }, inputSchema: obj });
    assert.deepEqual(kept.annotations, { readOnlyHint: true });
  });

  test('oneOf with a repeated branch is reported but not fixed: dropping it changes what validates', () => {
    const tool: RawTool = { name: 'x', description: 'X.', inputSchema: schema({ v: { oneOf: [{ type: 'string' }, { type: 'string' }] } }) };
    const [finding] = findingsOf('repeated-branches', [tool]);
    assert.equal(finding?.fixable, false);
    assert.deepEqual(RULES_BY_ID['repeated-branches'].fix!(tool), tool);
  });

  test('a $ref with siblings is not inlined (draft-07 ignores the siblings, 2019+ applies them)', () => {
    const tool: RawTool = { name: 'x', inputSchema: { type: 'object', properties: { p: { $ref: '#/$defs/P', description: 'A point' } }, $defs: { P: { type: 'string' } } } };
    assert.deepEqual(findingsOf('ref-inlining-smaller', [tool]), []);
  });

  test('a $ref that is not a valid pointer does not crash the rule, and leaves every definition where it is', () => {
    // A ref that resolves to nothing may have been meant for any definition: the verifier keeps them all, so the fix does too.
    const tool: RawTool = { name: 'x', inputSchema: { type: 'object', properties: { p: { $ref: '#/$defs/100%' } }, $defs: { Q: { type: 'string' } } } };
    assert.deepEqual(findingsOf('ref-inlining-smaller', [tool]).map((f) => f.message), []);
    const used = { name: 'y', inputSchema: { type: 'object', properties: { a: { type: 'string', contentSchema: { $ref: '#/$defs/A' } }, b: { $ref: '#/$defs/B/properties/c' } }, $defs: { A: { type: 'object', required: ['z'] }, B: { properties: { c: { type: 'integer' } } } } } } as RawTool;
    assert.deepEqual(findingsOf('ref-inlining-smaller', [used]).map((f) => f.message), [], 'refs the schema walk does not see, or into a definition, still use it');
  });

  test('fixTool applies every enabled fix and names them; an off rule is not applied', () => {
    const tool = CASES['schema-dollar-schema'].bad[0]!;
    const all = fixTool({ ...tool, title: 'T' });
    assert.deepEqual(all.applied, ['schema-dollar-schema', 'title-repeats-name']);
    assert.deepEqual(all.tool, { name: 't', description: 'T.', inputSchema: obj });
    assert.deepEqual(fixTool(tool, { rules: { 'schema-dollar-schema': 'off' } }).applied, []);
  });
});

describe('options and exit codes', () => {
  const bad = CASES['description-too-long'].bad;
  test('thresholds are options', () => {
    assert.equal(findingsOf('description-too-long', bad, { maxSentences: 4 }).length, 0);
    assert.equal(findingsOf('description-too-long', bad, { maxSentences: 4, maxDescriptionChars: 100 }).length, 1);
    assert.match(findingsOf('description-too-long', bad)[0]!.message, /4 sentences \(max 3\)/);
  });
  test('a severity can be overridden or turned off per rule', () => {
    assert.equal(findingsOf('description-too-long', bad, { rules: { 'description-too-long': 'off' } }).length, 0);
    const asError = lintCatalog(catalogOf(bad), { rules: { 'description-too-long': 'error' } });
    assert.equal(asError.find((f) => f.rule === 'description-too-long')?.severity, 'error');
    assert.equal(lintExitCode(asError), 1);
    assert.equal(lintExitCode(lintCatalog(catalogOf(bad))), 0, 'warnings never fail');
    assert.equal(lintExitCode([], 1), 1, 'a server that could not be linted fails');
  });
});

test('every rule has its doc page with what, why, before/after, fix and options', () => {
  for (const rule of RULES) {
    assert.equal(rule.docs, `docs/rules/${rule.id}.md`);
    const file = join(ROOT, rule.docs);
    assert.ok(existsSync(file), `${rule.docs} exists`);
    const text = readFileSync(file, 'utf8');
    assert.match(text, new RegExp(`^# \`${rule.id}\``), `${rule.docs} starts with its id`);
    for (const heading of ['## Why', '## Before', '## After', '## How to fix', '## Options']) assert.ok(text.includes(heading), `${rule.docs} has ${heading}`);
    assert.ok(text.includes(`**${rule.severity}**`), `${rule.docs} states the default severity ${rule.severity}`);
  }
});

describe('the real catalogs', () => {
  const files = readdirSync(SHARED).filter((f) => f.endsWith('.json') && !f.endsWith('.meta.json'));
  const catalogs = files.map((f) => parseCatalog(readFileSync(join(SHARED, f), 'utf8'), f));

  test('server-gitlab: the $schema-only input schema is an error on all 9 tools', () => {
    const gitlab = catalogs[files.indexOf('server-gitlab.json')]!;
    const findings = lintCatalog(gitlab).filter((f) => f.rule === 'invalid-input-schema');
    assert.equal(gitlab.servers[0]!.tools.length, 9);
    assert.deepEqual(findings.map((f) => f.tool), gitlab.servers[0]!.tools.map((t) => t.name));
    assert.ok(findings.every((f) => f.severity === 'error' && f.path === 'inputSchema' && /only \$schema/.test(f.message)));
    assert.equal(lintExitCode(lintCatalog(gitlab)), 1);
  });

  test('all 19 lint without crashing; counts per rule; sanity checks', () => {
    assert.equal(files.length, 19);
    const findings = catalogs.flatMap((c) => lintCatalog(c));
    const counts = countFindings(findings);
    console.log(`lint over ${files.length} real catalogs:`, counts);
    const tools = catalogs.flatMap((c) => c.servers.flatMap((s) => s.tools.map((t) => ({ server: s.name, tool: t }))));
    assert.equal(tools.length, 240);

    const thinking = findings.filter((f) => f.server === 'server-sequential-thinking' && f.rule === 'description-too-long');
    assert.equal(thinking.length, 1);
    assert.match(thinking[0]!.message, /2,781 characters/);
    // Every real tool has a description: none may be reported missing.
    const described = tools.filter((t) => typeof t.tool.description === 'string' && t.tool.description.trim());
    assert.equal(described.length, 240);
    assert.equal(counts.byRule['missing-description'], 0);
    // Over the limit: exactly the tools whose description is longer than 4,096 characters.
    const over = tools.filter((t) => String(t.tool.description).length > 4096).map((t) => `${t.server}/${t.tool.name}`);
    assert.deepEqual(findings.filter((f) => f.rule === 'description-over-limit').map((f) => `${f.server}/${f.tool}`).sort(), over.sort());
    assert.ok(over.length > 0);
    // $schema: one finding per schema that has one.
    const withDollar = tools.reduce((n, t) => n + ['inputSchema', 'outputSchema'].filter((k) => (t.tool[k] as { $schema?: string } | undefined)?.$schema !== undefined).length, 0);
    assert.equal(counts.byRule['schema-dollar-schema'], withDollar);
    assert.equal(counts.byRule['invalid-input-schema'], 9, 'only server-gitlab is invalid');
    assert.equal(counts.errors, counts.byRule['invalid-input-schema'] + counts.byRule['description-over-limit']);
  });

  test('every fix on every real tool keeps its meaning (verifyTool), never grows it, and leaves nothing fixable', () => {
    let changed = 0;
    for (const catalog of catalogs) {
      for (const server of catalog.servers) {
        for (const tool of server.tools) {
          const before = structuredClone(tool);
          for (const rule of RULES.filter((r) => r.fix)) {
            const fixed = rule.fix!(tool);
            assert.deepEqual(verifyTool(tool, fixed, server.name), [], `${rule.id} on ${server.name}/${tool.name}`);
            assert.ok(JSON.stringify(fixed).length <= JSON.stringify(tool).length, `${rule.id} on ${tool.name} does not grow it`);
          }
          const all = fixTool(tool);
          if (all.applied.length) changed++;
          assert.deepEqual(verifyTool(tool, all.tool, server.name), []);
          const left = lintCatalog(catalogOf([all.tool], server.name)).filter((f) => f.fixable);
          assert.deepEqual(left, [], `${server.name}/${tool.name}: fixable findings left after fixTool`);
          assert.deepEqual(tool, before, 'the catalog is not mutated');
        }
      }
    }
    assert.ok(changed > 200, `fixes changed ${changed} tools`);
  });
});

describe('mcp-slim lint', () => {
  test('a saved catalog: JSON, counts and exit 1 for an error', async () => {
    const r = await runCli(['lint', '--catalog', SAVED, '--json']);
    assert.equal(r.code, 1, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.equal(json.schemaVersion, 1);
    assert.equal(json.command, 'lint');
    assert.deepEqual(
      json.findings.map((f: { server: string; tool: string; rule: string; path: string }) => `${f.server}/${f.tool} ${f.path} ${f.rule}`),
      [
        'notes/read_note inputSchema.$schema schema-dollar-schema',
        'notes/read_note inputSchema.properties.id.description param-description-restates',
        'notes/read_note title title-repeats-name',
        'notes/write_note description missing-description',
        'broken/search inputSchema invalid-input-schema',
        'broken/search inputSchema.$schema schema-dollar-schema',
      ],
    );
    assert.equal(json.findings[0].docs, 'docs/rules/schema-dollar-schema.md');
    assert.equal(json.findings[0].fixable, true);
    assert.deepEqual({ ...json.counts, byRule: undefined }, { problems: 6, errors: 1, warnings: 4, infos: 1, fixable: 4, byRule: undefined, servers: 2, tools: 3, failedServers: 0 });
    assert.equal(json.counts.byRule['schema-dollar-schema'], 2);
  });

  test('human output is grouped by server and tool, eslint-style, with a summary', async () => {
    const r = await runCli(['lint', '--catalog', SAVED]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^notes › read_note\n {2}inputSchema\.\$schema {2,}warning {2}"\$schema" costs 52 bytes.* {2}schema-dollar-schema$/m);
    assert.match(r.stdout, /^broken › search\n {2}inputSchema {2,}error {4}inputSchema declares nothing/m);
    assert.match(r.stdout, /✖ 6 problems \(1 error, 4 warnings, 1 info\), 4 fixable\n$/);
  });

  test('--rule lowers the error to a warning: exit 0', async () => {
    const r = await runCli(['lint', '--catalog', SAVED, '--rule', 'invalid-input-schema=warning', '--rule', 'title-repeats-name=off', '--json']);
    assert.equal(r.code, 0);
    const json = JSON.parse(r.stdout);
    assert.equal(json.counts.errors, 0);
    assert.equal(json.counts.byRule['title-repeats-name'], 0);
  });

  test('a clean catalog says so and exits 0', async () => {
    const r = await runCli(['lint', '--catalog', join(SHARED, 'server-postgres.json')]);
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /✔ no problems in 1 tool on 1 server/);
  });

  const usage: [string, string[], RegExp][] = [
    ['an unknown rule, with the closest suggested', ['--rule', 'description-to-long=off'], /no rule "description-to-long"; did you mean description-too-long\?/],
    ['an unknown level', ['--rule', 'description-too-long=loud'], /LEVEL one of off, info, warning, error/],
    ['a bad threshold', ['--max-sentences', 'three'], /--max-sentences must be a positive number/],
  ];
  for (const [name, args, message] of usage) {
    test(`usage mistake: ${name} → exit 2`, async () => {
      const r = await runCli(['lint', '--catalog', SAVED, ...args]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, message);
    });
  }

  test('a server that fails to start is reported and exits 1', async () => {
    const r = await runCli(['lint', '--json', '--timeout', '20', '--', ...fixtureServer('crash')]);
    assert.equal(r.code, 1, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.equal(json.counts.failedServers, 1);
    assert.equal(json.failures.length, 1);
    const human = await runCli(['lint', '--timeout', '20', '--', ...fixtureServer('crash')]);
    assert.equal(human.code, 1);
    assert.match(human.stdout, /could not be linted/);
  });

  test('--list-rules shows every rule with its severity after overrides', async () => {
    const r = await runCli(['lint', '--list-rules', '--rule', 'output-schema-heavier=off']);
    assert.equal(r.code, 0);
    for (const id of RULE_IDS) assert.match(r.stdout, new RegExp(`^${id} `, 'm'));
    assert.match(r.stdout, /^output-schema-heavier +off /m);
  });
});

test('lint --fix writes the safe fixes as a verified overlay the gateway can load', async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { applyOverlay, parseOverlay } = await import('../src/slim/overlay.js');
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-lintfix-'));
  const file = `${FIXTURES}catalogs/shared/server-filesystem.json`;
  const { code, stdout } = await runCli(['lint', '--fix', '--out', 'fixed', '--json', '--catalog', file], { cwd: dir });
  assert.equal(code, 0);
  assert.equal(JSON.parse(stdout).fixed.tools, 14);
  const overlay = parseOverlay(readFileSync(join(dir, 'fixed', 'overlay.json'), 'utf8'), 'overlay.json');
  assert.equal(overlay.producer, 'lint --fix');
  const catalog = parseCatalog(readFileSync(file, 'utf8'), file);
  const applied = applyOverlay(catalog, overlay);
  assert.deepEqual(applied.violations, []);
  assert.equal(applied.replaced, 14);
  for (const tool of applied.catalog.servers[0]!.tools) assert.equal(JSON.stringify(tool.inputSchema).includes('"$schema"'), false, `${tool.name} still has $schema`);
});
