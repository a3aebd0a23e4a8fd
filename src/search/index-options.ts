import type { Catalog } from '../catalog/types.js';
import type { Sidecar } from '../ttc/types.js';
import type { FieldParams } from './bm25f.js';
import type { QueryOptions } from './query.js';
import type { DocumentKind, FieldName } from './types.js';
import type { Weights } from './features.js';

/** Field weights: a tool's name says most about it, then what it does (its first sentence), then the rest. */
export const FIELD_PARAMS: Readonly<Record<FieldName, FieldParams>> = {
  name: { weight: 3, b: 0.3 },
  server: { weight: 0.6, b: 0 },
  purpose: { weight: 1.6, b: 0.5 },
  description: { weight: 0.5, b: 0.75 },
  params: { weight: 0.4, b: 0.75 },
  when: { weight: 1.2, b: 0.5 },
  tags: { weight: 1, b: 0.3 },
};

export interface IndexOptions extends QueryOptions {
  document?: DocumentKind;
  /** Field weights and length normalisation, over FIELD_PARAMS (for tuning and experiments). */
  fields?: Partial<Record<FieldName, FieldParams>>;
  k1?: number;
  /** The ranking features' weights, over the shipped ones (for fitting and ablation). */
  weights?: Weights;
  /**
   * The catalog the documents are read from, made from the one given: for `slim` documents, the
   * caller's slimmer (slimDocuments in slim/documents.ts). Search itself imports no slimmer.
   */
  documents?: (catalog: Catalog) => Catalog;
  /** The author's TTC sidecar: its WHEN and TAGS are indexed for `ttc` documents. */
  sidecar?: Sidecar;
}

