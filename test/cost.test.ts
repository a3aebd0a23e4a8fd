import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get_encoding } from 'tiktoken';
import { sharedCatalog } from '../bench/_catalogs.js';
import { splitBytes } from '../src/cost/byte-split.js';
import { measureCatalog, measureTool } from '../src/cost/measure.js';
import { modelView } from '../src/cost/model-view.js';
import { newCatalog } from '../src/catalog/catalog-file.js';

const pooled = sharedCatalog();

test('the saved real catalogs hold 19 servers and 240 tools', () => {
  assert.equal(pooled.servers.length, 19);
  assert.equal(pooled.servers.reduce((n, s) => n + s.tools.length, 0), 240);
});

test('wire bytes are Buffer.byteLength(JSON.stringify(tool)), 226,116 over the real catalogs', () => {
  const report = measureCatalog(pooled);
  for (const server of pooled.servers) {
    for (const tool of server.tools) {
      const cost = report.tools.find((t) => t.server === server.name && t.name === tool.name)!;
      assert.equal(cost.wire.bytes, Buffer.byteLength(JSON.stringify(tool)));
    }
  }
  assert.equal(report.total.wire.bytes, 226116);
});

test('token counts equal a reference BPE tokenizer (tiktoken, WASM) to the token', () => {
  const o200k = get_encoding('o200k_base');
  const cl100k = get_encoding('cl100k_base');
  try {
    for (const server of pooled.servers) {
      for (const tool of server.tools) {
        const cost = measureTool(server.name, tool);
        const wire = JSON.stringify(tool);
        const view = JSON.stringify(modelView(tool));
        assert.equal(cost.wire.tokens.o200k_base, o200k.encode_ordinary(wire).length, `${server.name}/${tool.name} o200k`);
        assert.equal(cost.wire.tokens.cl100k_base, cl100k.encode_ordinary(wire).length, `${server.name}/${tool.name} cl100k`);
        assert.equal(cost.modelView.tokens.o200k_base, o200k.encode_ordinary(view).length, `${server.name}/${tool.name} view`);
      }
    }
  } finally {
    o200k.free();
    cl100k.free();
  }
});

test('text that looks like a special token is counted as ordinary text, not rejected', () => {
  const cost = measureTool('s', { name: 't', description: 'ends with <|endoftext|>' });
  assert.ok(cost.wire.tokens.o200k_base > 5);
});

test('the byte split adds up exactly to the wire bytes of every real tool', () => {
  for (const server of pooled.servers) {
    for (const tool of server.tools) {
      const s = splitBytes(tool);
      const sum = s.description + s.parameterDescriptions + s.schemaStructure + s.outputSchema + s.other;
      assert.equal(sum, Buffer.byteLength(JSON.stringify(tool)), `${server.name}/${tool.name}`);
      assert.ok(Object.values(s).every((v) => v >= 0), `${server.name}/${tool.name} has a negative part`);
    }
  }
});

test('a property named "description" is structure, its description text is a parameter description', () => {
  const tool = {
    name: 't',
    inputSchema: { type: 'object', properties: { description: { type: 'string', description: 'Text.' } } },
  };
  const s = splitBytes(tool);
  assert.equal(s.parameterDescriptions, Buffer.byteLength(',"description":"Text."'));
  assert.equal(s.description, 0);
});

test('the estimate is bytes/4 rounded up and is never the token count field', () => {
  const cost = measureTool('s', { name: 'abc', description: 'x'.repeat(101) });
  assert.equal(cost.wire.estimatedTokens, Math.ceil(cost.wire.bytes / 4));
});

test('model view is {name, description, input_schema} and drops title, annotations, outputSchema', () => {
  const view = modelView({ name: 'n', title: 'T', description: 'd', inputSchema: { type: 'object' }, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
  assert.deepEqual(view, { name: 'n', description: 'd', input_schema: { type: 'object' } });
});

test('descriptions over 4,096 characters are flagged, at 4,096 they are not', () => {
  const report = measureCatalog(
    newCatalog([
      {
        name: 's',
        origin: { transport: 'stdio', command: 'x', args: [], source: { kind: 'cli' } },
        tools: [
          { name: 'at_limit', description: 'a'.repeat(4096) },
          { name: 'over', description: 'a'.repeat(4097) },
        ],
        instructions: 'Read me first.',
      },
    ]),
  );
  assert.deepEqual(report.overLimit, ['s/over']);
  assert.ok(report.total.instructions.tokens.o200k_base > 0, 'instructions are counted apart');
  assert.equal(report.total.modelView.bytes, report.tools.reduce((n, t) => n + t.modelView.bytes, 0));
});
