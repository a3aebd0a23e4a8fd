import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { redactCatalog, redactEntry, redactFailure, redactOrigin } from '../src/catalog/redact.js';
import { newCatalog } from '../src/catalog/catalog-file.js';
import type { ServerOrigin } from '../src/catalog/types.js';
import { NOT_SECRET_WORDS, SECRET_INNER_WORDS, SECRET_LAST_WORDS, SECRET_SHAPES } from '../src/util/redact-rules.js';
import { DETECTORS_FOR_TESTS, isSecretName, redactArgs, redactText, redactUrl } from '../src/util/redact.js';

// Fake credentials are put together at run time, so secret scanners do not flag this file.
const fake = (...parts: string[]): string => parts.join('');
const OPENAI = fake('sk-', 'proj-', 'Ab3dEf6hIj9kLm2nOp5qRs8t');
const ANTHROPIC = fake('sk-', 'ant-', 'api03-', 'Zy9xW8vU7tS6rQ5pO4nM');
const GITHUB = fake('gh', 'p_', 'aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2');
const JWT = fake('eyJ', 'hbGciOiJIUzI1NiJ9', '.', 'eyJ', 'zdWIiOiIxMjM0In0', '.', 'c2lnbmF0dXJlX2hlcmU');
const HEX40 = fake('0123456789abcdef', '0123456789abcdef', '01234567');

