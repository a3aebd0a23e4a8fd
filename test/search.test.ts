import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { sharedCatalog } from '../bench/_catalogs.js';
import { newCatalog } from '../src/catalog/catalog-file.js';
import { toolMatcher } from '../src/catalog/select.js';
import type { RawTool } from '../src/catalog/types.js';
import { opposedVerbs, opposesTask } from '../src/search/opposites.js';
import { phaseCatalog } from '../src/search/phases.js';
import { EXPANSION_WEIGHT, IMPLIES_WEIGHT, MAX_TASK_CHARS, mentionsUrl, normalizeTask, queryConcepts, queryTerms, readTask, sameWord } from '../src/search/query.js';
import { taskMode, toolMode } from '../src/search/intent.js';
import { toolFields } from '../src/search/documents.js';
import { terms } from '../src/search/tokenize.js';
import { holdsPath, identifiedObjects, parameterValueKinds } from '../src/search/arguments.js';
import { indexCatalog, ToolSearchIndex } from '../src/search/tool-index.js';
import { FEATURE_AT, WEIGHTS } from '../src/search/features.js';
import { rankTools } from '../src/search/rank-tools.js';
import { taskSteps } from '../src/search/task-steps.js';
import { slimDocuments } from '../src/slim/documents.js';
import { FIXTURES, runCli } from './_cli.js';

const tool = (name: string, description: string, properties: Record<string, object> = {}): RawTool => ({ name, description, inputSchema: { type: 'object', properties } as never });
/** A tool whose required parameters are these (strings), plus optional ones. */
const needs = (name: string, description: string, required: string[], optional: Record<string, object> = {}): RawTool => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { ...Object.fromEntries(required.map((r) => [r, { type: 'string' }])), ...optional }, required } as never,
});
const catalogOf = (servers: Record<string, RawTool[]>) =>
  newCatalog(Object.entries(servers).map(([name, tools]) => ({ name, origin: { transport: 'stdio' as const, command: 'x', args: [], source: { kind: 'cli' as const } }, tools })));

