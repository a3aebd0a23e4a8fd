import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadCatalogs, loadSet, parseQueries, toolIds } from '../bench/search/load.js';
import { allAt, mean, mrr, ndcgAt, percentile, recallAt, shareAt } from '../bench/search/metrics.js';
import { builtInSets, ROOT } from '../bench/search/sets.js';

const near = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≉ ${expected}`);

describe('metrics, on hand-computed cases', () => {
  const ranked = ['x', 'b', 'a', 'y'];
  test('recallAt counts a hit when any gold id is in the top k; allAt needs every one', () => {
    assert.equal(recallAt(ranked, new Set(['a']), 2), 0);
    assert.equal(recallAt(ranked, new Set(['a']), 3), 1);
    assert.equal(recallAt(ranked, new Set(['a', 'b']), 2), 1);
    assert.equal(allAt(ranked, new Set(['a', 'b']), 2), 0);
    assert.equal(allAt(ranked, new Set(['a', 'b']), 3), 1);
    assert.equal(recallAt([], new Set(['a']), 5), 0);
  });
  test('shareAt is the fraction of relevant ids in the top k', () => {
    near(shareAt(ranked, new Set(['a', 'b', 'z']), 3), 2 / 3);
    assert.equal(shareAt(ranked, new Set(), 3), 0);
  });
  test('mrr is 1/rank of the first gold id, 0 when absent', () => {
    near(mrr(ranked, new Set(['a', 'y'])), 1 / 3);
    assert.equal(mrr(ranked, new Set(['z'])), 0);
  });
  test('ndcgAt uses graded gains and a log2 discount', () => {
    const grades = new Map([['a', 2], ['b', 1]]);
    // DCG = 0/log2(2) + 1/log2(3) + 2/log2(4) = 0.63093 + 1; ideal = 2/1 + 1/log2(3) = 2.63093.
    near(ndcgAt(ranked, grades, 10), (1 / Math.log2(3) + 1) / (2 + 1 / Math.log2(3)));
    near(ndcgAt(['a', 'b'], grades, 10), 1);
    near(ndcgAt(['b', 'a'], grades, 1), 0.5); // 1 of an ideal 2 at rank 1
    assert.equal(ndcgAt(ranked, new Map([['z', 2]]), 2), 0);
    assert.equal(ndcgAt(ranked, new Map(), 10), 0);
  });
  test('percentile interpolates between closest ranks', () => {
    near(percentile([4, 1, 3, 2], 50), 2.5);
    near(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 99), 99.01);
    assert.equal(percentile([7], 99), 7);
    assert.equal(percentile([3, 9], 0), 3);
    assert.equal(percentile([3, 9], 100), 9);
    assert.ok(Number.isNaN(percentile([], 50)));
    assert.equal(mean([1, 2, 6]), 3);
  });
});

describe('query files', () => {
  const ids = new Set(['srv/a', 'srv/b']);
  const error = (text: string) => {
    try {
      parseQueries(text, 'q.jsonl', ids);
    } catch (e) {
      return (e as Error).message;
    }
    assert.fail('expected an error');
  };
  test('a good file: blank lines skipped, gold without grades counts 2', () => {
    const [q] = parseQueries('\n{"id":"1","query":"do a","gold":["srv/a"],"grades":{"srv/b":1},"kind":"direct"}\n\n', 'q.jsonl', ids);
    assert.deepEqual([...q!.grades], [['srv/b', 1], ['srv/a', 2]]);
    assert.equal(q!.kind, 'direct');
  });
  test('each problem names the file and line', () => {
    const ok = '{"id":"1","query":"do a","gold":["srv/a"]}';
    assert.match(error(`${ok}\n{"id":"2",`), /^q\.jsonl:2: not valid JSON/);
    assert.match(error(`${ok}\n${ok}`), /^q\.jsonl:2: "id" "1" is used twice/);
    assert.match(error('{"id":"1","query":"do a","gold":["srv/c"]}'), /^q\.jsonl:1: tool "srv\/c" is not in the catalogs \(did you mean "srv\/a"\?\)/);
    assert.match(error('{"id":"1","query":"do a","gold":[]}'), /^q\.jsonl:1: "gold" must be a "server\/tool" string or a non-empty array/);
    assert.match(error('{"id":"1","query":"do a","gold":["srv/a"],"grades":{"srv/b":"high"}}'), /^q\.jsonl:1: "grades"/);
    assert.match(error('"text"'), /^q\.jsonl:1: not a JSON object/);
    assert.match(error('[1]'), /^q\.jsonl: \[0\]: not a JSON object/, 'a JSON array is a document of queries');
    assert.match(error('\n\n'), /no queries/);
  });
  test('other sets\' ways of writing ids are read when they name one tool; ids are optional', () => {
    const many = new Set(['srv/a', 'srv/b', 'other/b']);
    const read = (line: string) => parseQueries(line, 'q.jsonl', many)[0]!;
    assert.deepEqual([...read('{"query":"do a","gold":"srv:a"}').gold], ['srv/a']);
    assert.deepEqual([...read('{"query":"do a","gold":["mcp__srv__a","a"]}').gold], ['srv/a']);
    assert.equal(read('{"query":"do a","gold":["srv/a"]}').id, 'line 1');
    assert.equal(read('{"id":7,"query":"do a","gold":["srv/a"]}').id, '7');
    assert.throws(() => read('{"query":"do b","gold":["b"]}'), /tool "b" could be srv\/b or other\/b; write it as server\/tool/);
    assert.throws(() => read('{"query":"do a","gold":["srv/a"],"grades":{"srv/a":1,"srv:a":2}}'), /"grades" names srv\/a twice \(as "srv\/a" and "srv:a"\)/);
    // Every split of a name with several separators is tried; two readings that both exist are not guessed between.
    const nested = new Set(['my__srv/read', 'gw/github__create_issue', 'github/create_issue', '@org/fs/read']);
    const one = (gold: string) => parseQueries(JSON.stringify({ query: 'q', gold }), 'q.jsonl', nested)[0]!.gold;
    assert.deepEqual([...one('mcp__my__srv__read')], ['my__srv/read']);
    assert.deepEqual([...one('gw__github__create_issue')], ['gw/github__create_issue']);
    assert.throws(() => one('github__create_issue'), /could be github\/create_issue or gw\/github__create_issue/, 'a split and a bare name both fit');
    assert.throws(() => one('read'), /could be my__srv\/read or @org\/fs\/read/, 'a server name may hold a "/"');
    assert.deepEqual([...one('create_issue')], ['github/create_issue']);
  });
  test('a raw {"tools": [...]} catalog is one server named after its file; a directory is its catalogs without the .meta.json files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-harness-'));
    writeFileSync(join(dir, 'my-server.json'), JSON.stringify({ tools: [{ name: 'go' }] }));
    writeFileSync(join(dir, 'my-server.meta.json'), JSON.stringify({ serverInfo: { name: 'x' } }));
    writeFileSync(join(dir, 'README.md'), '# catalogs');
    assert.deepEqual([...toolIds(loadCatalogs([join(dir, 'my-server.json')]))], ['my-server/go']);
    assert.deepEqual([...toolIds(loadCatalogs([dir]))], ['my-server/go']);
    mkdirSync(join(dir, 'nested.json'));
    writeFileSync(join(dir, '._my-server.json'), 'macOS resource fork');
    assert.deepEqual([...toolIds(loadCatalogs([dir, join(dir, 'my-server.json')]))], ['my-server/go'], 'directories and hidden files skipped, each file read once');
    assert.throws(() => loadCatalogs([mkdtempSync(join(tmpdir(), 'search-harness-empty-'))]), /a directory without catalog files/);
  });
  test('bench:search exits 2 with a one-line message for a bad file, no stack', () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-harness-'));
    writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools: [{ name: 'go' }] }));
    writeFileSync(join(dir, 'bad.jsonl'), '{"id":"1","query":"go","gold":["tools/go"]}\nnot json\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/search/run.ts'), '--queries', join(dir, 'bad.jsonl'), '--catalog', join(dir, 'tools.json')], { encoding: 'utf8', cwd: ROOT });
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /bad\.jsonl:2: not valid JSON/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });
});

describe('query sets in their published formats', () => {
  const NATIVE = join(ROOT, 'test/fixtures/datasets');
  const sets = new Map(builtInSets().map((s) => [s.name, s]));
  const converted = (name: string) => {
    const spec = sets.get(name)!;
    return loadSet(name, join(ROOT, spec.queries), spec.catalogs.map((c) => join(ROOT, c)));
  };
  // MetaTool's published catalog is one server named after its file (plugin_des), the converted one "metatool".
  const same = (q: { query: string; gold: ReadonlySet<string> }) => ({ query: q.query.trim(), gold: [...q.gold].map((id) => id.replace(/^(?:plugin_des|metatool)\//, 'metatool/')).sort() });

  test("mcpproxy-go's golden set and corpus, as published, load to the converted set: same ids, gold and grades", () => {
    const native = loadSet('native', join(NATIVE, 'mcpproxy-golden/065_retrieval_golden_v1.json'), [join(NATIVE, 'mcpproxy-golden/083_corpus_v2.tools.json')]);
    const ours = converted('mcpproxy-golden');
    assert.equal(native.tools, 45);
    assert.deepEqual(native.catalog.servers.map((s) => s.name), ours.catalog.servers.map((s) => s.name));
    assert.deepEqual(native.catalog.servers.map((s) => s.tools), ours.catalog.servers.map((s) => s.tools), 'tool for tool, schemas included');
    assert.deepEqual(native.queries, ours.queries);
    const v1 = loadSet('native-v1', join(NATIVE, 'mcpproxy-golden/065_retrieval_golden_v1.json'), [join(NATIVE, 'mcpproxy-golden/065_corpus_v1.tools.json')]);
    assert.ok(v1.catalog.servers.flatMap((s) => s.tools).every((t) => t.inputSchema === undefined), 'corpus v1 has no schemas and is given none');
  });

  test("MetaTool's CSV, two-tool JSON and description map load to the converted sets (tool names matched in any case)", () => {
    const catalog = join(NATIVE, 'metatool-toole/plugin_des.json');
    const multi = loadSet('m', join(NATIVE, 'metatool-toole/multi_tool_query_golden.json'), [catalog]);
    assert.equal(multi.tools, 199);
    assert.deepEqual(multi.queries.map(same), converted('metatool-multi').queries.map(same));
    assert.equal(multi.queries[0]!.id, '[0]', 'a JSON array without ids: the place is the id');
    const csv = loadSet('s', join(NATIVE, 'metatool-toole/all_clean_data.head-300.csv'), [catalog]);
    assert.equal(csv.queries.length, 300);
    assert.deepEqual(csv.queries.map(same), converted('metatool-single').queries.slice(0, 300).map(same));
    assert.equal(csv.queries[0]!.id, 'line 2');
  });

  test('graded labels: the highest grade is gold, grade 0 (a judged negative) is left out; JSON arrays and CSV report their own places', () => {
    const ids = new Set(['srv/a', 'srv/b', 'srv/c']);
    const [q] = parseQueries(JSON.stringify({ queries: [{ id: 'x', query: 'do', labels: [{ tool_id: 'srv:a', relevance: 1 }, { tool_id: 'srv:b', relevance: 0 }] }] }), 'g.json', ids);
    assert.deepEqual([...q!.gold], ['srv/a'], 'only grade-1 labels: those are the best there is');
    assert.deepEqual([...q!.grades], [['srv/a', 1]]);
    const [r] = parseQueries(JSON.stringify([{ task: 'do', expected_tools: [{ server: 'srv', tool: 'c' }] }]), 'g.json', ids);
    assert.deepEqual([...r!.gold], ['srv/c']);
    const [pair] = parseQueries(JSON.stringify([{ query: 'do', 'relevant APIs': [['srv', 'a'], ['srv', 'b']] }]), 'toolbench.json', ids);
    assert.deepEqual([...pair!.gold], ['srv/a', 'srv/b'], "ToolBench's [tool_name, api_name] pairs");
    assert.throws(() => parseQueries(JSON.stringify([{ query: 'do', 'relevant APIs': [['srv']] }]), 'toolbench.json', ids), /names no tool: write "server\/tool", \{"tool_id": "server\/tool"\} or \["server", "tool"\]/);
    assert.deepEqual([...parseQueries('query,relevant apis\ndo,srv/a\n', 'g.csv', ids)[0]!.gold], ['srv/a'], 'CSV headers in any case');
    assert.throws(() => parseQueries(JSON.stringify([{ query: 'do', gold: ['srv/a'] }, { query: '', gold: ['srv/a'] }]), 'g.json', ids), /^SlimError: g\.json: \[1\]: "query" must be a non-empty string/);
    assert.throws(() => parseQueries('Query,Tool\ndo,srv/a\ndo,srv/z\n', 'g.csv', ids), /g\.csv:3: tool "srv\/z" is not in the catalogs/);
    assert.throws(() => parseQueries('Foo,Bar\ndo,srv/a\n', 'g.csv', ids), /g\.csv:1: a CSV header needs a query column/);
    assert.deepEqual([...parseQueries('Question,Tools\n"do a, then b","srv/a;srv/b"\n', 'g.csv', ids)[0]!.gold], ['srv/a', 'srv/b']);
    const cased = new Set(['plugins/WolframAlpha', 'plugins/wolfram', 'Srv/Go', 'srv/go']);
    assert.deepEqual([...parseQueries('{"query":"q","gold":["wolframalpha","PLUGINS:WOLFRAM"]}', 'g.jsonl', cased)[0]!.gold], ['plugins/WolframAlpha', 'plugins/wolfram'], 'another letter case, when only one tool matches');
    assert.deepEqual([...parseQueries('{"query":"q","gold":["srv/go"]}', 'g.jsonl', cased)[0]!.gold], ['srv/go'], 'the exact spelling first');
    assert.throws(() => parseQueries('{"query":"q","gold":["SRV/GO"]}', 'g.jsonl', cased), /could be Srv\/Go or srv\/go/);
  });

  test('what is wrong with labels, gold or a document is said plainly, with its place', () => {
    const ids = new Set(['srv/a', 'srv/b']);
    const err = (text: string, file = 'g.json') => {
      try {
        parseQueries(text, file, ids);
      } catch (e) {
        return (e as Error).message;
      }
      assert.fail('expected an error');
    };
    const labels = (l: unknown) => err(JSON.stringify({ queries: [{ query: 'q', labels: l }] }));
    assert.match(labels([{ tool_id: 'srv/a', relevance: 'high' }]), /queries\[0\]: labels\[0\]\.relevance must be a number ≥ 0/);
    assert.match(labels([{ tool_id: 'srv/a', relevance: null }]), /labels\[0\]\.relevance must be a number/);
    assert.match(labels([{ tool_id: 'srv/a', relevance: 0 }]), /no entry of "labels" has a relevance above 0/);
    assert.match(labels([]), /"labels" must be a non-empty array/);
    assert.match(labels([{ relevance: 2 }]), /labels\[0\] has no "tool_id"/);
    assert.match(labels([{ tool_id: 'srv/a', relevance: 2 }, { tool_id: 'srv/a', relevance: 1 }]), /labels names "srv\/a" twice/);
    assert.match(labels([{ tool_id: 'srv/a', relevance: 2 }, { tool_id: 'srv/x', relevance: 0 }]), /tool "srv\/x" is not in the catalogs/, 'a judged negative must name a tool too');
    assert.match(err(JSON.stringify([{ query: 'q', labels: [{ tool_id: 'srv/a' }], gold: ['srv/b'] }])), /"labels" and "gold" both give gold; keep one/);
    assert.match(err(JSON.stringify([{ query: 'q', tool: 'srv/a', expected_tools: ['srv/b'] }])), /"tool" and "expected_tools" both give gold/);
    assert.match(err(JSON.stringify([{ query: 'q', gold: [{ relevance: 2 }] }])), /gold\[0\] names no tool/);
    assert.match(err('{\n  "items": []\n}\n'), /^g\.json: a JSON object of queries needs a "queries" array \(its keys: items\)/);
    assert.match(err('[\n{"query": "q", "gold": "srv/a"},\n'), /^g\.json: not valid JSON/, 'a broken array is reported as the file, not as its first line');
    assert.deepEqual([...parseQueries('{\n  "query": "q",\n  "gold": "srv/a"\n}\n', 'g.json', ids)[0]!.gold], ['srv/a'], 'one query written over several lines');
    // CSV: a byte-order mark and blank rows are nothing; a row's line is where it starts; an unclosed quote is an error.
    assert.equal(parseQueries('\uFEFFQuery,Tool\ndo,srv/a\n,\n\n', 'g.csv', ids).length, 1);
    assert.match(err('Query,Tool\n"two\nlines",srv/a\nthree,srv/z\n', 'g.csv'), /^g\.csv:4: tool "srv\/z"/);
    assert.match(err('Query,Tool\ndo,srv/a\n"never closed,srv/a\n', 'g.csv'), /^g\.csv:3: a quoted field opens here and is never closed/);
  });

  test('bench:search reads a published set with its baseline from the command line', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/search/run.ts'), '--queries', join(NATIVE, 'mcpproxy-golden/065_retrieval_golden_v1.json'), '--catalog', join(NATIVE, 'mcpproxy-golden/065_corpus_v1.tools.json'), '--baseline', join(NATIVE, 'mcpproxy-golden/065_baseline_v1.json')], { encoding: 'utf8', cwd: ROOT });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /47 queries, 45 tools in 7 server\(s\)/);
    assert.match(run.stdout, /^slim-safe\s+\d\.\d{3}/m, 'slim under the safe preset has its own row');
    assert.match(run.stdout, /Recall@1\s+0\.418\s+\d\.\d{3} (better|worse|same)/);
    const bench = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/search/run.ts'), ...args], { encoding: 'utf8', cwd: ROOT });
    const queries = ['--queries', join(NATIVE, 'mcpproxy-golden/065_retrieval_golden_v1.json'), '--catalog', join(NATIVE, 'mcpproxy-golden/065_corpus_v1.tools.json')];
    const notBaseline = bench(...queries, '--baseline', join(NATIVE, 'mcpproxy-golden/065_corpus_v1.tools.json'));
    assert.equal(notBaseline.status, 2);
    assert.match(notBaseline.stderr, /065_corpus_v1\.tools\.json: no baseline metrics in it/);
    assert.equal(notBaseline.stdout.includes('queries,'), false, 'it fails before any set runs');
    const alone = bench('--set', 'mcpproxy-golden', '--baseline', join(NATIVE, 'mcpproxy-golden/065_baseline_v1.json'));
    assert.equal(alone.status, 2);
    assert.match(alone.stderr, /--catalog, --name and --baseline go with --queries/);
  });
});

describe('converted datasets (scripts/convert-datasets.ts)', () => {
  const sets = new Map(builtInSets().map((s) => [s.name, s]));
  // loadSet checks that every gold and graded id is a tool of the set's catalogs.
  const load = (name: string) => {
    const spec = sets.get(name)!;
    return loadSet(name, join(ROOT, spec.queries), spec.catalogs.map((c) => join(ROOT, c)));
  };
  test('mcpproxy golden: 47 queries over 45 tools; gold = the grade-2 tools', () => {
    const set = load('mcpproxy-golden');
    assert.equal(set.queries.length, 47);
    assert.equal(set.tools, 45);
    for (const q of set.queries) assert.deepEqual([...q.gold], [...q.grades].filter(([, g]) => g === 2).map(([id]) => id));
  });
  test('metatool: 199 tools, 20,614 single-tool queries (every name mapped), 497 two-tool queries', () => {
    const single = load('metatool-single');
    assert.equal(single.tools, 199);
    assert.equal(single.queries.length, 20_614);
    const multi = load('metatool-multi');
    assert.equal(multi.queries.length, 497);
    assert.ok(multi.queries.every((q) => q.gold.size === 2));
  });
  test('our pooled set still loads: 470 queries over 240 tools; the held-out set 200 over the same tools; the unseen-catalog set 200 over 200 more', () => {
    const set = load('pooled-240');
    assert.equal(set.queries.length, 470);
    assert.equal(set.tools, 240);
    const holdout = load('holdout-240');
    assert.equal(holdout.queries.length, 200);
    assert.equal(holdout.tools, 240);
    const extra = load('extra-200');
    assert.equal(extra.queries.length, 200);
    assert.equal(extra.tools, 200);
  });
  test('each converted catalog keeps its licence and says where it came from', () => {
    const dir = join(ROOT, 'test/fixtures/catalogs/datasets');
    for (const f of ['mcpproxy-go.LICENSE', 'metatool.LICENSE', 'README.md', 'mcpproxy-baseline-v1.json']) assert.ok(existsSync(join(dir, f)), f);
    assert.match(readFileSync(join(dir, 'README.md'), 'utf8'), /smart-mcp-proxy\/mcpproxy-go[\s\S]*HowieHwong\/MetaTool/);
  });
});
