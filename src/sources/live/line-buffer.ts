/**
 * The stdio read buffer, in place of the MCP SDK's. The SDK's `ReadBuffer` copies everything read
 * so far on every chunk (quadratic: a 64 MB message is gigabytes of copying) and, past 10 MiB,
 * throws away the buffer and ends the transport: the message is lost, the upstream killed and a
 * stdio gateway exits without a word. This one keeps the chunks of the current line and joins them
 * once, and a line over the limit is skipped to its newline and handed to `onOversized`, so the
 * connection goes on and the request it answered (or asked) can get a JSON-RPC error.
 *
 * Framing stays the SDK's: one JSON-RPC message per line, parsed by the SDK's `deserializeMessage`.
 */
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const NEWLINE = 0x0a;
/** How much of each end of a skipped line is kept to find its id and method. */
const EDGE_BYTES = 4096;

export interface OversizedMessage {
  /** Size of the skipped line in bytes. */
  bytes: number;
  /** The JSON-RPC id, when one could be read from either end of the line. */
  id?: string | number;
  /** The method, for a request or notification. */
  method?: string;
  /** Whether it looks like a response (a `result` or `error` member) rather than a request. */
  response: boolean;
}

type Line = Buffer | OversizedMessage;

/** The shape the SDK's stdio transports expect of their `_readBuffer`. */
export interface ReadBufferLike {
  append(chunk: Buffer): void;
  readMessage(): JSONRPCMessage | null;
  clear(): void;
}

export class LineBuffer implements ReadBufferLike {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipping?: { bytes: number; head: Buffer; tail: Buffer };
  private readonly lines: Line[] = [];

  constructor(
    readonly maxMessageBytes: number,
    /** What to deliver in place of a skipped line (an error response), or null for nothing. */
    private readonly onOversized: (message: OversizedMessage) => JSONRPCMessage | null,
  ) {}

  append(chunk: Buffer): void {
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, from);
      const end = nl === -1 ? chunk.length : nl;
      this.take(chunk.subarray(from, end));
      if (nl === -1) break;
      this.endLine();
      from = nl + 1;
    }
  }

  private take(part: Buffer): void {
    if (!part.length) return;
    if (this.skipping) {
      const s = this.skipping;
      s.bytes += part.length;
      s.tail = Buffer.concat([s.tail, part]).subarray(-EDGE_BYTES);
      return;
    }
    if (this.pendingBytes + part.length <= this.maxMessageBytes) {
      this.pending.push(part);
      this.pendingBytes += part.length;
      return;
    }
    // Only the first few KB are kept to find the id: joining the whole line would hold it twice.
    const first: Buffer[] = [];
    let kept = 0;
    for (const chunk of [...this.pending, part]) {
      if (kept >= EDGE_BYTES) break;
      first.push(chunk.subarray(0, EDGE_BYTES - kept));
      kept += first.at(-1)!.length;
    }
    this.skipping = { bytes: this.pendingBytes + part.length, head: Buffer.concat(first), tail: Buffer.from(part.subarray(-EDGE_BYTES)) };
    this.pending = [];
    this.pendingBytes = 0;
  }

  private endLine(): void {
    if (this.skipping) {
      this.lines.push(describeSkipped(this.skipping));
      this.skipping = undefined;
      return;
    }
    const line = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.lines.push(line);
  }

  readMessage(): JSONRPCMessage | null {
    for (;;) {
      const line = this.lines.shift();
      if (line === undefined) return null;
      if (Buffer.isBuffer(line)) {
        const text = line.toString('utf8').replace(/\r$/, '');
        if (!text.trim()) continue;
        return deserializeMessage(text);
      }
      const replacement = this.onOversized(line);
      if (replacement) return replacement;
    }
  }

  clear(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.skipping = undefined;
    this.lines.length = 0;
  }
}

// An id is a string or a whole number that ends there (1e3 is not the id 1).
const ID_AT_START = /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"(?:[^"\\]|\\.)*"\s*,)*\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)\s*[,}]/;
const ID_AT_END = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$/;
const METHOD = /^\s*\{(?:\s*"(?:jsonrpc|id)"\s*:\s*(?:"(?:[^"\\]|\\.)*"|-?\d+)\s*,)*\s*"method"\s*:\s*"((?:[^"\\]|\\.)*)"/;
const RESPONSE = /^\s*\{(?:\s*"(?:jsonrpc|id)"\s*:\s*(?:"(?:[^"\\]|\\.)*"|-?\d+)\s*,)*\s*"(?:result|error)"\s*:/;

/**
 * The id and method of a line too big to parse, read from its ends: the SDK writes
 * `{method, params, jsonrpc, id}` for requests and `{result, jsonrpc, id}` for responses, other
 * writers usually put `jsonrpc` and `id` first.
 */
function describeSkipped(s: { bytes: number; head: Buffer; tail: Buffer }): OversizedMessage {
  const head = s.head.toString('utf8');
  const tail = s.tail.toString('utf8').replace(/\r$/, '');
  const idText = ID_AT_START.exec(head)?.[1] ?? ID_AT_END.exec(tail)?.[1];
  let id: string | number | undefined;
  if (idText !== undefined) {
    try {
      id = JSON.parse(idText) as string | number;
    } catch {
      id = undefined;
    }
  }
  const method = METHOD.exec(head)?.[1];
  return { bytes: s.bytes, ...(id !== undefined ? { id } : {}), ...(method !== undefined ? { method } : {}), response: method === undefined && RESPONSE.test(head) };
}

/**
 * Put a LineBuffer into one of the SDK's stdio transports. The field is private in the SDK's
 * types, so the swap is checked: if a new SDK version renames it, this fails loudly instead of
 * silently keeping the 10 MiB limit.
 */
export function installLineBuffer(transport: object, buffer: LineBuffer): void {
  const holder = transport as { _readBuffer?: unknown };
  if (!holder._readBuffer || typeof (holder._readBuffer as ReadBufferLike).readMessage !== 'function') {
    throw new Error('mcp-slim: the MCP SDK stdio transport has no _readBuffer to replace; the SDK version changed');
  }
  holder._readBuffer = buffer;
}
