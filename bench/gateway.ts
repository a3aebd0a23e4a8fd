/**
 * gateway: what an agent is handed in each mode over the 11 demo servers, what finding and
 * calling one tool costs in deferred mode, the latency the gateway adds to a call over stdio,
 * and 1,000 concurrent calls.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { newCatalog } from '../src/catalog/catalog-file.js';
import { modelView } from '../src/cost/model-view.js';
import { countTokens } from '../src/cost/tokenizer.js';
import { manualFile, overlayFromSlim } from '../src/slim/overlay.js';
import { PRESETS } from '../src/slim/policy.js';
import { slimCatalog } from '../src/slim/slim-catalog.js';
import { DEMO_SERVERS, demoSpecs } from '../src/sources/demo.js';
import { fetchServers } from '../src/sources/fetch-servers.js';
import type { Section } from './sections.js';
import { percentile } from './search/metrics.js';
import { keyValues, table } from './_table.js';

const require = createRequire(import.meta.url);
const TSX = require.resolve('tsx');
const BIN = new URL('../src/cli/bin.ts', import.meta.url).pathname;
const o200k = (text: string) => countTokens(text, 'o200k_base');
const CALLS = 400;

/** A gateway config over the demo servers, as a user would write it. */
function writeConfig(dir: string, extra: object): string {
  const servers = Object.fromEntries(demoSpecs().map((s) => [s.name, { command: [s.command, ...s.args], ...(s.env ? { env: s.env } : {}) }]));
  const file = join(dir, `gateway-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ log: false, upstreams: { servers }, ...extra }));
  return file;
}

async function connectGateway(config: string, home: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', TSX, BIN, 'serve', '--gateway-config', config], env: { ...process.env, HOME: home } as Record<string, string>, stderr: 'ignore', cwd: home }));
  return client;
}

async function listingTokens(client: Client): Promise<{ tools: number; tokens: number }> {
  const { tools } = await client.listTools();
  return { tools: tools.length, tokens: o200k(JSON.stringify(tools.map((t) => modelView(t as never)))) + o200k(client.getInstructions() ?? '') };
}

/** Wall times of sequential echo calls. */
async function echoTimes(client: Client, name: string): Promise<number[]> {
  for (let i = 0; i < 50; i++) await client.callTool({ name, arguments: { message: 'warm' } });
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await client.callTool({ name, arguments: { message: `m${i}` } });
    times.push(performance.now() - started);
  }
  return times;
}

export const gatewaySection: Section = {
  title: 'gateway: the agent\'s view in each mode over the 11 demo servers, deferred search, added latency',
  async run() {
    const home = mkdtempSync(join(tmpdir(), 'mcp-slim-bench-gw-'));
    const live = newCatalog(await fetchServers(demoSpecs(), { timeoutMs: 60_000, env: process.env, cwd: home }));
    const result = slimCatalog(live, PRESETS.balanced);
    const overlayDir = join(home, 'slim');
    mkdirSync(join(overlayDir, 'manual'), { recursive: true });
    writeFileSync(join(overlayDir, 'overlay.json'), JSON.stringify(overlayFromSlim(result)));
    for (const [family, text] of result.manuals) writeFileSync(join(overlayDir, manualFile(family)), text);

    const modes = {
      full: { mode: 'full' },
      slim: { mode: 'slim', overlay: join(overlayDir, 'overlay.json') },
      deferred: { mode: 'deferred' },
      phase: { mode: 'phase', phases: { browse: ['playwright/*'], files: ['filesystem/*'] } },
    };
    const rows: (string | number)[][] = [];
    const tokensBy: Record<string, number> = {};
    let deferredClient: Client | undefined;
    for (const [name, extra] of Object.entries(modes)) {
      const client = await connectGateway(writeConfig(home, extra), home);
      const { tools, tokens } = await listingTokens(client);
      tokensBy[name] = tokens;
      rows.push([name, tools, tokens]);
      if (name === 'deferred') deferredClient = client;
      else await client.close();
    }

    // Find and call one tool, counting every token the agent reads or writes for it.
    const client = deferredClient!;
    const searchArgs = { query: 'echo back a message', max_results: 5 };
    const search = await client.callTool({ name: 'tool_search', arguments: searchArgs });
    const searchText = (search.content as { text: string }[])[0]!.text;
    const found = JSON.parse(searchText) as { name: string }[];
    const callArgs = { message: 'hello' };
    const call = await client.callTool({ name: found[0]!.name, arguments: callArgs });
    const findCost = {
      searchCall: o200k(JSON.stringify({ name: 'tool_search', arguments: searchArgs })),
      searchResult: o200k(searchText),
      call: o200k(JSON.stringify({ name: found[0]!.name, arguments: callArgs })),
      result: o200k(JSON.stringify(call.content)),
    };
    const findTotal = Object.values(findCost).reduce((a, b) => a + b, 0);
    const oneResultArgs = { query: 'echo back a message', max_results: 1 };
    const oneText = ((await client.callTool({ name: 'tool_search', arguments: oneResultArgs })).content as { text: string }[])[0]!.text;
    const findOne = o200k(JSON.stringify({ name: 'tool_search', arguments: oneResultArgs })) + o200k(oneText) + findCost.call + findCost.result;

    // Added latency over stdio: everything's echo directly, and through the gateway.
    const direct = new Client({ name: 'bench', version: '1' });
    const everything = demoSpecs().find((s) => s.name === 'everything')!;
    await direct.connect(new StdioClientTransport({ command: everything.command, args: everything.args, stderr: 'ignore' }));
    const directTimes = await echoTimes(direct, 'echo');
    const gatewayTimes = await echoTimes(client, 'everything__echo');

    // 1,000 concurrent calls through the gateway: every one must come back with its own answer.
    const started = performance.now();
    const answers = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => client.callTool({ name: 'everything__echo', arguments: { message: `c${i}` } })));
    const burstMs = performance.now() - started;
    const right = answers.filter((a, i) => a.status === 'fulfilled' && (a.value.content as { text: string }[])[0]?.text === `Echo: c${i}`).length;
    await Promise.all([client.close(), direct.close()]);

    const deferredShare = 1 - tokensBy.deferred! / tokensBy.full!;
    const lines = [
      table(['mode', 'tools listed', 'o200k (tools/list + instructions)'], rows),
      '',
      keyValues([
        ['servers', `${DEMO_SERVERS.length} (${live.servers.reduce((n, s) => n + s.tools.length, 0)} tools)`],
        ['deferred vs full', `${(deferredShare * 100).toFixed(1)}% smaller (target ≥ 95%, and ≤ 300 tokens: ${tokensBy.deferred! <= 300 ? 'yes' : 'NO'})`],
        ['find + call one tool (deferred)', `${findTotal} o200k: search call ${findCost.searchCall} + search result ${findCost.searchResult} (5 results) + call ${findCost.call} + result ${findCost.result}`],
        ['  with max_results 1', `${findOne} o200k (target ≤ 600)`],
        ['tools/call direct (stdio)', `p50 ${percentile(directTimes, 50).toFixed(3)} ms, p99 ${percentile(directTimes, 99).toFixed(3)} ms (${CALLS} calls)`],
        ['tools/call via gateway', `p50 ${percentile(gatewayTimes, 50).toFixed(3)} ms, p99 ${percentile(gatewayTimes, 99).toFixed(3)} ms`],
        ['added by the gateway', `p50 ${(percentile(gatewayTimes, 50) - percentile(directTimes, 50)).toFixed(3)} ms, p99 ${(percentile(gatewayTimes, 99) - percentile(directTimes, 99)).toFixed(3)} ms (target p50 ≤ 0.5 ms)`],
        ['1,000 concurrent calls', `${right} of 1000 answered correctly in ${burstMs.toFixed(0)} ms${right === 1000 ? '' : ' (CALLS LOST)'}`],
      ]),
    ];
    if (right !== 1000) throw new Error(lines.join('\n'));
    return lines.join('\n');
  },
};
