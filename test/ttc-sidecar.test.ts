import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { isSlimError } from '../src/errors.js';
import { checkSidecarTools, parseSidecar } from '../src/ttc/index.js';

const FILE = 'ttc.json';

function rejects(text: string, message: RegExp): void {
  assert.throws(
    () => parseSidecar(text, FILE),
    (e: unknown) => {
      assert.ok(isSlimError(e), String(e));
      assert.equal(e.code, 'config');
      assert.match(e.message, message);
      assert.ok(e.message.startsWith(`${FILE}: `), e.message);
      assert.doesNotMatch(e.message, /\n/);
      return true;
    },
  );
}

test('a valid sidecar parses; err may be a list or one "a | b" string', () => {
  const sidecar = parseSidecar(
    JSON.stringify({
      $schema: './schemas/ttc-sidecar.schema.json',
      tools: {
        gmail_send_email: { purpose: 'send email via Gmail', when: 'user wants to send or compose an email', err: 'auth_failed | quota_exceeded', tags: ['gmail', 'email'] },
        other: { err: ['not_found'], when: 'WHEN: user needs to find a thing' },
        bare: {},
      },
    }),
    FILE,
  );
  assert.deepEqual(sidecar.tools.gmail_send_email, {
    purpose: 'send email via Gmail',
    when: 'user wants to send or compose an email',
    err: ['auth_failed', 'quota_exceeded'],
    tags: ['gmail', 'email'],
  });
  assert.deepEqual(sidecar.tools.other, { err: ['not_found'], when: 'user needs to find a thing' });
  assert.deepEqual(sidecar.tools.bare, {});
  assert.equal(sidecar.$schema, './schemas/ttc-sidecar.schema.json');
});

test('bad sidecars fail with one line naming the file and the field', () => {
  rejects('{', /^ttc\.json: not valid JSON/);
  rejects('[]', /^ttc\.json: expected a JSON object/);
  rejects('{}', /^ttc\.json: tools: expected an object/);
  rejects('{"tool": {}}', /^ttc\.json: tool: unknown key \(did you mean "tools"\?\)/);
  rejects('{"tools": {"t": {"purpse": "x"}}}', /tools\.t\.purpse: unknown key \(did you mean "purpose"\?\)/);
  rejects('{"tools": {"t": {"tag": ["x"]}}}', /tools\.t\.tag: unknown key \(did you mean "tags"\?\)/);
  rejects('{"tools": {"t": {"zzzzzzzz": 1}}}', /tools\.t\.zzzzzzzz: unknown key \(allowed: purpose, when, err, tags\)/);
  rejects('{"tools": {"t": {"tags": "x"}}}', /tools\.t\.tags: expected an array of strings/);
  rejects('{"tools": {"t": {"tags": ["x", 3]}}}', /tools\.t\.tags\[1\]: expected a non-empty string/);
  rejects('{"tools": {"t": {"purpose": ""}}}', /tools\.t\.purpose: expected a non-empty string/);
  rejects('{"tools": {"t": 5}}', /tools\.t: expected an object/);
  rejects('{"$schema": 1, "tools": {}}', /\$schema: expected a string/);
});

test('the JSON Schema for ttc.json names the same keys the parser accepts', () => {
  const schema = JSON.parse(readFileSync(new URL('../schemas/ttc-sidecar.schema.json', import.meta.url), 'utf8'));
  assert.deepEqual(Object.keys(schema.properties).sort(), ['$schema', 'tools']);
  assert.equal(schema.additionalProperties, false);
  const entry = schema.$defs.entry;
  assert.deepEqual(Object.keys(entry.properties).sort(), ['err', 'purpose', 'tags', 'when']);
  assert.equal(entry.additionalProperties, false);
  assert.match('user wants to send an email', new RegExp(entry.properties.when.pattern));
  assert.doesNotMatch('send email', new RegExp(entry.properties.when.pattern));
});

test('a sidecar entry for a tool the server does not list is an error, with the nearest name', () => {
  const sidecar = parseSidecar('{"tools": {"gmail_send_emial": {"tags": ["x"]}}}', FILE);
  assert.throws(
    () => checkSidecarTools(sidecar, ['gmail_send_email', 'gmail_list'], FILE),
    /^SlimError: ttc\.json: tools\.gmail_send_emial: no tool of that name \(did you mean "gmail_send_email"\?\)$/,
  );
  assert.doesNotThrow(() => checkSidecarTools(sidecar, ['gmail_send_emial'], FILE));
});

test('a sidecar WHEN outside the vocabulary is kept as written (lint reports it)', () => {
  const sidecar = parseSidecar('{"tools": {"t": {"when": "send email"}}}', 'ttc.json');
  assert.equal(sidecar.tools.t!.when, 'send email');
});
