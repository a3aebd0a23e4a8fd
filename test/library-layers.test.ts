import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import * as everything from '../src/index.js';
import * as core from '../src/entry/core.js';
import * as gateway from '../src/entry/gateway.js';
import * as sources from '../src/entry/sources.js';

// The library's three subpaths, as the MCP SDK guards its main entry: `mcp-slim/core` must load
// nothing that starts a process, opens a socket or touches a file, however deep the import.

const ROOT = new URL('../', import.meta.url).pathname;
const SRC = join(ROOT, 'src');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | { types: string; import: string }>; files: string[] };

/** Built-ins known to only compute. Any other (os, tty, worker_threads, …) needs a look first: add it here if it is pure. */
const COMPUTING_BUILTINS = ['path', 'crypto'];
/** What the core exists to keep out, named so that a failure says why. */
const NODE_ONLY = ['child_process', 'http', 'https', 'net', 'fs', 'fs/promises'];
const SDK_TRANSPORTS = /^@modelcontextprotocol\/sdk\/(client|server)\//;

function layerEntry(subpath: string): string {
  const target = pkg.exports[subpath];
  assert.ok(target && typeof target === 'object', `package.json "exports" has no "${subpath}"`);
  return sourceOf(target.import);
}

/** `./dist/entry/core.js` → `src/entry/core.ts`: tsconfig.build.json compiles src/ into dist/. */
function sourceOf(distFile: string): string {
  const m = /^\.\/dist\/(.+)\.js$/.exec(distFile);
  assert.ok(m, `${distFile}: an "import" target should be a .js file under ./dist`);
  return join(SRC, `${m[1]}.ts`);
}

/** What a module loads when it runs. Type-only imports and exports are erased, so they do not count. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      out.push(arg && ts.isStringLiteralLike(arg) ? arg.text : '(a computed import())');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

interface Reached {
  /** The imports from the entry to this module (the shortest way, for the message). */
  chain: string[];
  imports: string[];
}

/** Every module under src/ that `entry` loads, following relative imports breadth first. */
function importGraph(entry: string): Map<string, Reached> {
  const reached = new Map<string, Reached>();
  const queue: [string, string[]][] = [[entry, []]];
  while (queue.length) {
    const [file, via] = queue.shift()!;
    if (reached.has(file)) continue;
    const chain = [...via, relative(SRC, file)];
    const imports = runtimeImports(file);
    reached.set(file, { chain, imports });
    for (const spec of imports.filter((s) => s.startsWith('.'))) {
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      assert.ok(existsSync(target), `${chain.join(' → ')} imports ${spec}: no such .ts file, so the walk cannot follow it`);
      queue.push([target, chain]);
    }
  }
  return reached;
}

/** Why `spec` has no place in the core, or undefined when it has. */
function nodeOnly(spec: string): string | undefined {
  if (spec.startsWith('(')) return 'the walk cannot see what it loads';
  if (SDK_TRANSPORTS.test(spec)) return 'the MCP SDK client or server: transports, processes, sockets';
  if (!isBuiltin(spec)) return undefined;
  const name = spec.replace(/^node:/, '');
  if (NODE_ONLY.includes(name)) return 'processes, sockets or files';
  return COMPUTING_BUILTINS.includes(name) ? undefined : 'a built-in not known to only compute';
}

function violations(entry: string): string[] {
  return [...importGraph(entry).values()].flatMap(({ chain, imports }) =>
    imports.flatMap((spec) => {
      const why = nodeOnly(spec);
      return why ? [`${chain.join(' → ')} imports ${spec} (${why})`] : [];
    }),
  );
}

