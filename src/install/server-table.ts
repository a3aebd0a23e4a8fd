/** One server entry of a client config as text: the lines that define it, with their own comments. */
export interface ServerChunk {
  name: string;
  /** Its lines, without the indentation of the place they came from. */
  lines: string[];
  /** A comment at the end of its last line (JSONC), kept apart so a comma can go before it. */
  comment?: string;
}

/**
 * The server table of one config format (JSON/JSONC or TOML), edited as text so that everything
 * around the servers stays as the user wrote it.
 */
export interface ServerTable {
  format: 'json' | 'toml';
  /** Every entry of the table written as its own entry, in file order. */
  chunks(text: string): ServerChunk[];
  /** The text without these entries (and with nothing else changed). */
  remove(text: string, names: readonly string[]): string;
  /** The text with this entry set to a value (added at the end, or replaced in place). */
  set(text: string, name: string, value: Record<string, unknown>): string;
  /** The text with these entries added at the end of the table. */
  insert(text: string, chunks: readonly ServerChunk[]): string;
  /** A new file holding only these entries under `rootKey`. */
  newFile(chunks: readonly ServerChunk[], rootKey: string): string;
}
