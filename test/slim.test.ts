import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { extraCatalog, sharedCatalog } from '../bench/_catalogs.js';
import { newCatalog } from '../src/catalog/catalog-file.js';
import type { JsonObject, RawTool } from '../src/catalog/types.js';
import { factCheck } from '../src/slim/fact-check.js';
import { applyOverlay, overlayFromSlim } from '../src/slim/overlay.js';
import { PRESETS, type PresetName } from '../src/slim/policy.js';
import { slimCatalog } from '../src/slim/slim-catalog.js';
import { statesCapability } from '../src/text/capability.js';
import { FIXTURES, runCli } from './_cli.js';

const catalog = sharedCatalog();

describe('every real catalog, every preset: zero violations, and every removed sentence is in the manual', () => {
  const every = newCatalog([...catalog.servers, ...extraCatalog().servers]);
  for (const name of Object.keys(PRESETS) as PresetName[]) {
    test(name, () => {
      const result = slimCatalog(every, PRESETS[name]);
      assert.deepEqual(result.violations, []);
      assert.deepEqual(result.missing, []);
      assert.equal(result.after.servers.reduce((n, s) => n + s.tools.length, 0), 440, 'no tool dropped');
      const before = result.tools.reduce((n, t) => n + t.cost.before.modelView.tokens.o200k_base, 0);
      const after = result.tools.reduce((n, t) => n + t.cost.after.modelView.tokens.o200k_base, 0);
      assert.ok(after < before, 'it got smaller');
      console.log(`${name}: ${before} → ${after} o200k tokens (${(100 * (1 - after / before)).toFixed(1)}% fewer)`);
    });
  }
});

test('the max preset cuts at least 60% of the model-view o200k tokens over the real catalogs', () => {
  const result = slimCatalog(catalog, PRESETS.max);
  const before = result.tools.reduce((n, t) => n + t.cost.before.modelView.tokens.o200k_base, 0);
  const after = result.tools.reduce((n, t) => n + t.cost.after.modelView.tokens.o200k_base, 0);
  assert.ok(1 - after / before >= 0.6, `${before} → ${after}`);
});

test('"use when" and deprecation sentences stay in the description', () => {
  const result = slimCatalog(catalog, PRESETS.balanced);
  const readFile = result.tools.find((t) => t.server === 'server-filesystem' && t.before.name === 'read_file')!;
  assert.match(readFile.after.description as string, /DEPRECATED: Use read_text_file instead\./);
  // "Use to …" and "is used for …" say when to pick the tool too (DevTools' performance trace).
  const trace = result.tools.find((t) => t.server === 'chrome-devtools-mcp' && t.before.name === 'performance_start_trace')!;
  assert.match(trace.after.description as string, /Use to find frontend performance issues, Core Web Vitals \(LCP, INP, CLS\)/);
  const used = slimOne({ name: 'sign', description: 'Sign a payload. It is used for webhook verification. The key is read from the environment.', inputSchema: { type: 'object' } });
  assert.equal(used.tools[0]!.after.description, 'Sign a payload. It is used for webhook verification.');
  // A label saying to use the tool when…, or "When (not) to use", introduces when-guidance: it stays with its
  // short list, in a paragraph of its own. "Throws an error when:" is no such guidance.
  const lead = (description: string) => slimOne({ name: 'find', description, inputSchema: { type: 'object' } }).tools[0]!.after.description;
  assert.equal(
    lead('Search files.\n\nHow it works: it walks the tree.\n\nUSE searchType="content" WHEN:\n- looking for TODO comments\n- looking for a function\n\nMore details.'),
    'Search files.\n\nUSE searchType="content" WHEN:\n- looking for TODO comments\n- looking for a function',
  );
  assert.equal(lead('Search files.\n\nWhen not to use:\n- for one known file\n\nMore.'), 'Search files.\n\nWhen not to use:\n- for one known file');
  assert.equal(lead('Search files.\n\n## When to use\n- for many files\n\nMore.'), 'Search files.\n\n## When to use\n- for many files');
  assert.equal(lead('Search files.\n\nThrows an error when:\n- the path is missing\n- the pattern is empty\n\nMore.'), 'Search files.');
});

const slimOne = (tool: RawTool) =>
  slimCatalog(newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools: [tool] }]), PRESETS.balanced);

