/**
 * The search's semantic knowledge, one file per domain (lexicon/<domain>.json): hand-written and
 * shipped with the package (no embedding model can be downloaded or shipped). Every entry says
 * where it came from: the commit that introduced it and its date ("61c88e6 2026-11-29"); an entry
 * merged from another domain's file adds "; <domain> <commit> <date>".
 */
interface Sourced {
  source: string;
  /** The heading of the entries from here to the next heading. */
  section?: string;
}

/** Words interchangeable in one sense: each searches the others, at a reduced weight. */
export interface GroupEntry extends Sourced {
  words: readonly string[];
}

/** Directional: a word users write → words a tool's name or description uses for that need. */
export interface ImpliesEntry extends Sourced {
  word: string;
  implies: readonly string[];
}

/** A multi-word expression (lowercase) folded into one word before lookup. */
export interface PhraseEntry extends Sourced {
  phrase: string;
  word: string;
}

/** One domain's file as stored. */
export interface LexiconFile {
  about: string;
  groups: readonly GroupEntry[];
  implies: readonly ImpliesEntry[];
  phrases: readonly PhraseEntry[];
}

export interface DomainLexicon {
  /** The file's name without .json: "core", "files-shell". */
  domain: string;
  file: LexiconFile;
}

/** A domain's entries without their sources, as the search reads them. */
export interface Lexicon {
  groups: readonly (readonly string[])[];
  implies: Readonly<Record<string, readonly string[]>>;
  phrases: Readonly<Record<string, string>>;
}