describe('text into terms', () => {
  test('identifiers split on _, -, camelCase and namespaces; stop words out; stemmed', () => {
    assert.deepEqual(terms('readTextFile'), ['read', 'text', 'file']);
    assert.deepEqual(terms('mcp__github__list_issues'), ['github', 'list', 'issu']);
    assert.deepEqual(terms('Show me the directories'), ['show', 'directori']);
  });

  test('phrases fold to one word in the concept of their words; quoted values and URLs are not intent', () => {
    const [shut] = queryConcepts('shut down the session', { expand: false });
    assert.deepEqual([...shut!.keys()], ['close', 'shut'], 'the folded word and the phrase\'s own words are one concept; a closing particle is not a word of its own');
    assert.ok(terms('press the mouse button down').includes('down'), 'outside a phrase "down" stays');
    // Without the phrase, "down" would find scroll_down.
    const editor = catalogOf({ app: [tool('close_session', 'Close the editing session.'), tool('scroll_down', 'Scroll down the session view.'), tool('save_session', 'Save the session.')] });
    assert.equal(rankTools(editor, 'shut down the session, I am finished', 1)[0]?.tool, 'close_session');
    const typed = queryTerms("type 'quarterly report' into the box", { expand: false });
    assert.ok(!typed.has('quarterli') && typed.has('type'));
    const url = queryTerms('pull up https://beta.quokka.dev in the browser', { expand: false });
    assert.equal(url.get('url'), 0.5, 'a URL implies a web address, at a lower weight');
    assert.ok(!url.has('quokka'));
  });

  test('a phrase folds the same way in tool text and in a task, so "PR" meets "pull requests"', () => {
    assert.deepEqual(terms('list_pull_requests'), ['list', 'pr', 'pull', 'request']);
    assert.deepEqual(terms('show my PRs'), ['show', 'pr']);
    assert.deepEqual([...queryTerms('show my PRs', { expand: false }).keys()].slice(0, 2), ['show', 'pr'], 'a task keeps acronym plurals whole too');
  });

  test('synonyms and implied tool words join at a lower weight and never lower a word the user wrote', () => {
    const q = queryTerms('remove the folder');
    assert.equal(q.get('remov'), 1);
    assert.ok([EXPANSION_WEIGHT, IMPLIES_WEIGHT].includes(q.get('delet')!));
    assert.equal(q.get('directori'), EXPANSION_WEIGHT);
    const [del, rem] = queryConcepts('delete and remove');
    assert.ok(!del!.has('remov') && rem!.get('remov') === 1, 'a written word is its own concept, not a synonym in another');
  });

  test('each written word is one concept with its synonyms; shapes add their own concepts', () => {
    const concepts = queryConcepts('remove the folder');
    assert.equal(concepts.length, 2);
    assert.ok(concepts[1]!.has('directori') && concepts[1]!.get('folder') === 1);
    const shapes = (task: string) => queryConcepts(task, { expand: false }).filter((c) => [...c.values()].every((w) => w < 1)).map((c) => [...c.keys()].sort().join('|'));
    assert.deepEqual(shapes('post it in #incidents'), ['channel']);
    assert.deepEqual(shapes('close #501'), ['issu|pr']);
    assert.deepEqual(shapes('elevation at 46.5586,7.8351'), ['coordin|latitud|longitud']);
    assert.deepEqual(shapes('mail bob@example.com'), ['email']);
  });

  test('names mid-sentence and code identifiers are values: they count half', () => {
    const q = queryTerms('drive from Hartford to Providence and grep for ERR_STREAM_CLOSED');
    assert.equal(q.get('provid'), 0.5, '"Providence" must not search for tools that "provide"');
    assert.equal(q.get('drive'), 1);
    assert.equal(q.get('stream'), 0.5);
    assert.equal(queryTerms('open it in Chrome').get('chrome'), 1, 'a name the lexicons know keeps its weight');
  });

  test('shapes: one hint however often they occur; a file name is not a web address; contractions are not quotes', () => {
    const files = queryConcepts('grep TODO in a.ts, b.ts, c.ts, d.ts and e.ts', { expand: false }).filter((c) => c.has('file'));
    assert.equal(files.length, 1);
    assert.equal(mentionsUrl('edit vite.config.ts and settings.local.json'), false);
    const fileHint = (task: string) => queryConcepts(task, { expand: false }).some((c) => c.has('file'));
    assert.ok(fileHint('look at docs/floorplan.png') && fileHint('set up src/widgets/forms') && fileHint('fix the links in docs/ and'));
    assert.ok(!fileHint('issues in quokka/garden') && !fileHint('turn it into lat/lng'), 'one slash between words is not a path');
    const pixelHint = (task: string) => queryConcepts(task, { expand: false }).some((c) => c.has('xy'));
    assert.ok(pixelHint('drag from (120,480) to (360,480)') && pixelHint('double-click at 300,220') && pixelHint('move to x=200 y=150') && pixelHint('click 40, 80'));
    assert.ok(!pixelHint('count the 1,500 rows') && !pixelHint('go to 48.8584, 2.2945'), 'a number with a thousands comma, or coordinates, are not pixels');
    assert.ok(!pixelHint('remind me on March 3, 2025') && !pixelHint('issues 12, 13 and 14') && !pixelHint('scale to 5,000'), 'dates and lists are not pixels');
    assert.ok(!fileHint('meet on 10/12/2024') && !fileHint('a ticket w/ high priority') && !fileHint('e.g. this one'), 'dates, "w/" and "e.g." are not paths');
    assert.ok(!queryConcepts('make it #ffffff', { expand: false }).some((c) => c.has('channel')), 'a colour is not a channel');
    assert.equal(mentionsUrl('mail bob@example.com'), false);
    assert.equal(mentionsUrl('open example.com/menu'), true);
    assert.ok(queryTerms("what's the weather where's the nearest cafe").has('weather'));
    assert.equal(normalizeTask(`list ${' '.repeat(50_000)} files`), 'list files');
    assert.equal(normalizeTask('ab '.repeat(MAX_TASK_CHARS)).length, MAX_TASK_CHARS);
    assert.equal(normalizeTask(`see https://example.com/${'x'.repeat(5000)} now`), `see https://example.com/${'x'.repeat(200 - 'https://example.com/'.length)} now`, 'a run without spaces is cut to 200 characters');
  });

  test('a phrase matches its words as written but the last: "the error logs in grafana" is not "log in"', () => {
    assert.ok(terms('shutting down the browser').includes('close') && terms('logged in as admin').includes('login'), 'verb forms still fold');
    assert.deepEqual(terms('the error logs in grafana'), ['error', 'log', 'grafana']);
    assert.deepEqual(terms('open two pull requests'), ['open', 'two', 'pr', 'pull', 'request']);
    const tools = catalogOf({ g: [tool('login', 'Log in to the service.'), tool('query_logs', 'Query error logs of the service.'), tool('other', 'Something else.')] });
    assert.equal(rankTools(tools, 'check the error logs in grafana', 1)[0]?.id, 'g/query_logs');
  });

  test('a lexicon entry applies to forms of its own word, not to words that only stem alike', () => {
    assert.ok(sameWord('listings', 'list') && sameWord('running', 'run') && sameWord('entries', 'entry') && sameWord('recommendation', 'recommend') && sameWord('delete', 'deletion') && sameWord('apis', 'api'));
    assert.ok(!sameWord('information', 'inform') && !sameWord('production', 'product') && !sameWord('status', 'statu'), 'a noun the lexicons know keeps its own entries');
    assert.ok(!sameWord('fitness', 'fit') && !sameWord('acme', 'acm') && !sameWord('harness', 'har') && !sameWord('news', 'new'));
    assert.ok(!sameWord('create', 'created') && !sameWord('created', 'create') && !sameWord('file', 'filing') && !sameWord('set', 'settings') && sameWord('settings', 'setting'), 'forms with a sense of their own match only themselves');
    assert.ok(sameWord('booked', 'booking') && sameWord('meet', 'meeting') && sameWord('hangs', 'hanging'), 'other verb forms still meet');
    assert.ok(!sameWord('direct', 'directions') && !sameWord('transition', 'transit') && !sameWord('animation', 'anime') && !sameWord('incoming', 'income') && !sameWord('share', 'shares'));
    // The lexicons have "fitness" (workout), "acm" (AWS certificates) and "new" (create): none may reach these tasks.
    assert.ok(!queryTerms('make sure the table fits on screen').has('workout'));
    assert.ok(!queryTerms('issues in the acme repo').has('aws'));
    assert.ok(!queryTerms('latest news about rust').has('creat'));
    assert.ok(queryTerms('latest news about rust').has('headlin') && queryTerms('job listings').has('enumer') && queryTerms('show the configuration').has('config'));
  });

  test('a task splits into steps only where a new step starts', () => {
    assert.deepEqual(taskSteps('read the crash report and then open a Jira ticket'), ['read the crash report', 'open a Jira ticket']);
    assert.deepEqual(taskSteps('run the linter and post the warnings to Slack'), ['run the linter', 'post the warnings to Slack']);
    assert.deepEqual(taskSteps('list files and folders in src'), [], 'an "and" between two nouns is one step');
  });
});

test('a task that asks to look prefers tools that read; one that asks to change prefers tools that write', () => {
  assert.equal(taskMode('show me the comments on PR 64'), 'read');
  assert.equal(taskMode('who posted that reply?'), 'read', 'a verb in the past is not what the task asks for');
  assert.equal(taskMode('post a comment on PR 64'), 'write');
  assert.equal(taskMode('the login page'), undefined);
  assert.equal(toolMode(tool('get_pull_request_comments', '')), 'read');
  assert.equal(toolMode(tool('create_pull_request_review', '')), 'write');
  assert.equal(toolMode({ ...tool('browser_snapshot', ''), annotations: { readOnlyHint: true } }), 'read');
  assert.equal(toolMode(tool('browser_snapshot', '')), undefined);
  // Two tools alike but for a verb the task does not use: without the mode, ties go by id, to the wrong one each time.
  const writerFirst = catalogOf({ gh: [tool('archive_review_comments', 'Review comments on a pull request.'), tool('inspect_review_comments', 'Review comments on a pull request.')] });
  assert.equal(rankTools(writerFirst, 'show me the review comments on PR 64', 1)[0]?.id, 'gh/inspect_review_comments');
  const readerFirst = catalogOf({ gh: [tool('browse_review_comments', 'Review comments on a pull request.'), tool('label_review_comments', 'Review comments on a pull request.')] });
  assert.equal(rankTools(readerFirst, 'post review comments on PR 64', 1)[0]?.id, 'gh/label_review_comments');
  assert.equal(taskMode('what changed in the last commit?'), 'read', 'only how a clause opens counts: "commit" here is a noun');
  assert.equal(taskMode("I don't need the old branch, delete it, it's merged"), 'write');
  assert.equal(taskMode('can you delete the old branch?'), 'write');
  assert.equal(taskMode('find duplicate files and delete them'), undefined, 'a task that asks both has no single mode');
  assert.equal(taskMode('Do a force push to main'), undefined, '"do" opens a question only when it ends like one');
  assert.equal(taskMode('I’d like to delete the branch'), 'write');
  assert.equal(taskMode('can you tell me what changed'), 'read');
});

