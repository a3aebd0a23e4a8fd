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
  test('an MCP tools/list result is taken exactly as it came, unknown keys, key order and a server key all', () => {
    const tool = { name: 'go', description: 'Go.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, 'x-vendor': 1, server: 'elsewhere' };
    const exact = (data: unknown) => JSON.stringify(read(data).servers[0]!.tools[0]);
    assert.equal(exact({ tools: [tool] }), JSON.stringify(tool), 'byte for byte: measure counts these bytes');
    assert.equal(exact([tool]), JSON.stringify(tool), 'a bare array too');
    assert.deepEqual(servers([tool]), [['corpus', ['go']]], "an MCP tool's own server key does not move it");
    assert.equal(exact({ tools: [{ name: 'bare' }] }), '{"name":"bare"}', 'a tool without a schema is not given one');
    assert.deepEqual(servers({ tools: [] }), [['corpus', []]], 'an empty tools/list is still its server, with no tools');
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
      servers({ tools: [{ server: 'fs', tool: 'read' }, { server: 'git', tool: 'log' }, { server: 'fs', tool_name: 'write', parameters: {} }, { name: 'loose' }] }),
      [['fs', ['read', 'write']], ['git', ['log']], ['corpus', ['loose']]],
    );
    assert.equal('server' in read([{ server: 'fs', tool: 'write', schema: {} }]).servers[0]!.tools[0]!, false, 'a renamed tool is listed under its server, which is not a tool key');
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
    assert.match(fail([{ name: 'ok' }, 3]), /^corpus\.json: item\[1\] is not an object/);
    assert.match(fail([{ type: 'function', function: { description: 'x' } }]), /item\[0\] is an OpenAI function tool whose "function" has no string "name"/);
    assert.match(fail('text'), /^corpus\.json: expected a catalog written by --save, a tools\/list result or a list of tools/);
    assert.match(fail({ mcpServers: { fs: { command: 'npx' } } }), /looks like an MCP client config, not a catalog; pass it with --config corpus\.json/);
  });

  test('only a map of names to sentences is a description map: a single tool, a package file or a version list is not', () => {
    for (const data of [{ weather: 'x', count: 3 }, { name: 'weather', description: 'Get the forecast.' }, { type: 'module' }, { node: '20' }, { version: '1.0.0', main: 'index.js' }]) {
      assert.match(fail(data), /^corpus\.json: "format" is undefined/, JSON.stringify(data));
    }
  });
});
