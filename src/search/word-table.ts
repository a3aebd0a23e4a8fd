/** FNV-1a over a word's characters: where a hash starts, and one character more. */
export const HASH_START = 0x811c9dc5;
export const hashStep = (hash: number, char: number): number => Math.imul(hash ^ char, 0x01000193);

/** Slots a table starts with: room for the words of a few servers' tools before it first grows. */
const FIRST_SLOTS = 4096;

/**
 * A memo of a pure function of a word, bounded: it holds at most `limit` words and starts over
 * when full, so a long-running gateway that meets ever new text does not grow without end (tools
 * and tasks use a few thousand words, so in practice it never fills).
 *
 * Besides a word as a string, it finds a word by its characters in a text (`inText`): indexing a
 * catalog reads some 80,000 words, nearly all of them seen before, and cutting each out of its
 * text and lower-casing it cost more than the lookup. Open addressing over FNV-1a, each slot its
 * word's hash and index side by side, the table no bigger than its words need: a lookup touches
 * little memory, which is most of what it costs.
 */
export class WordTable<V> {
  private words: string[] = [];
  private values: V[] = [];
  /** Slot s is [2s] 1 + the index of its word (0: free) and [2s + 1] the word's hash. */
  private slots = new Int32Array(2 * FIRST_SLOTS);
  private mask = FIRST_SLOTS - 1;

  constructor(
    private readonly compute: (word: string) => V,
    private readonly limit: number,
  ) {
    if (!(limit >= 1)) throw new RangeError(`a word table holds at least one word, not ${limit}`);
  }

  /** Words held. */
  get size(): number {
    return this.words.length;
  }

  get(word: string): V {
    let hash = HASH_START;
    for (let k = 0; k < word.length; k++) hash = hashStep(hash, word.charCodeAt(k));
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slots[2 * slot]! - 1;
      if (at < 0) return this.insert(hash, word);
      if (slots[2 * slot + 1] === hash && this.words[at] === word) return this.values[at]!;
    }
  }

  /**
   * The value of the word text[from..end) in lower case, given the hash of its characters in
   * lower case (the caller reads them anyway). Only for ASCII letters and digits: lower case is
   * then setting bit 5, which digits have already.
   */
  inText(text: string, from: number, end: number, hash: number): V {
    const length = end - from;
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slots[2 * slot]! - 1;
      if (at < 0) return this.insert(hash, text.slice(from, end).toLowerCase());
      if (slots[2 * slot + 1] !== hash) continue;
      const word = this.words[at]!;
      if (word.length !== length) continue;
      let k = 0;
      while (k < length && word.charCodeAt(k) === (text.charCodeAt(from + k) | 32)) k++;
      if (k === length) return this.values[at]!;
    }
  }

  private insert(hash: number, word: string): V {
    const value = this.compute(word);
    if (this.words.length >= this.limit) {
      this.words = [];
      this.values = [];
      this.slots = new Int32Array(2 * FIRST_SLOTS);
      this.mask = FIRST_SLOTS - 1;
    } else if (2 * (this.words.length + 1) > this.mask + 1) this.grow();
    // Placed after compute, which is free to use the table itself.
    this.place(hash, this.words.push(word));
    this.values.push(value);
    return value;
  }

  /** At most half full, so probes stay short. */
  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(2 * old.length);
    this.mask = old.length - 1;
    for (let s = 0; s < old.length; s += 2) if (old[s] !== 0) this.place(old[s + 1]!, old[s]!);
  }

  private place(hash: number, index: number): void {
    let slot = hash & this.mask;
    while (this.slots[2 * slot] !== 0) slot = (slot + 1) & this.mask;
    this.slots[2 * slot] = index;
    this.slots[2 * slot + 1] = hash;
  }
}