test('every "exports" entry points into dist/ with its types first, and its source is in src/', () => {
  const build = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8'));
  assert.deepEqual([build.compilerOptions.rootDir, build.compilerOptions.outDir, build.include], ['src', 'dist', ['src']]);
  assert.ok(pkg.files.includes('dist'));
  assert.deepEqual(Object.keys(pkg.exports), ['.', './core', './sources', './gateway', './package.json']);
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') continue;
    // TypeScript reads the conditions in order: "types" after "import" would never be reached.
    assert.deepEqual(Object.keys(target), ['types', 'import'], subpath);
    assert.equal(target.types, target.import.replace(/\.js$/, '.d.ts'), subpath);
    assert.ok(existsSync(sourceOf(target.import)), `${subpath}: ${relative(ROOT, sourceOf(target.import))} does not exist`);
  }
});

test('mcp-slim/core loads no process, socket or file module, however deep the import', () => {
  assert.deepEqual(violations(layerEntry('./core')), []);
});

test('the walk is not vacuous: it finds node:http under the gateway and the SDK client under sources', () => {
  const found = (subpath: string) => violations(layerEntry(subpath)).join('\n');
  assert.match(found('./gateway'), /gateway\/http-server\.ts imports node:http /);
  assert.match(found('./sources'), /sources\/live\/fetch-server\.ts imports @modelcontextprotocol\/sdk\/client\/index\.js /);
  assert.match(found('./sources'), /client-cost\/rules-file\.ts imports node:fs /);
});

test('"mcp-slim" is exactly core, sources and gateway together, and they share no name', () => {
  const layers = [core, sources, gateway].map((m) => Object.keys(m));
  const all = layers.flat();
  assert.equal(new Set(all).size, all.length, 'a name is exported by two layers');
  assert.deepEqual(Object.keys(everything).sort(), all.sort());
});

test('every name "mcp-slim" exported before the split into layers is still exported', () => {
  // Runtime names only; the type names are kept by src/index.ts re-exporting every layer whole.
  const before = [
    'CATALOG_FORMAT', 'CATALOG_VERSION', 'CLAUDE_CODE_DESCRIPTION_LIMIT', 'CLIENT_SCOPES', 'DEFAULT_PRESET',
    'ENCODINGS', 'MEASURE_JSON_VERSION', 'PRESETS', 'RULES', 'RULES_BY_ID', 'ResultStore', 'SlimError',
    'TTCParseError', 'ToolSearchIndex', 'applyOverlay', 'applyToolFilter', 'assembleGateway', 'buildOverlay',
    'catalogToTTC', 'checkBudget', 'clientCost', 'collectCatalog', 'compareTTC', 'countFindings',
    'countTokens', 'createSessionServer', 'describeFinding', 'discoverConfigFiles', 'estimateTokens',
    'factCheck', 'fetchServer', 'fetchServers', 'fixTool', 'gatewayFind', 'guardResult', 'indexCatalog',
    'initialBudget', 'installTarget', 'isSlimError', 'lintCatalog', 'lintExitCode', 'loadClientConfigs',
    'loadGatewayConfig', 'loadRuleBook', 'measureCatalog', 'measureJson', 'measureTool', 'modelView',
    'movedServersTable', 'newCatalog', 'overlayFromSlim', 'parseBudget', 'parseCatalog', 'parseClientConfig',
    'parseOverlay', 'parseRuleBook', 'parseServersTTC', 'parseSidecar', 'parseTTC', 'parseTTCEntry',
    'phaseCatalog', 'planInstall', 'planUninstall', 'rankTools', 'renderCatalogTTC', 'renderHtml',
    'renderMarkdown', 'renderServersTTC', 'renderTTC', 'renderTerminal', 'selectTools', 'serializeCatalog',
    'serverToTTC', 'sessionCost', 'sizeOf', 'slimCatalog', 'splitBytes', 'startHttpGateway', 'tightenEdits',
    'toTTC', 'toolMatcher', 'toolState', 'ttcInToJsonSchema', 'validateWhen', 'verifySlim', 'verifyTool',
  ];
  assert.deepEqual(before.filter((name) => !(name in everything)), []);
});
