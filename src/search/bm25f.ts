import type { FieldName } from './types.js';

/** Per-field weight and length normalisation (b). A name is short and decisive; a description is long. */
export interface FieldParams {
  weight: number;
  b: number;
}

/** How much a concept's other matching terms add beyond its best one: a little, so more evidence still helps. */
const LAMBDA = 0.15;

const scratchFor = (size: number) => ({ total: new Float64Array(size), best: new Float64Array(size), sum: new Float64Array(size), covered: new Float64Array(size), reach: new Float64Array(size) });

export type FieldTerms = Partial<Record<FieldName, string[]>>;

/** Fields by slot: a document's lengths and a posting's frequencies are arrays over these. */
const FIELDS: readonly FieldName[] = ['name', 'server', 'purpose', 'description', 'params', 'when', 'tags'];
const SLOT = Object.fromEntries(FIELDS.map((f, i) => [f, i])) as Record<FieldName, number>;
const NF = FIELDS.length;

interface Doc {
  key: string;
  /** Its number of terms per field slot. */
  lengths: number[];
  /**
   * The slots of the fields it was given, in the order given: saturation sums a term's fields in
   * this order, as it always has, since a float sum in another order can differ in the last bit.
   */
  order: number[];
  /** Its distinct terms. */
  terms: string[];
}

/**
 * The documents that hold a term, in the order they were added, and per document NF frequencies
 * (one per field slot) at NF × its position. Flat arrays, not a map per term of an object per
 * document: indexing a catalog makes tens of thousands of these.
 */
interface Posting {
  ids: number[];
  tf: number[];
}

/**
 * BM25F over documents made of fields: a term's frequencies in each field are length-normalised,
 * weighted and summed before the one saturation (k1), so a word in the name and again in the
 * description is not counted as two independent matches. Documents can be added and removed;
 * averages and document frequencies stay exact.
 */
export class Bm25fIndex {
  /** By id; a removed document's slot is empty until its id is reused. */
  private readonly docs: (Doc | undefined)[] = [];
  private count = 0;
  private readonly byKey = new Map<string, number>();
  private readonly postings = new Map<string, Posting>();
  private readonly totalLength: number[] = new Array<number>(NF).fill(0);
  private readonly weight: number[];
  private readonly b: number[];
  private readonly avg = new Float64Array(NF);
  private nextId = 0;
  private readonly freeIds: number[] = [];
  private scratch = scratchFor(64);

  constructor(
    fields: Readonly<Record<FieldName, FieldParams>>,
    private readonly k1 = 1.2,
  ) {
    this.weight = FIELDS.map((f) => fields[f].weight);
    this.b = FIELDS.map((f) => fields[f].b);
  }

  get size(): number {
    return this.count;
  }

  add(key: string, fields: FieldTerms): void {
    this.remove(key);
    // Ids of removed documents are reused, so servers that re-list their tools often do not grow the scratch arrays.
    const id = this.freeIds.pop() ?? this.nextId++;
    const lengths = new Array<number>(NF).fill(0);
    const order: number[] = [];
    const seen: string[] = [];
    for (const [field, list] of Object.entries(fields) as [FieldName, string[]][]) {
      const slot = SLOT[field];
      lengths[slot] = list.length;
      this.totalLength[slot] = this.totalLength[slot]! + list.length;
      order.push(slot);
      for (const term of list) {
        let posting = this.postings.get(term);
        if (!posting) this.postings.set(term, (posting = { ids: [], tf: [] }));
        // This document's entry, when the term has one yet, is the last: documents are added one at a time.
        let at = posting.ids.length - 1;
        if (at < 0 || posting.ids[at] !== id) {
          at = posting.ids.push(id) - 1;
          for (let f = 0; f < NF; f++) posting.tf.push(0);
          seen.push(term);
        }
        posting.tf[at * NF + slot]!++;
      }
    }
    this.docs[id] = { key, lengths, order, terms: seen };
    this.count++;
    this.byKey.set(key, id);
  }

  remove(key: string): boolean {
    const id = this.byKey.get(key);
    if (id === undefined) return false;
    const doc = this.docs[id]!;
    for (const slot of doc.order) this.totalLength[slot] = this.totalLength[slot]! - doc.lengths[slot]!;
    for (const term of doc.terms) {
      const posting = this.postings.get(term)!;
      const at = posting.ids.indexOf(id);
      posting.ids.splice(at, 1);
      posting.tf.splice(at * NF, NF);
      if (posting.ids.length === 0) this.postings.delete(term);
    }
    this.docs[id] = undefined;
    this.count--;
    this.byKey.delete(key);
    this.freeIds.push(id);
    return true;
  }

