import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countTokens } from '../src/cost/tokenizer.js';
import { assembleSplit, joinSplit, planSplit, splitInstructions, verifySplit, type SplitLayout, type SplitOptions } from '../src/split/index.js';
import { rewriteLine } from '../src/split/links.js';
import { outline } from '../src/split/outline.js';
import { stemmer } from 'stemmer';
import words from '../src/split/words.json' with { type: 'json' };

const FOLDER: SplitLayout = { original: '../AGENTS.md', index: '../AGENTS.md', family: (name) => `${name}.md` };

/** Plan, assemble, verify and join: the split must be sound and give the text back. */
function roundTrip(text: string, options: SplitOptions = {}, layout: SplitLayout = FOLDER) {
  const plan = planSplit(text, options);
  const split = assembleSplit(plan, layout);
  const texts = split.files.map((f) => f.text);
  assert.deepEqual(verifySplit(text, split.manifest, texts), []);
  const byPath = new Map(split.files.map((f) => [f.path, f.text]));
  assert.equal(joinSplit(split.manifest, (p) => byPath.get(p)!), text);
  return { plan, split, byPath };
}

const filler = (topic: string, n: number): string =>
  Array.from({ length: n }, (_, i) => `- Step ${i + 1} for ${topic}: run the ${topic} script, read its output and fix what it reports before you go on.\n`).join('');

const doc = [
  '# Project Agent Guide\n',
  '\n',
  'Instructions for agents working in this repository.\n',
  '\n',
  '## General\n',
  '\n',
  '- Always answer in English.\n',
  '- Never push to main.\n',
  '\n',
  '## Running tests\n',
  '\n',
  filler('test', 12),
  '\n',
  '## Flaky tests\n',
  '\n',
  filler('flaky test', 10),
  '\n',
  '## Deployment\n',
  '\n',
  filler('deploy', 12),
  '\n',
  '## Database migrations\n',
  '\n',
  filler('migration', 12),
].join('');

