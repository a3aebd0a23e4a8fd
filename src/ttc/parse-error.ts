/** Where TTC text stopped making sense, as 1-based line and column. */
export class TTCParseError extends Error {
  override readonly name = 'TTCParseError';
  constructor(
    readonly line: number,
    readonly column: number,
    /** What was expected, without the position. */
    readonly reason: string,
  ) {
    super(`TTC line ${line}, column ${column}: ${reason}`);
  }
}