describe('the index', () => {
  const catalog = catalogOf({
    fs: [tool('read_file', 'Read a file from disk.', { path: { type: 'string' } }), tool('write_file', 'Write text to a file.'), tool('list_directory', 'List the entries of a folder.')],
    web: [tool('fetch_page', 'Fetch a page from the web and return it as markdown. Can read a file: URL too.')],
  });

  test('a word in the name outranks the same word deep in a description', () => {
    assert.deepEqual(rankTools(catalog, 'read a file', 2).map((h) => h.id), ['fs/read_file', 'fs/write_file']);
  });

  test('synonyms find a tool whose words the task does not use', () => {
    assert.equal(rankTools(catalog, 'show what is inside this dir', 1)[0]?.id, 'fs/list_directory');
  });

  test('a concept counts once: a word with many synonyms does not outweigh a rarer word the tool has', () => {
    const two = catalogOf({ x: [tool('cleanup', 'Remove, erase, purge, destroy, trash or discard things.'), tool('branches', 'Branch list.'), tool('other', 'Something else entirely.')] });
    assert.equal(rankTools(two, 'delete branch', 1)[0]?.id, 'x/branches', 'six synonyms of "delete" are still one match');
  });

  test('a tool whose whole name the task asks for beats one that shares a word of it', () => {
    const gh = catalogOf({ gh: [tool('get_pull_request', 'Fetch one pull request by number.'), tool('get_file_info', 'Details, details, details and metadata.'), tool('other', 'Something else.')] });
    assert.equal(rankTools(gh, 'get the details for PR 57', 1)[0]?.id, 'gh/get_pull_request');
  });

  test('each step of a task places its best tool near the top', () => {
    const mixed = catalogOf({
      fs: [tool('read_file', 'Read a file.')],
      chat: [tool('post_message', 'Post a message to a chat channel.'), tool('reply_to_thread', 'Reply to a message thread in a chat channel.'), tool('list_channels', 'List chat channels.')],
    });
    const ids = rankTools(mixed, 'read the report file and then post a chat message to the channel', 3).map((h) => h.id);
    assert.ok(ids.includes('fs/read_file') && ids.includes('chat/post_message'), ids.join());
    assert.equal(ids[0], 'fs/read_file', 'a task that says "then" needs its first step first');
    const web = catalogOf({ b: [tool('navigate', 'Navigate to a URL.'), tool('fill_form', 'Fill in a waitlist form.'), tool('fill_field', 'Fill in one field of a waitlist form.'), tool('submit_form', 'Submit a waitlist form once filled in.'), tool('type_text', 'Type text into a form.')] });
    assert.ok(rankTools(web, 'fill in the waitlist form at example.com/join and submit it', 2).some((h) => h.tool === 'navigate'), 'a web address is a page to reach first');
    // A browser's tool that does not take the address (the console, a form) comes after reaching the page,
    // with that browser's own navigate tool; a tool that reads an address itself stays first.
    const browsers = catalogOf({
      falcon: [needs('navigate', 'Navigate to a URL.', ['url']), tool('fill_form', 'Fill in the fields of a form.'), tool('console_messages', 'List the console messages of the page.')],
      heron: [needs('navigate_page', 'Go to a URL in the selected page.', ['url']), tool('fill_form', 'Fill in the fields of a form.'), tool('list_console_messages', 'List all console messages of the page, errors and warnings included.')],
      reader: [needs('read_url', 'Read the contents of files and URLs.', ['url']), needs('navigate', 'Navigate to a URL.', ['url'])],
    });
    assert.equal(rankTools(browsers, 'does the waitlist page at https://shop.quokka.io/join log any warnings in the console?', 1)[0]?.id, 'heron/navigate_page');
    assert.equal(rankTools(browsers, 'with heron, fill in the waitlist form at https://example.com/join', 1)[0]?.id, 'heron/navigate_page', "the named browser's own navigate tool");
    assert.equal(rankTools(browsers, 'with falcon, fill in the waitlist form at https://example.com/join', 1)[0]?.id, 'falcon/navigate', "the named browser's own navigate tool");
    assert.match(rankTools(browsers, 'fill in the waitlist form on example.com/join and send it', 1)[0]?.tool ?? '', /navigate/, 'before the first step of a sequence too');
    assert.equal(rankTools(browsers, 'grab the raw text of https://example.com/humans.txt', 1)[0]?.id, 'reader/read_url', 'its own server has a navigate tool, but read_url takes the address');
  });

  test('a server the task names is preferred', () => {
    assert.equal(rankTools(catalog, 'with web, read it', 1)[0]?.id, 'web/fetch_page');
  });

  test('a server named in full is its tools, not what its name implies', () => {
    // The lexicons know Supabase offers storage and auth; with Supabase's own tools here, "Supabase" must not pull list_storage_buckets.
    const supabase = catalogOf({
      supabase: [
        tool('list_projects', 'Lists all Supabase projects for the user. Use this to help discover the project ID of the project that the user is working on.'),
        { name: 'list_storage_buckets', description: 'Lists all storage buckets in a Supabase project.', inputSchema: { type: 'object', properties: { project_id: { type: 'string' } }, required: ['project_id'] } },
        tool('get_project', 'Gets details for a Supabase project.'),
      ],
    });
    assert.equal(rankTools(supabase, 'list every Supabase project I own', 1)[0]?.id, 'supabase/list_projects');
  });

  test("a server name's everyday word does not name it alone: 'the search input' is not Owl Search", () => {
    const owl = catalogOf({
      'owl-search': [tool('owl_web_search', 'Search the web with Owl and highlight the best result.'), tool('owl_news_search', 'Search recent news articles with Owl.')],
      browser: [tool('highlight', 'Highlight an element on the page.'), tool('click', 'Click an element on the page.'), tool('scroll', 'Scroll the page.'), tool('search_history', 'Search the browsing history.'), tool('type', 'Type into an input field.')],
      files: [tool('search_files', 'Search for files by name.'), tool('read_file', 'Read a file.')],
    });
    const named = (task: string) => new Set(indexCatalog(owl).candidates(task, 20).filter((c) => c.features[FEATURE_AT.serverNamed] === 1).map((c) => c.id.split('/')[0]));
    assert.deepEqual(named('highlight the search input on this page'), new Set(), '"search" alone does not name owl-search');
    assert.deepEqual(named('owl: headlines about the river festival'), new Set(['owl-search']), 'its distinctive word names it');
    assert.match(rankTools(owl, 'owl: headlines about the river festival', 1)[0]?.id ?? '', /^owl-search\//);
    assert.equal(rankTools(owl, 'with browser, type a word into the search input', 1)[0]?.id, 'browser/type');
  });

  test('tools can be added and removed as lists change', () => {
    const index = new ToolSearchIndex();
    index.add('fs', catalog.servers[0]!.tools);
    assert.equal(index.size, 3);
    index.remove('fs', ['read_file']);
    assert.equal(index.size, 2);
    assert.ok(!index.search('read a file', 5).some((h) => h.tool === 'read_file'));
    index.add('fs', [tool('read_file', 'Read a file from disk.')]);
    assert.equal(index.search('read a file', 1)[0]?.tool, 'read_file');
    index.remove('fs');
    assert.equal(index.size, 0);
    assert.deepEqual(index.search('read a file', 5), []);
  });

  test('a tool that covers the whole task, in a longer text, comes before those matching one word in a short one', () => {
    const filler = (n: number) => 'quartz violet ember lantern meadow cobalt harbor tundra saffron willow pebble '.repeat(n);
    const others = 'abcdefghijkl'.split('').map((c) => tool(`other_${c}`, `Other. ${filler(1)}`));
    const zoo = catalogOf({ b: [tool('zebra_one', 'Zebra.'), tool('zebra_two', 'Zebra.'), tool('zebra_three', 'Zebra.'), tool('wide', `Something. ${filler(3)} zebra quokka marmot`), ...others] });
    const hits = rankTools(zoo, 'zebra quokka marmot', 4);
    assert.equal(hits[0]?.tool, 'wide');
    assert.equal(hits[0]?.fit, 1);
    assert.ok(hits[1]!.fit < 0.5);
    // Without the coverage feature, BM25F alone puts the short one-word matches first.
    const bm25Only = indexCatalog(zoo, { weights: { ...WEIGHTS, conceptCoverage: 0 } }).search('zebra quokka marmot', 1);
    assert.notEqual(bm25Only[0]?.tool, 'wide');
  });

  test('scores are in rank order for a one-step task', () => {
    const hits = rankTools(sharedCatalog(), 'list the open pull requests of the repository', 10);
    assert.equal(hits.length, 10);
    for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.score >= hits[i]!.score, `${hits[i - 1]!.id} before ${hits[i]!.id}`);
  });

  test('re-adding a server many times, and searching in between, ranks as a fresh index does', () => {
    const index = new ToolSearchIndex();
    const tasks = ['read a file', 'list the folder', 'fetch the web page', 'open https://example.com and read it', 'write the folder list to a file'];
    for (let i = 0; i < 500; i++) {
      index.add('fs', catalog.servers[0]!.tools);
      if (i % 100 === 0) for (const task of tasks) index.search(task, 4);
    }
    index.add('web', catalog.servers[1]!.tools);
    for (const task of [...tasks].reverse()) index.search(task, 4);
    // Each task against an index that has never searched: scratch state must not leak between searches.
    for (const task of tasks) assert.deepEqual(index.search(task, 4), indexCatalog(catalog).search(task, 4), task);
    index.remove('web');
    const withoutWeb = indexCatalog(catalogOf({ fs: catalog.servers[0]!.tools }));
    assert.deepEqual(index.search('open https://example.com and read it', 4), withoutWeb.search('open https://example.com and read it', 4), 'the reach-the-page step forgets a removed server');
  });

  test('a search leaves nothing behind: after many searches, each ranks as on a fresh index', () => {
    const shared = sharedCatalog();
    const used = indexCatalog(shared);
    const tasks = ['capture an image of the open tab', 'list the merge requests waiting on me', 'note that Bruno runs the Lisbon office', 'run the unit tests and print what failed', 'find files named *.txt under notes/', 'what is the altitude at 46.55,7.83?'];
    for (const task of tasks) used.search(task, 10);
    for (const task of tasks) assert.deepEqual(used.search(task, 10), indexCatalog(shared).search(task, 10), task);
  });

  test('k is a count: fractions round down, nonsense gives nothing', () => {
    assert.equal(rankTools(catalog, 'read a file', 2.5).length, 2);
    assert.equal(rankTools(catalog, 'read a file', Number.NaN).length, 0);
    assert.equal(rankTools(catalog, 'read a file', 0).length, 0);
  });

  test('results are stable: equal scores break by id', () => {
    const twins = catalogOf({ b: [tool('ping', 'Ping.')], a: [tool('ping', 'Ping.')] });
    assert.deepEqual(rankTools(twins, 'ping', 2).map((h) => h.id), ['a/ping', 'b/ping']);
  });
});

