/** The verifier (seeds/000's first pass): each change in meaning named with its JSON path, and what is no change. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonObject, RawTool } from '../src/catalog/types.js';
import { verifyTool } from '../src/slim/verify.js';

const base: RawTool = {
  name: 'search',
  description: 'Search things.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, pattern: '^\\S' },
      mode: { type: 'string', enum: ['fast', 'deep'], default: 'fast' },
      limit: { type: 'integer', minimum: 1, maximum: 50 },
      filter: { type: 'object', properties: { tag: { type: 'string', format: 'uri' } }, required: ['tag'] },
    },
    required: ['query'],
    additionalProperties: false,
  },
};

function mutate(edit: (s: JsonObject) => void, tool: RawTool = base): RawTool {
  const copy = structuredClone(tool);
  edit(copy.inputSchema as JsonObject);
  return copy;
}
const props = (s: JsonObject) => s.properties as Record<string, JsonObject>;

describe('the verifier names each change in meaning with its JSON path', () => {
  const cases: { name: string; after: RawTool; path: string; message: RegExp }[] = [
    { name: 'a property removed', after: mutate((s) => delete props(s).limit), path: 'inputSchema.properties.limit', message: /property "limit" was removed/ },
    { name: 'a nested property removed', after: mutate((s) => delete (props(s).filter!.properties as JsonObject).tag), path: 'inputSchema.properties.filter.properties.tag', message: /property "tag" was removed/ },
    { name: 'an enum value removed', after: mutate((s) => (props(s).mode!.enum = ['fast'])), path: 'inputSchema.properties.mode.enum', message: /enum value "deep" was removed/ },
    { name: 'a required list changed', after: mutate((s) => (s.required = [])), path: 'inputSchema.required', message: /required list changed/ },
    { name: 'a nested required changed', after: mutate((s) => delete props(s).filter!.required), path: 'inputSchema.properties.filter.required', message: /required list changed/ },
    { name: 'a type changed', after: mutate((s) => (props(s).limit!.type = 'number')), path: 'inputSchema.properties.limit.type', message: /"type" changed from "integer" to "number"/ },
    { name: 'a format removed', after: mutate((s) => delete (props(s).filter!.properties as Record<string, JsonObject>).tag!.format), path: 'inputSchema.properties.filter.properties.tag.format', message: /"format" changed/ },
    { name: 'a bound changed', after: mutate((s) => (props(s).limit!.maximum = 100)), path: 'inputSchema.properties.limit.maximum', message: /"maximum" changed from 50 to 100/ },
    { name: 'a pattern removed', after: mutate((s) => delete props(s).query!.pattern), path: 'inputSchema.properties.query.pattern', message: /"pattern" changed/ },
    { name: 'a default changed', after: mutate((s) => (props(s).mode!.default = 'deep')), path: 'inputSchema.properties.mode.default', message: /"default" changed from "fast" to "deep"/ },
    { name: 'additionalProperties:false dropped without the policy allowing it', after: mutate((s) => delete s.additionalProperties), path: 'inputSchema.additionalProperties', message: /was removed \(was false\)/ },
    { name: 'the name changed', after: { ...base, name: 'find' }, path: 'name', message: /name changed/ },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const found = verifyTool(base, c.after);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0]!.path, c.path);
      assert.match(found[0]!.message, c.message);
    });
  }

  test('descriptions, titles, $schema, examples, inlined $refs and repeated anyOf branches are not violations', () => {
    const before: RawTool = {
      name: 't',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        $defs: { id: { type: 'string', description: 'An id.' } },
        properties: { a: { $ref: '#/$defs/id', title: 'A' }, b: { anyOf: [{ type: 'string' }, { type: 'string' }, { type: 'null' }], examples: ['x'] } },
      },
    };
    const after: RawTool = { name: 't', description: 'new', inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { anyOf: [{ type: 'string' }, { type: 'null' }] } } } };
    assert.deepEqual(verifyTool(before, after), []);
  });

  // Each of these once normalized to the same form before and after, so the change went unreported.
  const object = (properties: JsonObject, rest: JsonObject = {}): JsonObject => ({ type: 'object', properties, ...rest });
  const recursive: JsonObject = { type: 'array', items: { $ref: '#/$defs/A' } };
  const refCases: { name: string; before: JsonObject; after: JsonObject; path: string; message: RegExp }[] = [
    {
      name: "a $ref with sibling keywords: a change to its target is seen, not hidden by a sibling's",
      before: object({ n: { $ref: '#/$defs/N', maximum: 100 } }, { $defs: { N: { type: 'integer', maximum: 5 } } }),
      after: object({ n: { $ref: '#/$defs/N', maximum: 100 } }, { $defs: { N: { type: 'integer' } } }),
      path: 'inputSchema.properties.n.allOf[0].maximum',
      message: /"maximum" was removed \(was 5\)/,
    },
    {
      name: 'a property named "default" is a schema, not data: its $ref is inlined and compared',
      before: object({ default: { $ref: '#/$defs/Mode' } }, { $defs: { Mode: { enum: ['safe', 'fast', 'destroy-all'] } } }),
      after: object({ default: { $ref: '#/$defs/Mode' } }, { $defs: { Mode: { enum: ['safe', 'fast'] } } }),
      path: 'inputSchema.properties.default.enum',
      message: /enum value "destroy-all" was removed/,
    },
    {
      name: 'a property named "enum" is reported as a property, not as enum values',
      before: object({ enum: { $ref: '#/$defs/E' } }, { $defs: { E: { type: 'string', maxLength: 3 } } }),
      after: object({ enum: { $ref: '#/$defs/E' } }, { $defs: { E: { type: 'string' } } }),
      path: 'inputSchema.properties.enum.maxLength',
      message: /"maxLength" was removed \(was 3\)/,
    },
    {
      name: 'a $ref to an anchor (not a local pointer) keeps the $defs it needs in the comparison',
      before: object({ x: { $ref: '#mode' } }, { $defs: { M: { $anchor: 'mode', enum: ['a', 'b'] } } }),
      after: object({ x: { $ref: '#mode' } }, { $defs: { M: { $anchor: 'mode', enum: ['a'] } } }),
      path: 'inputSchema.$defs.M.enum',
      message: /enum value "b" was removed/,
    },
    {
      name: 'a recursive definition stays compared: inlining it once and deleting it leaves a dangling $ref',
      before: object({ x: { $ref: '#/$defs/A' } }, { $defs: { A: recursive } }),
      after: object({ x: recursive }),
      path: 'inputSchema.$defs',
      message: /"\$defs" was removed/,
    },
    {
      name: '$id is compared: a relative $ref resolves through it',
      before: object({ x: { $ref: 'mode.json' } }, { $defs: { M: { $id: 'mode.json', enum: ['a'] } } }),
      after: object({ x: { $ref: 'mode.json' } }, { $defs: { M: { enum: ['a'] } } }),
      path: 'inputSchema.$defs.M.$id',
      message: /"\$id" was removed \(was "mode.json"\)/,
    },
    {
      name: '$anchor is compared: a $ref resolves through it',
      before: object({ x: { $ref: '#mode' } }, { $defs: { M: { $anchor: 'mode', type: 'string' } } }),
      after: object({ x: { $ref: '#mode' } }, { $defs: { M: { $anchor: 'other', type: 'string' } } }),
      path: 'inputSchema.$defs.M.$anchor',
      message: /"\$anchor" changed from "mode" to "other"/,
    },
  ];
  for (const c of refCases) {
    test(c.name, () => {
      const found = verifyTool({ name: 't', inputSchema: c.before }, { name: 't', inputSchema: c.after });
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0]!.path, c.path);
      assert.match(found[0]!.message, c.message);
    });
  }

  test('what slimming does around $refs is not a violation: annotation-only siblings, inlined or unused definitions beside a recursive one', () => {
    const node: JsonObject = { type: 'object', properties: { name: { type: 'string', description: 'Node name.' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } };
    const point: JsonObject = { type: 'object', properties: { x: { type: 'number' } } };
    const pairs: [JsonObject, JsonObject][] = [
      [object({ a: { $ref: '#/$defs/id', description: 'An id.', title: 'A' } }, { $defs: { id: { type: 'string' } } }), object({ a: { type: 'string' } })],
      [object({ a: { $ref: '#/$defs/id', description: 'An id.' } }, { $defs: { id: { type: 'string' } } }), object({ a: { $ref: '#/$defs/id' } }, { $defs: { id: { type: 'string' } } })],
      [
        object({ root: { $ref: '#/$defs/Node' }, at: { $ref: '#/$defs/Point' } }, { $defs: { Node: node, Point: point, Unused: { type: 'string' } } }),
        object({ root: { $ref: '#/$defs/Node' }, at: point }, { $defs: { Node: { ...node, properties: { ...(node.properties as JsonObject), name: { type: 'string' } } } } }),
      ],
      [
        { $schema: 'http://json-schema.org/draft-07/schema#', $ref: '#/definitions/Args', definitions: { Args: object({ q: { type: 'string', description: 'Query.' } }) } },
        object({ q: { type: 'string' } }),
      ],
      [object({ x: { $ref: '#mode' } }, { $defs: { M: { $anchor: 'mode', type: 'string' }, Unused: { type: 'number' } } }), object({ x: { $ref: '#mode' } }, { $defs: { M: { $anchor: 'mode', type: 'string' } } })],
    ];
    for (const [before, after] of pairs) assert.deepEqual(verifyTool({ name: 't', inputSchema: before }, { name: 't', inputSchema: after }), [], JSON.stringify(before));
  });

  test('repeated oneOf branches are kept: merging them would change what validates', () => {
    const before: RawTool = { name: 't', inputSchema: { type: 'object', properties: { x: { oneOf: [{ type: 'string' }, { type: 'string' }] } } } };
    const after: RawTool = { name: 't', inputSchema: { type: 'object', properties: { x: { oneOf: [{ type: 'string' }] } } } };
    assert.equal(verifyTool(before, after).length, 1);
  });
});
