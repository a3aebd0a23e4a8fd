import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseCatalog } from '../src/catalog/catalog-file.js';

const read = (data: unknown, file = 'corpus.json') => parseCatalog(JSON.stringify(data), file);
const servers = (data: unknown) => read(data).servers.map((s) => [s.name, s.tools.map((t) => t.name)]);
const fail = (data: unknown) => {
  try {
    read(data);
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('expected an error');
};

describe('tool lists in other shapes (tool-shapes.ts)', () => {
  test('an MCP tools/list result is taken exactly as it came, unknown keys and all', () => {
    const tool = { name: 'go', description: 'Go.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, 'x-vendor': 1 };
    assert.deepEqual(read({ tools: [tool] }).servers[0]!.tools[0], tool);
    assert.deepEqual(read([tool]).servers[0]!.tools[0], tool, 'a bare array too');
    assert.deepEqual(read({ tools: [{ name: 'bare' }] }).servers[0]!.tools[0], { name: 'bare' }, 'a tool without a schema is not given one');
  });

  test("Anthropic's input_schema, OpenAI's function tools and corpus keys (tool, tool_name, schema, parameters) become MCP keys", () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    const [anthropic, openai, corpus, other] = read([
      { name: 'a', description: 'A.', input_schema: schema },
      { type: 'function', function: { name: 'b', description: 'B.', parameters: schema } },
      { tool_id: 'x:c', tool: 'c', description: 'C.', schema, annotations: { title: 'C' } },
      { tool_name: 'd', parameters: schema },
    ]).servers[0]!.tools;
    assert.deepEqual(anthropic, { name: 'a', description: 'A.', inputSchema: schema });
    assert.deepEqual(openai, { name: 'b', description: 'B.', inputSchema: schema });
    assert.deepEqual(corpus, { name: 'c', description: 'C.', inputSchema: schema, annotations: { title: 'C' } }, 'tool_id is the name said again; annotations stay');
    assert.deepEqual(other, { name: 'd', inputSchema: schema });
  });

  test('tools that name their server are listed under it, in order of first appearance; the rest under the file name', () => {
    assert.deepEqual(
      servers({ tools: [{ server: 'fs', tool: 'read' }, { server: 'git', tool: 'log' }, { server: 'fs', name: 'write', inputSchema: {} }, { name: 'loose' }] }),
      [['fs', ['read', 'write']], ['git', ['log']], ['corpus', ['loose']]],
    );
    assert.equal('server' in read([{ server: 'fs', name: 'write', inputSchema: {} }]).servers[0]!.tools[0]!, false, 'the server key is where it is listed, not a tool key');
  });

  test('a map of tool name → description (MetaTool) is one server of schemaless tools', () => {
    const catalog = parseCatalog(JSON.stringify({ weather: 'Get the forecast.', news: 'Read the news.' }), 'plugin_des.json');
    assert.deepEqual(catalog.servers.map((s) => s.name), ['plugin_des']);
    assert.deepEqual(catalog.servers[0]!.tools, [
      { name: 'weather', description: 'Get the forecast.', inputSchema: { type: 'object' } },
      { name: 'news', description: 'Read the news.', inputSchema: { type: 'object' } },
    ]);
  });

  test('what is not a tool list still gets a one-line error naming the file and item', () => {
    assert.match(fail({ tools: [{ description: 'no name' }] }), /^corpus\.json: tools\[0\] has no string "name" \(nor "tool", "tool_name", "toolName"\)/);
    assert.match(fail([{ name: 'ok' }, 3]), /^corpus\.json: tools\[1\] is not an object/);
    assert.match(fail({ weather: 'x', count: 3 }), /^corpus\.json: "format" is undefined/, 'a map with a non-string value is not a description map');
    assert.match(fail('text'), /^corpus\.json: expected a JSON object/);
  });
});