test('a first sentence that introduces a short list keeps the list; a long list goes to the manual', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => `- field${i}`).join('\n');
  const short = slimOne({ name: 'info', description: `Get metadata including:\n${items(3)}\n\nOnly works within allowed directories.`, inputSchema: { type: 'object' } });
  assert.equal(short.tools[0]!.after.description, 'Get metadata including:\n- field0\n- field1\n- field2');
  assert.deepEqual(short.missing, []);
  const long = slimOne({ name: 'info', description: `Get metadata including:\n${items(13)}`, inputSchema: { type: 'object' } });
  assert.equal(long.tools[0]!.after.description, 'Get metadata including:');
});

test('a sentence says more the tool does when it opens with its action or can/supports, not when it instructs the caller or is about a noun', () => {
  for (const text of ['Read PDF files and extract content as markdown and images.', 'Supports Excel sheets.', 'Can also fetch images.', 'Reads archives too.', '**Supports** globs.'])
    assert.ok(statesCapability(text), text);
  for (const text of ['Call this FIRST before creating events.', 'Make sure the index exists.', 'Check "status.ready" first.', 'Set limit to 10.', 'Filters are saved custom views.', "Can't be undone.", 'Read it first.', 'The result is cached.'])
    assert.ok(!statesCapability(text), text);
});

test('the sentences right after the first that say more the tool does stay; the opening paragraph ends them', () => {
  const kept = slimOne({
    name: 'read',
    description: 'Read contents from files and URLs.\nRead PDF files and extract content as markdown. Supports Excel sheets.\nThe result is cached for an hour. Can also fetch images.\n\nReads archives too.',
    inputSchema: { type: 'object' },
  });
  // "The result is cached" says how, not what: it ends the run, so "Can also fetch images" after it goes too.
  assert.equal(kept.tools[0]!.after.description, 'Read contents from files and URLs.\nRead PDF files and extract content as markdown. Supports Excel sheets.');
  assert.deepEqual(kept.missing, []);
  const real = slimCatalog(catalog, PRESETS.balanced).tools.find((t) => t.server === 'desktop-commander' && t.before.name === 'read_file')!;
  assert.match(real.after.description as string, /^Read contents from files and URLs\.\s+Read PDF files and extract content as markdown and images\./);
});

test('the tool naming itself as the one to use stays; a sentence ending in ":", a parameter bullet and the items of a dropped introduction do not', () => {
  const result = slimOne({
    name: 'write_file',
    description:
      'Write a file.\n\nTo create a DOCX, use write_file with a .docx extension.\n\nTo force a page break, use this element:\n\n- `literal`: Use exact matching instead of regex.\n- Use another tool instead for PDFs.\n\nNotes\n\n- Use this for text files only.\n- **literal**: use it for exact matching.',
    inputSchema: { type: 'object', properties: { literal: { type: 'boolean' } } },
  });
  // "Use another tool instead" is a guard sentence: it stays even though its list's introduction goes.
  assert.equal(result.tools[0]!.after.description, 'Write a file.\n\nTo create a DOCX, use write_file with a .docx extension.\n\n- Use another tool instead for PDFs.\n\n- Use this for text files only.');
  assert.deepEqual(result.missing, []);
  assert.deepEqual(result.violations, []);
  // A generic name ("query") says when only written as code.
  const generic = slimOne({ name: 'query', description: 'Run a SQL statement on the database. Use query parameters for values. Use `query` for reads.', inputSchema: { type: 'object' } });
  assert.equal(generic.tools[0]!.after.description, 'Run a SQL statement on the database. Use `query` for reads.');
});

