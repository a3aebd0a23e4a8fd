/**
 * Errors a user can act on. Each carries a code and a one-line message that says what broke
 * (file, field, server) and what to do; the CLI prints the message without a stack trace.
 */
export type SlimErrorCode =
  | 'usage' // bad flags or arguments
  | 'config' // a config or catalog file that cannot be read or parsed
  | 'io'; // a file we must write could not be written

export class SlimError extends Error {
  override readonly name = 'SlimError';
  constructor(
    readonly code: SlimErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const isSlimError = (e: unknown): e is SlimError => e instanceof SlimError;