describe('phases and patterns (seeds/003 fix 3)', () => {
  test('patterns: server/tool, server/*, bare tool names and prefixes', () => {
    const m = toolMatcher(['fs/read_*', 'list_directory', 'web/*']);
    assert.equal(m('fs', 'read_file'), true);
    assert.equal(m('fs', 'write_file'), false);
    assert.equal(m('other', 'list_directory'), true);
    assert.equal(m('web', 'fetch_page'), true);
  });

  test('a phase keeps its tools; an unknown phase names the closest', () => {
    const catalog = sharedCatalog();
    const plan = phaseCatalog(catalog, { plan: ['server-sequential-thinking/*', 'server-memory/read_graph'] }, 'plan');
    assert.equal(plan.servers.reduce((n, s) => n + s.tools.length, 0), 2);
    assert.throws(() => phaseCatalog(catalog, { plan: [] }, 'plna'), /no phase "plna"; did you mean "plan"\?/);
  });
});

test('mcp-slim search ranks the tools of any source', async () => {
  const { code, stdout } = await runCli(['search', 'capture a screenshot of this page', '--k', '3', '--json', '--catalog', `${FIXTURES}catalogs/shared/server-puppeteer.json`, '--catalog', `${FIXTURES}catalogs/shared/server-filesystem.json`]);
  assert.equal(code, 0);
  const out = JSON.parse(stdout);
  assert.equal(out.hits.length, 3);
  assert.equal(out.hits[0].id, 'server-puppeteer/puppeteer_screenshot');
  const bad = await runCli(['search', '--catalog', `${FIXTURES}catalogs/shared/server-puppeteer.json`]);
  assert.equal(bad.code, 2);
});