test('lists kept with their introduction stay whole: a label before them, items of two sentences, items ending in a period', () => {
  const lead = (description: string) => slimOne({ name: 'info', description, inputSchema: { type: 'object', properties: { path: {} } } }).tools[0]!.after.description;
  assert.equal(lead('Returns:\n- size\n- permissions\n- owner\n\nOnly works here.'), 'Returns:\n- size\n- permissions\n- owner');
  assert.equal(lead('# Search\nFind files including:\n- a\n- b\n\nMore.'), '# Search\nFind files including:\n- a\n- b');
  assert.equal(lead('Get metadata including:\n- size. In bytes\n- permissions.\n- owner, etc.\n\nOnly works here.'), 'Get metadata including:\n- size. In bytes\n- permissions.\n- owner, etc.');
  assert.equal(lead('Search files with these parameters:\n- path: where to look\n- depth: how deep'), 'Search files with these parameters:', 'parameter bullets stay with their parameters');
  // "Best for…" is a what even when it introduces a list: it keeps its short list.
  assert.equal(lead('Search places. Best for local queries, returning:\n- name\n- address\n\nUse the API key.'), 'Search places. Best for local queries, returning:\n- name\n- address');
  assert.equal(lead('Get metadata including:\n1. size\n2. owner\n\nOnly works here.'), 'Get metadata including:\n1. size\n2. owner', 'numbered lists too');
  assert.equal(lead('Notes\n- a\n- b\n- c'), 'Notes\n- a\n- b\n- c', 'a label introduces its list');
  for (const empty of ['', '\n\n', '   ']) assert.equal(lead(empty), empty, 'an empty description stays as it is');
  assert.equal(lead('# Search\n\nOptions:\n\nMore text here.'), '# Search', 'a label is not followed by a dangling "Options:"');
  assert.equal(lead(`# Search\nOptions:\n${Array.from({ length: 13 }, (_, i) => `- field${i}`).join('\n')}\n\nMore.`), '# Search', 'nor by the first item of a list whose introduction was dropped');
  assert.equal(lead('Notion | Retrieve a user\nError Responses:\n400: 400'), 'Notion | Retrieve a user', 'a short label line starts a section of its own');
  const long = Array.from({ length: 13 }, (_, i) => `- step ${i}`).join('\n');
  assert.equal(lead(`🎯 Purpose:\n1. Finds the objects that match.\n${long}`), '🎯 Purpose:\n1. Finds the objects that match.', 'a bare label before a long list keeps its first item');
  // An unindented line that starts a sentence ends the list: its "use when" is not lost inside the last item.
  assert.equal(
    lead('Search local places. Returns details including:\n- names\n- phone numbers\nUse this when the query implies near me.\nFalls back to web search.\n\nMore.'),
    'Search local places. Returns details including:\n- names\n- phone numbers\nUse this when the query implies near me.',
  );
  assert.equal(lead('Find releases.\n\nUse this tool when:\n- you need versions\n- you ask what shipped\n\nDo it right.'), 'Find releases.\n\nUse this tool when:\n- you need versions\n- you ask what shipped');
  assert.equal(lead('Scrape a page.\n\n**Returns:**\n- markdown\n- links\n\n**Two ways:**\n- Pass a url. The page opens (use this for a fresh page).\n- Pass an id.'), 'Scrape a page.\n\n**Returns:**\n- markdown\n- links', 'bold labels introduce lists too');
  assert.equal(lead('Get metadata including:\n- size.\n- owner.\n\nMore details here.\n\nUse this when you need details.'), 'Get metadata including:\n- size.\n- owner.\n\nUse this when you need details.', 'a later sentence is not glued to the list');
  // Neighbours keep their own separation: a sentence right after a list, an indented continuation.
  assert.equal(lead('Returns details including:\n- names\n- phone numbers.\nUse this when the query implies near me.\n\nMore.'), 'Returns details including:\n- names\n- phone numbers.\nUse this when the query implies near me.');
  assert.equal(lead('Returns:\n- size:\n  in bytes\n- owner\n\nMore text.'), 'Returns:\n- size:\n  in bytes\n- owner');
  assert.deepEqual(slimOne({ name: 'info', description: '  - size\nFalls back to web search.\n\nMore text.', inputSchema: { type: 'object' } }).missing, [], 'leading indentation before the first item');
  assert.equal(lead('Run a command in the shell.\n\nIMPORTANT:\n- Use this instead of grep.\n- Paths are absolute.'), 'Run a command in the shell.\n\nIMPORTANT:\n- Use this instead of grep.', 'an item that is itself a when stands alone, under its label');
  for (const preset of Object.values(PRESETS)) {
    const r = slimCatalog(newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools: [{ name: 'info', description: 'Get metadata including:\n- size, etc.\n- permissions\n\nOnly works here.\n\n- Use this instead of grep, find, etc.\n- Use this instead of ls', inputSchema: { type: 'object' } }] }]), preset);
    assert.deepEqual(r.missing, [], preset.description);
  }
});

