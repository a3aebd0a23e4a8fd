import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readTask, sameWord } from '../src/search/query.js';
import { isStopWord, stem, terms, words } from '../src/search/tokenize.js';
import { DOMAIN_WORDS, IMPLIES, LEXICON_FILES, PHRASES } from '../src/vocabulary/index.js';
import { domainWords, mergeImplies, mergePhrases } from '../src/vocabulary/merge.js';
import type { DomainLexicon, LexiconFile } from '../src/vocabulary/types.js';
import { lexiconProblems, type Reader } from '../src/vocabulary/validate.js';

const reader: Reader = { words, stem, isStopWord, terms, written: (task) => readTask(task).written, sameWord };
const S = '61c88e6 2026-11-29';
const lexicon = (domain: string, file: Partial<LexiconFile>): DomainLexicon => ({ domain, file: { about: '', groups: [], implies: [], phrases: [], ...file } });

test('the lexicons have no malformed, duplicate, conflicting or unreachable entry', () => {
  const problems = lexiconProblems(LEXICON_FILES, reader);
  assert.equal(problems.length, 0, `${problems.length} problems in src/vocabulary/lexicon/:\n${problems.join('\n')}`);
});

test('each kind of problem is found, one line each', () => {
  const cases: [string, DomainLexicon[], RegExp][] = [
    ['implies key in two files', [lexicon('a', { implies: [{ word: 'fetch', implies: ['get'], source: S }] }), lexicon('b', { implies: [{ word: 'fetch', implies: ['http'], source: S }] })], /^b\.json: implies "fetch" is defined in a\.json too/],
    ['implies key twice in one file', [lexicon('a', { implies: [{ word: 'fetch', implies: ['get'], source: S }, { word: 'fetch', implies: ['http'], source: S }] })], /^a\.json: implies "fetch" is defined in a\.json too/],
    ['phrase folded two ways', [lexicon('a', { phrases: [{ phrase: 'shut down', word: 'close', source: S }] }), lexicon('b', { phrases: [{ phrase: 'shut down', word: 'shutdown', source: S }] })], /^b\.json: phrase "shut down" → shutdown conflicts with a\.json's → close/],
    ['phrase repeated', [lexicon('a', { phrases: [{ phrase: 'shut down', word: 'close', source: S }] }), lexicon('b', { phrases: [{ phrase: 'shut down', word: 'close', source: S }] })], /^b\.json: phrase "shut down" → close repeats a\.json's/],
    ['phrases that read the same', [lexicon('a', { phrases: [{ phrase: 'pull request', word: 'pr', source: S }, { phrase: 'pull-requests', word: 'pr', source: S }] })], /^a\.json: phrase "pull-requests" → pr reads as a\.json's "pull request"/],
    ['one-word phrase', [lexicon('a', { phrases: [{ phrase: 'e mail', word: 'email', source: S }, { phrase: 'email', word: 'mail', source: S }] })], /phrase "email" → mail: a phrase is two or more lower-case words/],
    ['group repeated', [lexicon('a', { groups: [{ words: ['copy', 'clone'], source: S }] }), lexicon('b', { groups: [{ words: ['clone', 'copy'], source: S }] })], /^b\.json: group \[clone, copy\] repeats a group of a\.json/],
    ['implies key the query reader takes as a value', [lexicon('a', { implies: [{ word: 'localhost', implies: ['local'], source: S }] })], /implies "localhost": no word a user writes reaches it/],
    ['group word never a term', [lexicon('a', { groups: [{ words: ['yes', 'copy'], source: S }] })], /no word a user writes reaches "yes", and no tool text is indexed by it/],
    ['not a token', [lexicon('a', { groups: [{ words: ['Copy', 'clone'], source: S }] })], /has "Copy", not one lower-case word/],
    ['no source', [lexicon('a', { implies: [{ word: 'fetch', implies: ['get'], source: '' }] })], /implies "fetch" has source ""/],
  ];
  for (const [name, lexicons, expected] of cases) {
    const problems = lexiconProblems(lexicons, reader);
    assert.equal(problems.length, 1, `${name}: ${problems.join(' | ')}`);
    assert.match(problems[0]!, expected, name);
    assert.ok(!problems[0]!.includes('\n'), name);
  }
});

test('a key reached only through a form of it is not unreachable: "things" reaches "thing", "ones" beside "on" reaches it', () => {
  const lexicons = [lexicon('a', { groups: [{ words: ['entity', 'thing'], source: S }, { words: ['enable', 'on'], source: S }], implies: [{ word: '12pm', implies: ['noon'], source: S }] })];
  assert.deepEqual(lexiconProblems(lexicons, reader), ['a.json: implies "12pm": no word a user writes reaches it (the query reader takes it as a value, or drops it)']);
});

test('merging: implies keys are a union in the order first seen, a phrase keeps the first file\'s word', () => {
  const a = lexicon('a', { implies: [{ word: 'fetch', implies: ['get', 'http'], source: S }], phrases: [{ phrase: 'shut down', word: 'close', source: S }] });
  const b = lexicon('b', { implies: [{ word: 'fetch', implies: ['http', 'url'], source: S }], phrases: [{ phrase: 'shut down', word: 'shutdown', source: S }] });
  assert.deepEqual([...mergeImplies([a, b])], [['fetch', ['get', 'http', 'url']]]);
  assert.deepEqual(mergePhrases([a, b]), { 'shut down': 'close' });
  assert.deepEqual([...domainWords([a, b])].sort(), ['close', 'fetch', 'get', 'http', 'shutdown', 'url']);
});

test('the merged vocabulary is what search and TTC read', () => {
  assert.deepEqual(IMPLIES.get('curl'), ['fetch', 'http', 'request', 'url', 'download', 'api']);
  assert.equal(PHRASES['pull request'], 'pr');
  assert.ok(DOMAIN_WORDS.has('permissions') && DOMAIN_WORDS.has('pdf'));
  assert.deepEqual(terms('open the pull requests'), ['open', 'pr', 'pull', 'request']);
});
