/** The tool search: which tools fit a task. */

/** Which text of a tool is indexed: its own description and schema, the slim text, or its TTC (with WHEN/TAGS). */
export type DocumentKind = 'full' | 'slim' | 'ttc';

export interface SearchHit {
  /** `server/tool`. */
  id: string;
  server: string;
  tool: string;
  /** The tool's own score for the whole task; hits are in rank order, which a score need not follow. */
  score: number;
}

/** The fields a tool is indexed under; each is a bag of normalized terms with its own weight. */
export type FieldName = 'name' | 'server' | 'purpose' | 'description' | 'params' | 'when' | 'tags';
