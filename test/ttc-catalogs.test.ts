import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { JsonObject, JsonValue, RawTool } from '../src/catalog/types.js';
import { countTokens } from '../src/cost/tokenizer.js';
import { parseTTC, renderTTC, serverToTTC, toTTC, ttcInToJsonSchema, validateWhen } from '../src/ttc/index.js';
import type { TTCParams, TTCType } from '../src/ttc/index.js';
import { FIXTURES } from './_cli.js';

const SHARED = `${FIXTURES}catalogs/shared/`;
const catalogs = readdirSync(SHARED)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.meta.json'))
  .map((file) => ({ file, tools: (JSON.parse(readFileSync(SHARED + file, 'utf8')) as { tools: RawTool[] }).tools }));
const tools = catalogs.flatMap((c) => c.tools.map((tool) => ({ file: c.file, tool })));

const isObj = (v: JsonValue | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What a caller must get right, read straight from the JSON Schema (independently of the
 * converter): `.a.b?` for every property at every depth (`?` = optional), `[]` for array
 * items, `.*` for extra keys, and `=value` for every allowed value. Union branches share a path.
 */
function schemaFacts(schema: JsonValue | undefined, root: JsonObject, path = '', facts = new Set<string>(), seen: string[] = []): Set<string> {
  if (!isObj(schema)) return facts;
  if (typeof schema.$ref === 'string') {
    if (seen.includes(schema.$ref)) return facts;
    const target = schema.$ref.slice(2).split('/').reduce<JsonValue | undefined>((n, k) => (isObj(n) ? n[k] : undefined), root);
    return schemaFacts(target, root, path, facts, [...seen, schema.$ref]);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const alts = schema[key];
    if (Array.isArray(alts)) for (const alt of alts) schemaFacts(alt, root, path, facts, seen);
  }
  const values = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : [];
  for (const v of values) if (v !== null) facts.add(`${path}=${JSON.stringify(v)}`);
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = isObj(schema.properties) ? schema.properties : {};
  for (const [name, sub] of Object.entries(properties)) {
    facts.add(`${path}.${name}${required.has(name) ? '' : '?'}`);
    schemaFacts(sub, root, `${path}.${name}`, facts, seen);
  }
  for (const name of required) if (typeof name === 'string' && !(name in properties)) facts.add(`${path}.${name}`);
  if (Array.isArray(schema.items)) for (const item of schema.items) schemaFacts(item, root, `${path}[]`, facts, seen);
  else schemaFacts(schema.items, root, `${path}[]`, facts, seen);
  schemaFacts(schema.additionalProperties, root, `${path}.*`, facts, seen);
  return facts;
}

function ttcFacts(type: TTCType, path: string, facts: Set<string>): Set<string> {
  if (type.kind === 'literal') facts.add(`${path}=${JSON.stringify(type.value)}`);
  if (type.kind === 'array') ttcFacts(type.items, `${path}[]`, facts);
  if (type.kind === 'union') for (const alt of type.alts) ttcFacts(alt, path, facts);
  if (type.kind === 'object') paramFacts(type, path, facts);
  return facts;
}

function paramFacts(params: TTCParams, path = '', facts = new Set<string>()): Set<string> {
  for (const f of params.fields) {
    facts.add(`${path}.${f.name}${f.optional ? '?' : ''}`);
    ttcFacts(f.type, `${path}.${f.name}`, facts);
  }
  if (params.rest) ttcFacts(params.rest, `${path}.*`, facts);
  return facts;
}

const sorted = (s: Set<string>): string[] => [...s].sort();
const rootOf = (schema: JsonValue | undefined): JsonObject => (isObj(schema) ? schema : {});

test('the shared fixtures hold 240 tools in 19 catalogs', () => {
  assert.equal(catalogs.length, 19);
  assert.equal(tools.length, 240);
});

test('every parameter, required flag and allowed value of every tool survives render → parse', () => {
  let checked = 0;
  for (const { file, tool } of tools) {
    const [parsed] = parseTTC(renderTTC(toTTC(tool)));
    assert.ok(parsed, `${file} ${tool.name}`);
    const input = rootOf(tool.inputSchema);
    assert.deepEqual(sorted(paramFacts(parsed.input)), sorted(schemaFacts(input, input)), `${file} ${tool.name} IN`);
    if (parsed.output) {
      const output = rootOf(tool.outputSchema);
      assert.deepEqual(sorted(paramFacts(parsed.output)), sorted(schemaFacts(output, output)), `${file} ${tool.name} OUT`);
    }
    checked += schemaFacts(input, input).size;
  }
  assert.ok(checked > 1000, `only ${checked} facts checked`);
});

test('IN → JSON Schema gives back the same parameters, required flags and allowed values', () => {
  for (const { file, tool } of tools) {
    const [parsed] = parseTTC(renderTTC(toTTC(tool)));
    const rebuilt = ttcInToJsonSchema(parsed!.input);
    const input = rootOf(tool.inputSchema);
    assert.deepEqual(sorted(schemaFacts(rebuilt, rebuilt)), sorted(schemaFacts(input, input)), `${file} ${tool.name}`);
  }
});

test('render(parse(render(tool))) is exact for every tool, one by one and as a catalog', () => {
  for (const { file, tool } of tools) {
    const text = renderTTC(toTTC(tool));
    assert.equal(renderTTC(parseTTC(text)), text, `${file} ${tool.name}`);
  }
  for (const { file, tools: list } of catalogs) {
    const text = renderTTC(list.map((t) => toTTC(t)));
    assert.equal(renderTTC(parseTTC(text)), text, file);
    assert.equal(parseTTC(text).length, list.length, file);
  }
});

test('every derived WHEN is in the normative vocabulary and every tool has TAGS', () => {
  for (const { file, tool } of tools) {
    const entry = toTTC(tool);
    assert.deepEqual(validateWhen(entry.when), { ok: true }, `${file} ${tool.name}: ${entry.when}`);
    assert.ok(entry.tags.length > 0, `${file} ${tool.name}`);
  }
});

test('server-gitlab tools, whose inputSchema is only {"$schema"}, render IN -', () => {
  const gitlab = catalogs.find((c) => c.file === 'server-gitlab.json')!;
  for (const tool of gitlab.tools) assert.match(renderTTC(toTTC(tool)), /^IN -$/m, tool.name);
});

test('derived tags leave out what a server repeats in most descriptions', () => {
  const dc = catalogs.find((c) => c.file === 'desktop-commander.json')!.tools;
  const alone = toTTC(dc.find((t) => t.name === 'edit_block')!).tags;
  const inServer = serverToTTC(dc).find((e) => e.name === 'edit_block')!.tags;
  // "Tilde paths might not work in all contexts" closes nearly every Desktop Commander description.
  assert.ok(alone.includes('context'), alone.join(','));
  assert.ok(!inServer.includes('context'), inServer.join(','));
  assert.ok(inServer.includes('docx'), inServer.join(','));
});

test('derived tags come first from the sentences that say more the tool does, and leave out parameter names', () => {
  const dc = catalogs.find((c) => c.file === 'desktop-commander.json')!.tools;
  const entry = serverToTTC(dc).find((e) => e.name === 'read_file')!;
  // "Read contents from files and URLs.\nRead PDF files and extract content as markdown and images."
  for (const tag of ['pdf', 'markdown', 'image']) assert.ok(entry.tags.includes(tag), entry.tags.join(','));
  // "offset" and "length" fill the description's longest section, but IN shows them already.
  for (const param of ['offset', 'length', 'sheet']) assert.ok(!entry.tags.includes(param), entry.tags.join(','));
});

test('TTC costs at least 65% fewer tokens than the JSON tool definitions', (t) => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    let json = 0;
    let ttc = 0;
    for (const catalog of catalogs) {
      const entries = serverToTTC(catalog.tools);
      catalog.tools.forEach((tool, i) => {
        json += countTokens(JSON.stringify(tool), encoding);
        ttc += countTokens(renderTTC(entries[i]!), encoding);
      });
    }
    const saving = 1 - ttc / json;
    t.diagnostic(`${encoding}: JSON ${json} tokens, TTC ${ttc} tokens, saving ${(saving * 100).toFixed(1)}%`);
    if (encoding === 'o200k_base') assert.ok(saving >= 0.65, `saving ${saving}`);
  }
});
