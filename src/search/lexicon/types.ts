/**
 * A lexicon is the search's semantic knowledge for one domain: hand-written, shipped with the
 * package (no embedding model can be downloaded or shipped), read once when the query module loads.
 */
export interface Lexicon {
  /** Words interchangeable in one sense: each searches the others, at a reduced weight. */
  groups: readonly (readonly string[])[];
  /** Directional: a word users write → words a tool's name or description uses for that need. */
  implies: Readonly<Record<string, readonly string[]>>;
  /** Multi-word expressions (lowercase) folded into one word before lookup. */
  phrases: Readonly<Record<string, string>>;
}