test('the fact check catches a sentence that left the description without reaching the manual', () => {
  const result = slimCatalog(newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools: [{ name: 'a', description: 'Does a. Rule one applies. Rule two applies.', inputSchema: { type: 'object' } }] }]), PRESETS.max);
  assert.deepEqual(result.missing, []);
  const manuals = new Map([...result.manuals].map(([k, v]) => [k, v.replace('Rule two applies.', '')]));
  assert.deepEqual(factCheck(result.tools, manuals).map((m) => m.sentence), ['Rule two applies.']);
});

test('an overlay applies to the live catalog; a tampered entry is refused and the original served', () => {
  const result = slimCatalog(catalog, PRESETS.balanced);
  const overlay = overlayFromSlim(result);
  const applied = applyOverlay(catalog, overlay);
  assert.deepEqual(applied.violations, []);
  assert.deepEqual(applied.catalog.servers, result.after.servers);
  const entry = overlay.servers['server-filesystem']!.tools['edit_file']!;
  delete (entry.inputSchema.properties as JsonObject).dryRun;
  const tampered = applyOverlay(catalog, overlay);
  assert.equal(tampered.violations.length, 1);
  assert.match(tampered.violations[0]!.message, /property "dryRun" was removed/);
  const served = tampered.catalog.servers.find((s) => s.name === 'server-filesystem')!.tools.find((t) => t.name === 'edit_file')!;
  assert.deepEqual(served, catalog.servers.find((s) => s.name === 'server-filesystem')!.tools.find((t) => t.name === 'edit_file'));
});

test('mcp-slim slim writes the overlay, one manual per family and the report; --dry-run writes nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-slim-'));
  const file = `${FIXTURES}catalogs/shared/playwright-mcp.json`;
  const dry = await runCli(['slim', '--dry-run', '--catalog', file], { cwd: dir });
  assert.equal(dry.code, 0);
  assert.equal(existsSync(join(dir, 'mcp-slim-out')), false);
  const { code, stdout } = await runCli(['slim', '--catalog', file, '--family', 'prefix', '--out', 'out', '--json'], { cwd: dir });
  assert.equal(code, 0);
  const out = JSON.parse(stdout);
  assert.equal(out.violations.length, 0);
  assert.ok(out.total.after.tokens.o200k_base < out.total.before.tokens.o200k_base);
  assert.ok(readdirSync(join(dir, 'out', 'manual')).includes('playwright-mcp--browser.md'));
  const overlay = JSON.parse(readFileSync(join(dir, 'out', 'overlay.json'), 'utf8'));
  assert.equal(overlay.format, 'mcp-slim/overlay');
  assert.match(readFileSync(join(dir, 'out', 'report.md'), 'utf8'), /\| playwright-mcp \| browser\\_navigate \|/);
});

test('measure --savings shows what each preset would save, verified', async () => {
  const { code, stdout } = await runCli(['measure', '--savings', '--json', '--catalog', `${FIXTURES}catalogs/shared/desktop-commander.json`]);
  assert.equal(code, 0);
  const { savings, total } = JSON.parse(stdout);
  assert.deepEqual(savings.map((s: { what: string }) => s.what), ['slim --preset safe', 'slim --preset balanced', 'slim --preset max', 'serve --mode deferred']);
  for (const s of savings) {
    assert.equal(s.verified, true);
    assert.equal(s.before, total.modelView.tokens.o200k_base);
    assert.ok(s.after < s.before);
  }
});

test('a definition reached only through an anchor is not inlined away (it would leave the $ref dangling)', () => {
  const tool: RawTool = {
    name: 'anchored',
    inputSchema: { type: 'object', $defs: { mode: { $anchor: 'm', enum: ['a', 'b'] } }, properties: { mode: { $ref: '#m' } } },
  };
  const result = slimCatalog(newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools: [tool] }]), PRESETS.max);
  assert.deepEqual(result.violations, []);
  assert.ok(JSON.stringify(result.after.servers[0]!.tools[0]!.inputSchema).includes('"$defs"'));
});

test('a heading of another tool inside moved text (a code example) does not cut the manual section', () => {
  const tools: RawTool[] = [
    { name: 'a', description: 'Do a.\n\nExample:\n```\n## b\n\nfoo\n```\n\nMore text.', inputSchema: { type: 'object' } },
    { name: 'b', description: 'Do b. Rule one.', inputSchema: { type: 'object' } },
  ];
  for (const preset of Object.values(PRESETS)) {
    const result = slimCatalog(newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools }]), preset);
    assert.deepEqual(result.missing, [], preset.description);
  }
});

