import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
export const TSX = require.resolve('tsx');
export const CLI = new URL('../src/cli/bin.ts', import.meta.url).pathname;

/** `node --import tsx src/cli/bin.ts …`: the real CLI in its own process, as a client starts it. */
export const cliCommand = (args: string[]): { command: string; args: string[] } => ({ command: process.execPath, args: ['--import', TSX, CLI, ...args] });

export interface ServeProcess {
  child: ChildProcess;
  dir: string;
  stderr(): string;
  /** Resolves with the stderr so far once it matches, rejects after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
  /** Resolves with the exit code (or signal) and how long after the call it came. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>;
  kill(): void;
}

/** A temporary project with a gateway config, and HOME inside it so no user config is read. */
export function tempProject(config: object): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-slim-fault-'));
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, 'home'));
  writeFileSync(join(dir, 'mcp-slim.config.json'), JSON.stringify(config));
  return { dir, env: { HOME: join(dir, 'home'), XDG_CONFIG_HOME: join(dir, 'home', '.config') } };
}

/** `mcp-slim serve …` as a child process in a temporary project with `config`. */
export function spawnServe(args: string[], config: object, env: Record<string, string> = {}): ServeProcess {
  return spawnInProject(['serve', ...args], config, env);
}

/** `mcp-slim …` (serve, ui) as a child process in a temporary project with `config`. */
export function spawnInProject(cli: string[], config: object, env: Record<string, string> = {}): ServeProcess {
  const project = tempProject(config);
  const { command, args: argv } = cliCommand(cli);
  const child = spawn(command, argv, { cwd: project.dir, env: { ...process.env, ...project.env, NO_COLOR: '1', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((done) => child.once('exit', (code, signal) => done({ code, signal, at: Date.now() })));
  return {
    child,
    dir: project.dir,
    stderr: () => err,
    waitFor(pattern, ms = 20_000) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (pattern.test(err)) return resolve(err);
          if (child.exitCode !== null || Date.now() - started > ms) return reject(new Error(`stderr never matched ${pattern} (exit ${child.exitCode}):\n${err}`));
          setTimeout(check, 25);
        };
        check();
      });
    },
    async exited() {
      const asked = Date.now();
      const { code, signal, at } = await ended;
      return { code, signal, afterMs: Math.max(0, at - asked) };
    },
    kill: () => void child.kill('SIGKILL'),
  };
}

/** Whether a process id is still alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Peak resident memory of a live process in MB (Linux /proc). */
export async function peakRssMb(pid: number): Promise<number | undefined> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : undefined;
}
