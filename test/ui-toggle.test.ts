import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { RawTool } from '../src/catalog/types.js';
import { loadGatewayConfig, toolDecision } from '../src/gateway/config/index.js';
import { Gateway } from '../src/gateway/gateway.js';
import { addPattern, patternsAt, removePattern } from '../src/ui/pattern-list-edit.js';
import { ScopeWriter } from '../src/ui/scope-writer.js';
import { familiesOf, OTHER_FAMILY, planToggle, targetPatterns } from '../src/ui/toggle.js';

const tool = (name: string): RawTool => ({ name, inputSchema: { type: 'object' } });

describe('a pattern added to a list and removed again', () => {
  const texts: [string, string][] = [
    ['a one-line list', '{\n  "mode": "full",\n  "disable": ["a/b"]\n}\n'],
    ['no list yet', '{\n  "mode": "full"\n}\n'],
    ['a list a line per item, CRLF', '{\r\n  "disable": [\r\n    "a/b",\r\n    "c/*"\r\n  ]\r\n}\r\n'],
    ['tabs and an agent section', '{\n\t"agents": {"x": {"enable": ["q"]}}\n}\n'],
    ["everything on one line", '{"mode":"full","disable":["a/b"],"agents":{"x":{"enable":["q"]}}}'],
  ];
  for (const [what, text] of texts) {
    for (const path of [['disable'], ['enable'], ['agents', 'x', 'disable'], ['agents', 'new', 'enable']]) {
      test(`${what}, ${path.join('.')}: byte for byte as before`, () => {
        const added = addPattern(text, path, 'm/tool');
        assert.notEqual(added, text);
        assert.ok(patternsAt(added, path).includes('m/tool'), added);
        assert.doesNotThrow(() => JSON.parse(added), added);
        assert.equal(removePattern(added, path, 'm/tool'), text);
      });
    }
  }

  test('the other patterns and keys are kept, and the new item follows the layout of the list', () => {
    const text = '{\n  "disable": [\n    "a/b"\n  ],\n  "log": false\n}\n';
    assert.equal(addPattern(text, ['disable'], 'c/d'), '{\n  "disable": [\n    "a/b",\n    "c/d"\n  ],\n  "log": false\n}\n');
    assert.equal(addPattern('{"disable": ["a/b"]}', ['disable'], 'c/d'), '{"disable": ["a/b", "c/d"]}');
    assert.equal(removePattern('{"disable": ["c/d", "a/b"]}', ['disable'], 'c/d'), '{"disable": ["a/b"]}');
  });

  test('removing a pattern that is not there changes nothing', () => {
    const text = '{"disable": ["a/b"]}';
    assert.equal(removePattern(text, ['disable'], 'x/y'), text);
    assert.equal(removePattern(text, ['enable'], 'a/b'), text);
  });
});

describe('families and their patterns', () => {
  const tools = ['browser_click', 'browser_type', 'browser-close', 'read_file', 'read_dir', 'ping'].map(tool);

  test('a shared prefix is a family; its patterns name exactly its tools, whatever the separator', () => {
    const families = familiesOf('pw', tools);
    const browser = families.find((f) => f.name === 'browser')!;
    assert.deepEqual(browser.tools.map((t) => t.name), ['browser_click', 'browser_type', 'browser-close']);
    assert.deepEqual(browser.patterns.sort(), ['pw/browser-*', 'pw/browser_*']);
    const other = families.find((f) => f.name === OTHER_FAMILY)!;
    assert.deepEqual(other.patterns, ['pw/ping']);
  });

  test('a server whose tools share no prefix is one family named by the whole server', () => {
    const families = familiesOf('s', [tool('alpha'), tool('beta')]);
    assert.equal(families.length, 1);
    assert.deepEqual(families[0]!.patterns, ['s/*']);
  });

  test('an unknown tool or family is an error, not a rule', () => {
    assert.ok('error' in targetPatterns({ server: 'pw', tool: 'nope' }, tools));
    assert.ok('error' in targetPatterns({ server: 'pw', family: 'nope' }, tools));
    assert.deepEqual(targetPatterns({ server: 'pw' }, tools), { patterns: ['pw/*'], tools });
  });
});