test('a section label is not a tool\'s purpose: the first sentence that says something is', () => {
  const fields = toolFields('s', { name: 'list_objects', description: '\n  🎯 Purpose:\n    1. Retrieves invoices from billing.\n\n  📦 Returns:\n    1. Invoices.' }, 'full');
  assert.deepEqual(fields.purpose, terms('Retrieves invoices from billing.'), 'without the item number');
  assert.ok(fields.description!.includes('purpos'));
  assert.deepEqual(toolFields('s', { name: 'x', description: 'Read a file. More.' }, 'full').purpose, terms('Read a file.'));
});

test('a tool that does the opposite of what the task asks comes after its sibling', () => {
  const turnOff = opposedVerbs(queryTerms('turn off the subtitles over the video'));
  assert.ok(opposesTask(terms('show_subtitles'), turnOff));
  assert.ok(!opposesTask(terms('hide_subtitles'), turnOff));
  const both = opposedVerbs(queryTerms('show or hide the panel'));
  assert.ok(!opposesTask(terms('show_panel'), both) && !opposesTask(terms('hide_panel'), both), 'a task that asks for both sides opposes neither');
  // Described so that, without the setback, the tool that does the opposite comes first: its text says "turn".
  const player = catalogOf({ player: [tool('show_subtitles', 'Turn on subtitles.'), tool('hide_subtitles', 'Hide subtitles and captions.'), tool('set_volume', 'Set the volume of the video.')] });
  assert.equal(indexCatalog(player, { weights: { ...WEIGHTS, opposite: 0 } }).search('turn off the subtitles', 1)[0]?.id, 'player/show_subtitles');
  assert.equal(indexCatalog(player).search('turn off the subtitles', 1)[0]?.id, 'player/hide_subtitles');
});

test('values in a task are arguments: a tool that needs the kind of value the task carries comes first', () => {
  const maps = catalogOf({
    maps: [needs('geocode', 'Convert an address into coordinates.', ['address']), needs('reverse_geocode', 'Convert coordinates into an address.', ['latitude', 'longitude'])],
    gh: [needs('search_issues', 'Search issues and their details.', ['q']), needs('get_issue', 'Get an issue and its details.', ['issue_number'])],
  });
  assert.equal(rankTools(maps, 'which street address is at 48.8606, 2.3376?', 1)[0]?.id, 'maps/reverse_geocode');
  assert.equal(rankTools(maps, 'show issue #88 with its details', 1)[0]?.id, 'gh/get_issue');
  assert.equal(rankTools(maps, 'where is 1 Main Street on the map, in coordinates?', 1)[0]?.id, 'maps/geocode', 'no value, no lift');
  const kinds = (...required: string[]) => [...parameterValueKinds(needs('t', '', required))];
  assert.deepEqual(kinds('issue_number'), ['number']);
  assert.deepEqual(kinds('page_number', 'lineNumber', 'phone_number', 'security_group_id', 'during', 'to'), [], 'only names that take such a value');
  assert.deepEqual(kinds('pageUrl', 'channel_id'), ['url', 'channel']);
  assert.ok(readTask('look at PR 42').values.has('number') && readTask('close issue #7').values.has('number'));
  assert.ok(!readTask('check the issue 3 times a day').values.has('number'), 'a count is not a reference');
  // A size is a value: the tool that takes a width and a height fits (the tabs tool matches "browser" as well).
  const win = catalogOf({ browser: [tool('tabs', 'List, open, close or pick a browser tab.', { action: { type: 'string' } }), needs('resize', 'Resize the browser window.', ['width', 'height']), tool('screenshot', 'Capture the page as an image.')] });
  assert.equal(rankTools(win, 'make my browser window 1024x768', 1)[0]?.id, 'browser/resize');
  assert.deepEqual(kinds('width', 'height'), ['size']);
  // A thing named by its identifier: tools that need that kind of thing's id fit (get_user_profile needs user_id).
  assert.deepEqual([...readTask('show only comment k_204 on entry 9QwZ7').identified], ['comment', 'entri']);
  assert.deepEqual([...readTask('the top 5 issues in 2024, first 20 lines').identified], []);
  assert.deepEqual([...identifiedObjects(needs('t', '', ['commentId', 'issue_number', 'place_id', 'msgid', 'uuid', 'id', 'query']))], ['comment', 'issu', 'place', 'messag']);
  const devtools = catalogOf({ devtools: [needs('get_console_message', 'Gets a console message by its ID.', ['msgid']), tool('list_console_messages', 'List all console output of the currently selected page.'), tool('list_network_requests', 'List all network requests of the page.')] });
  assert.equal(rankTools(devtools, 'print the stack trace of console message 31', 1)[0]?.id, 'devtools/get_console_message');
  assert.equal(rankTools(devtools, 'give console message 9 in full with its stack', 1)[0]?.id, 'devtools/get_console_message');
  // Named by nothing, the messages are listed: the get tool needs one message's id.
  assert.equal(rankTools(devtools, 'show me the console output in the browser', 1)[0]?.id, 'devtools/list_console_messages');
  assert.deepEqual([...readTask('the text of message id 9').identified], ['messag']);
  assert.ok(readTask("set Status to 'Paid'").values.has('quoted'));
  const chat = catalogOf({ chat: [needs('get_user_profile', "Get a user's profile information.", ['user_id']), tool('list_users', 'List all users in the workspace with their basic profile information.'), needs('post_message', 'Post a message to a channel.', ['channel_id', 'text'])] });
  assert.equal(rankTools(chat, 'what time zone is user W77310 in?', 1)[0]?.id, 'chat/get_user_profile');
  assert.ok(readTask('run document.referrer in the page').values.has('code') && !readTask('run document.referrer in the page').values.has('path'), 'an expression, not a file');
  assert.ok(readTask('with puppeteer, run sessionStorage.clear()').values.has('code') && !readTask('open todo.md').values.has('code'));
  assert.ok(readTask('run SELECT * FROM invoices LIMIT 5 on postgres').values.has('sql') && !readTask('select the rows from the sheet').values.has('sql'));
  // Script is for the tool that takes a function; the two tools are alike but for that.
  const page = catalogOf({ page: [needs('act', 'Do something in the page and return the result.', ['instruction']), needs('evaluate', 'Do something in the page and return the result.', ['function'])] });
  assert.equal(rankTools(page, 'run document.referrer on this page and report the value', 1)[0]?.id, 'page/evaluate');
  for (const task of ['what value sits at key cart:882:items?', 'evict token:77 from redis']) assert.ok(readTask(task).values.has('key'), task);
  for (const task of ['hover .nav-item:first-child', 'meet at 9:15', 'note: pairing on retries', 'clone git@github.com:org/repo']) assert.ok(!readTask(task).values.has('key'), task);
  const kv = catalogOf({ kv: [needs('lookup_by_name', 'Return a stored entry.', ['name']), needs('lookup_entry', 'Return a stored entry.', ['key'])] });
  assert.equal(rankTools(kv, "what's kept at cart:882:items?", 1)[0]?.id, 'kv/lookup_entry');
  for (const day of ['due 2026-12-20', 'what is on tomorrow', 'tasks for the next 7 days', 'anything since Monday']) assert.ok(readTask(day).values.has('time'), day);
  assert.ok(!readTask('the next version of the api').values.has('time'));
  for (const time of ['4pm', '10:30 am', 'at 9:15']) assert.ok(readTask(`move the review to ${time}`).values.has('time'), time);
  for (const task of ['version 2:30 of the API', 'jump to 1:30 in the youtube video', 'meet at 1:30 in the video'])
    assert.ok(!readTask(task).values.has('time'), `${task}: not a time of day`);
  assert.deepEqual(kinds('start', 'end', 'dueDate', 'timeMin', 'since', 'summary'), ['time']);
  for (const size of ['1280 by 720', '800x600', '1920×1080']) assert.ok(readTask(`set it to ${size}`).values.has('size'), size);
  for (const task of ['multiply 1000 by 2500', 'grow revenue from 2023 by 2000 dollars']) assert.ok(!readTask(task).values.has('size'), `${task}: arithmetic, not a size`);
  assert.ok(readTask('resize the browser window to 1280, 720').values.has('size') && !readTask('resize the browser window to 1280, 720').values.has('pixels'));
  // A tool that needs screen positions fits a task that gives none less: the element drag, not the x/y one.
  const board = catalogOf({ ui: [needs('drag', 'Drag one element and drop it onto another.', ['startElement', 'endElement']), needs('mouse_drag_xy', 'Drag the mouse from one point to another.', ['startX', 'startY', 'endX', 'endY']), tool('click', 'Click an element.')] });
  const unsaid = (task: string) => indexCatalog(board).candidates(task, 3).filter((c) => c.features[FEATURE_AT.valueUnsaid] === 1).map((c) => c.id);
  assert.deepEqual(unsaid("move the element 'Done' above 'Doing' by dragging it"), ['ui/mouse_drag_xy']);
  assert.deepEqual(unsaid('sketch a box by dragging from 20,20 to 240,160'), []);
  assert.equal(rankTools(board, "move the element 'Done' above 'Doing' by dragging it", 1)[0]?.id, 'ui/drag');
  assert.equal(rankTools(board, 'sketch a box by dragging from 20,20 to 240,160', 1)[0]?.id, 'ui/mouse_drag_xy');
  assert.ok(readTask('drag from 20,20 to 240,160').values.has('pixels'));
  // "my Downloads folder" is a place, not the action of downloading.
  for (const task of ['tidy up my Downloads folder', 'open the pdf in my downloads', 'clean up the desktop folder']) {
    const reading = readTask(task);
    assert.ok(reading.values.has('path') && !reading.written.has('download') && !reading.written.has('desktop'), task);
  }
  for (const task of ['download the report', 'list my downloads in chrome', 'check the downloads of my npm package']) assert.ok(readTask(task).written.has('download'), task);
  assert.ok(readTask('desktop commander: list sessions').written.has('desktop'));
  const disk = catalogOf({
    fs: [needs('list_directory', 'List the entries of a directory.', ['path']), needs('list_directory_with_sizes', 'List the entries of a directory with their sizes.', ['path']), needs('read_file', 'Read a file.', ['path'])],
    design: [needs('download_images', 'Download images and files.', ['fileKey'])],
  });
  assert.equal(rankTools(disk, 'list the largest files under my downloads', 1)[0]?.id, 'fs/list_directory_with_sizes', 'not download_images');
  for (const task of ['drag from 100,200 to 300,400', 'send the cursor to 640,360']) assert.ok(readTask(task).values.has('pixels'), task);
  for (const task of ['copy rows from 1,000 to 2,000', 'raise the price from 4,99 to 5,49', 'add items to 2, 3 and 4', 'release notes from 1,2024'])
    assert.ok(!readTask(task).values.has('pixels'), `${task}: not a position`);
});

