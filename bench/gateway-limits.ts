/**
 * gateway limits: `mcp-slim serve` as its own process, pushed at its size and bind limits. How
 * long a huge stdio result takes to come back cut and how much memory the gateway needs for it;
 * how fast a port in use ends the process; what a 200 MB body before initialize costs; and a
 * client message over the 64 MB stdio limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Section } from './sections.js';
import { median } from './_stats.js';
import { fmt, keyValues, table, type Cell } from './_table.js';

const require = createRequire(import.meta.url);
const TSX = require.resolve('tsx');
const BIN = new URL('../src/cli/bin.ts', import.meta.url).pathname;
const FAULT = new URL('../test/fixtures/servers/fault.mjs', import.meta.url).pathname;
const RESULT_MB = [1, 8, 20, 64, 128];
const BIND_RUNS = 5;
const BODY_MB = 200;
const MESSAGE_MB = 65;
/** Long enough for the biggest result on a slow machine: the numbers, not a timeout, should end a row. */
const CALL_TIMEOUT_MS = 10 * 60_000;
const LISTENING = /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/;
const CUT = /result cut at ([\d,]+) of (about )?([\d,]+) tokens( \(estimated from its first MB\))?/;

/** A temporary directory (also HOME and cwd, so no user config is read) with the gateway config. */
function workspace(): { dir: string; config: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-bench-limits-'));
  const config = join(dir, 'gateway.json');
  writeFileSync(config, JSON.stringify({ mode: 'full', log: false, upstreams: { servers: { fault: { command: ['node', FAULT] } } } }));
  return { dir, config, env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, '.config'), NO_COLOR: '1' } as Record<string, string> };
}

const serveArgs = (config: string, extra: string[] = []) => ['--import', TSX, BIN, 'serve', '--gateway-config', config, ...extra];

/** Peak resident memory (VmHWM) of a live process in MB, from /proc. */
async function peakRssMb(pid: number): Promise<number> {
  const kb = /VmHWM:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmHWM for process ${pid}`);
  return Number(kb) / 1024;
}

/** The gateway over stdio, as an MCP client starts it. */
async function stdioGateway(): Promise<{ client: Client; pid: number; stderr: () => string }> {
  const ws = workspace();
  const transport = new StdioClientTransport({ command: process.execPath, args: serveArgs(ws.config), cwd: ws.dir, env: ws.env, stderr: 'pipe' });
  let err = '';
  transport.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const client = new Client({ name: 'bench-limits', version: '1' });
  await client.connect(transport);
  return { client, pid: transport.pid!, stderr: () => err };
}

/** `serve --http …` as a plain child process, with its stderr and its exit as promises. */
function httpGateway(port: number) {
  const ws = workspace();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, serveArgs(ws.config, ['--http', '--port', String(port)]), { cwd: ws.dir, env: ws.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const listening = new Promise<{ port: number; ms: number }>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = LISTENING.exec(err);
      if (m) resolve({ port: Number(m[1]), ms: performance.now() - started });
    });
    child.once('exit', () => reject(new Error(`serve --http exited before listening:\n${err}`)));
  });
  listening.catch(() => undefined);
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) => child.once('exit', (code) => resolve({ code, ms: performance.now() - started })));
  return { child, listening, exited, stderr: () => err };
}

/** Spawn to exit of `mcp-slim --version`: the cost of starting the CLI at all, for scale. */
function versionMs(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', TSX, BIN, '--version'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`--version exited ${code}`)))));
}

/** POST `bytes` of filler in 1 MB chunks before any initialize; counts what the socket took. */
function flood(port: number, bytes: number): Promise<{ outcome: string; sentMb: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    const done = (outcome: string) => resolve({ outcome, sentMb: sent / 2 ** 20, ms: performance.now() - started });
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
      res.resume();
      res.on('end', () => done(`HTTP ${res.statusCode}`));
    });
    req.on('error', (e) => done((e as NodeJS.ErrnoException).code ?? e.message));
    const chunk = Buffer.alloc(2 ** 20, 'a');
    const pump = () => {
      while (sent < bytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    req.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"pad":"');
    pump();
  });
}

async function results(problems: string[]): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  for (const mb of RESULT_MB) {
    // VmHWM never goes down, so each size gets a gateway of its own.
    const gw = await stdioGateway();
    try {
      const idle = await peakRssMb(gw.pid);
      const started = performance.now();
      const result = await gw.client.callTool({ name: 'fault__big_text', arguments: { mb } }, undefined, { timeout: CALL_TIMEOUT_MS }).catch((error: unknown) => {
        // Without the gateway's own words a lost connection says nothing about why.
        throw new Error(`${mb} MB result: ${(error as Error).message}; the gateway's stderr ended with:\n${gw.stderr().slice(-1500)}`);
      });
      const ms = performance.now() - started;
      const peak = await peakRssMb(gw.pid);
      const texts = (result.content as { type: string; text?: string }[]).map((b) => b.text ?? '').join('\n');
      const cut = CUT.exec(texts);
      if (!cut) problems.push(`${mb} MB result was not cut: ${texts.slice(-300)}`);
      rows.push([mb, ms / 1000, idle, peak, (peak - idle) / mb, cut ? 'yes' : 'NO', cut ? Number(cut[1]!.replaceAll(',', '')) : '—', cut ? Number(cut[3]!.replaceAll(',', '')) : '—', cut?.[4] ? 'estimated' : cut ? 'counted' : '—']);
    } finally {
      await gw.client.close();
    }
  }
  return rows;
}