/** A temporary project (with .git) and home, with the files given. */
function project(files: { project?: string; user?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-ui-'));
  const root = join(dir, 'repo');
  const home = join(dir, 'home');
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(home);
  if (files.project !== undefined) writeFileSync(join(root, 'mcp-slim.config.json'), files.project);
  if (files.user !== undefined) {
    mkdirSync(join(home, '.config', 'mcp-slim'), { recursive: true });
    writeFileSync(join(home, '.config', 'mcp-slim', 'config.json'), files.user);
  }
  const load = { cwd: root, home, env: { HOME: home } };
  return { root, home, load, projectFile: join(root, 'mcp-slim.config.json'), userFile: join(home, '.config', 'mcp-slim', 'config.json') };
}

describe('planToggle', () => {
  const tools = [tool('get_issue'), tool('create_issue')];

  test('a later scope that decides otherwise stops the change, and the error names its rule', () => {
    const p = project({ project: '{"disable": ["gh/get_issue"]}', user: '{}' });
    const decide = (text: string) => toolDecision(loadGatewayConfig({ ...p.load, texts: new Map([[p.userFile, text]]) }));
    const plan = planToggle('{}', { target: { server: 'gh', tool: 'get_issue' }, scope: 'user', enabled: true }, ['gh/get_issue'], [tools[0]!], [], decide);
    assert.ok('error' in plan);
    assert.match(plan.error, /gh\/get_issue would stay disabled: the rule in project:.*mcp-slim\.config\.json decides/);
  });

  test('undoing a switch removes the rule instead of adding its opposite', () => {
    const p = project({ project: '{"disable": ["gh/get_issue"]}' });
    const decide = (text: string) => toolDecision(loadGatewayConfig({ ...p.load, texts: new Map([[p.projectFile, text]]) }));
    const plan = planToggle('{"disable": ["gh/get_issue"]}', { target: { server: 'gh', tool: 'get_issue' }, scope: 'project', enabled: true }, ['gh/get_issue'], [tools[0]!], [], decide);
    assert.deepEqual(plan, { text: '{}', changed: true });
  });
});

describe('ScopeWriter', () => {
  /** A gateway whose upstream `gh` has these tools, without starting any process. */
  function gatewayWith(load: { cwd: string; home: string; env: Record<string, string> }, tools: RawTool[]) {
    const config = loadGatewayConfig(load);
    const gateway = new Gateway({ ...config, upstreams: [{ name: 'gh', transport: 'stdio', command: 'true', args: [], source: { kind: 'cli' } } as never] }, { env: {}, cwd: load.cwd });
    const upstream = gateway.upstreams.get('gh')!;
    upstream.tools = tools;
    upstream.status = 'ready';
    return gateway;
  }
  const tools = [tool('get_issue'), tool('create_issue'), tool('list_issues')];

  test('a change and its reverse leave the file byte for byte, and the gateway follows each', () => {
    const original = '{\n    "mode":   "full",\n    "disable": [ "x/y" ]   \n}\n\n';
    const p = project({ project: original });
    const gateway = gatewayWith(p.load, tools);
    let told = 0;
    gateway.onToolsChanged(() => told++);
    const writer = new ScopeWriter(gateway, p.load);
    const off = writer.toggle({ target: { server: 'gh', tool: 'create_issue' }, scope: 'project', enabled: false });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.ok(readFileSync(p.projectFile, 'utf8').includes('"gh/create_issue"'));
    assert.equal(gateway.stateFor()('gh', 'create_issue'), 'disabled');
    assert.equal(told, 1);
    const on = writer.toggle({ target: { server: 'gh', tool: 'create_issue' }, scope: 'project', enabled: true });
    assert.equal(on.status, 200);
    assert.equal(readFileSync(p.projectFile, 'utf8'), original);
    assert.equal(gateway.stateFor()('gh', 'create_issue'), 'enabled');
    assert.equal(told, 2);
  });

  test('a file the change created is removed by its reverse; an agent scope writes its own section', () => {
    const p = project();
    const gateway = gatewayWith(p.load, tools);
    const writer = new ScopeWriter(gateway, p.load);
    assert.equal(writer.toggle({ target: { server: 'gh' }, scope: 'user', enabled: false }).status, 200);
    assert.deepEqual(JSON.parse(readFileSync(p.userFile, 'utf8')), { disable: ['gh/*'] });
    assert.equal(writer.toggle({ target: { server: 'gh' }, scope: 'user', enabled: true }).status, 200);
    assert.equal(existsSync(p.userFile), false);
    assert.equal(writer.toggle({ target: { server: 'gh', family: 'list' }, scope: 'agent', agent: 'reviewer', enabled: false }).status, 409, 'list_issues alone shares no prefix: no family "list"');
    const agentOff = writer.toggle({ target: { server: 'gh', tool: 'get_issue' }, scope: 'agent', agent: 'reviewer', enabled: false });
    assert.equal(agentOff.status, 200);
    assert.deepEqual(JSON.parse(readFileSync(p.projectFile, 'utf8')), { agents: { reviewer: { disable: ['gh/get_issue'] } } });
    assert.equal(gateway.stateFor('reviewer')('gh', 'get_issue'), 'disabled');
    assert.equal(gateway.stateFor()('gh', 'get_issue'), 'enabled');
    assert.equal(writer.toggle({ target: { server: 'gh', tool: 'get_issue' }, scope: 'agent', agent: 'reviewer', enabled: true }).status, 200);
    assert.equal(existsSync(p.projectFile), false);
  });

  test("a file edited by hand since is not put back: the user's edit stays", () => {
    const p = project({ project: '{"disable": []}\n' });
    const gateway = gatewayWith(p.load, tools);
    const writer = new ScopeWriter(gateway, p.load);
    writer.toggle({ target: { server: 'gh', tool: 'get_issue' }, scope: 'project', enabled: false });
    writeFileSync(p.projectFile, '{"disable": ["gh/get_issue"], "log": false}\n');
    writer.toggle({ target: { server: 'gh', tool: 'get_issue' }, scope: 'project', enabled: true });
    assert.deepEqual(JSON.parse(readFileSync(p.projectFile, 'utf8')), { log: false });
  });

  test("a server switched off and on again keeps the user's own rule for one of its tools, byte for byte", () => {
    const original = '{"disable":["gh/get_issue"]}';
    const p = project({ project: original });
    const gateway = gatewayWith(p.load, tools);
    const writer = new ScopeWriter(gateway, p.load);
    assert.equal(writer.toggle({ target: { server: 'gh' }, scope: 'project', enabled: false }).status, 200);
    assert.equal(writer.toggle({ target: { server: 'gh' }, scope: 'project', enabled: true }).status, 200);
    assert.equal(readFileSync(p.projectFile, 'utf8'), original);
    assert.equal(gateway.stateFor()('gh', 'get_issue'), 'disabled');
  });

  test('switched on later, a server is wholly on: narrower rules of the same file that held some of it off go', () => {
    const p = project({ project: '{"disable":["gh/get_issue"], "log": false}' });
    const gateway = gatewayWith(p.load, tools);
    const writer = new ScopeWriter(gateway, p.load);
    assert.equal(writer.toggle({ target: { server: 'gh' }, scope: 'project', enabled: true }).status, 200);
    assert.deepEqual(JSON.parse(readFileSync(p.projectFile, 'utf8')), { log: false });
    assert.equal(gateway.stateFor()('gh', 'get_issue'), 'enabled');
  });

  test('a family off, one of its tools on, the family on, then off again: each works', () => {
    const p = project({ project: '{}' });
    const pw = ['browser_click', 'browser_type', 'browser_close'].map(tool);
    const gateway = gatewayWith(p.load, pw);
    const writer = new ScopeWriter(gateway, p.load);
    const family = (enabled: boolean) => writer.toggle({ target: { server: 'gh', family: 'browser' }, scope: 'project', enabled });
    assert.equal(family(false).status, 200);
    assert.equal(writer.toggle({ target: { server: 'gh', tool: 'browser_click' }, scope: 'project', enabled: true }).status, 200);
    assert.equal(gateway.stateFor()('gh', 'browser_click'), 'enabled');
    assert.equal(family(true).status, 200);
    assert.equal(family(false).status, 200);
    assert.equal(gateway.stateFor()('gh', 'browser_click'), 'enabled', 'the reverse of "on" is the state before it: half on');
    const off = family(false);
    assert.equal(off.status, 200, JSON.stringify(off.body));
    for (const t of pw) assert.equal(gateway.stateFor()('gh', t.name), 'disabled');
  });

  test('switches undone in another order still give the file back, or no file', () => {
    const p = project();
    const gateway = gatewayWith(p.load, tools);
    const writer = new ScopeWriter(gateway, p.load);
    const set = (name: string, enabled: boolean) => assert.equal(writer.toggle({ target: { server: 'gh', tool: name }, scope: 'project', enabled }).status, 200);
    set('get_issue', false);
    set('create_issue', false);
    set('get_issue', true);
    set('create_issue', true);
    assert.equal(existsSync(p.projectFile), false);
  });

  test('a pattern that would also switch another server is refused', () => {
    const p = project({ project: '{}' });
    const config = loadGatewayConfig(p.load);
    const specs = ['a*', 'abc'].map((name) => ({ name, transport: 'stdio', command: 'true', args: [], source: { kind: 'cli' } }));
    const gateway = new Gateway({ ...config, upstreams: specs as never }, { env: {}, cwd: p.root });
    for (const u of gateway.upstreams.values()) [u.tools, u.status] = [[tool('y')], 'ready'];
    const outcome = new ScopeWriter(gateway, p.load).toggle({ target: { server: 'a*' }, scope: 'project', enabled: false });
    assert.equal(outcome.status, 409);
    assert.match((outcome.body as { error: string }).error, /would switch abc\/y too/);
    assert.equal(readFileSync(p.projectFile, 'utf8'), '{}');
  });

  test('a change that a later scope overrides writes nothing and says why', () => {
    const p = project({ project: '{"disable": ["gh/*"]}' });
    const gateway = gatewayWith(p.load, tools);
    const writer = new ScopeWriter(gateway, p.load);
    const outcome = writer.toggle({ target: { server: 'gh', tool: 'get_issue' }, scope: 'user', enabled: true });
    assert.equal(outcome.status, 409);
    assert.match((outcome.body as { error: string }).error, /gh\/get_issue would stay disabled: the rule in project:/);
    assert.equal(existsSync(p.userFile), false, 'nothing written');
    const agentless = writer.toggle({ target: { server: 'gh' }, scope: 'agent', enabled: false });
    assert.equal(agentless.status, 400);
  });
});