test('headings become families; sections sharing a topic word form one; the general section stays', () => {
  const { plan } = roundTrip(doc);
  assert.deepEqual(plan.families.map((f) => f.name), ['tests', 'deployment', 'database-migrations']);
  assert.deepEqual(plan.families[0]!.topics, ['Running tests', 'Flaky tests']);
  assert.match(plan.index.text, /^# Project Agent Guide\n/);
  assert.match(plan.index.text, /## General\n\n- Always answer in English\.\n- Never push to main\.\n/);
  assert.doesNotMatch(plan.index.text, /Step 1 for deploy/);
  assert.match(plan.index.text, /- `tests\.md`: before work on: Running tests; Flaky tests\.\n/);
  assert.ok(plan.budget.met && plan.index.tokens <= 0.3 * plan.original.tokens, `index ${plan.index.tokens} of ${plan.original.tokens}`);
});

test('a section whose lines are rules for every task stays, whatever its heading', () => {
  const text = `${doc}\n## Conventions\n\n- Always run the formatter.\n- Never commit secrets.\n- Always write a test.\n`;
  const { plan } = roundTrip(text);
  assert.match(plan.index.text, /## Conventions\n\n- Always run the formatter\./);
  assert.ok(!plan.families.some((f) => f.name === 'conventions'));
});

test('a family that costs no more than its pointer line stays in the index', () => {
  const { plan } = roundTrip(`${doc}\n## Tabs\n\nUse tabs.\n`);
  assert.ok(!plan.families.some((f) => f.topics.includes('Tabs')));
  assert.match(plan.index.text, /## Tabs\n\nUse tabs\.\n/);
});

test('general sections over the budget: the largest become families', () => {
  const text = ['# Guide\n', '\n', 'Intro.\n', '\n', '## Overview\n', '\n', filler('overview', 30), '\n', '## General\n', '\n', filler('general', 6), '\n', '## Deployment\n', '\n', filler('deploy', 20)].join('');
  const { plan } = roundTrip(text);
  assert.ok(plan.families.some((f) => f.topics.includes('Overview')), 'the large general section moved');
  assert.match(plan.index.text, /## General\n/);
  assert.ok(plan.index.tokens <= 0.3 * plan.original.tokens);
});

test('a section over the cap is cut at its subsections, which join families by topic', () => {
  const text = [
    '# Guide\n', '\n', 'Intro.\n', '\n',
    '## Memory\n', '\n', filler('memory', 3), '\n',
    '## Examples\n', '\n', '### Advanced memory use\n', '\n', filler('memory cache', 6), '\n', '### Retries\n', '\n', filler('retry', 8),
  ].join('');
  const { plan } = roundTrip(text, { familyCap: 300 });
  const memory = plan.families.find((f) => f.name === 'memory');
  assert.deepEqual(memory?.topics, ['Memory', 'Advanced memory use']);
  assert.ok(plan.families.some((f) => f.topics.includes('Retries')));
});

test('catalog tools: a section goes to the family whose tools it mentions, and its line names them', () => {
  const text = [
    '# Browser helper\n', '\n', 'Notes for agents.\n', '\n',
    '## Pages\n', '\n', 'Call `browser_navigate` first, then `browser_snapshot`.\n', filler('page', 6), '\n',
    '## Clicking\n', '\n', 'Use browser_click with a ref from browser_snapshot.\n', filler('click', 6), '\n',
    '## Issues\n', '\n', 'File bugs with `issue_create`; look first with `issue_search`.\n', filler('issue', 6),
  ].join('');
  const tools = [
    { name: 'browser_navigate', family: 'web--browser' },
    { name: 'browser_snapshot', family: 'web--browser' },
    { name: 'browser_click', family: 'web--browser' },
    { name: 'issue_create', family: 'tracker' },
    { name: 'issue_search', family: 'tracker' },
  ];
  const { plan } = roundTrip(text, { tools });
  assert.deepEqual(plan.families.map((f) => f.name), ['web-browser', 'tracker']);
  assert.deepEqual(plan.families[0]!.topics, ['Pages', 'Clicking']);
  assert.match(plan.families[0]!.when, /^before the first use of `browser_snapshot`, `browser_navigate`, `browser_click`; before work on: Pages; Clicking/);
  assert.match(plan.families[1]!.when, /`issue_create`, `issue_search`/);
});

test('a tool named with a plain word counts only where it is code', () => {
  const tools = [{ name: 'search', family: 'find' }];
  const text = '# T\n\nIntro.\n\n## A\n\nSearch the web when unsure.\n' + filler('a', 5) + '\n## B\n\nCall `search` for docs.\n' + filler('b', 5);
  const { plan } = roundTrip(text, { tools });
  assert.deepEqual(plan.families.find((f) => f.name === 'find')?.topics, ['B']);
});

test('plain text without headings: paragraphs go to the family of the tools they name (splitInstructions)', () => {
  const text = [
    'This server drives a browser and a bug tracker.\n', '\n',
    'Before anything, call browser_navigate; then browser_snapshot gives the refs that browser_click needs. ' + 'Wait for the page to settle after each step. '.repeat(20) + '\n', '\n',
    'To report a problem, search with issue_search first and only then file it with issue_create. ' + 'Give each issue a title and the steps to reproduce it. '.repeat(20) + '\n', '\n',
    'Never share tokens in any output.\n',
  ].join('');
  const out = splitInstructions(text, { pointer: (name) => `instructions://${name}` });
  assert.deepEqual(out.families.map((f) => f.name), ['browser', 'issue']);
  assert.match(out.families[0]!.when, /before the first use of `browser_\w+`/);
  assert.ok(out.families[1]!.text.startsWith('To report a problem'));
  assert.match(out.index, /^This server drives a browser and a bug tracker\.\n\nNever share tokens in any output\.\n\nRead when needed:\n/);
  assert.match(out.index, /- `instructions:\/\/browser`: before the first use of /);
  assert.equal(out.tokens.after, countTokens(out.index, 'o200k_base'));
  assert.ok(out.tokens.after < out.tokens.before);
  roundTrip(text);
});

test('text without families stays whole: no pointer block', () => {
  const { plan } = roundTrip('# Short\n\nJust one paragraph of rules.\n');
  assert.equal(plan.families.length, 0);
  assert.equal(plan.index.text, '# Short\n\nJust one paragraph of rules.\n');
});

test('CRLF, a BOM, trailing spaces and no final newline survive; the pointer block uses CRLF', () => {
  const text = `\uFEFF${doc.replace(/\n/g, '\r\n').replace('Never push to main.', 'Never push to main.   ')}\r\nlast line without newline`;
  const { plan, byPath } = roundTrip(text);
  assert.ok(plan.index.text.startsWith('\uFEFF# Project Agent Guide\r\n'));
  assert.match(plan.index.pointerBlock, /\r\n- `tests\.md`: [^\n]*\.\r\n/);
  assert.doesNotMatch(plan.index.pointerBlock.replace(/\r\n/g, ''), /\n/);
  const last = [...byPath.values()].find((t) => t.endsWith('last line without newline'));
  assert.ok(last, 'the last line keeps having no newline, in its family');
});

test('no final newline on a line the index keeps: the pointer block starts on its own line and join takes it off', () => {
  const text = `${doc}\n## Summary\n\nAlways be brief.`;
  const { plan } = roundTrip(text);
  assert.match(plan.index.text, /Always be brief\.\n\n## Read when needed\n/);
});

test('headings inside code blocks and front matter are not headings', () => {
  const text = ['---\n', 'description: rules\n', 'globs: "**/*.py"\n', '---\n', '# Rules\n', '\n', 'Intro.\n', '\n', '## Scripts\n', '\n', '```bash\n', '# not a heading\n', 'make all\n', '```\n', filler('script', 10), '\n', '## Deploying\n', '\n', filler('deploy', 10)].join('');
  const o = outline(text);
  assert.deepEqual(o.headings.map((h) => h.text), ['Rules', 'Scripts', 'Deploying']);
  const { plan } = roundTrip(text);
  assert.ok(plan.index.text.startsWith('---\ndescription: rules\nglobs: "**/*.py"\n---\n# Rules\n'), 'front matter stays on top of the index');
  assert.match(plan.families[0]!.text, /```bash\n# not a heading\nmake all\n```\n/);
});

test('setext headings are headings', () => {
  const o = outline('Guide\n=====\n\nIntro.\n\nTesting\n-------\n\nRun it.\n\nDeploying\n---------\n\nShip it.\n');
  assert.deepEqual(o.headings.map((h) => [h.text, h.level]), [['Guide', 1], ['Testing', 2], ['Deploying', 2]]);
});

test('relative links resolve from the family folder: rewritten, recorded, undone by join', () => {
  const text = [
    '# Guide\n', '\n', 'See [the docs](docs/guide.md).\n', '\n',
    '## Deployment\n', '\n',
    'Read [ops](docs/ops.md#deploy), ![diagram](img/flow.png "Flow"), <a href="../shared/x.md">x</a> and [site](https://example.com/a.md).\n',
    'Also [top](#deployment), [root](/README.md) and `[not a link](docs/code.md)`.\n',
    '[ref]: ./notes/ref.md\n',
    '```md\n', '[in code](docs/code.md)\n', '```\n',
    filler('deploy', 10),
  ].join('');
  const { split, byPath } = roundTrip(text);
  const family = byPath.get('deployment.md')!;
  assert.match(family, /\[ops\]\(\.\.\/docs\/ops\.md#deploy\)/);
  assert.match(family, /!\[diagram\]\(\.\.\/img\/flow\.png "Flow"\)/);
  assert.match(family, /href="\.\.\/\.\.\/shared\/x\.md"/);
  assert.match(family, /\[ref\]: \.\.\/notes\/ref\.md/);
  assert.match(family, /\[site\]\(https:\/\/example\.com\/a\.md\)/);
  assert.match(family, /\[top\]\(#deployment\), \[root\]\(\/README\.md\) and `\[not a link\]\(docs\/code\.md\)`/);
  assert.match(family, /```md\n\[in code\]\(docs\/code\.md\)\n```/);
  assert.match(byPath.get('../AGENTS.md')!, /\[the docs\]\(docs\/guide\.md\)/, 'the index stays where the original was: its links are unchanged');
  assert.deepEqual(split.manifest.rewrites.map((r) => [r.from, r.to]), [
    ['docs/ops.md#deploy', '../docs/ops.md#deploy'],
    ['img/flow.png', '../img/flow.png'],
    ['../shared/x.md', '../../shared/x.md'],
    ['./notes/ref.md', '../notes/ref.md'],
  ]);
});

test('an index written to another folder: its links are rewritten too, and its pointers reach the families', () => {
  const text = `# Guide\n\nSee [the docs](docs/guide.md).\n\n## Deployment\n\nRead [ops](docs/ops.md).\n${filler('deploy', 10)}`;
  const layout = { original: '../AGENTS.md', index: '../out/INDEX.md', family: (n: string) => `${n}.md` };
  const { byPath } = roundTrip(text, { pointer: (n) => `../AGENTS.split/${n}.md` }, layout);
  const index = byPath.get('../out/INDEX.md')!;
  assert.match(index, /See \[the docs\]\(\.\.\/docs\/guide\.md\)\./);
  assert.match(index, /- `\.\.\/AGENTS\.split\/deployment\.md`: before work on: Deployment/);
});

test('families beside the original: links are not touched at all', () => {
  const text = `# Guide\n\nIntro.\n\n## Deployment\n\nRead [ops](docs/ops.md).\n${filler('deploy', 10)}`;
  const { split } = roundTrip(text, {}, { original: 'AGENTS.md', index: 'AGENTS.md', family: (n) => `AGENTS.${n}.md` });
  assert.deepEqual(split.manifest.rewrites, []);
  assert.deepEqual(rewriteLine('[a](b.md)', '.'), { text: '[a](b.md)', edits: [] });
});

test('the verifier catches a changed word, a lost line and a moved pointer block; join refuses them', () => {
  const { split } = roundTrip(doc);
  const texts = split.files.map((f) => f.text);
  const at = (path: string) => split.files.findIndex((f) => f.path === path);
  const changed = texts.map((t, k) => (k === at('deployment.md') ? t.replace('Step 2 for deploy', 'Step 2 for deploys') : t));
  assert.ok(verifySplit(doc, split.manifest, changed).some((p) => /line \d+: deployment\.md does not hold it/.test(p)));
  const short = texts.map((t, k) => (k === at('deployment.md') ? t.split('\n').slice(1).join('\n') : t));
  assert.ok(verifySplit(doc, split.manifest, short).some((p) => /fewer lines/.test(p)));
  const noPointers = texts.map((t, k) => (k === 0 ? t.replace('## Read when needed', '## Read later') : t));
  assert.ok(verifySplit(doc, split.manifest, noPointers).some((p) => /pointer lines/.test(p)));
  assert.throws(() => joinSplit(split.manifest, (p) => noPointers[split.files.findIndex((f) => f.path === p)]!), /pointer lines .*; undo that edit/);
});

test('every line of the original is in exactly one output, in order', () => {
  const { plan, split } = roundTrip(doc);
  const lines = plan.lines;
  const seen = lines.map(() => 0);
  let line = 0;
  for (const [, n] of split.manifest.order) for (let k = 0; k < n; k++) seen[line++]!++;
  assert.deepEqual(seen, lines.map(() => 1));
  for (const [k, f] of plan.families.entries()) {
    const own = lines.filter((_, i) => plan.owner[i] === k).join('');
    assert.equal(f.text, own, `${f.name} holds its lines word for word, in order`);
  }
});

test('words.json: no word twice, and no word both general and generic (a heading could not be both)', () => {
  const stem = (w: string) => (w.length <= 3 ? w : stemmer(w));
  const lists = { general: words.general.words, generic: [...words.function.words, ...words.generic.words], always: words.always.phrases };
  for (const [name, list] of Object.entries(lists)) assert.equal(new Set(list).size, list.length, `${name} has a word twice`);
  const generic = new Set(lists.generic.map(stem));
  assert.deepEqual(lists.general.filter((w) => generic.has(stem(w))), []);
  for (const list of [words.general, words.always, words.generic, words.function]) assert.ok(list.why && list.source, 'each list says why and where from');
});
