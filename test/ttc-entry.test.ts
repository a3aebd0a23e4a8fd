import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RawTool } from '../src/catalog/types.js';
import { parseTTC, parseTTCEntry, renderCatalogTTC, renderTTC, toTTC } from '../src/ttc/index.js';

const MAIL: RawTool = {
  name: 'send_mail',
  description: 'Sends an email. Long usage notes follow.',
  inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
};

test('OUT comes from outputSchema and is left out when there is none, or it names no field', () => {
  const out = toTTC({ name: 't', inputSchema: {}, outputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } });
  assert.match(renderTTC(out), /^OUT id:string$/m);
  assert.doesNotMatch(renderTTC(toTTC({ name: 't', inputSchema: {} })), /^OUT/m);
  assert.doesNotMatch(renderTTC(toTTC({ name: 't', inputSchema: {}, outputSchema: { type: 'object' } })), /^OUT/m);
});

test('PURPOSE: first sentence, markup and abbreviations handled, name words when there is no description', () => {
  const purpose = (description: string): string => toTTC({ name: 'get_thing', description }).purpose;
  assert.equal(purpose('\n   **Read** files, e.g. logs.\nMore text.'), 'Read files, e.g. logs');
  assert.equal(purpose('List items including:\n- a\n- b'), 'List items');
  assert.equal(purpose('This tool fetches a URL. Then more.'), 'fetches a URL');
  assert.equal(toTTC({ name: 'get_thing' }).purpose, 'get thing');
  // A section label is not the what: the text after it is.
  assert.equal(purpose('\n    🎯 Purpose:\n      1. Retrieves a list of objects.\n\n    📦 Returns:\n      1. Objects.'), 'Retrieves a list of objects');
  assert.equal(purpose('🎯 Purpose\n 1. Authenticates the token.'), 'Authenticates the token');
  assert.equal(purpose('Notion | Retrieve a user\nError Responses:\n400: 400'), 'Notion | Retrieve a user');
  assert.equal(purpose('List issues:\n- open\n- closed'), 'List issues', 'an action is not a label');
  assert.equal(purpose('Retrieves issues from the\nGitHub repo'), 'Retrieves issues from the GitHub repo', 'a wrapped line is not a label');
});

test('a sidecar entry overrides PURPOSE, WHEN and TAGS; whitespace in it is folded to one line', () => {
  const entry = toTTC(MAIL, { purpose: 'send email\nvia Gmail', when: 'user needs to mail someone', tags: ['mail'] });
  assert.equal(entry.purpose, 'send email via Gmail');
  assert.equal(entry.when, 'user needs to mail someone');
  assert.deepEqual(entry.tags, ['mail']);
  assert.equal(entry.err, undefined);
});

test('a catalog renders as entries separated by one blank line and parses back to the same entries', () => {
  const entries = [toTTC(MAIL), toTTC({ name: 'x y', description: 'Odd name.', inputSchema: { properties: { 'a,b': { enum: ['|', ''] } } } })];
  const text = renderCatalogTTC(entries);
  assert.equal(text, renderTTC(entries));
  assert.match(text, /\n\nTOOL "x y"\n/);
  assert.match(text, /^IN "a,b"\?:"\|"\|""$/m);
  assert.deepEqual(parseTTC(text), entries);
  assert.deepEqual(parseTTCEntry(renderTTC(entries[1]!)), entries[1]);
});
