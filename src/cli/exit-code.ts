import type { SlimErrorCode } from '../errors.js';

/** The exit codes of every command, documented in the README. */
export const EXIT = {
  ok: 0,
  /** A server failed, a budget was broken, or lint found errors. */
  failed: 1,
  /** A usage or configuration mistake. */
  usage: 2,
  /** A bug in mcp-slim. */
  crash: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export function exitCodeForError(code: SlimErrorCode): ExitCode {
  return code === 'io' ? EXIT.failed : EXIT.usage;
}

export function exitCodeForMeasure(failedServers: number): ExitCode {
  return failedServers > 0 ? EXIT.failed : EXIT.ok;
}

/** Over budget or a failed server is 1; otherwise a budget that names things that are gone is 2. */
export function exitCodeForCheck(severities: readonly ('fail' | 'stale' | 'ratchet')[]): ExitCode {
  if (severities.includes('fail')) return EXIT.failed;
  if (severities.includes('stale')) return EXIT.usage;
  return EXIT.ok;
}