test('--catalog DIR reads every catalog in the directory; the terminal shows each description on one line', async () => {
  const { code, stdout } = await runCli(['search', 'read the complete contents of a file', '--k', '12', '--catalog', `${FIXTURES}catalogs/shared`]);
  assert.equal(code, 0);
  assert.match(stdout, /server-filesystem\/read_text_file/);
  // Desktop Commander's descriptions open with a line break and indentation.
  assert.match(stdout, /desktop-commander\/read_file .*\n {4}Read contents from files and URLs\./);
  const empty = await runCli(['search', 'x', '--catalog', mkdtempSync(join(tmpdir(), 'mcp-slim-empty-'))]);
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /a directory without catalog files \(\*\.json\)/);
  assert.equal(empty.stderr.trim().split('\n').length, 1);
});

test('indexCatalog indexes every tool of the real catalogs in each document kind', () => {
  const catalog = sharedCatalog();
  for (const document of ['full', 'slim', 'ttc'] as const) assert.equal(indexCatalog(catalog, { document }).size, 240);
});

test("slim documents are made with the preset asked for: safe keeps a parameter's later sentences, balanced its first", () => {
  const catalog = catalogOf({ kb: [tool('press', 'Press a key.', { key: { type: 'string', description: 'The key to press. Vendor keys such as Zorblax work too.' } })] });
  const found = (slimPreset?: 'safe') => indexCatalog(catalog, { document: 'slim', documents: slimDocuments(slimPreset) }).search('Zorblax', 1).length;
  assert.equal(found('safe'), 1);
  assert.equal(found(), 0, 'balanced keeps the first sentence of a parameter description only');
  assert.throws(() => slimDocuments('Safe' as 'safe'), /slim preset "Safe" is not a preset; use safe, balanced, max/);
});

