import type { ServerEntry } from '../catalog/types.js';
import type { Output } from './io.js';

/**
 * One line on a terminal, rewritten as servers finish. Nothing at all when stderr is not a
 * terminal or the output is machine-readable, so pipes and --json stay clean.
 */
export class ProgressLine {
  private shown = false;

  constructor(
    private readonly out: Output,
    private readonly enabled: boolean,
  ) {}

  start(total: number): void {
    this.write(`starting ${total} server${total === 1 ? '' : 's'}…`);
  }

  serverDone(entry: ServerEntry, done: number, total: number): void {
    const status = entry.failure ? `${entry.name} failed` : `${entry.name} ${entry.tools.length} tools`;
    this.write(`measuring servers ${done}/${total} · ${status}`);
  }

  clear(): void {
    if (this.shown) this.out.write('\r\x1b[2K');
    this.shown = false;
  }

  private write(text: string): void {
    if (!this.enabled) return;
    const width = (this.out.columns ?? 80) - 1;
    this.out.write(`\r\x1b[2K${text.slice(0, width)}`);
    this.shown = true;
  }
}
