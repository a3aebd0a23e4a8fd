/** The store read_result reads from: the full text of each cut result, kept in memory for a while. */
import { randomBytes } from 'node:crypto';
import { formatBytes } from '../../util/format.js';
import { indexJson, type JsonBoundary } from './json-boundaries.js';
import { cutText } from './text-cut.js';

export interface ResultStoreOptions {
  /** Total UTF-8 bytes of the texts kept; the least recently used go first. Default 64 MB. */
  maxBytes?: number;
  /** A text not read for this long is dropped. Default 30 minutes. */
  maxAgeMs?: number;
  now?: () => number;
  id?: () => string;
}

export type ReadOutcome = { text: string; nextOffset?: number; totalChars: number } | { error: string };

interface Stored {
  text: string;
  /** Who may read it: the session (and agent) whose call produced it; undefined for anyone. */
  owner?: string;
  bytes: number;
  usedAt: number;
  json?: JsonBoundary[] | null;
}

/** An in-memory LRU of cut results, by total bytes and by age since last use. No timers: it is pruned on use. */
export class ResultStore {
  readonly maxBytes: number;
  readonly maxAgeMs: number;
  private readonly entries = new Map<string, Stored>();
  /** Why recent ids are gone, so an agent is told "expired" rather than "unknown". */
  private readonly gone = new Map<string, { why: 'expired' | 'evicted'; owner?: string }>();
  private bytes = 0;
  private readonly now: () => number;
  private readonly makeId: () => string;

  constructor(options: ResultStoreOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 30 * 60 * 1000;
    this.now = options.now ?? Date.now;
    // 96 random bits: an id seen in one session's result cannot be guessed by another.
    this.makeId = options.id ?? (() => randomBytes(12).toString('hex'));
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /**
   * Keep a full text; returns its id. A text bigger than maxBytes is still kept, alone. With an
   * owner, only a read by the same owner finds it: to anyone else it does not exist.
   */
  put(fullText: string, id?: string, owner?: string): string {
    this.prune();
    let key = id ?? this.makeId();
    while (id === undefined && this.entries.has(key)) key = this.makeId();
    this.remove(key, undefined);
    const bytes = Buffer.byteLength(fullText, 'utf8');
    this.entries.set(key, { text: fullText, bytes, usedAt: this.now(), ...(owner !== undefined ? { owner } : {}) });
    this.bytes += bytes;
    // The same owner's older results go first: one session's flood of big results should cost
    // other sessions theirs only when its own are not enough.
    for (const ownOnly of [true, false]) {
      for (const [old, entry] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        if (old === key || (ownOnly && entry.owner !== owner)) continue;
        this.remove(old, 'evicted');
      }
    }
    return key;
  }

  /** The next clean chunk of at most maxTokens from offset, or an error to return as an `isError` result. */
  read(id: string, offset: number, maxTokens: number, owner?: string): ReadOutcome {
    this.prune();
    const mine = (e: { owner?: string } | undefined) => e !== undefined && (e.owner === undefined || e.owner === owner);
    const found = this.entries.get(id);
    const entry = mine(found) ? found : undefined;
    if (!entry) {
      const gone = this.gone.get(id);
      const why = mine(gone) ? gone!.why : undefined;
      if (why === 'expired') return { error: `read_result: result "${id}" has expired (cut results are kept ${Math.round(this.maxAgeMs / 60000)} minutes after their last read); call the tool again` };
      if (why === 'evicted') return { error: `read_result: result "${id}" was dropped to make room for newer ones (cut results are kept up to ${formatBytes(this.maxBytes)} in all); call the tool again` };
      return { error: `read_result: no cut result has id "${id}"; use the id from the "[mcp-slim: result cut …]" note at the end of a result` };
    }
    const { text } = entry;
    if (!Number.isInteger(offset) || offset < 0) return { error: `read_result: offset must be a whole number of characters from 0, got ${JSON.stringify(offset)}` };
    if (offset > text.length) return { error: `read_result: offset ${offset} is past the end of result "${id}" (${text.length} characters)` };
    entry.usedAt = this.now();
    this.entries.delete(id);
    this.entries.set(id, entry);
    if (entry.json === undefined) entry.json = indexJson(text) ?? null;
    let { end } = cutText(text, offset, maxTokens, entry.json ?? undefined);
    // Always move on, even when the budget is smaller than the next character.
    if (end <= offset && offset < text.length) end = offset + (text.codePointAt(offset)! > 0xffff ? 2 : 1);
    return { text: text.slice(offset, end), totalChars: text.length, ...(end < text.length ? { nextOffset: end } : {}) };
  }

  private prune(): void {
    const oldest = this.now() - this.maxAgeMs;
    for (const [id, entry] of this.entries) if (entry.usedAt < oldest) this.remove(id, 'expired');
  }

  private remove(id: string, why: 'expired' | 'evicted' | undefined): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.bytes;
    if (!why) return;
    this.gone.set(id, { why, ...(entry.owner !== undefined ? { owner: entry.owner } : {}) });
    if (this.gone.size > 1000) this.gone.delete(this.gone.keys().next().value!);
  }
}