test('every lexicon entry is a lowercase word, every phrase folds into one word', async () => {
  const { LEXICONS } = await import('../src/vocabulary/index.js');
  const word = /^[a-z0-9]+$/;
  const bad: string[] = [];
  for (const l of LEXICONS) {
    for (const g of l.groups) if (g.length < 2 || !g.every((w) => word.test(w))) bad.push(`group ${g.join(',')}`);
    for (const [k, v] of Object.entries(l.implies)) if (!word.test(k) || v.length === 0 || !v.every((w) => word.test(w))) bad.push(`implies ${k}`);
    for (const [k, v] of Object.entries(l.phrases)) if (!/^[a-z0-9]+( [a-z0-9]+)+$/.test(k.replace(/[-']/g, ' ')) || !word.test(v)) bad.push(`phrase ${k} → ${v}`);
  }
  assert.deepEqual(bad, []);
});

test('names and places written as values are not words about the tool', () => {
  // "called X" / "named X": the name given is a value, as if quoted ("named after it" is not a name).
  const named = readTask('set up a fresh repo named search-tools');
  assert.ok(named.values.has('quoted') && !named.written.has('search'), 'the name is not the search tool it sounds like');
  assert.ok(!readTask('make a folder named after it').values.has('quoted'), '"named after it" names nothing');
  // "deploy/output" pairs two words the lexicons know: only "called" makes it a name, not a deploy tool's words.
  const folders = catalogOf({ fs: [needs('create_directory', 'Create a new directory.', ['path']), tool('deploy_output', 'Deploy the build output.'), needs('read_file', 'Read a file.', ['path'])] });
  assert.equal(rankTools(folders, 'make a new folder called deploy/output', 1)[0]?.id, 'fs/create_directory');
  // An owner/repo, a branch or a relative path written with slashes names a thing; slashed plain words pair them.
  const repo = readTask("find issues in quokka/browser that mention 'flaky'");
  assert.ok(repo.values.has('quoted') && !repo.written.has('browser'), 'quokka/browser is a name');
  const issues = catalogOf({ gh: [needs('search_issues', 'Find issues by text in a repository.', ['q']), tool('list_issues', 'List the issues of a repository.')], browser: [tool('browser_find', 'Find text in the browser page.'), tool('browser_open', 'Open the browser.')] });
  assert.equal(rankTools(issues, "find issues in quokka/browser that mention 'flaky'", 1)[0]?.id, 'gh/search_issues', 'the repo name does not pull the browser tools');
  for (const task of ['merge fix/null-check into main', 'relocate photos/raw to archive/older', 'the rustlang/cargo repo'])
    assert.ok(readTask(task).values.has('quoted'), task);
  for (const [task, word] of [['compare our stores/outlets', 'outlet'], ['chart eur/usd', 'eur'], ["convert 'Quay Street' to lat/lng", 'lat']] as const)
    assert.ok(readTask(task).written.has(word), `${task}: ${word} stays a word`);
  // A file's extension says what kind of file it is: a PDF, a Liquid template.
  assert.ok(readTask('save these notes as minutes_june.pdf').concepts.some((c) => c.has('pdf')), 'a .pdf is about PDF');
  const liquid = readTask('check snippets/price-tag.liquid for errors');
  assert.ok(liquid.values.has('path') && liquid.concepts.some((c) => c.has('liquid')), 'price-tag.liquid is a Liquid file');
  // Not names: "called twice", "so-called", a word the lexicons know, a #channel; a value already set aside is not the name.
  for (const [task, word] of [['a function called twice', 'twice'], ['the so-called helper', 'helper'], ['named entity recognition', 'entiti'], ["titled 'Q3 plan' summarizing sales", 'summar']] as const)
    assert.ok(readTask(task).written.has(word), `${task}: ${word} stays a word`);
  assert.ok(readTask('post in a channel named #general').values.has('channel'), 'a #channel keeps its own shape');
  // Dotted words that are not files: a schema.table, a library, "a.m.": values, but not paths.
  for (const task of ['count rows in shop.items', 'routing in Vue.js 3', 'at 9 a.m. tomorrow']) assert.ok(!readTask(task).values.has('path'), `${task}: no file`);
  // Extensions that are everyday words add no term: server.go is not "go".
  const kindOf = (task: string, term: string) => readTask(task).concepts.some((c) => c.size === 1 && c.has(term));
  assert.ok(!kindOf('read server.go', 'go') && readTask('read server.go').values.has('path') && kindOf('read report.xlsx', 'xlsx'), 'server.go is a file, not "go"; report.xlsx is a spreadsheet');
  // Alternatives the lexicons know stay words even after "to"; a day written with slashes is a time.
  assert.ok(readTask('export the table to CSV/Excel').written.has('csv') && readTask('export the table to CSV/Excel').written.has('excel'), 'CSV/Excel pairs two formats');
  for (const task of ['due 12/25/2026', 'remind me on 12/25']) assert.ok(readTask(task).values.has('time'), `${task}: a day`);
  assert.ok(!readTask('support 24/7').values.has('time'), '24/7 is no day');
  // "license" is a word, not the LICENSE file, unless it is called a file.
  assert.ok(!readTask('a monthly seat license').values.has('path') && readTask('update the license file').values.has('path'), 'license is a word unless a file');
});

test('a task that hands over a path sets back tools with nowhere to put it', () => {
  // open_nodes takes entity names: "open todo.md" is a file to read, though "open" is in open_nodes' name.
  const memory = catalogOf({ memory: [tool('open_nodes', 'Open specific nodes in the knowledge graph by their names.', { names: { type: 'array' } }), tool('read_graph', 'Read the whole knowledge graph.', {})], fs: [needs('read_text_file', 'Read a text file and return its contents.', ['path'])] });
  assert.equal(rankTools(memory, 'open todo.md and give me the gist', 1)[0]?.id, 'fs/read_text_file');
  assert.equal(holdsPath(tool('t', 'x', { outputPath: { type: 'string' } })), true);
  assert.equal(holdsPath(tool('t', 'x', { names: { type: 'array' } })), false);
  assert.equal(holdsPath(tool('t', 'x')), false, 'properties {}: the tool takes nothing');
  assert.equal(holdsPath({ name: 't', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' } }), undefined, "a schema that says nothing of its parameters (server-gitlab's): unknown, not set back");
  assert.equal(holdsPath(tool('t', 'x', { includeStackTraces: { type: 'boolean' }, favourite: { type: 'boolean' } })), false, 'whole words of the name: "deSt" and "uri" inside words are not a path');
  assert.equal(holdsPath(tool('t', 'x', { params: { type: 'object', properties: { workspaceRoot: { type: 'string' } } } })), true, 'one level into an object parameter');
  assert.equal(holdsPath(tool('t', 'x', { command: { type: 'string' } })), true, 'a command names files');
});

test("a near tie on a sequence's first step goes to the tool that fits the whole task", () => {
  // "stop profiling" alone fits Playwright's stop_tracing and DevTools' performance_stop_trace about
  // equally; with "write the trace" DevTools' fits the task far better. (A small invented catalog did not
  // give a near tie on the first step, so this one stays on the shared catalogs.)
  assert.equal(rankTools(sharedCatalog(), 'stop profiling and write the trace to perf-run.json.gz', 1)[0]?.id, 'chrome-devtools-mcp/performance_stop_trace');
  // Only when the whole task's best fits the rest of the task too: an unrelated later step does not pick between twins.
  assert.equal(rankTools(sharedCatalog(), 'stop the recording and then list pull requests', 1)[0]?.id, rankTools(sharedCatalog(), 'stop the recording', 1)[0]?.id);
  // The step's own best keeps a place near the top.
  assert.ok(rankTools(sharedCatalog(), 'stop profiling and write the trace to perf-run.json.gz', 3).some((h) => h.tool === 'browser_stop_tracing'), 'the first step\'s own best is in the top 3');
});

describe('rankTools in a per-turn loop', () => {
  test('builds the index once per catalog, and a new catalog (with a new tool) is indexed anew', () => {
    const first = catalogOf({ garden: [tool('water_plants', 'Water the plants in a bed.'), tool('prune_roses', 'Cut back the rose bushes.')] });
    const cold = performance.now();
    const a = rankTools(first, 'give the plants a drink', 1);
    const coldMs = performance.now() - cold;
    let warmMs = Infinity;
    for (let i = 0; i < 5; i++) {
      const warm = performance.now();
      assert.deepEqual(rankTools(first, 'give the plants a drink', 1), a);
      warmMs = Math.min(warmMs, performance.now() - warm);
    }
    assert.equal(a[0]?.tool, 'water_plants');
    assert.ok(warmMs <= coldMs, `a built index is reused (${warmMs} ms warm, ${coldMs} ms cold)`);
    const second = catalogOf({ garden: [...first.servers[0]!.tools, tool('mow_lawn', 'Mow the lawn to an even height.')] });
    assert.equal(rankTools(second, 'mow the lawn', 1)[0]?.tool, 'mow_lawn');
    assert.notEqual(rankTools(first, 'mow the lawn', 1)[0]?.tool, 'mow_lawn', 'the first catalog keeps its own index');
    // Documents made another way are another index, even for the same catalog.
    const withLawn = () => second;
    assert.equal(rankTools(first, 'mow the lawn', 1, { documents: withLawn })[0]?.tool, 'mow_lawn');
    assert.notEqual(rankTools(first, 'mow the lawn', 1, { documents: (c) => c })[0]?.tool, 'mow_lawn');
  });
});

describe('a tool its own description retires', () => {
  test('is told by the description, not by deprecated things it mentions', async () => {
    const { isDeprecated } = await import('../src/search/deprecated.js');
    const says = (description: string) => isDeprecated({ name: 't', description });
    for (const retired of ['DEPRECATED: Use fetch_record instead.', 'Lists the boxes (deprecated).', 'Sends a fax. This tool is deprecated; use send_mail.', 'Gets a record. Deprecated in favour of get_record_v2.', 'Stores a note. Deprecated.']) {
      assert.equal(says(retired), true, retired);
    }
    for (const current of ['Returns every field of the record, including deprecated ones.', 'Removes deprecated keys from the account.', 'Lists releases; see the changelog for what is deprecated in each.']) {
      assert.equal(says(current), false, current);
    }
  });

  test('ranks below the tool that replaces it', () => {
    const shelf = catalogOf({
      shelf: [
        tool('get_box', 'Get the contents of a box on the shelf. Deprecated: use read_box.', { box: { type: 'string' } }),
        tool('read_box', 'Get the contents of a box on the shelf.', { box: { type: 'string' } }),
      ],
    });
    // get_box's name has both "get" and "box": by score alone it leads.
    assert.ok(indexCatalog(shelf).candidates('get the contents of the blue box', 2)[0]?.id === 'shelf/get_box');
    assert.deepEqual(rankTools(shelf, 'get the contents of the blue box', 2).map((h) => h.tool), ['read_box', 'get_box']);
    assert.deepEqual(rankTools(shelf, 'get_box', 2).map((h) => h.tool), ['read_box', 'get_box'], 'found by its own name, after the tool to use');
  });

  test('names its replacement in several ways, and only a tool of its own list counts', async () => {
    const { isDeprecated, replacementOf } = await import('../src/search/deprecated.js');
    const siblings = ['fetch_record', 'get_record_v2', 'send_mail'].map((name) => tool(name, 'Current.'));
    const of = (description: string) => (isDeprecated({ name: 'old', description }) ? replacementOf(tool('old', description), siblings) : undefined);
    assert.equal(of('DEPRECATED: Use fetch_record instead.'), 'fetch_record');
    assert.equal(of('Gets a record. Deprecated in favour of `get_record_v2`.'), 'get_record_v2');
    assert.equal(of('Sends a fax. This tool is deprecated; use send_mail.'), 'send_mail');
    assert.equal(of('Deprecated: use the web app instead.'), undefined, 'no tool of that name');
    assert.equal(of('Use fetch_record for records.'), undefined, 'not retired');
  });
});

describe('how well the best tool fits', () => {
  const kitchen = catalogOf({
    kitchen: [
      tool('boil_water', 'Boil water in the kettle.', { litres: { type: 'number' } }),
      tool('bake_bread', 'Bake a loaf of bread in the oven.', { loaf: { type: 'string' } }),
      tool('list_recipes', 'List the saved recipes.'),
    ],
  });

  test('a hit carries a fit from 0 to 1 that is high for a task the tool covers', () => {
    const [best] = rankTools(kitchen, 'boil some water in the kettle', 1);
    assert.equal(best?.tool, 'boil_water');
    assert.ok(best!.fit >= 0.8 && best!.fit <= 1, String(best!.fit));
  });

  test('says when nothing fits well instead of offering the nearest as answers', async () => {
    const { weakMatch } = await import('../src/search/confidence.js');
    assert.equal(weakMatch(rankTools(kitchen, 'boil some water in the kettle', 3)), undefined);
    const far = rankTools(kitchen, 'order concert tickets and reserve seats for the party guests list', 3);
    assert.ok(far.length > 0, 'a word in common brings a hit');
    assert.match(weakMatch(far) ?? '', /^No tool fits this task well: the closest covers \d+% of it/);
    const r = await runCli(['search', 'renew the car insurance policy and write a note about it', '--catalog', join(FIXTURES, 'catalogs', 'shared', 'server-memory.json')]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /No tool fits this task well/);
    assert.match(r.stdout, /fits \d+%/);
  });
});
