import { run } from '../src/cli/run.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process, as the bin would, with captured output. */
export async function runCli(argv: string[], options: { env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run({
    argv,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    cwd: options.cwd ?? process.cwd(),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { code, stdout, stderr };
}

export const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
export const fixtureServer = (name: string): string[] => ['node', `${FIXTURES}servers/${name}.mjs`];
export const BIN = (name: string): string => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
