import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonObject, RawTool } from '../src/catalog/types.js';
import { parseTTC, renderTTC, toTTC, ttcInToJsonSchema } from '../src/ttc/index.js';

/** seeds/002's example, as the article prints it (Anthropic's `input_schema` spelling). */
const GMAIL: RawTool = {
  name: 'gmail_send_email',
  description:
    'Sends an email message via the Gmail API to one or more recipients. Use this tool when the user explicitly requests to send, compose and send, or deliver an email message to someone.',
  input_schema: {
    type: 'object',
    required: ['to', 'subject', 'body'],
    properties: {
      to: { type: 'string', description: 'The recipient email address or comma-separated list' },
      subject: { type: 'string', description: 'The subject line of the email' },
      body: { type: 'string', description: 'The body content of the email in plain text or HTML' },
    },
  },
};

test('the seed example: first sentence as PURPOSE, sidecar ERR and TAGS, derived WHEN', () => {
  const entry = toTTC(GMAIL, { err: ['auth_failed', 'quota_exceeded', 'invalid_recipient'], tags: ['gmail', 'email', 'communication'] });
  assert.equal(
    renderTTC(entry),
    [
      'TOOL gmail_send_email',
      'PURPOSE Sends an email message via the Gmail API to one or more recipients',
      'IN to:string, subject:string, body:string',
      'ERR auth_failed|quota_exceeded|invalid_recipient',
      'WHEN user wants to send an email message',
      'TAGS gmail,email,communication',
    ].join('\n'),
  );
});

/** Every schema feature TTC carries, once. */
const KITCHEN_SINK: JsonObject = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'dropped' },
    mode: { type: 'string', enum: ['a b', 'string', '1', 'ok'], default: 'ok' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    ratio: { type: 'number', exclusiveMinimum: 0 },
    width: { type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    url: { type: 'string', format: 'uri' },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    opts: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] },
    anything: {},
    either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    pick: {
      oneOf: [
        { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] },
        { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      ],
    },
    node: { $ref: '#/$defs/Node' },
    map: { type: 'object', additionalProperties: { type: 'integer' } },
    maybe: { type: 'string', nullable: true },
    kind: { const: 'insert' },
    'weird name': { type: 'boolean', default: false },
    level: { enum: [1, 2, true] },
    list: { type: 'array', items: { type: 'string' }, default: [] },
  },
  required: ['path', 'ghost'],
  $defs: {
    Node: {
      type: 'object',
      properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
      required: ['value'],
    },
  },
};

const SINK_IN =
  'IN path:string, mode?:"a b"|"string"|"1"|ok=ok, limit?:integer(1..100)=10, ratio?:number(>0), width?:integer(>0), ' +
  'url?:string<uri>, tags?:string[](1..), opts?:{a:string, b?:number}, anything?:any, either?:string|number, ' +
  'pick?:{x:string}|(string|null)[], node?:{value:string, children?:object[]}, map?:{*:integer}, maybe?:string|null, ' +
  'kind?:insert, "weird name"?:boolean=false, level?:1|2|true, list?:string[]=[], ghost:any';

test('IN carries names, optionality, values, defaults, bounds, formats, nesting, unions and refs', () => {
  const text = renderTTC(toTTC({ name: 'sink', description: 'Test every feature.', inputSchema: KITCHEN_SINK }));
  assert.equal(text.split('\n')[2], SINK_IN);
  assert.equal(renderTTC(parseTTC(text)), text);
});

test('IN back to JSON Schema: structure, required, enums, defaults, bounds and unions', () => {
  const schema = ttcInToJsonSchema(SINK_IN.slice(3));
  const p = schema.properties as JsonObject;
  assert.deepEqual(schema.required, ['path', 'ghost']);
  assert.deepEqual(p.mode, { enum: ['a b', 'string', '1', 'ok'], type: 'string', default: 'ok' });
  assert.deepEqual(p.limit, { type: 'integer', minimum: 1, maximum: 100, default: 10 });
  assert.deepEqual(p.ratio, { type: 'number', exclusiveMinimum: 0 });
  assert.deepEqual(p.url, { type: 'string', format: 'uri' });
  assert.deepEqual(p.tags, { type: 'array', items: { type: 'string' }, minItems: 1 });
  assert.deepEqual(p.opts, { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] });
  assert.deepEqual(p.either, { type: ['string', 'number'] });
  assert.deepEqual(p.pick, {
    anyOf: [
      { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] },
      { type: 'array', items: { type: ['string', 'null'] } },
    ],
  });
  assert.deepEqual(p.map, { type: 'object', additionalProperties: { type: 'integer' } });
  assert.deepEqual(p.level, { enum: [1, 2, true] });
  assert.deepEqual(p['weird name'], { type: 'boolean', default: false });
  assert.deepEqual(p.ghost, {});
  assert.deepEqual(ttcInToJsonSchema('-'), { type: 'object', properties: {} });
});

test('allOf merges, `definitions` and escaped pointers resolve, draft-04 exclusive bounds, tuples', () => {
  const entry = toTTC({
    name: 't',
    inputSchema: {
      allOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { $ref: '#/definitions/x~1y' } } }],
      definitions: { 'x/y': { type: 'number', minimum: 0, exclusiveMinimum: true } },
    },
  });
  assert.equal(renderTTC(entry).split('\n')[2], 'IN a:string, b?:number(>0)');
  const tuple = toTTC({ name: 't', inputSchema: { properties: { p: { type: 'array', items: [{ type: 'number' }, { type: 'string' }] } } } });
  assert.equal(renderTTC(tuple).split('\n')[2], 'IN p?:(number|string)[]');
});

test('a root anyOf of objects becomes one list, required only where every branch requires it', () => {
  const schema: JsonObject = { anyOf: [{ properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a', 'b'] }, { properties: { a: { type: 'string' } }, required: ['a'] }] };
  assert.equal(renderTTC(toTTC({ name: 't', inputSchema: schema })).split('\n')[2], 'IN a:string, b?:number');
});

test('a self-referencing schema stops at the first repeat instead of recursing forever', () => {
  const inputSchema = { properties: { x: { $ref: '#/$defs/A' } }, $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } };
  assert.equal(renderTTC(toTTC({ name: 't', inputSchema })).split('\n')[2], 'IN x?:object');
  const unknown = { properties: { y: { $ref: 'https://example.com/s.json' } } };
  assert.equal(renderTTC(toTTC({ name: 't', inputSchema: unknown })).split('\n')[2], 'IN y?:any');
});

test('a schema nested deeper than 64 levels is cut to any there, and still parses back', () => {
  let schema: JsonObject = { type: 'string' };
  for (let i = 0; i < 100; i++) schema = { type: 'object', properties: { a: schema }, required: ['a'] };
  const text = renderTTC(toTTC({ name: 't', inputSchema: schema }));
  assert.match(text, /^IN (a:\{){64}a:any\}/m);
  assert.equal(renderTTC(parseTTC(text)), text);
});

test('empty, missing or non-object schemas give IN -', () => {
  for (const inputSchema of [undefined, {}, { $schema: 'http://json-schema.org/draft-07/schema#' }, { type: 'string' }, 'x']) {
    const tool = (inputSchema === undefined ? { name: 't' } : { name: 't', inputSchema }) as RawTool;
    assert.match(renderTTC(toTTC(tool)), /^IN -$/m);
  }
});
