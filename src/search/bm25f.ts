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

interface Doc {
  key: string;
  lengths: Partial<Record<FieldName, number>>;
  terms: Set<string>;
}

/**
 * BM25F over documents made of fields: a term's frequencies in each field are length-normalised,
 * weighted and summed before the one saturation (k1), so a word in the name and again in the
 * description is not counted as two independent matches. Documents can be added and removed;
 * averages and document frequencies stay exact.
 */
export class Bm25fIndex {
  private readonly docs = new Map<number, Doc>();
  private readonly byKey = new Map<string, number>();
  /** term → doc id → field → frequency */
  private readonly postings = new Map<string, Map<number, Partial<Record<FieldName, number>>>>();
  private readonly totalLength: Partial<Record<FieldName, number>> = {};
  private nextId = 0;
  private readonly freeIds: number[] = [];
  private scratch = scratchFor(64);

  constructor(
    private readonly fields: Readonly<Record<FieldName, FieldParams>>,
    private readonly k1 = 1.2,
  ) {}

  get size(): number {
    return this.docs.size;
  }

  add(key: string, fields: FieldTerms): void {
    this.remove(key);
    // Ids of removed documents are reused, so servers that re-list their tools often do not grow the scratch arrays.
    const id = this.freeIds.pop() ?? this.nextId++;
    const lengths: Doc['lengths'] = {};
    const seen = new Set<string>();
    for (const [field, list] of Object.entries(fields) as [FieldName, string[]][]) {
      lengths[field] = list.length;
      this.totalLength[field] = (this.totalLength[field] ?? 0) + list.length;
      for (const term of list) {
        seen.add(term);
        let posting = this.postings.get(term);
        if (!posting) this.postings.set(term, (posting = new Map()));
        const tf = posting.get(id);
        if (tf) tf[field] = (tf[field] ?? 0) + 1;
        else posting.set(id, { [field]: 1 });
      }
    }
    this.docs.set(id, { key, lengths, terms: seen });
    this.byKey.set(key, id);
  }

  remove(key: string): boolean {
    const id = this.byKey.get(key);
    if (id === undefined) return false;
    const doc = this.docs.get(id)!;
    for (const [field, length] of Object.entries(doc.lengths) as [FieldName, number][]) this.totalLength[field] = (this.totalLength[field] ?? 0) - length;
    for (const term of doc.terms) {
      const posting = this.postings.get(term)!;
      posting.delete(id);
      if (posting.size === 0) this.postings.delete(term);
    }
    this.docs.delete(id);
    this.byKey.delete(key);
    this.freeIds.push(id);
    return true;
  }

  /** The keys of the documents that hold a term, in any field. */
  holders(term: string): string[] {
    return [...(this.postings.get(term)?.keys() ?? [])].map((id) => this.docs.get(id)!.key);
  }

  /** How rare a term is across the documents (BM25's idf; 0 for a term no document has). */
  idf(term: string): number {
    const df = this.postings.get(term)?.size ?? 0;
    return df ? Math.log(1 + (this.docs.size - df + 0.5) / (df + 0.5)) : 0;
  }

  /**
   * Scores of every document matching a query of concepts: each concept maps terms to weights and
   * adds only its best term's score to a document (a word and its synonyms are one concept).
   * `coverage`, when given, receives per document the share of the query it matches: the sum of
   * each matched concept's best weight × idf over the same sum for a document matching them all
   * (a concept no document has counts at the idf of an unseen term). Dividing every document by
   * the same sum, it orders documents as before; it makes the share comparable between tasks.
   */
  /** The idf of a term no document has. */
  private unseenIdf(): number {
    return Math.log(1 + (this.docs.size + 0.5) / 0.5);
  }

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
        const idf = this.idf(term);
        value = Math.max(value, weight * idf);
        for (const [id, tf] of posting) {
          const s = weight * idf * this.saturation(id, tf, avg);
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
      const key = this.docs.get(id)!.key;
      out.set(key, total[id]!);
      coverage?.set(key, possible > 0 ? covered[id]! / possible : 0);
      total[id] = 0;
      covered[id] = 0;
    }
    return out;
  }

  private averages(): Partial<Record<FieldName, number>> {
    const n = this.docs.size;
    const avg: Partial<Record<FieldName, number>> = {};
    for (const f of Object.keys(this.fields) as FieldName[]) avg[f] = n ? (this.totalLength[f] ?? 0) / n || 1 : 1;
    return avg;
  }

  /** A term's length-normalised, field-weighted frequency in one document, saturated by k1. */
  private saturation(id: number, tf: Partial<Record<FieldName, number>>, avg: Partial<Record<FieldName, number>>): number {
    const lengths = this.docs.get(id)!.lengths;
    let weighted = 0;
    for (const field in tf) {
      const { weight, b } = this.fields[field as FieldName];
      weighted += (weight * tf[field as FieldName]!) / (1 - b + (b * (lengths[field as FieldName] ?? 0)) / avg[field as FieldName]!);
    }
    return weighted / (this.k1 + weighted);
  }
}
