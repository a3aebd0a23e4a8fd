import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/**
 * A transport that hands every message through unchanged while keeping a copy of the raw
 * responses. The SDK validates and rewrites results (dropping keys it does not know); the
 * tap keeps what the server really sent, which is what we measure.
 */
export class TapTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  /** Raw responses by request id. */
  readonly responses = new Map<string | number, JSONRPCMessage>();
  /** Errors the transport reported (unparseable output, broken pipes), oldest first. */
  readonly errors: Error[] = [];
  closed = false;
  private readonly methods = new Map<string | number, string>();

  constructor(readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      if ('id' in message && message.id !== undefined && ('result' in message || 'error' in message)) this.responses.set(message.id, message);
      this.onmessage?.(message, extra);
    };
    inner.onerror = (error) => {
      this.errors.push(error);
      this.onerror?.(error);
    };
    inner.onclose = () => {
      this.closed = true;
      this.onclose?.();
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message && 'id' in message) this.methods.set(message.id, message.method);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  /** The raw result of the most recent request with this method, as the server sent it. */
  lastResult(method: string): unknown {
    let last: string | number | undefined;
    for (const [id, m] of this.methods) if (m === method) last = id;
    if (last === undefined) return undefined;
    const response = this.responses.get(last);
    return response && 'result' in response ? response.result : undefined;
  }
}
