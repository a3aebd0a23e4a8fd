import type { Readable } from 'node:stream';

/** Keeps the last bytes a child wrote on stderr, to explain a failure without flooding the report. */
export class StderrTail {
  private chunks: string[] = [];
  private size = 0;

  constructor(private readonly maxBytes = 8192) {}

  attach(stream: Readable | null): void {
    stream?.on('data', (chunk: Buffer | string) => this.push(chunk.toString()));
  }

  push(text: string): void {
    this.chunks.push(text);
    this.size += text.length;
    while (this.size > this.maxBytes && this.chunks.length > 1) this.size -= this.chunks.shift()!.length;
  }

  /** The last `lines` non-empty lines, or undefined when the server printed nothing. */
  tail(lines = 8): string | undefined {
    const all = this.chunks.join('').split(/\r?\n/).filter((l) => l.trim() !== '');
    return all.length ? all.slice(-lines).join('\n') : undefined;
  }
}
