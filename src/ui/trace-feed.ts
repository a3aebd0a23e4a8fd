/**
 * The live trace for the page: the gateway's accounting entries as they are recorded (in
 * `serve`), or as another gateway appends them to its log file (in `mcp-slim ui`). Keeps the last
 * entries in memory and tells subscribers of each new one.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { pollFiles } from '../fs/poll-files.js';
import type { AccountingEntry } from '../gateway/accounting.js';
import { parseTrace } from '../gateway/trace-report.js';

/** Entries the page can show: enough for a working day of one agent, bounded for a gateway that runs for weeks. */
export const FEED_SIZE = 1000;

export class TraceFeed {
  private readonly recent: AccountingEntry[] = [];
  private readonly listeners = new Set<(entry: AccountingEntry) => void>();

  record(entry: AccountingEntry): void {
    this.recent.push(entry);
    if (this.recent.length > FEED_SIZE) this.recent.splice(0, this.recent.length - FEED_SIZE);
    for (const listener of this.listeners) listener(entry);
  }

  entries(): readonly AccountingEntry[] {
    return this.recent;
  }

  subscribe(listener: (entry: AccountingEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** How often a followed log file is looked at. */
const POLL_MS = 500;
/** At start, only the end of a long log is read: the feed keeps the last FEED_SIZE entries anyway. */
const TAIL_BYTES = 4 * 1024 * 1024;

/**
 * Feed the entries another gateway appends to `file`: the last ones at once, then each new line.
 * A file that does not exist yet is waited for; one that shrinks (rotated) is read from its start.
 */
export function followLogFile(file: string, feed: TraceFeed): () => void {
  let offset = 0;
  // Bytes after the last newline read: a line still being written (or a letter cut in two).
  let partial = Buffer.alloc(0);
  const readFrom = (size: number) => {
    if (size < offset) [offset, partial] = [0, Buffer.alloc(0)];
    if (size === offset) return;
    const tail = offset === 0 && size > TAIL_BYTES;
    const start = tail ? size - TAIL_BYTES : offset;
    const chunk = Buffer.alloc(size - start);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, chunk, 0, chunk.length, start);
    } finally {
      closeSync(fd);
    }
    offset = size;
    let bytes = Buffer.concat([partial, chunk]);
    // A tail that starts mid-line: that first line is cut, so it is left out.
    if (tail) bytes = bytes.subarray(bytes.indexOf(0x0a) + 1);
    const end = bytes.lastIndexOf(0x0a);
    partial = Buffer.from(bytes.subarray(end + 1));
    for (const entry of parseTrace(bytes.subarray(0, end + 1).toString('utf8')).entries) feed.record(entry);
  };
  const look = () => {
    try {
      readFrom(statSync(file).size);
    } catch {
      // not there yet, or unreadable for a moment: looked at again on the next change
    }
  };
  look();
  return pollFiles([file], POLL_MS, look);
}
