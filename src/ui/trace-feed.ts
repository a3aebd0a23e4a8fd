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
 * A file that does not exist yet is waited for; one that is replaced (rotated: another inode) or
 * shrinks is read from its start. Reads go a bounded chunk at a time, and a line longer than a
 * chunk (no entry is) is skipped, so memory stays bounded whatever the file holds.
 */
export function followLogFile(file: string, feed: TraceFeed): () => void {
  let offset = 0;
  let inode: number | undefined;
  let mtime: number | undefined;
  // Bytes after the last newline read: a line still being written (or a letter cut in two).
  let partial = Buffer.alloc(0);
  let skipping = false;
  const take = (chunk: Buffer) => {
    let bytes = partial.length ? Buffer.concat([partial, chunk]) : chunk;
    if (skipping) {
      const newline = bytes.indexOf(0x0a);
      if (newline === -1) return void (partial = Buffer.alloc(0));
      [bytes, skipping] = [bytes.subarray(newline + 1), false];
    }
    const end = bytes.lastIndexOf(0x0a);
    partial = Buffer.from(bytes.subarray(end + 1));
    if (partial.length > TAIL_BYTES) [partial, skipping] = [Buffer.alloc(0), true];
    for (const entry of parseTrace(bytes.subarray(0, end + 1).toString('utf8')).entries) feed.record(entry);
  };
  const look = () => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return; // not there yet, or gone for a moment while rotated
    }
    // Another file (rotated), a shorter one (truncated), or the same length written anew (an
    // append-only log changes only by growing): read from the start.
    const rewritten = stat.ino !== inode || stat.size < offset || (stat.size === offset && stat.mtimeMs !== mtime);
    mtime = stat.mtimeMs;
    if (rewritten) [offset, partial, skipping, inode] = [0, Buffer.alloc(0), false, stat.ino];
    // At first, only the end of a long log: the feed keeps the last FEED_SIZE entries anyway.
    if (offset === 0 && stat.size > TAIL_BYTES) [offset, skipping] = [stat.size - TAIL_BYTES, true];
    const fd = openSync(file, 'r');
    try {
      while (offset < stat.size) {
        const chunk = Buffer.alloc(Math.min(TAIL_BYTES, stat.size - offset));
        const read = readSync(fd, chunk, 0, chunk.length, offset);
        if (read === 0) break;
        offset += read;
        take(chunk.subarray(0, read));
      }
    } finally {
      closeSync(fd);
    }
  };
  look();
  return pollFiles([file], POLL_MS, look);
}
