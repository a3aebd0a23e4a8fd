/** A read position inside one TTC line, with the errors it raises already placed. */
import { TTCParseError } from './parse-error.js';

export class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    /** 1-based line of `text` in the document. */
    readonly line: number,
    /** Column of `text[0]` in that line, 1-based. */
    readonly column: number,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  /** Consumes `token` if it is next. */
  eat(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.pos += token.length;
    return true;
  }

  expect(token: string, what: string): void {
    if (!this.eat(token)) throw this.error(`expected ${JSON.stringify(token)} ${what}, found ${this.found()}`);
  }

  /** Consumes the longest run matching `re` from here (a sticky copy is used). */
  match(re: RegExp): string | undefined {
    const sticky = new RegExp(re.source, 'y');
    sticky.lastIndex = this.pos;
    const m = sticky.exec(this.text);
    if (!m || m[0] === '') return undefined;
    this.pos += m[0].length;
    return m[0];
  }

  /** A short, printable description of what sits at the cursor, for messages. */
  found(): string {
    if (this.done) return 'end of line';
    const rest = this.text.slice(this.pos, this.pos + 12);
    return JSON.stringify(rest.length < this.text.length - this.pos ? `${rest}…` : rest);
  }

  error(reason: string, at = this.pos): TTCParseError {
    return new TTCParseError(this.line, this.column + at, reason);
  }
}