  /** The keys of the documents that hold a term, in any field. */
  holders(term: string): string[] {
    return (this.postings.get(term)?.ids ?? []).map((id) => this.docs[id]!.key);
  }

  /** How rare a term is across the documents (BM25's idf; 0 for a term no document has). */
  idf(term: string): number {
    return this.idfOf(this.postings.get(term)?.ids.length ?? 0);
  }

  private idfOf(df: number): number {
    return df ? Math.log(1 + (this.count - df + 0.5) / (df + 0.5)) : 0;
  }

  /** The idf of a term no document has. */
  private unseenIdf(): number {
    return Math.log(1 + (this.count + 0.5) / 0.5);
  }

  /**
   * Scores of every document matching a query of concepts: each concept maps terms to weights and
   * adds only its best term's score to a document (a word and its synonyms are one concept).
   * `coverage`, when given, receives per document the share of the query it matches: the sum of
   * each matched concept's best weight × idf over the same sum for a document matching them all
   * (a concept no document has counts at the idf of an unseen term). Dividing every document by
   * the same sum, it orders documents as before; it makes the share comparable between tasks.
   */
  scoreConcepts(concepts: readonly ReadonlyMap<string, number>[], coverage?: Map<string, number>): Map<string, number> {
    // Scratch arrays by document id, kept between calls (a search allocates little, so p99 has no GC in it); zeroed after use.
    if (this.scratch.total.length < this.nextId) this.scratch = scratchFor(this.nextId * 2);
    const { total, best, sum, covered, reach } = this.scratch;
    const matched: number[] = [];
    const avg = this.averages();
    let possible = 0;
    for (const concept of concepts) {
      const hit: number[] = [];
      let value = 0;
      for (const [term, weight] of concept) {
        const posting = this.postings.get(term);
        if (!posting) continue;
        const { ids, tf } = posting;
        const idf = this.idfOf(ids.length);
        value = Math.max(value, weight * idf);
        for (let k = 0; k < ids.length; k++) {
          const id = ids[k]!;
          const s = weight * idf * this.saturation(this.docs[id]!, tf, k * NF, avg);
          if (sum[id] === 0) hit.push(id);
          sum[id] = sum[id]! + s;
          if (s > best[id]!) best[id] = s;
          if (weight * idf > reach[id]!) reach[id] = weight * idf;
        }
      }
      // A word no tool has still counts in what a full match would be: a task about something no
      // tool mentions is covered less, not the same (it is as rare as a word can be).
      possible += value || Math.max(0, ...concept.values()) * this.unseenIdf();
      for (const id of hit) {
        if (total[id] === 0) matched.push(id);
        total[id] = total[id]! + best[id]! + LAMBDA * (sum[id]! - best[id]!);
        covered[id] = covered[id]! + reach[id]!;
        best[id] = 0;
        sum[id] = 0;
        reach[id] = 0;
      }
    }
    const out = new Map<string, number>();
    for (const id of matched) {
      const key = this.docs[id]!.key;
      out.set(key, total[id]!);
      coverage?.set(key, possible > 0 ? covered[id]! / possible : 0);
      total[id] = 0;
      covered[id] = 0;
    }
    return out;
  }

  /** Average length per field slot (1 for a field no document has), in a buffer reused between calls. */
  private averages(): Float64Array {
    const n = this.count;
    for (let slot = 0; slot < NF; slot++) this.avg[slot] = n ? this.totalLength[slot]! / n || 1 : 1;
    return this.avg;
  }

  /** A term's length-normalised, field-weighted frequency in one document (its NF frequencies from `at` in tf), saturated by k1. */
  private saturation(doc: Doc, tf: readonly number[], at: number, avg: Float64Array): number {
    let weighted = 0;
    for (const slot of doc.order) {
      const frequency = tf[at + slot]!;
      if (frequency === 0) continue;
      const b = this.b[slot]!;
      weighted += (this.weight[slot]! * frequency) / (1 - b + (b * doc.lengths[slot]!) / avg[slot]!);
    }
    return weighted / (this.k1 + weighted);
  }
}