async function bindTimes(problems: string[]): Promise<{ inUse: number[]; free: number[]; version: number[]; line: string }> {
  const blocker = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => blocker.once('listening', r));
  const busy = (blocker.address() as AddressInfo).port;
  const inUse: number[] = [];
  const free: number[] = [];
  const version: number[] = [];
  let line = '';
  try {
    // Alternate the three, so none gets a warmer disk cache or a quieter CPU.
    for (let i = 0; i < BIND_RUNS; i++) {
      const refused = httpGateway(busy);
      const { code, ms } = await refused.exited;
      if (code !== 2) problems.push(`port in use: exit ${code}, expected 2:\n${refused.stderr()}`);
      inUse.push(ms);
      line = refused.stderr().trim().split('\n').at(-1) ?? '';
      const ok = httpGateway(0);
      free.push((await ok.listening).ms);
      ok.child.kill('SIGTERM');
      await ok.exited;
      version.push(await versionMs());
    }
  } finally {
    blocker.close();
  }
  return { inUse, free, version, line };
}

async function bigBody(problems: string[]): Promise<[string, Cell][]> {
  const gw = httpGateway(0);
  try {
    const { port } = await gw.listening;
    const before = await peakRssMb(gw.child.pid!);
    const sent = await flood(port, BODY_MB * 2 ** 20);
    const after = await peakRssMb(gw.child.pid!);
    if (!/HTTP 413|ECONNRESET|EPIPE/.test(sent.outcome)) problems.push(`${BODY_MB} MB body: ${sent.outcome}, expected 413 or a reset`);
    // Still serving: a real client initializes and calls a tool afterwards.
    const client = new Client({ name: 'bench-limits', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    const after413 = await client.callTool({ name: 'fault__fail', arguments: {} });
    await client.close();
    return [
      ['answer', `${sent.outcome} after ${fmt(sent.ms)} ms, ${fmt(sent.sentMb)} MB of ${BODY_MB} MB written by the client`],
      ['gateway peak RSS', `${fmt(before)} MB before, ${fmt(after)} MB after (+${fmt(after - before)} MB)`],
      ['a session afterwards', after413.isError ? 'initialized and called fault__fail: ok' : 'UNEXPECTED RESULT'],
    ];
  } finally {
    gw.child.kill('SIGKILL');
  }
}

async function bigMessage(problems: string[]): Promise<[string, Cell][]> {
  const gw = await stdioGateway();
  try {
    const before = await peakRssMb(gw.pid);
    const pad = 'x'.repeat(MESSAGE_MB * 2 ** 20);
    let started = performance.now();
    const error = await gw.client.callTool({ name: 'fault__fail', arguments: { pad } }, undefined, { timeout: CALL_TIMEOUT_MS }).then(() => 'no error', (e: Error) => e.message);
    const errorMs = performance.now() - started;
    const peak = await peakRssMb(gw.pid);
    if (!/over the gateway's 64 MB limit/.test(error)) problems.push(`${MESSAGE_MB} MB message: ${error}`);
    started = performance.now();
    const next = await gw.client.callTool({ name: 'fault__fail', arguments: {} });
    const nextMs = performance.now() - started;
    const text = (next.content as { text: string }[])[0]?.text ?? '';
    if (!text.startsWith('the record is locked')) problems.push(`the call after the ${MESSAGE_MB} MB message: ${text}`);
    return [
      ['JSON-RPC error', `after ${fmt(errorMs)} ms (the client serializing and writing ${MESSAGE_MB} MB included): ${error}`],
      ['gateway peak RSS', `${fmt(before)} MB before, ${fmt(peak)} MB after (+${fmt(peak - before)} MB)`],
      ['next normal call', `${text.startsWith('the record is locked') ? 'answered' : 'FAILED'} in ${fmt(nextMs, 1)} ms`],
    ];
  } finally {
    await gw.client.close();
  }
}

export const gatewayLimitsSection: Section = {
  title: 'gateway limits: huge stdio results, a port in use, a 200 MB body, a 65 MB client message',
  async run() {
    const problems: string[] = [];
    const resultRows = await results(problems);
    const bind = await bindTimes(problems);
    const body = await bigBody(problems);
    const message = await bigMessage(problems);
    const lines = [
      `fault__big_text from a stdio upstream, through \`serve\` over stdio (a fresh gateway per size):`,
      '',
      table(['MB', { title: 'call s', digits: 2 }, 'RSS idle MB', 'peak RSS MB', { title: '(peak − idle) / MB', digits: 1 }, 'cut', 'tokens kept', 'tokens stated', 'stated as'], resultRows),
      '',
      `spawn to exit, or to the "listening on" line (${BIND_RUNS} runs each, interleaved):`,
      '',
      table(['command', 'until', 'median ms', 'min ms', 'max ms'], [
        ['serve --http --port <in use>', 'exit 2', median(bind.inUse), Math.min(...bind.inUse), Math.max(...bind.inUse)],
        ['serve --http --port 0', '"listening on"', median(bind.free), Math.min(...bind.free), Math.max(...bind.free)],
        ['mcp-slim --version (for scale)', 'exit 0', median(bind.version), Math.min(...bind.version), Math.max(...bind.version)],
      ]),
      '',
      keyValues([
        ['refused sooner by', `${fmt(median(bind.free) - median(bind.inUse))} ms (median; serve listens before starting any upstream)`],
        ['its line', bind.line],
      ]),
      '',
      `a ${BODY_MB} MB POST body before initialize, 1 MB chunks, to serve --http --port 0:`,
      '',
      keyValues(body),
      '',
      `a ${MESSAGE_MB} MB tools/call over stdio:`,
      '',
      keyValues(message),
    ];
    if (problems.length > 0) throw new Error(`${problems.join('\n')}\n\n${lines.join('\n')}`);
    return lines.join('\n');
  },
};
