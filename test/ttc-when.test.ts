import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deriveWhen, validateWhen } from '../src/ttc/index.js';

test("seeds/002's conforming WHEN examples pass", () => {
  for (const line of [
    'WHEN: user wants to send an email message',
    'WHEN: user requests to list files in Google Drive',
    'WHEN: user needs to create a calendar event',
    'WHEN: user wants to send or compose an email',
  ]) {
    assert.deepEqual(validateWhen(line), { ok: true }, line);
  }
});

test("seeds/002's non-conforming WHEN examples fail, with the reason", () => {
  const sendEmail = validateWhen('WHEN: send email');
  assert.equal(sendEmail.ok, false);
  assert.match(!sendEmail.ok ? sendEmail.reason : '', /must start with "user wants\|requests\|asks\|needs\|intends to"/);
  const userEmail = validateWhen('WHEN: user email');
  assert.equal(userEmail.ok, false);
  assert.match(!userEmail.ok ? userEmail.reason : '', /"user" must be followed by an intent verb .* found "email"/);
});

test('every intent verb, with or without the WHEN prefix', () => {
  for (const intent of ['wants', 'requests', 'asks', 'needs', 'intends']) {
    assert.deepEqual(validateWhen(`user ${intent} to read a file`), { ok: true });
    assert.deepEqual(validateWhen(`WHEN user ${intent} to read a file`), { ok: true });
  }
});

test('more non-conforming lines and what each lacks', () => {
  const cases: [string, RegExp][] = [
    ['', /must start with "user/],
    ['User wants to send email', /must start with "user/],
    ['user would like to send email', /intent verb .* found "would"/],
    ['user wants', /intent verb|must be followed by "to"/],
    ['user wants send email', /must be followed by "to"/],
    ['user wants to', /missing the action verb/],
    ['user wants to send', /missing the object after "send"/],
    ['user wants to send or compose', /missing the object/],
    ['user wants to the email', /"the" is not an action verb/],
    ['user wants to Send email', /"Send" is not an action verb/],
    ['user wants to send the', /missing the object/],
    ['WHEN:user wants to send email', /must start with "user/],
  ];
  for (const [line, reason] of cases) {
    const check = validateWhen(line);
    assert.equal(check.ok, false, line);
    assert.match(check.ok ? '' : check.reason, reason, line);
    assert.doesNotMatch(check.ok ? '' : check.reason, /\n/);
  }
});

test('derived WHEN: the opening verb of the description, else the verb in the tool name', () => {
  const cases: [string, string, string][] = [
    ['gmail_send_email', 'Sends an email message via the Gmail API', 'user wants to send an email message'],
    ['create_or_update_file', 'Create or update a single file in a GitHub repository', 'user wants to create or update a single file'],
    ['browser_tabs', 'List, create, close, or select a browser tab', 'user wants to list or create or close or select a browser tab'],
    ['get-sum', 'Returns the sum of two numbers', 'user wants to get the sum of two numbers'],
    ['new_page', 'Open a new tab and load a URL', 'user wants to open a new tab'],
    ['handle_dialog', 'If a browser dialog was opened, use this command to handle it', 'user wants to handle dialog'],
    ['validate_workflow', 'Full workflow validation: structure', 'user wants to validate workflow'],
    ['sequentialthinking', 'A detailed tool for dynamic and reflective problem-solving', 'user wants to use sequentialthinking'],
    ['echo', 'Echoes', 'user wants to echo something'],
    ['', '', 'user wants to use this tool'],
  ];
  for (const [name, purpose, when] of cases) {
    assert.equal(deriveWhen(name, purpose), when, name);
    assert.deepEqual(validateWhen(when), { ok: true }, when);
  }
});
