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
  /**
   * How much of the task the tool's text covers, from 0 to 1: the share of the task's words (each
   * weighed by how rare it is among the tools) that the tool's name, description or parameters
   * say, synonyms included. It means the same from one task to the next, unlike `score`.
   */
  fit: number;
}

/** The fields a tool is indexed under; each is a bag of normalized terms with its own weight. */
export type FieldName = 'name' | 'server' | 'purpose' | 'description' | 'params' | 'when' | 'tags';