test('a server that lists one tool name twice is verified pair by pair, not as one tool', () => {
  const tools: RawTool[] = [
    { name: 'x', description: 'A.', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
    { name: 'x', description: 'B.', inputSchema: { type: 'object' } },
  ];
  const result = slimCatalog(newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools }]), PRESETS.balanced);
  assert.deepEqual(result.violations, []);
});

test('fourth review: CRLF labels, a bare number at the end, one tool name twice, repeated anyOf branches, several "when" items', () => {
  const every = (tools: RawTool[]) =>
    Object.values(PRESETS).map((preset) => slimCatalog(newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools }]), preset));
  const clean = (tools: RawTool[]) => every(tools).forEach((r) => assert.deepEqual([r.missing, r.violations], [[], []], JSON.stringify(tools)));
  clean([{ name: 'fetch', description: 'Fetch the page content\r\nNotes:\r\nThe page must be public.', inputSchema: { type: 'object' } }]);
  clean([{ name: 'tool_x', description: 't\n2.\n,', inputSchema: { type: 'object' } }]);
  clean([{ name: 't', description: '12.\nOptions:\nUse this when you need it.', inputSchema: { type: 'object' } }]);
  clean([
    { name: 'q', description: 'First sentence here. Second one.', inputSchema: { type: 'object' } },
    { name: 'q', description: 'Another first sentence. Other second.', inputSchema: { type: 'object' } },
  ]);
  clean([{ name: 't', inputSchema: { type: 'object', properties: { limit: { anyOf: [{ type: 'string', description: 'Counts rows. e.g. 5' }, { type: 'string', description: 'Counts rows. e.g. 5' }] } } } as never }]);
  const usage = slimOne({ name: 'search', description: 'Search things in the repository.\n\nUsage:\n- Use this for big repositories\n- Use it when grep is too slow\n- Handles globs', inputSchema: { type: 'object' } });
  assert.equal(usage.tools[0]!.after.description, 'Search things in the repository.\n\nUsage:\n- Use this for big repositories\n- Use it when grep is too slow');
});

test('a definition nothing uses goes, and its descriptions go to the manual', () => {
  const tool: RawTool = { name: 't', description: 'Do t.', inputSchema: { type: 'object', $defs: { V: { type: 'number', description: 'A number value.' } }, properties: { p: { type: 'string' } } } as never };
  for (const preset of Object.values(PRESETS)) {
    const result = slimCatalog(newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools: [tool] }]), preset);
    assert.deepEqual(result.missing, [], preset.description);
    assert.match([...result.manuals.values()][0]!, /`\$V`: A number value\./);
  }
});

test('the fact check holds on awkward descriptions: lists, code, headings, repeats, no final period, an abbreviation ending a line', () => {
  const fragments = ['Do the thing', 'Read a file.', 'Use this when you need it.', '\n\n- item one\n- item two\n\n', 'e.g. config.json v1.2 works.', '```\ncode. here\n```', 'Returns JSON!', 'DEPRECATED: use other instead.', '\n', '# Heading\n', 'No period', 'Why? Because.', '`a.b()` is called.', '1. first\n2. second\n', 'Ends with colon:\n', 'Note: (see docs).', 'Use this for other text (e.g.\nnotes).', 'Prefer it, i.e.\n', '\n\n## Usage\nCall it.', '\n## Notes\n'];
  let seed = 7;
  const pick = () => fragments[Math.floor((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 * fragments.length)]!;
  const tools: RawTool[] = Array.from({ length: 300 }, (_, i) => ({
    name: `t${i}`,
    description: Array.from({ length: 1 + (i % 7) }, pick).join(i % 2 ? ' ' : ''),
    inputSchema: { type: 'object', properties: { path: { type: 'string', description: Array.from({ length: 1 + (i % 4) }, pick).join(' ') } } },
  }));
  const catalog = newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } }, tools }]);
  for (const preset of Object.values(PRESETS)) {
    const result = slimCatalog(catalog, preset);
    assert.deepEqual(result.missing, []);
    assert.deepEqual(result.violations, []);
  }
});