/** One example per shape rule: adding a rule without an example fails the test below. */
const SHAPE_SAMPLES: Record<string, string> = {
  anthropic: ANTHROPIC,
  openai: OPENAI,
  stripe: fake('sk', '_live_', '4eC39HqLyjWDarjtT1zdp7dc'),
  github: GITHUB,
  'github-fine-grained': fake('github', '_pat_', '11ABCDEFG0abcdefghijkl_mnopqrstuv'),
  gitlab: fake('gl', 'pat-', 'xY1zA2bC3dE4fG5hI6jK7'),
  slack: fake('xox', 'b-', '1234567890-0987654321-AbCdEfGh'),
  'slack-app': fake('xapp', '-1-', 'A0123456789-abcdefABCDEF'),
  'aws-access-key-id': fake('AK', 'IA', 'IOSFODNN7EXAMPLE'),
  'google-api-key': fake('AI', 'za', 'SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6q'),
  npm: fake('npm', '_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'),
  huggingface: fake('hf', '_', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ012345'),
  jwt: JWT,
  'private-key': fake('-----BEGIN ', 'RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END ', 'RSA PRIVATE KEY-----'),
};

describe('the rules are data, each with its source and an example', () => {
  test('every shape rule has a source, the g flag, and an example it redacts whole', () => {
    for (const rule of SECRET_SHAPES) {
      assert.ok(rule.source.length > 10, `${rule.id} says where the shape comes from`);
      assert.ok(rule.pattern.global, `${rule.id} is global`);
      const sample = SHAPE_SAMPLES[rule.id];
      assert.ok(sample, `${rule.id} has an example in SHAPE_SAMPLES`);
      assert.equal(redactText(`before ${sample} after`), 'before *** after', rule.id);
    }
    assert.deepEqual(Object.keys(SHAPE_SAMPLES).sort(), SECRET_SHAPES.map((r) => r.id).sort(), 'no example for a rule that is gone');
  });

  test('every name word says where it comes from, and no word is both secret and not', () => {
    for (const table of [SECRET_LAST_WORDS, SECRET_INNER_WORDS, NOT_SECRET_WORDS]) {
      for (const [word, why] of Object.entries(table)) assert.ok(why.length > 5 && /^[a-z]+$/.test(word), word);
    }
    for (const word of Object.keys(NOT_SECRET_WORDS)) assert.ok(!(word in SECRET_LAST_WORDS) && !(word in SECRET_INNER_WORDS), word);
  });

  test('the redaction modules import nothing from Node: they run anywhere the library does', () => {
    for (const file of ['../src/util/redact.ts', '../src/util/redact-rules.ts', '../src/catalog/redact.ts']) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8');
      assert.doesNotMatch(text, /from '(node:|fs|path|os|child_process)/, file);
    }
  });
});

describe('isSecretName', () => {
  const cases: [string, boolean][] = [
    ['api_key', true],
    ['--api-key', true],
    ['X-Api-Key', true],
    ['apiKey', true],
    ['APIKEY', true],
    ['access_token', true],
    ['GITHUB_PERSONAL_ACCESS_TOKEN', true],
    ['client_secret', true],
    ['PGPASSWORD', true],
    ['Authorization', true],
    ['X-Amz-Signature', true],
    ['sig', true],
    ['Cookie', true],
    ['--no-auth', false],
    ['NEXT_PUBLIC_API_KEY', false],
    ['--max-tokens', false],
    ['--tokenizer', false],
    ['--token-file', false],
    ['keyboard', false],
    ['--port', false],
    ['name', false],
    ['', false],
  ];
  for (const [name, expected] of cases) test(`${JSON.stringify(name)} → ${expected}`, () => assert.equal(isSecretName(name), expected));
});

describe('redactUrl', () => {
  const cases: [string, string, string][] = [
    ['password in userinfo: the user stays', 'https://alice:s3cret@mcp.example.com/mcp', 'https://alice:***@mcp.example.com/mcp'],
    ['an @ in the password', 'https://alice:p@ss@host/p', 'https://alice:***@host/p'],
    ['secret query parameters, others kept', 'https://h/mcp?api_key=abc123&region=eu&token=t', 'https://h/mcp?api_key=***&region=eu&token=***'],
    ['names in any case and spelling', 'https://h/?apiKey=a&X-Amz-Signature=b&X-Amz-Date=20240101&sig=c&client_secret=d', 'https://h/?apiKey=***&X-Amz-Signature=***&X-Amz-Date=20240101&sig=***&client_secret=***'],
    ['an encoded name', 'https://h/?api%5Fkey=abc', 'https://h/?api%5Fkey=***'],
    ['a key in the path, by shape', `https://actions.example.com/mcp/${OPENAI}/sse`, 'https://actions.example.com/mcp/***/sse'],
    ['a random token in the path', `https://mcp.example.com/s/${HEX40}/sse`, 'https://mcp.example.com/s/***/sse'],
    ['a key by shape under an innocent name', `https://h/?q=${GITHUB}`, 'https://h/?q=***'],
    ['OAuth implicit fragment', 'https://h/cb#access_token=abc&state=xyz', 'https://h/cb#access_token=***&state=xyz'],
    ['database URLs', 'postgres://app:hunter2@db.internal:5432/prod', 'postgres://app:***@db.internal:5432/prod'],
    ['not a URL the parser takes: the names still count', 'localhost:3000/mcp?api_key=abc', 'localhost:3000/mcp?api_key=***'],
  ];
  for (const [name, input, expected] of cases) test(name, () => assert.equal(redactUrl(input), expected));

  const untouched = [
    'http://127.0.0.1:3000/mcp',
    'https://mcp.example.com/v1/sse?region=eu-west-1&limit=10',
    'https://api.githubcopilot.com/mcp/',
    'https://alice@example.com/mcp',
    'https://h/mcp?token=${MCP_TOKEN}',
    'https://h/tenants/123e4567-e89b-12d3-a456-426614174000/mcp',
    'https://h/mcp?key=',
  ];
  for (const url of untouched) test(`stays: ${url}`, () => assert.equal(redactUrl(url), url));
});

describe('redactArgs', () => {
  const cases: [string, string[], string[]][] = [
    ['--api-key X: the flag stays', ['--api-key', OPENAI], ['--api-key', '***']],
    ['--token X, --password X, --secret X', ['--token', 'abc', '--password', 'hunter2', '--secret', 'xyz'], ['--token', '***', '--password', '***', '--secret', '***']],
    ['--flag=X', ['--api-key=abc', '--client-secret=d e'], ['--api-key=***', '--client-secret=***']],
    ['a header argument keeps its scheme', ['--header', 'Authorization: Bearer abc.def', '-H', 'X-Api-Key: k1'], ['--header', 'Authorization: Bearer ***', '-H', 'X-Api-Key: ***']],
    ['--header=… in one argument', ['--header=Authorization: Basic dXNlcjpwYXNz'], ['--header=Authorization: Basic ***']],
    ['env-style NAME=value', ['-e', 'API_KEY=abc', 'GITHUB_PERSONAL_ACCESS_TOKEN=x', 'LOG_LEVEL=debug'], ['-e', 'API_KEY=***', 'GITHUB_PERSONAL_ACCESS_TOKEN=***', 'LOG_LEVEL=debug']],
    ['a key by its shape, whatever the flag', ['--org', 'acme', '--auth-header', `Bearer ${JWT}`, ANTHROPIC], ['--org', 'acme', '--auth-header', 'Bearer ***', '***']],
    ['a key by shape inside an argument', [`--config={"k":"${GITHUB}"}`], ['--config={"k":"***"}']],
    ['URLs in arguments', ['https://u:pw@h/mcp?token=t', '--url=https://h/?key=1', 'DATABASE_URL=postgres://u:p@h/db'], ['https://u:***@h/mcp?token=***', '--url=https://h/?key=***', 'DATABASE_URL=postgres://u:***@h/db']],
    ['a random hex token alone', [HEX40], ['***']],
  ];
  for (const [name, input, expected] of cases) test(name, () => assert.deepEqual(redactArgs(input), expected));

  const untouched: [string, string[]][] = [
    ['package names and paths', ['-y', '@modelcontextprotocol/server-filesystem', '/home/u/project', './rel/dir', '~/notes', 'C:\\Users\\u\\AppData']],
    ['a versioned package and a script', ['-y', '@upstash/context7-mcp@4.1.1', 'node', 'dist/index.js', 'mcp-server-sequential-thinking-2026']],
    ['ordinary flags and numbers', ['--port', '3000', '--max-tokens', '1000', '--tokenizer', 'o200k', '--transport', 'stdio']],
    ['a switch is not given the next argument as its value', ['--no-auth', '/srv/data', '--api-key', '--verbose']],
    ['references to secrets are not secrets', ['--token', '$GITHUB_TOKEN', '--api-key=${API_KEY}', 'Authorization:${AUTH_HEADER}']],
    ['UUIDs, camelCase and an empty value', ['123e4567-e89b-12d3-a456-426614174000', 'ThisIsAVeryLongClassNameForTesting', '--token', '']],
    ['a publishable key name', ['NEXT_PUBLIC_API_KEY=pk_test_abc']],
  ];
  for (const [name, args] of untouched) test(`stays: ${name}`, () => assert.deepEqual(redactArgs(args), args));
});

describe('redactText', () => {
  const cases: [string, string, string][] = [
    ['Bearer tokens', 'HTTP 401: invalid Bearer abc123.def for this resource', 'HTTP 401: invalid Bearer *** for this resource'],
    ['Authorization headers', 'sent Authorization: Basic dXNlcjpwYXNz and Cookie: sid=1', 'sent Authorization: Basic *** and Cookie: ***'],
    ['key=value pairs', 'connect failed: password=hunter2;user=app api_key=k1', 'connect failed: password=***;user=app api_key=***'],
    ['quoted assignments', 'PASSWORD = "a b" in .env', 'PASSWORD = *** in .env'],
    ['JSON pairs', 'bad config {"api_key": "abcdef", "name": "x"}', 'bad config {"api_key": "***", "name": "x"}'],
    ['a logged command line', `starting with --api-key ${OPENAI} --token=foo --port 80`, 'starting with --api-key *** --token=*** --port 80'],
    ['a flag whose value has no vendor shape', 'args: --password hunter2!', 'args: --password ***'],
    ['URLs inside text', 'http://u:pw@h:1/mcp?api_key=k refused the connection', 'http://u:***@h:1/mcp?api_key=*** refused the connection'],
    ['a private key cut short by a tail', 'key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1r', 'key:\n***'],
    ['several lines', `line 1 ${GITHUB}\nline 2 Bearer ${JWT}`, 'line 1 ***\nline 2 Bearer ***'],
  ];
  for (const [name, input, expected] of cases) test(name, () => assert.equal(redactText(input), expected));

  const untouched = [
    'Error: FIXTURE_API_KEY is not set',
    'missing Bearer token',
    'Basic authentication failed',
    'token: expired',
    'Token limit exceeded: 1000 tokens',
    'ENOENT: no such file or directory, open /home/u/project/.env',
    'npm ERR! 404 Not Found - GET https://registry.npmjs.org/@modelcontextprotocol%2fserver-nope',
    'set --api-key or export API_KEY=$KEY',
  ];
  for (const text of untouched) test(`stays: ${text}`, () => assert.equal(redactText(text), text));

  test('redacting twice changes nothing more', () => {
    for (const text of ['https://a:b@h/?token=t', `--api-key ${OPENAI}`, 'Authorization: Bearer abc1']) {
      assert.equal(redactText(redactText(text)), redactText(text));
    }
  });
});

describe('each detector on its own', () => {
  // One case per detector, so a detector that stops working is named by the failure.
  const cases: Record<keyof typeof DETECTORS_FOR_TESTS.text, string> = {
    shapes: `x ${OPENAI}`,
    randomRuns: `id ${HEX40}`,
    urls: 'https://u:pw@h/',
    bearer: 'Bearer abc123',
    basic: 'Basic dXNlcjpwYXNz',
    header: 'X-Api-Key: k',
    assignment: 'token=t',
    jsonPair: '"secret": "s"',
    flagValue: '--password hunter2!',
  };
  for (const [name, text] of Object.entries(cases)) {
    test(name, () => assert.ok(DETECTORS_FOR_TESTS.text[name as keyof typeof cases](text).length > 0));
  }
  const argCases: Record<keyof typeof DETECTORS_FOR_TESTS.arg, string> = {
    assignment: 'API_KEY=two words',
    header: 'Authorization: Bearer two words',
  };
  for (const [name, arg] of Object.entries(argCases)) {
    test(`${name} (one whole argument)`, () => assert.ok(DETECTORS_FOR_TESTS.arg[name as keyof typeof argCases](arg).length > 0));
  }
});

describe('catalog redaction', () => {
  const source = { kind: 'cli' as const };

  test('redactOrigin: stdio args and command, env names kept, env values never', () => {
    const origin = { transport: 'stdio', command: 'npx', args: ['-y', 'pkg', '--api-key', OPENAI], envKeys: ['API_KEY'], cwd: '/srv', source, env: { API_KEY: 'v' } } as ServerOrigin;
    assert.deepEqual(redactOrigin(origin), { transport: 'stdio', command: 'npx', args: ['-y', 'pkg', '--api-key', '***'], envKeys: ['API_KEY'], cwd: '/srv', source });
  });

  test('redactOrigin: the URL redacted, header names kept, header values never', () => {
    const origin = { transport: 'streamable-http', url: 'https://u:pw@h/mcp?api_key=k', headerKeys: ['Authorization'], source, headers: { Authorization: 'Bearer x' } } as ServerOrigin;
    assert.deepEqual(redactOrigin(origin), { transport: 'streamable-http', url: 'https://u:***@h/mcp?api_key=***', headerKeys: ['Authorization'], source });
  });

  test('redactOrigin tolerates a hand-written origin without args', () => {
    assert.deepEqual(redactOrigin({ transport: 'stdio', command: 'x', source } as unknown as ServerOrigin), { transport: 'stdio', command: 'x', args: [], source });
  });

  test('redactFailure: message and stderr tail', () => {
    const failure = redactFailure({ kind: 'exited', message: `exited (stderr: key ${OPENAI})`, stderrTail: `boot\nAuthorization: Bearer ${JWT}` });
    assert.deepEqual(failure, { kind: 'exited', message: 'exited (stderr: key ***)', stderrTail: 'boot\nAuthorization: Bearer ***' });
  });

  test('redactCatalog leaves tools exactly as the server sent them', () => {
    const tool = { name: 't', description: `Pass your key as ${OPENAI}`, inputSchema: { type: 'object' } };
    const catalog = newCatalog([{ name: 's', origin: { transport: 'stdio', command: 'node', args: ['--token', 'x'], source }, tools: [tool] }], 'now');
    const out = redactCatalog(catalog);
    assert.equal(out.servers[0]!.tools[0], tool);
    assert.deepEqual(out.servers[0]!.origin, { transport: 'stdio', command: 'node', args: ['--token', '***'], source });
    assert.deepEqual(catalog.servers[0]!.origin.transport === 'stdio' && catalog.servers[0]!.origin.args, ['--token', 'x'], 'the input is not changed');
  });

  test('redactEntry keeps an entry without origin as it is (an unchecked saved catalog)', () => {
    const entry = { name: 's', tools: [] } as never;
    assert.deepEqual(redactEntry(entry), { name: 's', tools: [] });
  });
});

test('a secret after a flag never becomes the name of a server started from a command line', async () => {
  const { nameFromCommand } = await import('../src/sources/server-name.js');
  assert.equal(nameFromCommand('node', ['--api-key', 'sk-proj-abcdefghijklmnopqrstuvwxyz012345', 'server.js']), 'server');
  assert.equal(nameFromCommand('npx', ['-y', '@modelcontextprotocol/server-github']), 'server-github');
});
