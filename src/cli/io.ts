/** The process, injected: the CLI never touches `process` directly, so tests run it in-process. */
export interface CliIO {
  argv: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: Output;
  stderr: Output;
}

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Colour only on a terminal, and never when NO_COLOR is set or in CI logs (FORCE_COLOR wins). */
export function useColor(out: Output, env: CliIO['env']): boolean {
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  if (env.NO_COLOR !== undefined || env.CI) return false;
  return out.isTTY === true;
}
