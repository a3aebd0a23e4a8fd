import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

interface Capture {
  method: string;
  resolve: (result: unknown) => void;
}

/**
 * A transport that hands every message through unchanged and lets a caller capture the raw
 * result of its own next request. The SDK validates and rewrites results (dropping keys it does
 * not know); the capture keeps what the server really sent, which is what we measure. Only
 * captured responses are kept, and only until they are handed over.
 */
export class TapTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  /** Errors the transport reported (unparseable output, broken pipes), oldest first. */
  readonly errors: Error[] = [];
  closed = false;
  private readonly waiting: Capture[] = [];
  private readonly bound = new Map<string | number, Capture>();

  constructor(readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      if ('id' in message && message.id !== undefined && ('result' in message || 'error' in message)) {
        const capture = this.bound.get(message.id);
        if (capture) {
          this.bound.delete(message.id);
          capture.resolve('result' in message ? message.result : undefined);
        }
      }
      this.onmessage?.(message, extra);
    };
    inner.onerror = (error) => {
      if (this.errors.length < 20) this.errors.push(error);
      this.onerror?.(error);
    };
    inner.onclose = () => {
      this.closed = true;
      for (const c of [...this.waiting.splice(0), ...this.bound.values()]) c.resolve(undefined);
      this.bound.clear();
      this.onclose?.();
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /**
   * The raw result of the next request sent with `method` (undefined if it failed or the
   * connection closed). Call it right before making the request: the SDK sends synchronously
   * inside `request()`, so captures bind to requests in the order they were asked for.
   */
  captureNext(method: string): Promise<unknown> {
    return new Promise((resolve) => this.waiting.push({ method, resolve }));
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message && 'id' in message) {
      const i = this.waiting.findIndex((w) => w.method === message.method);
      if (i !== -1) this.bound.set(message.id, this.waiting.splice(i, 1)[0]!);
    }
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}
