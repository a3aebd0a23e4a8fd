/**
 * Issue 15: what each client pays, by rules kept as data. The rules file is checked, the model is
 * checked on invented catalogs where the right figure is known, and measure shows it per client.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { Catalog, RawTool, ServerEntry } from '../src/catalog/types.js';
import { newCatalog } from '../src/catalog/catalog-file.js';
import { clientCost, sessionCost, type SessionOptions } from '../src/client-cost/model.js';
import { parseRuleBook, type ClientRules } from '../src/client-cost/rules.js';
import { loadRuleBook, RULES_FILE } from '../src/client-cost/rules-file.js';
import { modelView } from '../src/cost/model-view.js';
import { countTokens } from '../src/cost/tokenizer.js';
import { CLIENT_NAMES } from '../src/sources/clients/names.js';
import { fixtureServer, runCli } from './_cli.js';

const book = loadRuleBook();
const options: SessionOptions = { window: 200_000, turns: 20, finds: 2, prices: { cacheWritePerMTok: 3.75, cacheReadPerMTok: 0.3 } };
const tokens = (text: string) => countTokens(text, 'o200k_base');

function tool(name: string, description: string, properties = 3): RawTool {
  const props = Object.fromEntries(Array.from({ length: properties }, (_, i) => [`field_${i}`, { type: 'string', description: `The value of field ${i} for the record being saved.` }]));
  return { name, description, inputSchema: { type: 'object', properties: props } };
}

function entry(name: string, tools: RawTool[], extra: Partial<ServerEntry> = {}, alwaysLoad = false): ServerEntry {
  return {
    name,
    origin: { transport: 'stdio', command: name, args: [], source: { kind: 'config', client: 'claude-code', ...(alwaysLoad ? { alwaysLoad: true as const } : {}) } },
    tools,
    ...extra,
  };
}

const catalogOf = (...servers: ServerEntry[]): Catalog => newCatalog(servers);

const invented = catalogOf(
  entry('notes', [tool('save_note', 'Save a note under a title.', 8), tool('find_notes', 'Find notes whose text matches words.', 2)], { instructions: 'Notes are plain text.' }),
  entry('weather', [tool('forecast', 'The forecast for a place and a day.', 4)]),
);
const fullTokens = invented.servers.flatMap((s) => s.tools).reduce((sum, t) => sum + tokens(JSON.stringify(modelView(t))), 0);

describe('the client rules file', () => {
  it('has an entry with a version and a source for every client', () => {
    for (const client of CLIENT_NAMES) {
      const rules = book.clients[client];
      assert.ok(rules.version.length > 0 && rules.source.length > 0, client);
      assert.ok(Object.values(rules.sources).every((s) => s.length > 0), `${client}: every fact names its source`);
    }
    assert.ok(book.prices.cacheWritePerMTok > book.prices.cacheReadPerMTok);
  });

  it('names the file, the client and the field when an entry is wrong', () => {
    const data = JSON.parse(readFileSync(RULES_FILE(), 'utf8'));
    delete data.clients.cursor;
    assert.throws(() => parseRuleBook(JSON.stringify(data), 'rules.json'), /rules\.json: "clients\.cursor" is missing/);
    const wrong = JSON.parse(readFileSync(RULES_FILE(), 'utf8'));
    wrong.clients.gemini.loading = 'lazy';
    assert.throws(() => parseRuleBook(JSON.stringify(wrong), 'rules.json'), /"clients\.gemini\.loading" must be "full", "deferred" or "names"/);
  });
});

describe('what a client pays', () => {
  it('a client that loads everything pays every definition and the instructions each turn, with nothing to find', () => {
    const cost = clientCost(invented, book.clients.gemini, options);
    assert.equal(cost.direct.firstTurn, fullTokens + tokens('Notes are plain text.'));
    assert.equal(cost.direct.session.laterTurn, cost.direct.firstTurn);
    assert.equal(cost.direct.findAndCall, 0);
    assert.equal(cost.direct.session.cacheWrite, cost.direct.firstTurn);
    assert.equal(cost.direct.session.cacheRead, 19 * cost.direct.firstTurn);
  });

  it('a deferring client pays its search tool and the names up front, and definitions per find', () => {
    const rules = book.clients['claude-code'];
    const cost = clientCost(invented, rules, options);
    const names = tokens(['mcp__notes__save_note', 'mcp__notes__find_notes', 'mcp__weather__forecast'].join('\n'));
    assert.equal(cost.direct.firstTurn, rules.searchTool!.tokens + names + tokens('Notes are plain text.'));
    assert.ok(cost.direct.findAndCall > 0);
    assert.ok(cost.direct.session.laterTurn > cost.direct.firstTurn, 'what the finds loaded stays in the context');
  });

  it('a search loads no more definitions than there are, and the gateway lists pinned tools', () => {
    const two = catalogOf(entry('pair', [tool('a', 'Does a.'), tool('b', 'Does b.')]));
    const both = two.servers[0]!.tools.reduce((sum, t) => sum + tokens(JSON.stringify(modelView(t))), 0);
    const cost = clientCost(two, book.clients['claude-code'], options);
    assert.ok(cost.direct.findAndCall <= both + 2, `${cost.direct.findAndCall} <= ${both}`);
    const pinned = clientCost(catalogOf(entry('pair', two.servers[0]!.tools, {}, true)), book.clients.gemini, options);
    assert.ok(pinned.gateway.firstTurn > both, 'a pinned server is listed in full by the gateway too');
  });

  it("Claude Code's alwaysLoad servers are paid in full even though the rest is deferred", () => {
    const pinned = catalogOf(entry('notes', invented.servers[0]!.tools, {}, true), invented.servers[1]!);
    const loaded = clientCost(pinned, book.clients['claude-code'], options);
    const notesTokens = invented.servers[0]!.tools.reduce((sum, t) => sum + tokens(JSON.stringify(modelView(t))), 0);
    assert.equal(loaded.direct.firstTurn, book.clients['claude-code'].searchTool!.tokens + tokens('mcp__weather__forecast') + notesTokens);
    // The same server, configured without alwaysLoad, would be deferred like the others.
    assert.equal(clientCost(pinned, { ...book.clients['claude-code'], alwaysLoadKey: null }, options).direct.firstTurn < loaded.direct.firstTurn, true);
  });

  it("a description past a client's cut costs only what the client keeps", () => {
    const long = catalogOf(entry('docs', [tool('explain', 'Explains a term in detail. '.repeat(800), 1)]));
    const full = { ...book.clients.gemini };
    const cutAt4096: ClientRules = { ...full, descriptionMaxChars: 4096 };
    const kept = clientCost(long, cutAt4096, options).direct.firstTurn;
    const all = clientCost(long, full, options).direct.firstTurn;
    assert.ok(kept < all / 3, `${kept} < ${all} / 3`);
  });

  it('a client that defers only past a threshold loads everything below it', () => {
    const rules: ClientRules = { ...book.clients['claude-code'], threshold: { shareOfWindow: 0.1 } };
    assert.equal(clientCost(invented, rules, options).direct.firstTurn, fullTokens + tokens('Notes are plain text.'));
    const tiny = clientCost(invented, rules, { ...options, window: 100 });
    assert.ok(tiny.direct.firstTurn < fullTokens, 'past the threshold it defers');
  });

  it("says when a catalog passes a client's tool cap", () => {
    const many = catalogOf(entry('many', Array.from({ length: 130 }, (_, i) => tool(`t${i}`, 'Does one thing.', 0))));
    assert.match(clientCost(many, book.clients.vscode, options).notes.join('\n'), /130 tools: over GitHub Copilot in VS Code's limit of 128/);
    assert.deepEqual(clientCost(invented, book.clients.vscode, options).notes, []);
  });

  it('prices a session: one cache write, reads for every later turn, finds written once and then read', () => {
    const session = sessionCost({ firstTurn: 1000, perTurn: 1000, findAndCall: 500, how: [] }, { ...options, turns: 10, finds: 1 });
    // The find comes at turn 5: its 500 tokens are read on the 5 turns after it.
    assert.deepEqual({ ...session, dollars: undefined }, { turns: 10, finds: 1, laterTurn: Math.round((9 * 1000 + 5 * 500) / 9), cacheWrite: 1500, cacheRead: 9000 + 2500, dollars: undefined });
    assert.equal(session.dollars, (1500 * 3.75 + 11500 * 0.3) / 1e6);
  });
});

describe('measure --client', () => {
  const roots: string[] = [];
  after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
  const project = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mcp-slim-client-cost-'));
    roots.push(root);
    mkdirSync(path.join(root, 'home'));
    return root;
  };
  const [node, sized] = fixtureServer('sized');

  it('prints first-turn, later-turn, find-and-call and session figures with and without the gateway, and the assumptions', async () => {
    const root = project();
    writeFileSync(path.join(root, '.mcp.json'), JSON.stringify({ mcpServers: { sized: { command: node, args: [sized] } } }));
    const r = await runCli(['measure', '--client', 'claude-code', '--turns', '10', '--cache-write', '2.5', '--cache-read', '0.2'], { cwd: root, env: { HOME: path.join(root, 'home') } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /What each client pays/);
    assert.match(r.stdout, /Claude Code · 3 tools +[\d,]+ +[\d,]+ +[\d,]+ +\$/);
    assert.match(r.stdout, /behind mcp-slim \(deferred\) +[\d,]+/);
    assert.match(r.stdout, /session: 10 turns with 2 find-and-calls, prompt caching at your prices: cache write \$2\.5\/MTok, cache read \$0\.2\/MTok/);
    assert.match(r.stdout, /assumed:\n.*search tool: 350 tokens, estimated/);
  });

  it('counts a server two clients share once, and prices it for each of them', async () => {
    const root = project();
    const cursor = path.join(root, '.cursor', 'mcp.json');
    mkdirSync(path.dirname(cursor));
    writeFileSync(cursor, JSON.stringify({ mcpServers: { records: { command: node, args: [sized] } } }));
    writeFileSync(path.join(root, '.mcp.json'), JSON.stringify({ mcpServers: { sized: { command: node, args: [sized] } } }));
    const r = await runCli(['measure', '--json'], { cwd: root, env: { HOME: path.join(root, 'home') } });
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout) as { total: { toolCount: number }; clients: { costs: { client: string; tools: number }[] } };
    assert.equal(json.total.toolCount, 3, 'the shared server is measured once');
    assert.deepEqual(json.clients.costs.map((c) => [c.client, c.tools]), [['claude-code', 3], ['cursor', 3]]);
  });

  it('refuses a price that is not a number, naming the flag', async () => {
    const r = await runCli(['measure', '--demo', '--cache-read', 'cheap']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--cache-read must be a number of dollars/);
  });
});

describe('measure --client for each of the seven clients', () => {
  const catalog = new URL('./fixtures/catalogs/shared/server-memory.json', import.meta.url).pathname;
  it('the HTML report has what the client pays, as the terminal does', async () => {
    const html = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-slim-html-client-')), 'report.html');
    const r = await runCli(['measure', '--catalog', catalog, '--client', 'gemini', '--html', html]);
    assert.equal(r.code, 0, r.stderr);
    const text = readFileSync(html, 'utf8');
    assert.match(text, /What each client pays for a session/);
    assert.match(text, /id="chart-clients"/);
    assert.match(text, /Gemini CLI/);
  });

  for (const client of CLIENT_NAMES) {
    it(`${client}: first turn, later turns, a find-and-call and the session, with and without the gateway`, async () => {
      const r = await runCli(['measure', '--catalog', catalog, '--client', client, '--json']);
      assert.equal(r.code, 0, r.stderr);
      const { clients } = JSON.parse(r.stdout) as { clients: { session: { turns: number }; costs: { client: string; version: string; direct: { firstTurn: number; perTurn: number; session: { dollars: number } }; gateway: { firstTurn: number; session: { dollars: number } } }[] } };
      assert.equal(clients.session.turns, 20);
      const [cost] = clients.costs;
      assert.equal(cost!.client, client);
      assert.equal(cost!.version, book.clients[client].version);
      assert.ok(cost!.direct.firstTurn > 0 && cost!.direct.perTurn > 0 && cost!.direct.session.dollars > 0);
      assert.ok(cost!.gateway.firstTurn > 0 && cost!.gateway.session.dollars > 0);
    });
  }
});
